import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.stream.Stream;

import javax.tools.ToolProvider;

import com.sun.management.HotSpotDiagnosticMXBean;
import com.sun.source.util.JavacTask;

/**
 * A real heap for benchmarks: javac parsing and attributing every .java file under the given folders
 * in one task (compile errors ignored), its trees kept alive, then the live heap dumped. The 6.7 M-object
 * dump of docs/benchmarks.md: this repository's bundles plus java.util, java.lang and javax.swing from
 * the JDK's src.zip.
 *
 *   java -Xmx6g bench/JavacHeap.java OUT.hprof FOLDER...
 */
public class JavacHeap {
    public static void main(String[] args) throws Exception {
        var javac = ToolProvider.getSystemJavaCompiler();
        var files = javac.getStandardFileManager(null, null, null);
        List<Path> sources = new ArrayList<>();
        for (int i = 1; i < args.length; i++) {
            try (Stream<Path> walk = Files.walk(Path.of(args[i]))) {
                walk.filter(JavacHeap::isSource).forEach(sources::add);
            }
        }
        Path out = Files.createTempDirectory("javac-heap");
        var task = (JavacTask) javac.getTask(null, files, diagnostic -> { }, List.of("-proc:none", "-d", out.toString()), null,
                files.getJavaFileObjectsFromPaths(sources));
        var units = task.parse();
        task.analyze();
        Files.deleteIfExists(Path.of(args[0]));
        ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class).dumpHeap(args[0], true);
        System.out.println(sources.size() + " files, " + ((Collection<?>) units).size() + " units kept, dumped to " + args[0]);
    }

    private static boolean isSource(Path p) {
        String name = p.getFileName().toString();
        return name.endsWith(".java") && !p.toString().contains("/target/") && !name.equals("module-info.java")
                && !name.equals("package-info.java");
    }
}
