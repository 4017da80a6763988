package org.polyheap.analysis;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.polyheap.model.Progress;

/** On {@link QueriesTest#javaHeap()}: 0 → 1 → 2 → {3, 4}, 3 → 4 → 5 → 6, 8 → 6, 0 → 7 ⇢ 6 (weak). */
class ObjectSetsTest {
    private final HeapAnalysis analysis = HeapAnalysis.run(QueriesTest.javaHeap(), Progress.NONE);

    @Test
    void membersOfARowAreItsClassesReachableObjects() {
        var g = analysis.graph();
        var tree = analysis.dominatorTree();
        assertArrayEquals(new int[] {3, 4, 5}, ObjectSets.members(g, tree, Grouping.CLASS, "a.Node", null));
        assertArrayEquals(new int[] {4, 5}, ObjectSets.members(g, tree, Grouping.CLASS, "a.Node", new int[] {4, 5, 6}));
        // java.util holds the ArrayList only: WeakReference is in java.lang.ref
        assertArrayEquals(new int[] {1}, ObjectSets.members(g, tree, Grouping.PACKAGE, "java.util", null));
    }

    @Test
    void immediateDominatorsAreDistinctAndRootsAreCounted() {
        var d = ObjectSets.immediateDominators(analysis.dominatorTree(), new int[] {3, 4, 5, 6});
        // 3 and 4 hang under the array 2, 5 under 4; 6 is held by 5 and by the root 8, so by the roots only
        assertArrayEquals(new int[] {2, 4}, d.objects());
        assertEquals(1, d.underRoots());
    }

    @Test
    void setHistogramCountsTopmostMembersOfEachGroupAsRetained() {
        var rows = ObjectSets.histogram(analysis.graph(), analysis.dominatorTree(), new int[] {2, 3, 4, 5}, Grouping.CLASS,
                Progress.NONE);
        assertEquals(List.of("java.lang.Object[]", "a.Node"), rows.stream().map(HistogramRow::name).toList());
        var array = rows.get(0);
        assertEquals(1, array.objects());
        assertEquals(100, array.shallow());
        assertEquals(100 + 16 + 16 + 16, array.retained()); // the byte[] is not its alone
        var node = rows.get(1);
        assertEquals(3, node.objects());
        assertEquals(48, node.shallow());
        assertEquals(16 + 32, node.retained()); // 3, and 4 with 5 under it
    }

    @Test
    void retainedSetHistogramOfAnObjectSumsToItsRetainedSize() {
        var set = analysis.retainedSet(new int[] {1}, Progress.NONE);
        var rows = ObjectSets.histogram(analysis.graph(), analysis.dominatorTree(), set.objects(), Grouping.CLASS, Progress.NONE);
        assertEquals(set.bytes(), rows.stream().mapToLong(HistogramRow::shallow).sum());
        assertEquals(analysis.dominatorTree().retained().get(1), set.bytes());
    }
}
