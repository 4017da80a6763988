package org.polyheap.report.reference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.polyheap.analysis.DominatorTree;
import org.polyheap.analysis.Grouping;
import org.polyheap.analysis.HistogramRow;
import org.polyheap.analysis.Reachability;
import org.polyheap.model.ClassInfo;
import org.polyheap.model.HeapGraph;
import org.polyheap.model.Progress;
import org.polyheap.report.AnalyzedSnapshot;
import org.polyheap.report.ObjectNames;
import org.polyheap.report.cli.JsonAccess;
import org.polyheap.report.cli.Main;

/**
 * Dumps written by a real JVM that the test starts ({@code data/live/SoftAndWeakCaches.java}), read with
 * the real parser and analysis, against what that JVM itself says: its {@code GC.class_histogram} taken
 * just before the live dump, and the structure the program built (a softly held 4 MiB array and soft
 * cache, weak, phantom and finalizer-only objects, garbage).
 *
 * <p>The child runs with G1 and without class data sharing: with CDS the JVM's histogram also counts the
 * archived {@code java.lang.Class} mirrors of classes not loaded yet, which HotSpot's dumper does not
 * write (the dump refers to them: the parser reports as many unresolved references), and the collector
 * decides how dead space is filled (see {@link #liveDumpCountsEveryClassAsTheJvmsHistogram}).
 */
class LiveDumpReachabilityTest {
    private static final Path PROGRAM = Path.of("data/live/SoftAndWeakCaches.java");
    // as in the program
    private static final int SOFT_ARRAY_LENGTH = 4 * 1024 * 1024 + 1234;
    private static final int SOFT_CACHE_ENTRIES = 3000;
    private static final int STRONG_MARKERS = 500;
    private static final int WEAK_ENTRIES = 400;
    private static final int PHANTOM_ONLY = 300;
    private static final int FINALIZABLE = 200;
    private static final int GARBAGE = 1000;

    @TempDir
    static Path dir;
    private static AnalyzedSnapshot live;
    private static AnalyzedSnapshot all;

    @BeforeAll
    static void runTheProgram() throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        var command = new ProcessBuilder(java, "-Xmx512m", "-XX:+UseG1GC", "-Xshare:off",
                "-XX:SoftRefLRUPolicyMSPerMB=1000000", // soft references survive the GCs of the histogram and the dump
                PROGRAM.toAbsolutePath().toString(), dir.toString())
                .redirectErrorStream(true).redirectOutput(dir.resolve("child.log").toFile());
        // options from the environment would change the child's heap
        command.environment().keySet().removeAll(Set.of("JAVA_TOOL_OPTIONS", "_JAVA_OPTIONS", "JDK_JAVA_OPTIONS"));
        Process child = command.start();
        if (!child.waitFor(60, TimeUnit.SECONDS)) {
            child.destroyForcibly();
            fail("the program did not end within 60 s: " + Files.readString(dir.resolve("child.log")));
        }
        String log = Files.readString(dir.resolve("child.log"));
        assertEquals(0, child.exitValue(), log);
        assertTrue(log.contains("done"), log);
        for (String f : List.of("live.hprof", "all.hprof")) {
            long size = Files.size(dir.resolve(f));
            assertTrue(size > SOFT_ARRAY_LENGTH && size < 40L << 20, f + " is " + size + " bytes");
        }
        live = AnalyzedSnapshot.open(dir.resolve("live.hprof"), AnalyzedSnapshot.OpenOptions.DEFAULT, Progress.NONE);
        all = AnalyzedSnapshot.open(dir.resolve("all.hprof"), AnalyzedSnapshot.OpenOptions.DEFAULT, Progress.NONE);
    }

    @AfterAll
    static void close() {
        if (live != null) live.close();
        if (all != null) all.close();
    }

    /** One line of {@code GC.class_histogram}: {@code    1:   20209   5356464  [B (java.base@25)}. */
    private static final Pattern ROW = Pattern.compile("^\\s*\\d+:\\s+(\\d+)\\s+(\\d+)\\s+(\\S+)(\\s+\\(.*\\))?$");
    private static final Pattern TOTAL = Pattern.compile("^Total\\s+(\\d+)\\s+(\\d+)$");

    /** Instances and bytes per class of the JVM's histogram, by source name, and its total line. */
    private record JvmHistogram(Map<String, Long> objects, Map<String, Long> bytes, long totalObjects, long totalBytes) {
        static JvmHistogram read(Path file) throws Exception {
            Map<String, Long> objects = new TreeMap<>(), bytes = new TreeMap<>();
            long totalObjects = -1, totalBytes = -1;
            for (String line : Files.readAllLines(file)) {
                var m = ROW.matcher(line);
                if (m.matches()) { // a name can occur once per class loader
                    objects.merge(sourceName(m.group(3)), Long.parseLong(m.group(1)), Long::sum);
                    bytes.merge(sourceName(m.group(3)), Long.parseLong(m.group(2)), Long::sum);
                }
                var t = TOTAL.matcher(line);
                if (t.matches()) {
                    totalObjects = Long.parseLong(t.group(1));
                    totalBytes = Long.parseLong(t.group(2));
                }
            }
            assertTrue(totalObjects > 0, "the histogram has a total line");
            assertEquals(totalObjects, objects.values().stream().mapToLong(Long::longValue).sum());
            assertEquals(totalBytes, bytes.values().stream().mapToLong(Long::longValue).sum());
            return new JvmHistogram(objects, bytes, totalObjects, totalBytes);
        }
    }

    /** {@code [B} → {@code byte[]}, {@code [Ljava.lang.String;} → {@code java.lang.String[]}, {@code [[I} → {@code int[][]}. */
    static String sourceName(String jvmName) {
        int dims = 0;
        while (jvmName.charAt(dims) == '[') dims++;
        if (dims == 0) return jvmName; // hidden classes (Foo$$Lambda/0x...) as they come
        String element = jvmName.substring(dims);
        int primitive = element.length() == 1 ? "ZCFDBSIJ".indexOf(element.charAt(0)) : -1; // the JVM's type letters
        String name = primitive >= 0
                ? List.of("boolean", "char", "float", "double", "byte", "short", "int", "long").get(primitive)
                : element.substring(1, element.length() - 1); // Lname;
        return name + "[]".repeat(dims);
    }

    private static Map<String, Long> ourObjects(AnalyzedSnapshot s) {
        Map<String, Long> m = new TreeMap<>();
        for (HistogramRow r : s.analysis().histogram(Grouping.CLASS, null, Progress.NONE)) {
            if (r.objects() > 0) m.merge(r.name(), r.objects(), Long::sum);
        }
        return m;
    }

    private static Map<String, Long> ourBytes(AnalyzedSnapshot s) {
        Map<String, Long> m = new TreeMap<>();
        for (HistogramRow r : s.analysis().histogram(Grouping.CLASS, null, Progress.NONE)) {
            if (r.objects() > 0) m.merge(r.name(), r.shallow(), Long::sum);
        }
        return m;
    }

    /**
     * Class by class, our counts are the JVM's but for two explained differences, measured: (1) the
     * histogram runs inside the program, through the DiagnosticCommand MBean, whose
     * {@code DiagnosticCommandImpl$Wrapper.execute} builds the command line in a StringBuilder and passes
     * {@code sb.toString()}: both, with their byte arrays, are on the main thread's stack during the
     * histogram and garbage at the dump (taken from outside with jcmd, the counts are equal); (2) the
     * collector fills dead space with {@code jdk.internal.vm.FillerElement[]} objects, which the
     * histogram names and HotSpot's dumper writes as int arrays.
     */
    @Test
    void liveDumpCountsEveryClassAsTheJvmsHistogram() throws Exception {
        var jvm = JvmHistogram.read(dir.resolve("live.histogram.txt"));
        Map<String, Long> expected = new TreeMap<>(jvm.objects());
        long fillers = expected.getOrDefault("jdk.internal.vm.FillerElement[]", 0L);
        expected.remove("jdk.internal.vm.FillerElement[]");
        expected.merge("int[]", fillers, Long::sum);
        expected.merge("java.lang.StringBuilder", -1L, Long::sum);
        expected.merge("java.lang.String", -1L, Long::sum);
        expected.merge("byte[]", -2L, Long::sum);
        expected.values().removeIf(n -> n == 0);
        Map<String, Long> ours = ourObjects(live);
        assertEquals(expected, ours);
        assertTrue(ours.size() > 500, "the JVM lists " + jvm.objects().size() + " classes");
        assertEquals(jvm.totalObjects() - 4, live.graph().objectCount(), "the total line: all but the 4 transient objects");
        assertEquals(ours.values().stream().mapToLong(Long::longValue).sum(), live.graph().objectCount());
        // the program's own classes
        assertEquals(STRONG_MARKERS, ours.get("StrongMarker"));
        assertEquals(SOFT_CACHE_ENTRIES, ours.get("SoftCacheEntry"));
        assertFalse(ours.containsKey("WeakCacheEntry"), "the GC cleared the weak keys");
        assertEquals(WEAK_ENTRIES, ours.get("WeakCacheValue"), "stale entries keep their values until the map's next access");
        assertFalse(ours.containsKey("GarbageMarker"), "made after the live dump");
    }

    /**
     * Shallow sizes per class equal the JVM's, except where HPROF leaves fields out: the word HotSpot
     * injects into Thread, ClassLoader, Module, MemberName and ResolvedMethodName instances (and their
     * subclasses'), and the instance fields of a java.lang.Class mirror, which a class dump does not list.
     */
    @Test
    void liveDumpShallowSizesAreTheJvmsButForFieldsHprofLeavesOut() throws Exception {
        var jvm = JvmHistogram.read(dir.resolve("live.histogram.txt"));
        Map<String, Long> ourObjects = ourObjects(live), ourBytes = ourBytes(live);
        HeapGraph g = live.graph();
        int checked = 0;
        for (var e : jvm.bytes().entrySet()) {
            String name = e.getKey();
            long jvmBytes = e.getValue(), jvmCount = jvm.objects().get(name);
            long bytes = ourBytes.getOrDefault(name, 0L), count = ourObjects.getOrDefault(name, 0L);
            switch (name) {
                case "jdk.internal.vm.FillerElement[]" -> assertEquals(0, bytes);
                case "int[]" -> assertEquals(jvmBytes + jvm.bytes().getOrDefault("jdk.internal.vm.FillerElement[]", 0L), bytes, name);
                case "java.lang.String", "java.lang.StringBuilder" -> assertEquals(jvmBytes * count, bytes * jvmCount, name + ": same size each");
                case "byte[]" -> assertTrue(bytes < jvmBytes, name);
                case "java.lang.Class" -> assertTrue(bytes < jvmBytes, name);
                default -> {
                    assertEquals(jvmCount, count, name);
                    if (hasInjectedWord(g, name)) { // 8 bytes, and 8 more when a subclass's fields no longer fit the gap before alignment
                        long more = jvmBytes - bytes;
                        assertTrue(more == 8 * count || more == 16 * count, name + ": " + bytes + " of the JVM's " + jvmBytes);
                    } else {
                        assertEquals(jvmBytes, bytes, name);
                    }
                    checked++;
                }
            }
        }
        assertTrue(checked > 500, checked + " classes checked");
    }

    private static boolean hasInjectedWord(HeapGraph g, String name) {
        for (ClassInfo c : g.classes()) {
            if (!c.name().equals(name)) continue;
            for (ClassInfo x = c; x != null; x = x.superClass() >= 0 ? g.classes().get(x.superClass()) : null) {
                switch (x.name()) {
                    case "java.lang.Thread", "java.lang.ClassLoader", "java.lang.Module", "java.lang.invoke.MemberName",
                            "java.lang.invoke.ResolvedMethodName" -> { return true; }
                    default -> { }
                }
            }
        }
        return false;
    }

    @Test
    void softlyHeldArrayAndCacheHangUnderTheSoftGroup() throws Exception {
        DominatorTree tree = live.analysis().dominatorTree();
        int array = softArray(live);
        int soft = tree.groupNode(Reachability.SOFT);
        assertEquals(Reachability.SOFT, tree.reachabilityOf(array));
        assertTrue(soft >= 0 && tree.dominates(soft, array), "under the soft group");
        assertEquals(DominatorTree.VIRTUAL_ROOT, tree.dominatorOf(soft));
        long arrayBytes = live.graph().shallowSize().get(array);
        assertTrue(arrayBytes >= SOFT_ARRAY_LENGTH);
        assertTrue(tree.retained().get(soft) >= arrayBytes);
        assertEquals(tree.totals().bytes(Reachability.SOFT), tree.retained().get(soft), "the group retains its class's bytes");
        var byteArrays = row(live.analysis().histogram(Grouping.CLASS, null, Progress.NONE), "byte[]");
        assertTrue(byteArrays.notStrong() >= arrayBytes, byteArrays.toString());
        var softOnly = live.analysis().histogram(Grouping.CLASS, null, Set.of(Reachability.SOFT), Progress.NONE);
        var entries = row(softOnly, "SoftCacheEntry");
        assertEquals(SOFT_CACHE_ENTRIES, entries.objects(), "every cache entry is only softly reachable");
        assertEquals(entries.shallow(), entries.notStrong());
        assertEquals(SOFT_CACHE_ENTRIES, row(softOnly, "long[]").objects(), "their payloads too");
        var strongOnly = live.analysis().histogram(Grouping.CLASS, null, Set.of(Reachability.STRONG), Progress.NONE);
        assertEquals(STRONG_MARKERS, row(strongOnly, "StrongMarker").objects());
    }

    /**
     * In the "-all" dump (no GC since the live one): the unreferenced markers are unreachable, the keys
     * of the refilled WeakHashMap only weakly reachable, objects held by PhantomReferences only phantom
     * reachable, and objects with a finalizer, held only by the JVM's Finalizer, only reachable through it.
     */
    @Test
    void allDumpSortsGarbageWeakPhantomAndFinalizerOnlyObjects() throws Exception {
        DominatorTree tree = all.analysis().dominatorTree();
        HeapGraph g = all.graph();
        Map<String, Reachability> expected = Map.of("GarbageMarker", Reachability.UNREACHABLE,
                "WeakCacheEntry", Reachability.WEAK, "PhantomOnly", Reachability.PHANTOM,
                "Finalizable", Reachability.FINALIZER, "StrongMarker", Reachability.STRONG,
                "SoftCacheEntry", Reachability.SOFT);
        Map<String, Integer> counts = new TreeMap<>();
        for (int o = 0; o < g.objectCount(); o++) {
            String name = g.classes().get(g.objectClass().get(o)).name();
            Reachability r = expected.get(name);
            if (r == null) continue;
            counts.merge(name, 1, Integer::sum);
            assertEquals(r, tree.reachabilityOf(o), name + " " + ObjectNames.id(g, o));
            if (r != Reachability.STRONG) {
                assertTrue(tree.dominates(tree.groupNode(r), o), name + " " + ObjectNames.id(g, o) + " under the " + r.word() + " group");
            }
        }
        assertEquals(Map.of("GarbageMarker", GARBAGE, "WeakCacheEntry", WEAK_ENTRIES, "PhantomOnly", PHANTOM_ONLY,
                "Finalizable", FINALIZABLE, "StrongMarker", STRONG_MARKERS, "SoftCacheEntry", SOFT_CACHE_ENTRIES), counts);
        for (Reachability r : tree.groups()) {
            assertEquals(tree.totals().bytes(r), tree.retained().get(tree.groupNode(r)), r.word() + " group retains its class's bytes");
        }
        assertEquals(Reachability.SOFT, tree.reachabilityOf(softArray(all)));
    }

    @Test
    void rootRetainsEveryObjectInBothDumps() {
        for (AnalyzedSnapshot s : List.of(live, all)) {
            HeapGraph g = s.graph();
            DominatorTree tree = s.analysis().dominatorTree();
            long shallow = 0;
            for (int o = 0; o < g.objectCount(); o++) shallow += g.shallowSize().get(o);
            assertEquals(shallow, tree.totalBytes(), s.file().toString());
            long top = 0;
            for (int child : tree.children(DominatorTree.VIRTUAL_ROOT)) top += tree.retained().get(child);
            assertEquals(shallow, top, s.file() + ": the root's children retain every byte");
            long counted = 0;
            for (HistogramRow r : s.analysis().histogram(Grouping.CLASS, null, Progress.NONE)) counted += r.objects();
            assertEquals(g.objectCount(), counted, s.file().toString());
            assertEquals(g.objectCount(), tree.totals().allObjects());
        }
    }

    @Test
    @SuppressWarnings("unchecked")
    void commandLineListsTheSoftCacheAndTheSoftArray() throws Exception {
        String file = dir.resolve("live.hprof").toString();
        var h = (Map<String, Object>) command("histogram", file, "--json", "--quiet", "--reachability", "soft");
        var entries = ((List<Object>) h.get("classes")).stream().map(r -> (Map<String, Object>) r)
                .filter(r -> r.get("name").equals("SoftCacheEntry")).toList();
        assertEquals(1, entries.size(), h.toString());
        assertEquals((long) SOFT_CACHE_ENTRIES, entries.get(0).get("count"));
        var d = (Map<String, Object>) command("dominators", file, "--of", "<soft>", "--json", "--quiet");
        String array = ObjectNames.id(live.graph(), softArray(live));
        var rows = ((List<Object>) d.get("objects")).stream().map(r -> (Map<String, Object>) r).toList();
        var row = rows.stream().filter(r -> r.get("id").equals(array)).findFirst();
        assertTrue(row.isPresent(), array + " among " + rows);
        assertEquals("byte[]", row.get().get("class"));
        assertEquals("<soft>", row.get().get("dominator"));
    }

    private static Object command(String... args) throws Exception {
        var out = new ByteArrayOutputStream();
        var err = new ByteArrayOutputStream();
        int code = Main.run(List.of(args), new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        assertEquals(0, code, err.toString(StandardCharsets.UTF_8));
        return JsonAccess.parse(out.toString(StandardCharsets.UTF_8));
    }

    /** The program's softly held array: the one byte[] of its distinctive length. */
    private static int softArray(AnalyzedSnapshot s) throws Exception {
        HeapGraph g = s.graph();
        var found = new ArrayList<Integer>();
        try (var inspector = s.parser().inspector(s.file(), g)) {
            for (int o = 0; o < g.objectCount(); o++) {
                if (g.shallowSize().get(o) < SOFT_ARRAY_LENGTH || !g.classes().get(g.objectClass().get(o)).name().equals("byte[]")) continue;
                if (inspector.valueHint(o, 40).orElse("").equals("length " + SOFT_ARRAY_LENGTH)) found.add(o);
            }
        }
        assertEquals(1, found.size(), "arrays of length " + SOFT_ARRAY_LENGTH + ": " + found);
        return found.get(0);
    }

    private static HistogramRow row(List<HistogramRow> rows, String name) {
        return rows.stream().filter(r -> r.name().equals(name)).findFirst().orElseThrow(() -> new AssertionError("no row " + name));
    }
}
