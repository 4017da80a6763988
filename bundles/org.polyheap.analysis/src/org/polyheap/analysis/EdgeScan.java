package org.polyheap.analysis;

import org.polyheap.model.HeapGraph;
import org.polyheap.model.Progress;

/**
 * Streams all references of a graph in order, copying the columns in chunks so that mapped
 * columns are read sequentially and no per-edge object is made.
 */
final class EdgeScan {
    private static final int CHUNK = 1 << 16;

    /** Receives one reference; {@code kind} is a {@link org.polyheap.model.ReferenceKind#code()}. */
    @FunctionalInterface
    interface Visitor {
        void edge(int source, long position, int target, int kind, int name);
    }

    private EdgeScan() { }

    /** Visits every reference, grouped by source in ascending order. Cost O(objects + references). */
    static void scan(HeapGraph graph, Visitor visitor, Progress progress) {
        int n = graph.objectCount();
        var starts = graph.outStart();
        var targets = graph.outTarget();
        var kinds = graph.outKind();
        var names = graph.outName();
        long m = starts.get(n);
        int[] t = new int[CHUNK], k = new int[CHUNK], nm = new int[CHUNK];
        long[] st = new long[CHUNK + 1];
        int source = 0;
        long sourceEnd = n == 0 ? 0 : starts.get(1);
        int stFrom = 0; // objects whose end positions are cached in st: stFrom .. stFrom+CHUNK-1
        starts.copyTo(1, st, 0, Math.min(CHUNK, n));
        for (long base = 0; base < m; base += CHUNK) {
            progress.checkCanceled();
            int len = (int) Math.min(CHUNK, m - base);
            targets.copyTo(base, t, 0, len);
            kinds.copyTo(base, k, 0, len);
            names.copyTo(base, nm, 0, len);
            for (int i = 0; i < len; i++) {
                long pos = base + i;
                while (pos >= sourceEnd) { // skip objects without (further) references
                    source++;
                    int rel = source - stFrom;
                    if (rel >= CHUNK) {
                        stFrom = source;
                        rel = 0;
                        starts.copyTo(source + 1L, st, 0, Math.min(CHUNK, n - source));
                    }
                    sourceEnd = st[rel];
                }
                visitor.edge(source, pos, t[i], k[i], nm[i]);
            }
        }
    }
}
