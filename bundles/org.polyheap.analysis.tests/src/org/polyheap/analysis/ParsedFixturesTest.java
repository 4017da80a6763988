package org.polyheap.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.polyheap.model.HeapGraph;
import org.polyheap.model.Progress;
import org.polyheap.model.memory.HeapGraphBuilder;
import org.polyheap.parser.dart.DartSnapshotParser;
import org.polyheap.parser.hprof.HprofParser;

import it.unimi.dsi.fastutil.longs.Long2IntOpenHashMap;

/**
 * The analysis on graphs from the real parsers, against independent reference answers (the V8 parser
 * is covered by {@link DominatorTreeStoreTest}).
 */
class ParsedFixturesTest {

    @Test
    @SuppressWarnings("unchecked")
    void immediateDominatorsOfTheTopRetainedJavaObjectsEqualNetBeans() throws Exception {
        var b = new HeapGraphBuilder();
        new HprofParser().parse(Fixtures.data("jackson-tree.hprof.gz"), b, Progress.NONE);
        HeapGraph g = b.build();
        var tree = HeapAnalysis.run(g, Progress.NONE).dominatorTree();
        var byAddress = new Long2IntOpenHashMap();
        byAddress.defaultReturnValue(-1);
        for (int o = 0; o < g.objectCount(); o++) byAddress.put(g.identity().get(o), o);
        var ref = Fixtures.reference(Fixtures.data("jackson-tree.netbeans.json"));
        var top = (List<Map<String, Object>>) ref.get("topRetained");
        for (var entry : top) {
            int o = byAddress.get(Long.decode((String) entry.get("id")).longValue());
            String dom = (String) entry.get("immediateDominator");
            int expected = dom.startsWith("(none") ? DominatorTree.VIRTUAL_ROOT
                    : byAddress.get(Long.decode(dom.split(" ")[0]).longValue());
            assertEquals(expected, tree.dominator()[o], entry.get("id") + " " + entry.get("class"));
        }
    }

    @Test
    void dartReachabilityEqualsTheIndependentDecoder() throws Exception {
        var b = new HeapGraphBuilder();
        new DartSnapshotParser().parse(Fixtures.data("dart-sass-ia32-a-tiny.dartheap.gz"), b, Progress.NONE);
        HeapGraph g = b.build();
        // decode.js: "reachable from object 1 (BFS over non-zero refs): 174,696 objects, shallow total
        // 13,620,952 bytes (unreachable: 85,529)" -- every reference followed, weak ones included
        var all = HeapAnalysis.run(g, new AnalysisOptions(Semantics.FUCHSIA, false), Progress.NONE).dominatorTree();
        assertEquals(174_696, all.reachableObjects());
        assertEquals(13_620_952, all.reachableBytes());
        assertEquals(85_529, all.unreachableObjects());
        // Dart's own rules drop weak references, so at most as much is reachable
        var dart = HeapAnalysis.run(g, Progress.NONE).dominatorTree();
        org.junit.jupiter.api.Assertions.assertTrue(dart.reachableObjects() <= all.reachableObjects());
        assertEquals(g.objectCount(), dart.reachableObjects() + dart.unreachableObjects());
    }
}
