import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

import com.sun.management.HotSpotDiagnosticMXBean;

/**
 * Test data made by a real JVM: system properties and arguments known to the test that starts it. It
 * sets {@link #LATE} (absent at start-up) and changes {@link #CHANGED} (its start-up value comes from the
 * command line), asks for the JVM's arguments as a management console would (so the dump holds a copy),
 * writes every system property it sees to {@code FILE.properties} (key TAB value, one per line, line
 * breaks and tabs in values as \n and \t), then dumps the live objects to FILE.
 * Usage: {@code java [options] SystemFacts FILE [arguments...]}.
 */
public class SystemFacts {
    static final String LATE = "polyheap.test.late", CHANGED = "polyheap.test.changed";

    public static void main(String[] args) throws IOException {
        System.setProperty(LATE, "set at run time");
        System.setProperty(CHANGED, "changed at run time");
        List<String> jvmArguments = ManagementFactory.getRuntimeMXBean().getInputArguments();
        var lines = new ArrayList<String>();
        var properties = System.getProperties();
        for (String key : new TreeSet<>(properties.stringPropertyNames())) lines.add(escape(key) + "\t" + escape(properties.getProperty(key)));
        Files.write(Path.of(args[0] + ".properties"), lines);
        ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class).dumpHeap(args[0], true);
        System.out.println("JVM arguments " + jvmArguments + ", main arguments " + List.of(args));
    }

    static String escape(String s) { return s.replace("\\", "\\\\").replace("\n", "\\n").replace("\r", "\\r").replace("\t", "\\t"); }
}
