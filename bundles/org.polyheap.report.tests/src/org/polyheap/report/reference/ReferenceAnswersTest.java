package org.polyheap.report.reference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.polyheap.analysis.DominatorTree;
import org.polyheap.analysis.Grouping;
import org.polyheap.analysis.HistogramRow;
import org.polyheap.analysis.PathsToRoots;
import org.polyheap.model.HeapGraph;
import org.polyheap.model.Progress;
import org.polyheap.report.AnalyzedSnapshot;
import org.polyheap.report.ObjectNames;
import org.polyheap.testdata.TestData;

/**
 * The whole path users take (real parser → index store → analysis) against the independent reference
 * answers shipped with the fixtures: Chrome DevTools' own heap-snapshot code for V8, the NetBeans
 * profiler heap library for HPROF.
 */
class ReferenceAnswersTest {
    private static final Path V8_DATA = TestData.v8("");
    private static final Path HPROF_DATA = TestData.hprof("");


    @SuppressWarnings("unchecked")
    static Map<String, Object> json(Path file) throws Exception {
        return (Map<String, Object>) org.polyheap.report.cli.JsonAccess.parse(Files.readString(file));
    }

    @ParameterizedTest
    @ValueSource(strings = {"gen-v8-20", "node-marked", "chrome-todo"})
    @SuppressWarnings("unchecked")
    void v8Top50RetainedSizesEqualChromeDevtools(String name, @TempDir Path tmp) throws Exception {
        Path file = TestData.copyUncompressed(V8_DATA.resolve(name + ".heapsnapshot.gz"), tmp);
        var ref = json(V8_DATA.resolve(name + ".devtools.json"));
        try (var s = AnalyzedSnapshot.open(file, AnalyzedSnapshot.OpenOptions.DEFAULT, Progress.NONE)) {
            HeapGraph g = s.graph();
            DominatorTree tree = s.analysis().dominatorTree();
            assertEquals(((Number) ref.get("nodeCount")).longValue(), g.objectCount());
            assertEquals(((Number) ref.get("edgeCount")).longValue(), g.outTarget().size());
            assertEquals(((Number) ref.get("rootRetainedSize")).longValue(), tree.retained().get(0));
            var top = (List<Map<String, Object>>) ref.get("top");
            assertEquals(50, top.size());
            for (var t : top) {
                int ordinal = ((Number) t.get("ordinal")).intValue();
                String what = name + " @" + t.get("id") + " " + t.get("className");
                assertEquals(((Number) t.get("id")).longValue(), g.identity().get(ordinal), what);
                assertEquals(t.get("className"), cut(g.classes().get(g.objectClass().get(ordinal)).name()), what);
                assertEquals(((Number) t.get("devtoolsSelfSize")).longValue(), tree.shallow().get(ordinal), what);
                assertEquals(((Number) t.get("retainedSize")).longValue(), tree.retained().get(ordinal), what);
            }
        }
    }

    private static String cut(String className) {
        return className.length() > 80 ? className.substring(0, 80) : className; // the reference cuts at 80
    }

    @ParameterizedTest
    @ValueSource(strings = {"gen-40", "jackson-tree"})
    @SuppressWarnings("unchecked")
    void javaImmediateDominatorsAndPathsAgreeWithNetbeans(String name, @TempDir Path tmp) throws Exception {
        Path file = TestData.copyUncompressed(HPROF_DATA.resolve(name + ".hprof.gz"), tmp);
        var ref = json(HPROF_DATA.resolve(name + ".netbeans.json"));
        try (var s = AnalyzedSnapshot.open(file, AnalyzedSnapshot.OpenOptions.DEFAULT, Progress.NONE)) {
            HeapGraph g = s.graph();
            DominatorTree tree = s.analysis().dominatorTree();
            var top = (List<Map<String, Object>>) ref.get("topRetained");
            assertFalse(top.isEmpty());
            int checkedPaths = 0;
            for (var t : top) {
                int o = ObjectNames.find(g, (String) t.get("id"));
                assertTrue(o >= 0, "object " + t.get("id"));
                String refDom = (String) t.get("immediateDominator");
                int dom = tree.dominator().get(o);
                String what = name + " " + t.get("id") + " " + t.get("class");
                if (refDom.startsWith("(none")) {
                    assertEquals(DominatorTree.VIRTUAL_ROOT, dom, what + " is a top-level object");
                } else {
                    assertEquals(refDom.substring(0, refDom.indexOf(' ')), ObjectNames.id(g, dom), what);
                }
                // Retained sizes differ by the size model only: NetBeans counts a 16-byte header, 8-byte
                // references and no alignment; the dumps are HotSpot with a 12-byte header, compressed
                // 4-byte references and 8-byte alignment. The retained SET is the same (same dominators).
                if (t.get("pathToGcRoot") instanceof List<?> path) {
                    var ours = s.analysis().pathsToRoots(o, PathsToRoots.WEAK_KINDS, Progress.NONE).next();
                    assertEquals(path.size(), ours.steps().size(), what + ": shortest path length");
                    var last = (Map<String, Object>) path.get(path.size() - 1);
                    assertEquals(last.get("id").toString().replace("class ", ""), ObjectNames.id(g, ours.root()), what + ": root");
                    checkedPaths++;
                }
            }
            assertTrue(checkedPaths > 0, "the reference has paths for its top objects");
        }
    }

    /** The HPROF fixtures that come with NetBeans answers ({@code NAME.hprof.gz} beside {@code NAME.netbeans.json}). */
    static List<String> hprofFixturesWithNetbeansAnswers() throws Exception {
        List<String> names = new ArrayList<>();
        try (var files = Files.list(HPROF_DATA)) {
            files.map(f -> f.getFileName().toString()).filter(f -> f.endsWith(".netbeans.json")).sorted()
                    .map(f -> f.substring(0, f.length() - ".netbeans.json".length()))
                    .filter(n -> Files.exists(HPROF_DATA.resolve(n + ".hprof.gz"))).forEach(names::add);
        }
        assertTrue(names.size() >= 2, "HPROF fixtures with NetBeans answers in " + HPROF_DATA.toAbsolutePath() + ": " + names);
        return names;
    }

    /**
     * The class histogram users see (every object, grouped by class, through parser, index store and
     * analysis) has NetBeans' instance count for every class NetBeans lists, and counts every object:
     * its rows add up to the graph's objects and bytes. NetBeans does not count class objects as
     * instances; we count them as {@code java.lang.Class}, so the total is NetBeans' objects plus classes.
     */
    @ParameterizedTest
    @MethodSource("hprofFixturesWithNetbeansAnswers")
    @SuppressWarnings("unchecked")
    void javaClassHistogramCountsEqualNetbeansAndCountEveryObject(String name, @TempDir Path tmp) throws Exception {
        Path file = TestData.copyUncompressed(HPROF_DATA.resolve(name + ".hprof.gz"), tmp);
        var ref = json(HPROF_DATA.resolve(name + ".netbeans.json"));
        try (var s = AnalyzedSnapshot.open(file, AnalyzedSnapshot.OpenOptions.DEFAULT, Progress.NONE)) {
            HeapGraph g = s.graph();
            Map<String, Long> counts = new HashMap<>();
            long objects = 0, bytes = 0;
            for (HistogramRow row : s.analysis().histogram(Grouping.CLASS, null, Progress.NONE)) {
                counts.merge(row.name(), row.objects(), Long::sum);
                objects += row.objects();
                bytes += row.shallow();
            }
            var listed = (List<Map<String, Object>>) ref.get("histogramTopByCount");
            assertTrue(listed.size() >= 30, name + ": NetBeans lists its top classes");
            for (var row : listed) {
                String cls = (String) row.get("class");
                assertEquals(((Number) row.get("instances")).longValue(), counts.getOrDefault(cls, -1L), name + " " + cls);
            }
            assertEquals(g.objectCount(), objects, name + ": every object in the histogram");
            long allBytes = 0;
            for (int o = 0; o < g.objectCount(); o++) allBytes += g.shallowSize().get(o);
            assertEquals(allBytes, bytes, name + ": every byte in the histogram");
            assertEquals(s.analysis().dominatorTree().totalBytes(), bytes, name);
            assertEquals(((Number) ref.get("objectCount")).longValue() + ((Number) ref.get("classCount")).longValue(), objects,
                    name + ": NetBeans' instances plus one class object per class");
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"dart-sass-ia32-a-tiny", "dart-sass-ia32-d-after-gc"})
    void dartReachabilityEqualsTheIndependentDecoder(String name, @TempDir Path tmp) throws Exception {
        Path data = TestData.dart("");
        Path file = TestData.copyUncompressed(data.resolve(name + ".dartheap.gz"), tmp);
        // decode.js: "reachable from object 1 (BFS over non-zero refs): 174,696 objects, shallow total 13,620,952 bytes"
        var m = java.util.regex.Pattern.compile("reachable from object 1 .*?: ([\\d,]+) objects, shallow total ([\\d,]+) bytes")
                .matcher(Files.readString(data.resolve(name + ".facts.txt")));
        assertTrue(m.find(), "the facts file states reachability");
        long objects = Long.parseLong(m.group(1).replace(",", "")), bytes = Long.parseLong(m.group(2).replace(",", ""));
        try (var s = AnalyzedSnapshot.open(file, AnalyzedSnapshot.OpenOptions.DEFAULT, Progress.NONE)) {
            DominatorTree tree = s.analysis().dominatorTree();
            assertEquals(objects, tree.reachableObjects());
            assertEquals(bytes, tree.reachableBytes());
            assertEquals(bytes, tree.retained().get(0), "object 1, the root, retains every reachable byte");
            assertEquals(DominatorTree.VIRTUAL_ROOT, tree.dominator().get(0));
            // the rest are kept and marked unreachable, apart from the reachable totals
            var u = java.util.regex.Pattern.compile("\\(unreachable: ([\\d,]+)\\)").matcher(Files.readString(data.resolve(name + ".facts.txt")));
            assertTrue(u.find());
            long unreachable = Long.parseLong(u.group(1).replace(",", ""));
            assertEquals(objects + unreachable, s.graph().objectCount());
            assertEquals(unreachable, tree.unreachableObjects());
            long marked = 0, bytesOfUnreachable = 0;
            for (int o = 0; o < s.graph().objectCount(); o++) {
                if (tree.reachabilityOf(o) == org.polyheap.analysis.Reachability.UNREACHABLE) {
                    marked++;
                    bytesOfUnreachable += tree.shallow().get(o);
                }
            }
            assertEquals(unreachable, marked);
            // they hang under the "unreachable" group, which retains exactly their bytes
            int group = tree.groupNode(org.polyheap.analysis.Reachability.UNREACHABLE);
            assertEquals(DominatorTree.VIRTUAL_ROOT, tree.dominator().get(group));
            assertEquals(bytesOfUnreachable, tree.retained().get(group));
            assertEquals(tree.totalBytes(), tree.retained().get(0) + tree.retained().get(group), "root and group hold every byte");
        }
    }

    /**
     * Object comparison of the two Dart snapshots (one process, before and after more work) against
     * {@code decode.js --compare}, which matches objects by (class, library, identity hash) as Dart
     * DevTools' diff does. decode.js counts every B object whose key occurs in A; we match one to one
     * and leave keys that occur twice on either side uncompared, so we may match a few fewer: at most
     * two B objects per duplicate key it reports.
     */
    @org.junit.jupiter.api.Test
    void dartComparisonMatchesTheIndependentDecoder(@TempDir Path tmp) throws Exception {
        Path data = TestData.dart("");
        String reference = Files.readString(data.resolve("dart-sass-ia32-a-vs-d.compare.txt"));
        var m = java.util.regex.Pattern.compile("also occurs in A: ([\\d,]+)").matcher(reference);
        assertTrue(m.find(), reference);
        long matched = Long.parseLong(m.group(1).replace(",", ""));
        long duplicates = 0;
        var d = java.util.regex.Pattern.compile("duplicate class\\+hash keys: (\\d+)").matcher(reference);
        while (d.find()) duplicates += Long.parseLong(d.group(1));
        try (var a = AnalyzedSnapshot.open(TestData.copyUncompressed(data.resolve("dart-sass-ia32-a-tiny.dartheap.gz"), tmp),
                AnalyzedSnapshot.OpenOptions.DEFAULT, Progress.NONE);
             var b = AnalyzedSnapshot.open(TestData.copyUncompressed(data.resolve("dart-sass-ia32-d-after-gc.dartheap.gz"), tmp),
                AnalyzedSnapshot.OpenOptions.DEFAULT, Progress.NONE)) {
            var delta = org.polyheap.analysis.SnapshotComparison.objects(a.graph(), b.graph());
            long kept = delta.keptB().length;
            assertTrue(kept <= matched && matched - kept <= 2 * duplicates, "kept " + kept + ", decode.js " + matched);
            for (int i = 0; i < delta.keptA().length; i++) {
                int x = delta.keptA()[i], y = delta.keptB()[i];
                assertEquals(a.graph().identity().get(x), b.graph().identity().get(y));
                var cx = a.graph().classes().get(a.graph().objectClass().get(x));
                var cy = b.graph().classes().get(b.graph().objectClass().get(y));
                assertEquals(cx.name() + " " + cx.library(), cy.name() + " " + cy.library());
            }
            assertEquals(b.graph().objectCount(), kept + delta.added().length + delta.notComparedB());
            assertEquals(a.graph().objectCount(), kept + delta.removed().length + delta.notComparedA());
        }
    }

    static List<Object> list(Object o) { return new ArrayList<>((List<?>) o); }
}
