package org.polyheap.analysis;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.util.ArrayDeque;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.polyheap.model.HeapGraph;
import org.polyheap.model.Progress;
import org.polyheap.model.ReferenceKind;
import org.polyheap.model.format.SnapshotFormat;
import org.polyheap.model.memory.HeapGraphBuilder;

/** The one-flood ephemeron marking against the plain definition: mark, add ready ephemerons, repeat until nothing changes. */
class EphemeronRulesTest {

    @Test
    void oneFloodEqualsTheFixedPointOnRandomGraphs() {
        var r = new Random(17);
        for (int trial = 0; trial < 2000; trial++) {
            int n = 1 + r.nextInt(40);
            var b = new HeapGraphBuilder();
            b.format(SnapshotFormat.DART);
            for (int o = 0; o < n; o++) b.addObject(8);
            ReferenceKind[] kinds = {ReferenceKind.FIELD, ReferenceKind.FIELD, ReferenceKind.WEAK, ReferenceKind.EPHEMERON,
                ReferenceKind.ELEMENT};
            for (int o = 0; o < n; o++) {
                for (int k = r.nextInt(4); k > 0; k--) b.addReference(o, r.nextInt(n), kinds[r.nextInt(kinds.length)], -1);
            }
            HeapGraph g = b.build();
            int[] roots = r.ints(1 + r.nextInt(3), 0, n).distinct().toArray();
            assertArrayEquals(fixedPoint(g, roots), EphemeronRules.retainingEdges(g, roots, Progress.NONE), "trial " + trial);
        }
    }

    private static long[] fixedPoint(HeapGraph g, int[] roots) {
        int n = g.objectCount();
        int m = (int) g.outStart().get(n);
        long[] keep = new long[(m + 63) >>> 6];
        for (int p = 0; p < m; p++) {
            var k = ReferenceKind.ofCode(g.outKind().get(p));
            if (!k.isWeakKind() && k != ReferenceKind.EPHEMERON) keep[p >>> 6] |= 1L << p;
        }
        while (true) {
            boolean[] marked = new boolean[n];
            var queue = new ArrayDeque<Integer>();
            for (int root : roots) if (!marked[root]) { marked[root] = true; queue.add(root); }
            while (!queue.isEmpty()) {
                int v = queue.poll();
                for (long p = g.outStart().get(v); p < g.outStart().get(v + 1); p++) {
                    int t = g.outTarget().get(p);
                    if ((keep[(int) p >>> 6] & (1L << p)) != 0 && !marked[t]) { marked[t] = true; queue.add(t); }
                }
            }
            boolean changed = false;
            for (int s = 0; s < n; s++) {
                int key = -1;
                for (long p = g.outStart().get(s); p < g.outStart().get(s + 1); p++) {
                    if (g.outKind().get(p) == ReferenceKind.WEAK.code()) { key = g.outTarget().get(p); break; }
                }
                for (long p = g.outStart().get(s); p < g.outStart().get(s + 1); p++) {
                    if (g.outKind().get(p) == ReferenceKind.EPHEMERON.code() && key >= 0 && marked[s] && marked[key]
                            && (keep[(int) p >>> 6] & (1L << p)) == 0) {
                        keep[(int) p >>> 6] |= 1L << p;
                        changed = true;
                    }
                }
            }
            if (!changed) return keep;
        }
    }
}
