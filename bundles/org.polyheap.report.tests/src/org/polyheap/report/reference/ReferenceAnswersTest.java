package org.polyheap.report.reference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPInputStream;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.polyheap.analysis.DominatorTree;
import org.polyheap.analysis.PathsToRoots;
import org.polyheap.model.HeapGraph;
import org.polyheap.model.Progress;
import org.polyheap.report.AnalyzedSnapshot;
import org.polyheap.report.ObjectIds;

/**
 * The whole path users take (real parser → index store → analysis) against the independent reference
 * answers shipped with the fixtures: Chrome DevTools' own heap-snapshot code for V8, the NetBeans
 * profiler heap library for HPROF.
 */
class ReferenceAnswersTest {
    private static final Path V8_DATA = Path.of("../org.polyheap.parser.v8.tests/data");
    private static final Path HPROF_DATA = Path.of("../org.polyheap.parser.hprof.tests/data");

    static Path gunzip(Path gz, Path dir) throws Exception {
        Path target = dir.resolve(gz.getFileName().toString().replace(".gz", ""));
        try (InputStream in = new GZIPInputStream(Files.newInputStream(gz)); OutputStream out = Files.newOutputStream(target)) {
            in.transferTo(out);
        }
        return target;
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> json(Path file) throws Exception {
        return (Map<String, Object>) org.polyheap.report.cli.JsonAccess.parse(Files.readString(file));
    }

    @ParameterizedTest
    @ValueSource(strings = {"gen-v8-20", "node-marked", "chrome-todo"})
    @SuppressWarnings("unchecked")
    void v8Top50RetainedSizesEqualChromeDevtools(String name, @TempDir Path tmp) throws Exception {
        Path file = gunzip(V8_DATA.resolve(name + ".heapsnapshot.gz"), tmp);
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
        Path file = gunzip(HPROF_DATA.resolve(name + ".hprof.gz"), tmp);
        var ref = json(HPROF_DATA.resolve(name + ".netbeans.json"));
        try (var s = AnalyzedSnapshot.open(file, AnalyzedSnapshot.OpenOptions.DEFAULT, Progress.NONE)) {
            HeapGraph g = s.graph();
            DominatorTree tree = s.analysis().dominatorTree();
            var top = (List<Map<String, Object>>) ref.get("topRetained");
            assertFalse(top.isEmpty());
            int checkedPaths = 0;
            for (var t : top) {
                int o = ObjectIds.find(g, (String) t.get("id"));
                assertTrue(o >= 0, "object " + t.get("id"));
                String refDom = (String) t.get("immediateDominator");
                int dom = tree.dominator().get(o);
                String what = name + " " + t.get("id") + " " + t.get("class");
                if (refDom.startsWith("(none")) {
                    assertEquals(DominatorTree.VIRTUAL_ROOT, dom, what + " is a top-level object");
                } else {
                    assertEquals(refDom.substring(0, refDom.indexOf(' ')), ObjectIds.display(g, dom), what);
                }
                // Retained sizes differ by the size model only: NetBeans counts a 16-byte header, 8-byte
                // references and no alignment; the dumps are HotSpot with a 12-byte header, compressed
                // 4-byte references and 8-byte alignment. The retained SET is the same (same dominators).
                if (t.get("pathToGcRoot") instanceof List<?> path) {
                    var ours = s.analysis().pathsToRoots(o, PathsToRoots.WEAK_KINDS, Progress.NONE).next();
                    assertEquals(path.size(), ours.steps().size(), what + ": shortest path length");
                    var last = (Map<String, Object>) path.get(path.size() - 1);
                    assertEquals(last.get("id").toString().replace("class ", ""), ObjectIds.display(g, ours.root()), what + ": root");
                    checkedPaths++;
                }
            }
            assertTrue(checkedPaths > 0, "the reference has paths for its top objects");
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"dart-sass-ia32-a-tiny", "dart-sass-ia32-d-after-gc"})
    void dartReachabilityEqualsTheIndependentDecoder(String name, @TempDir Path tmp) throws Exception {
        Path data = Path.of("../org.polyheap.parser.dart.tests/data");
        Path file = gunzip(data.resolve(name + ".dartheap.gz"), tmp);
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
        }
    }

    static List<Object> list(Object o) { return new ArrayList<>((List<?>) o); }
}
