package org.polyheap.report.reference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.polyheap.model.HeapGraph;
import org.polyheap.model.Progress;
import org.polyheap.report.AnalyzedSnapshot;
import org.polyheap.report.ObjectNames;
import org.polyheap.report.ReferenceQueries;
import org.polyheap.report.cli.JsonAccess;
import org.polyheap.report.cli.Main;
import org.polyheap.testdata.TestData;

/**
 * {@code polyheap references} and {@code polyheap loaders} on a dump a real JVM writes at test time from
 * {@code ReferencesAndLoaders.java} (testdata), whose references, finalizer queue and class loaders are
 * known from its source: each figure is checked against the program's constants and HotSpot's object
 * layout (compressed oops: a 12-byte header, 4-byte references, 16-byte array headers, 8-byte alignment).
 */
class ReferencesAndLoadersTest {
    private static final Path PROGRAM = TestData.javaProgram("ReferencesAndLoaders");
    /** An object with one reference field. */
    private static final long HOLDER = 16;
    @TempDir
    static Path dir;
    private static Path dump;
    private static Map<String, Long> constants;
    private static Map<String, Object> references;
    private static Map<String, Object> loaders;
    private static AnalyzedSnapshot snapshot;

    @BeforeAll
    static void runTheProgram() throws Exception {
        constants = constants(Files.readAllLines(PROGRAM));
        dump = dir.resolve("refs.hprof");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        var command = new ProcessBuilder(java, "-Xmx256m", "-XX:SoftRefLRUPolicyMSPerMB=1000000", PROGRAM.toAbsolutePath().toString(),
                dump.toString()).redirectErrorStream(true).redirectOutput(dir.resolve("child.log").toFile());
        command.environment().keySet().removeAll(Set.of("JAVA_TOOL_OPTIONS", "_JAVA_OPTIONS", "JDK_JAVA_OPTIONS"));
        Process child = command.start();
        if (!child.waitFor(120, TimeUnit.SECONDS)) {
            child.destroyForcibly();
            fail("the program did not end within 120 s: " + Files.readString(dir.resolve("child.log")));
        }
        assertEquals(0, child.exitValue(), Files.readString(dir.resolve("child.log")));
        references = json("references", dump.toString(), "--json", "--quiet");
        loaders = json("loaders", dump.toString(), "--json", "--quiet");
        snapshot = AnalyzedSnapshot.open(dump, AnalyzedSnapshot.OpenOptions.DEFAULT, Progress.NONE);
    }

    @AfterAll
    static void close() {
        if (snapshot != null) snapshot.close();
    }

    private static long c(String name) { return constants.get(name); }

    /** An array of {@code n} elements of {@code bytes} each. */
    private static long array(long n, int bytes) { return (16 + n * bytes + 7) / 8 * 8; }

    @Test
    void softReferencesFreeTheirPayloadsButNotTheOneAStaticHolds() {
        var soft = row("referents", "soft", "SoftPayload");
        assertEquals(c("SOFT_COUNT") + 1, soft.get("references"));
        assertEquals(c("SOFT_COUNT") + 1, soft.get("referents"));
        assertEquals(1L, soft.get("heldOtherwise"), "the payload a static field holds too");
        assertEquals(2 * c("SOFT_COUNT"), soft.get("freedObjects"), "each payload and its byte[]");
        assertEquals(c("SOFT_COUNT") * (HOLDER + array(c("SOFT_BYTES"), 1)), soft.get("freedBytes"));
    }

    @Test
    void weakReferentsOnlyWeaklyHeldAreFreedTheStronglyHeldAreNot() {
        var only = row("referents", "weak", "WeakOnly");
        assertEquals(c("WEAK_ONLY"), only.get("referents"));
        assertEquals(0L, only.get("heldOtherwise"));
        assertEquals(c("WEAK_ONLY") * (HOLDER + array(c("WEAK_ONLY_INTS"), 4)), only.get("freedBytes"));
        var held = row("referents", "weak", "WeakHeld");
        assertEquals(c("WEAK_HELD"), held.get("referents"));
        assertEquals(c("WEAK_HELD"), held.get("heldOtherwise"));
        assertEquals(0L, held.get("freedBytes"));
    }

    @Test
    void phantomReferentsAreFreedWithTheirArrays() {
        var phantom = row("referents", "phantom", "PhantomOnly");
        assertEquals(c("PHANTOM_ONLY"), phantom.get("references"));
        assertEquals(c("PHANTOM_ONLY") * (HOLDER + array(c("PHANTOM_LONGS"), 8)), phantom.get("freedBytes"));
    }

    @Test
    void eachKindFreesAtLeastWhatItsClassesFree() {
        for (Object k : (List<?>) references.get("kinds")) {
            @SuppressWarnings("unchecked")
            var kind = (Map<String, Object>) k;
            long classes = 0;
            for (Object r : (List<?>) references.get("referents")) {
                @SuppressWarnings("unchecked")
                var m = (Map<String, Object>) r;
                if (m.get("kind").equals(kind.get("kind"))) classes += (Long) m.get("freedBytes");
            }
            assertTrue((Long) kind.get("freedBytes") >= classes, kind.toString());
        }
    }

    @Test
    void theFinalizerQueueHoldsThePendingObjectsTheBlockerIsInProcessing() throws Exception {
        var pending = row("referents", "finalizer", "Pending");
        assertEquals(c("PENDING"), pending.get("referents"));
        assertEquals(c("PENDING") * (HOLDER + array(c("PENDING_INTS"), 4)), pending.get("freedBytes"));
        assertEquals(c("ALIVE"), row("referents", "finalizer", "Alive").get("heldOtherwise"));
        assertEquals(c("PENDING"), references.get("queueLength"), "the JDK's own count of the queue");
        assertEquals(c("PENDING"), state("ready").get("objects"));
        assertEquals(1L, state("in processing").get("objects"));
        assertEquals(0L, state("pending").get("objects"), "the program waited until the reference handler queued them all");
        HeapGraph g = snapshot.graph();
        var q = ReferenceQueries.references(snapshot, null, Progress.NONE).figures().finalizers();
        assertEquals(List.of("Pending"), classesOf(g, q.ready()));
        assertEquals(List.of("Blocker"), classesOf(g, q.inProcessing()));
        assertTrue(classesOf(g, q.alive()).contains("Alive"));
        assertEquals(c("ALIVE"), Arrays.stream(q.alive()).filter(o -> ObjectNames.className(g, o).equals("Alive")).count());
        assertEquals("java.lang.ref.Finalizer$FinalizerThread", ObjectNames.className(g, q.thread()));
        assertEquals(ObjectNames.id(g, q.thread()), references.get("finalizerThread"));
    }

    @Test
    void oneKindOnlyAndBadWords() throws Exception {
        var soft = json("references", dump.toString(), "--json", "--quiet", "--kind", "soft");
        assertEquals("soft", soft.get("kind"));
        for (Object r : (List<?>) soft.get("referents")) assertEquals("soft", ((Map<?, ?>) r).get("kind"));
        assertEquals(1, ((List<?>) soft.get("kinds")).size());
        var out = new ByteArrayOutputStream();
        var err = new ByteArrayOutputStream();
        int code = Main.run(List.of("references", dump.toString(), "--kind", "strong", "--quiet"), new PrintStream(out), new PrintStream(err));
        assertEquals(2, code);
        assertTrue(err.toString().contains("--kind takes soft, weak, finalizer or phantom"), err.toString());
        Path v8 = TestData.copy(TestData.CHROME_TODO, dir);
        code = Main.run(List.of("loaders", v8.toString(), "--quiet"), new PrintStream(out), new PrintStream(err));
        assertEquals(3, code, "a V8 snapshot has no class loaders");
        assertTrue(err.toString().contains("class loaders are Java's"), err.toString());
    }

    @Test
    void pluginIsDefinedByBothLoadersWithTheirInstances() {
        var duplicates = table(loaders, "duplicates");
        var plugin = duplicates.stream().filter(d -> d.get("class").equals("Plugin")).findFirst().orElseThrow();
        assertEquals(duplicates.getFirst(), plugin, "the only name several loaders define");
        assertEquals(2L, plugin.get("definitions"));
        assertEquals(2L, plugin.get("loaders"));
        assertEquals(c("PLUGINS_A") + c("PLUGINS_B"), plugin.get("instances"));
        assertTrue(((String) plugin.get("definedBy")).contains("\"plugins-a\": " + c("PLUGINS_A") + " instances"), plugin.toString());
    }

    @Test
    void eachPluginLoaderRetainsItsClassStaticsAndInstances() throws Exception {
        HeapGraph g = snapshot.graph();
        int mainClass = -1;
        for (int k = 0; k < g.classes().size(); k++) if (g.classes().get(k).name().equals("ReferencesAndLoaders")) mainClass = k;
        String launcher = ObjectNames.id(g, g.classes().get(mainClass).loaderObject());
        long instanceBytes = HOLDER + array(c("PLUGIN_BYTES"), 1);
        for (String name : List.of("plugins-a", "plugins-b")) {
            long n = c(name.equals("plugins-a") ? "PLUGINS_A" : "PLUGINS_B");
            var loader = table(loaders, "loaders").stream().filter(l -> name.equals(l.get("name"))).findFirst().orElseThrow();
            assertEquals("java.net.URLClassLoader", loader.get("class"));
            assertEquals(launcher, loader.get("parent"), "the program's own loader");
            assertEquals(1L, loader.get("definedClasses"));
            assertEquals(n, loader.get("instances"));
            assertEquals(n * instanceBytes, loader.get("instancesRetained"));
            assertTrue((Long) loader.get("retained") > c("PLUGIN_STATIC_BYTES") + n * instanceBytes, loader.toString());
            var classes = json("loaders", dump.toString(), "--json", "--quiet", "--of", (String) loader.get("id"));
            var only = table(classes, "classes");
            assertEquals(1, only.size());
            assertEquals("Plugin", only.getFirst().get("class"));
            assertEquals(n, only.getFirst().get("instances"));
        }
        long defined = 0;
        for (var l : table(loaders, "loaders")) defined += (Long) l.get("definedClasses");
        assertEquals(g.classes().size(), defined, "every class has one loader");
        var bootstrap = json("loaders", dump.toString(), "--json", "--quiet", "--of", "bootstrap");
        assertTrue(table(bootstrap, "classes").stream().anyMatch(k -> k.get("class").equals("java.lang.Object")));
    }

    private static Map<String, Object> state(String word) {
        return table(references, "finalizerQueue").stream().filter(m -> m.get("state").equals(word)).findFirst().orElseThrow();
    }

    private static Map<String, Object> row(String table, String kind, String className) {
        return table(references, table).stream().filter(m -> m.get("kind").equals(kind) && m.get("class").equals(className))
                .findFirst().orElseThrow(() -> new AssertionError("no " + kind + " row of " + className));
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> table(Map<String, Object> doc, String name) {
        return (List<Map<String, Object>>) doc.get(name);
    }

    private static List<String> classesOf(HeapGraph g, int[] objects) {
        return Arrays.stream(objects).mapToObj(o -> ObjectNames.className(g, o)).distinct().sorted().toList();
    }

    private static Map<String, Long> constants(List<String> source) {
        var m = new java.util.HashMap<String, Long>();
        Pattern p = Pattern.compile("static final int (\\w+) = ([\\d_]+);");
        for (String line : source) {
            Matcher x = p.matcher(line);
            if (x.find()) m.put(x.group(1), Long.parseLong(x.group(2).replace("_", "")));
        }
        return m;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> json(String... args) throws Exception {
        var out = new ByteArrayOutputStream();
        var err = new ByteArrayOutputStream();
        int code = Main.run(List.of(args), new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        assertEquals(0, code, err.toString(StandardCharsets.UTF_8));
        return (Map<String, Object>) JsonAccess.parse(out.toString(StandardCharsets.UTF_8));
    }
}
