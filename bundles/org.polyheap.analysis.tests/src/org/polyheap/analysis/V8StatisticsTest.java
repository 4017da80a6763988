package org.polyheap.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.polyheap.model.Progress;
import org.polyheap.testdata.TestData;

/** The Statistics breakdown against the numbers Chrome DevTools' own worker gives (the *.devtools.json answers). */
class V8StatisticsTest {

    @ParameterizedTest
    @ValueSource(strings = {"gen-v8-20", "node-marked", "chrome-todo", "chrome-detached"})
    @SuppressWarnings("unchecked")
    void everyCategoryEqualsDevtools(String name) throws Exception {
        var graph = ParsedFixtures.load(TestData.v8(name + ".heapsnapshot.gz"));
        var ref = (Map<String, Object>) ParsedFixtures.reference(TestData.v8(name + ".devtools.json")).get("statistics");
        var nativeRef = (Map<String, Object>) ref.get("native");
        var heapRef = (Map<String, Object>) ref.get("v8heap");
        var tree = DominatorTree.compute(RetentionRules.build(graph, AnalysisOptions.forGraph(graph), Progress.NONE), Progress.NONE);
        var s = V8Statistics.of(graph, tree.shallow(), Progress.NONE);
        assertEquals(number(ref, "total"), s.total(), name + " total");
        assertEquals(number(nativeRef, "total"), s.nativeTotal(), name + " native");
        assertEquals(number(nativeRef, "typedArrays"), s.typedArrays(), name + " typed arrays");
        assertEquals(number(heapRef, "total"), s.v8Heap(), name + " V8 heap");
        assertEquals(number(heapRef, "code"), s.code(), name + " code");
        assertEquals(number(heapRef, "strings"), s.strings(), name + " strings");
        assertEquals(number(heapRef, "jsArrays"), s.jsArrays(), name + " JS arrays");
        assertEquals(number(heapRef, "system"), s.system(), name + " system");
    }

    private static long number(Map<String, Object> m, String key) { return ((Number) m.get(key)).longValue(); }
}
