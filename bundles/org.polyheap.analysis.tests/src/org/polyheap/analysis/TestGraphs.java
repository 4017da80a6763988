package org.polyheap.analysis;

import org.polyheap.model.GcRoot;
import org.polyheap.model.HeapGraph;
import org.polyheap.model.Progress;
import org.polyheap.model.RootKind;
import org.polyheap.model.format.SnapshotFormat;
import org.polyheap.model.memory.HeapGraphBuilder;

/** Small graphs for tests: objects of size 10 * (id + 1) unless given, edges as "from>to" pairs. */
final class TestGraphs {
    private TestGraphs() { }

    /** A graph of {@code n} objects, edges given as {from, to} pairs (sorted here by source), roots given. */
    static HeapGraph of(int n, int[][] edges, int... roots) {
        var b = new HeapGraphBuilder();
        b.format(SnapshotFormat.GENERIC);
        for (int i = 0; i < n; i++) b.addObject(10L * (i + 1));
        int[][] sorted = edges.clone();
        java.util.Arrays.sort(sorted, (x, y) -> Integer.compare(x[0], y[0]));
        for (int[] e : sorted) b.addReference(e[0], e[1]);
        for (int r : roots) b.addRoot(new GcRoot(r, RootKind.UNKNOWN, -1, -1));
        return b.build();
    }

    static DominatorTree dominators(HeapGraph g) {
        var rg = RetentionRules.build(g, AnalysisOptions.forGraph(g), Progress.NONE);
        return DominatorTree.compute(rg, Progress.NONE);
    }
}
