package org.polyheap.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.polyheap.model.Progress;
import org.polyheap.testdata.TestData;

/** Our V8 numbers against Chrome DevTools' own (the *.devtools.json reference answers). */
class V8DevtoolsTest {

    @ParameterizedTest
    @ValueSource(strings = {"gen-v8-20", "node-marked", "chrome-todo"})
    @SuppressWarnings("unchecked")
    void top50RetainedSizesEqualDevtools(String name) throws Exception {
        var graph = ParsedFixtures.load(TestData.v8(name + ".heapsnapshot.gz"));
        var ref = ParsedFixtures.reference(TestData.v8(name + ".devtools.json"));
        var options = AnalysisOptions.forGraph(graph);
        var tree = DominatorTree.compute(RetentionRules.build(graph, options, Progress.NONE), Progress.NONE);
        assertEquals(((Number) ref.get("nodeCount")).intValue(), graph.objectCount());
        assertEquals(((Number) ref.get("rootRetainedSize")).longValue(), tree.retained().get(0));
        for (int o = 0; o < graph.objectCount(); o++) assertTrue(tree.inTree(o), "DevTools hangs every node under the root");
        assertEquals(tree.totalBytes(), tree.retained().get(0), "the root holds every byte");
        var tops = (List<Map<String, Object>>) ref.get("top");
        // our own top 50 by retained size: the same sizes in the same order (ties may list other nodes)
        long[] ours = tree.retained().toArray();
        java.util.Arrays.sort(ours);
        for (int k = 0; k < tops.size(); k++) {
            assertEquals(((Number) tops.get(k).get("retainedSize")).longValue(), ours[ours.length - 1 - k], name + " rank " + k);
        }
        for (Map<String, Object> top : tops) {
            int ordinal = ((Number) top.get("ordinal")).intValue();
            String what = name + " node @" + top.get("id") + " " + top.get("name");
            assertEquals(((Number) top.get("id")).longValue(), graph.identity().get(ordinal), what);
            assertEquals(((Number) top.get("devtoolsSelfSize")).longValue(), tree.shallow().get(ordinal), what);
            assertEquals(((Number) top.get("retainedSize")).longValue(), tree.retained().get(ordinal), what);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"gen-v8-20", "chrome-todo"})
    @SuppressWarnings("unchecked")
    void rawModeKeepsFileSizesAndTheSameTree(String name) throws Exception {
        var graph = ParsedFixtures.load(TestData.v8(name + ".heapsnapshot.gz"));
        var ref = ParsedFixtures.reference(TestData.v8(name + ".devtools.json"));
        var devtools = DominatorTree.compute(
                RetentionRules.build(graph, AnalysisOptions.forGraph(graph), Progress.NONE), Progress.NONE);
        var raw = DominatorTree.compute(RetentionRules.build(graph,
                AnalysisOptions.forGraph(graph).withDevtoolsSizes(false), Progress.NONE), Progress.NONE);
        assertEquals(((Number) ref.get("rawTotalSelfSize")).longValue(), raw.retained().get(0));
        assertTrue(java.util.Arrays.equals(devtools.dominator().toArray(), raw.dominator().toArray()), "sizes do not change dominators");
        for (Map<String, Object> top : (List<Map<String, Object>>) ref.get("top")) {
            int ordinal = ((Number) top.get("ordinal")).intValue();
            assertEquals(((Number) top.get("rawSelfSize")).longValue(), raw.shallow().get(ordinal));
            // raw retained size = file self sizes summed over the dominated subtree, walked independently
            long sum = 0;
            var stack = new it.unimi.dsi.fastutil.ints.IntArrayList();
            stack.add(ordinal);
            while (!stack.isEmpty()) {
                int o = stack.popInt();
                sum += graph.shallowSize().get(o);
                for (int c : raw.children(o)) stack.add(c);
            }
            assertEquals(sum, raw.retained().get(ordinal));
        }
    }
}
