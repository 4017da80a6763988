package org.polyheap.report.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.polyheap.testdata.TestData;

/**
 * {@code polyheap sysprops} on a live dump of {@code SystemFacts.java} (testdata), started by the test with
 * known JVM options and program arguments: the properties equal, key for key, what the program itself saw
 * just before dumping (it writes them beside the dump); the ones it set or changed say so; the JVM's
 * arguments and the main method's are the ones the test gave.
 */
class SystemPropertiesCommandTest {
    private static final Path PROGRAM = TestData.javaProgram("SystemFacts");
    private static final List<String> JVM_OPTIONS = List.of("-Dpolyheap.test.changed=at start", "-Dpolyheap.test.spaced=a b  c",
            "-Xmx200m", "-XX:+UseSerialGC");

    @TempDir
    static Path dir;
    private static Path dump;
    private static Map<String, Object> doc;

    @BeforeAll
    static void dumpTheProgram() throws Exception {
        dump = dir.resolve("facts.hprof");
        ChildJvm.run(PROGRAM, dir, JVM_OPTIONS, List.of(dump.toString(), "one", "two words"));
        CommandRun r = CommandRun.of("sysprops", dump.toString(), "--json", "--quiet");
        assertEquals(0, r.code(), r.err());
        doc = Json.object(Json.parse(r.out()));
    }

    private static Map<String, Map<String, Object>> properties(Map<String, Object> doc) {
        var m = new TreeMap<String, Map<String, Object>>();
        for (Object p : Json.array(doc.get("properties"))) m.put((String) Json.object(p).get("key"), Json.object(p));
        return m;
    }

    private static String escape(String s) { return s.replace("\\", "\\\\").replace("\n", "\\n").replace("\r", "\\r").replace("\t", "\\t"); }

    @Test
    void thePropertiesAreThoseTheProgramSaw() throws Exception {
        var seen = new TreeMap<String, String>();
        for (String line : Files.readAllLines(Path.of(dump + ".properties"))) {
            int tab = line.indexOf('\t');
            seen.put(line.substring(0, tab), line.substring(tab + 1));
        }
        var read = new TreeMap<String, String>();
        properties(doc).forEach((k, p) -> read.put(escape(k), escape((String) p.get("value"))));
        assertEquals(seen, read);
        assertEquals("java.lang.System.props", doc.get("sourceField"));
        assertEquals("a b  c", properties(doc).get("polyheap.test.spaced").get("value"));
    }

    @Test
    void propertiesSetOrChangedAfterStartUpSaySo() {
        var p = properties(doc);
        assertEquals("jdk.internal.misc.VM.savedProps", doc.get("startupField"));
        assertEquals("(not set)", p.get("polyheap.test.late").get("atStartup"));
        assertEquals("changed at run time", p.get("polyheap.test.changed").get("value"));
        assertEquals("at start", p.get("polyheap.test.changed").get("atStartup"));
        var changed = p.values().stream().filter(x -> x.get("atStartup") != null).map(x -> x.get("key"))
                .filter(k -> !k.equals("user.timezone")).toList(); // the JDK fills it in when a time zone is first asked for
        assertEquals(List.of("polyheap.test.changed", "polyheap.test.late"), changed, "the JDK's own are as at start-up");
    }

    @Test
    void theJvmsArgumentsAndTheMainMethodsAreTheOnesGiven() {
        assertEquals(JVM_OPTIONS, doc.get("jvmArguments"));
        assertTrue(((String) doc.get("jvmArgumentsFrom")).startsWith("sun.management.VMManagementImpl.vmArgs 0x"));
        assertEquals(List.of(dump.toString(), "one", "two words"), doc.get("mainArguments"));
        assertTrue(((String) doc.get("mainArgumentsFrom")).startsWith("at SystemFacts.main(SystemFacts.java:"), (String) doc.get("mainArgumentsFrom"));
    }

    @Test
    void theJvmFactsComeFromTheProperties() {
        var facts = new TreeMap<String, String>();
        for (Object f : Json.array(doc.get("jvm"))) facts.put((String) Json.object(f).get("name"), (String) Json.object(f).get("value"));
        assertEquals("SystemFacts " + dump + " one two words", facts.get("Command"));
        assertTrue(facts.get("Java").startsWith(System.getProperty("java.version") + " "), facts.get("Java"));
        assertEquals(System.getProperty("java.home"), facts.get("Java home"));
        assertEquals(dir.toString(), facts.get("Working folder"));
    }

    @Test
    void aJdk17DumpWithoutManagementHasPropertiesButNoJvmArguments() throws Exception {
        Path jackson = TestData.copy(TestData.JACKSON_TREE, dir);
        CommandRun r = CommandRun.of("sysprops", jackson.toString(), "--json", "--quiet");
        assertEquals(0, r.code(), r.err());
        var d = Json.object(Json.parse(r.out()));
        assertEquals("17.0.15", properties(d).get("java.version").get("value"), "the fixture's JDK (fixtures README)");
        assertNull(d.get("jvmArguments"));
        // the command line, twice: in sun.java.command, and as the main method's String[] on thread main's stack
        assertEquals("JacksonTree jackson-tree.hprof", properties(d).get("sun.java.command").get("value"));
        assertEquals(List.of("jackson-tree.hprof"), d.get("mainArguments"));
    }

    @Test
    void snapshotsOfOtherRuntimesHaveNone() throws Exception {
        Path v8 = TestData.copy(TestData.CHROME_TODO, dir);
        CommandRun r = CommandRun.of("sysprops", v8.toString(), "--json", "--quiet");
        assertEquals(0, r.code(), r.err());
        var d = Json.object(Json.parse(r.out()));
        assertNull(d.get("source"));
        assertTrue(Json.array(d.get("properties")).isEmpty());
        CommandRun text = CommandRun.of("sysprops", v8.toString(), "--quiet");
        assertTrue(text.out().startsWith("No system properties"), text.out());
    }
}
