package org.polyheap.parser.fuchsia;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

import org.polyheap.model.HeapGraph;
import org.polyheap.model.Progress;
import org.polyheap.model.SnapshotFormatException;
import org.polyheap.model.memory.HeapGraphBuilder;
import org.polyheap.model.spi.ParseOptions;

/** Parsing into the in-memory builder, plus a naive dominator computation to check the graphs against. */
final class Heaps {
    private Heaps() { }

    record Parsed(HeapGraph graph, List<String> warnings) {
        int byAddress(long address) {
            for (int o = 0; o < graph.objectCount(); o++) if (graph.identity().get(o) == address) return o;
            throw new AssertionError("no object at 0x" + Long.toHexString(address));
        }

        String className(int object) { return graph.classes().get(graph.objectClass().get(object)).name(); }
    }

    static Parsed parse(Path file, ParseOptions options) throws IOException, SnapshotFormatException {
        var builder = new HeapGraphBuilder();
        new FuchsiaHeapdumpParser().parse(file, builder, Progress.NONE, options);
        return new Parsed(builder.build(), builder.warnings());
    }

    /**
     * Immediate dominators by the textbook fixpoint over bit sets (quadratic; for tiny graphs): a virtual
     * root (index n) points to every GC root; idom of a root is -1 (the virtual root).
     */
    static int[] naiveIdom(HeapGraph g) {
        int n = g.objectCount();
        List<List<Integer>> preds = new ArrayList<>();
        for (int i = 0; i <= n; i++) preds.add(new ArrayList<>());
        for (int v = 0; v < n; v++) {
            for (long e = g.outStart().get(v); e < g.outStart().get(v + 1); e++) preds.get(g.outTarget().get(e)).add(v);
        }
        for (var r : g.gcRoots()) preds.get(r.object()).add(n);
        BitSet[] dom = new BitSet[n + 1];
        for (int v = 0; v < n; v++) { dom[v] = new BitSet(); dom[v].set(0, n + 1); }
        dom[n] = new BitSet();
        dom[n].set(n);
        for (boolean changed = true; changed; ) {
            changed = false;
            for (int v = 0; v < n; v++) {
                BitSet d = new BitSet();
                d.set(0, n + 1);
                if (preds.get(v).isEmpty()) d.clear();
                for (int p : preds.get(v)) d.and(dom[p]);
                d.set(v);
                if (!d.equals(dom[v])) { dom[v] = d; changed = true; }
            }
        }
        int[] idom = new int[n];
        for (int v = 0; v < n; v++) {
            // the strict dominator with the largest dominator set is the immediate one
            int best = -1, bestSize = -1;
            for (int d = dom[v].nextSetBit(0); d >= 0; d = dom[v].nextSetBit(d + 1)) {
                if (d == v) continue;
                if (dom[d].cardinality() > bestSize) { best = d; bestSize = dom[d].cardinality(); }
            }
            idom[v] = best == n ? -1 : best;
        }
        return idom;
    }

    /** Retained size of every object: its shallow size plus that of all objects it dominates. */
    static long[] retained(HeapGraph g, int[] idom) {
        int n = g.objectCount();
        long[] r = new long[n];
        for (int v = 0; v < n; v++) {
            long s = g.shallowSize().get(v);
            for (int d = v; d >= 0; d = idom[d]) r[d] += s;
        }
        return r;
    }
}
