package org.polyheap.analysis;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;
import org.polyheap.model.GcRoot;
import org.polyheap.model.Progress;
import org.polyheap.model.ReferenceKind;
import org.polyheap.model.RootKind;
import org.polyheap.model.format.SnapshotFormat;
import org.polyheap.model.memory.HeapGraphBuilder;

class RetentionRulesTest {

    @Test
    void parallelPartsBuildTheSameRowsAsAPlainLoop() {
        // enough references for several parallel parts, objects without references in between
        int n = 400_000;
        var random = new SplittableRandom(3);
        var b = new HeapGraphBuilder();
        b.format(SnapshotFormat.HPROF);
        for (int i = 0; i < n; i++) b.addObject(8);
        ReferenceKind[] kinds = {ReferenceKind.FIELD, ReferenceKind.ELEMENT, ReferenceKind.JAVA_WEAK, ReferenceKind.SOFT};
        var from = new it.unimi.dsi.fastutil.ints.IntArrayList();
        var to = new it.unimi.dsi.fastutil.ints.IntArrayList();
        var kind = new it.unimi.dsi.fastutil.ints.IntArrayList();
        for (int s = 0; s < n; s++) {
            int k = random.nextInt(10) < 3 ? 0 : random.nextInt(13);
            for (int e = 0; e < k; e++) {
                int t = random.nextInt(n);
                ReferenceKind kd = kinds[random.nextInt(kinds.length)];
                b.addReference(s, t, kd, -1);
                from.add(s);
                to.add(t);
                kind.add(kd.code());
            }
        }
        for (int r = 0; r < n; r += 10_000) b.addRoot(new GcRoot(r, RootKind.UNKNOWN, -1, -1));
        var g = b.build();
        assertTrue(g.outStart().get(n) > 3 * EdgeScan.PARALLEL_THRESHOLD, "the test needs several parts");
        var rg = RetentionRules.retainingReferences(g, AnalysisOptions.forGraph(g), WorkArrays.heap(),
                new WeakEdges.Collector(), Progress.NONE);
        // expected: by source, Java semantics, no self references, nothing into a root
        int[] expectedStart = new int[n + 1];
        var expectedTargets = new it.unimi.dsi.fastutil.ints.IntArrayList();
        boolean[] retainer = new boolean[n];
        for (int i = 0, s = 0; s < n; s++) {
            expectedStart[s] = expectedTargets.size();
            for (; i < from.size() && from.getInt(i) == s; i++) {
                int t = to.getInt(i);
                boolean strong = kind.getInt(i) == ReferenceKind.FIELD.code() || kind.getInt(i) == ReferenceKind.ELEMENT.code();
                if (strong && t != s && t % 10_000 != 0) {
                    expectedTargets.add(t);
                    retainer[t] = true;
                }
            }
        }
        expectedStart[n] = expectedTargets.size();
        assertArrayEquals(expectedStart, rg.outStart().toArray());
        assertEquals(expectedTargets.size(), rg.retainingReferenceCount());
        int[] targets = new int[rg.retainingReferenceCount()]; // the array may be longer: its tail is unused
        rg.outTarget().copyTo(0, targets, 0, targets.length);
        assertArrayEquals(expectedTargets.toIntArray(), targets);
        for (int o = 0; o < n; o++) assertEquals(retainer[o], rg.hasRetainer(o), "object " + o);
    }
}
