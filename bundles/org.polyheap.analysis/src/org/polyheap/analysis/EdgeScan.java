package org.polyheap.analysis;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.function.IntFunction;
import java.util.stream.IntStream;

import org.polyheap.model.HeapGraph;
import org.polyheap.model.LongColumn;
import org.polyheap.model.Progress;

/**
 * Streams the references of a graph in order, copying the columns in chunks so that mapped columns
 * are read sequentially and no per-edge object is made; {@link #parallelScan} splits the objects into
 * ranges of about equal reference counts and scans them on the common fork-join pool.
 */
final class EdgeScan {
    private static final int CHUNK = 1 << 16;
    /** Below this many references a parallel scan runs as one part: threads would not pay. */
    static final long PARALLEL_THRESHOLD = 1 << 19;
    private static final VarHandle LONGS = MethodHandles.arrayElementVarHandle(long[].class);

    /** Receives one reference; {@code kind} is a {@link org.polyheap.model.ReferenceKind#code()}. */
    @FunctionalInterface
    interface Visitor {
        void edge(int source, long position, int target, int kind, int name);
    }

    private EdgeScan() { }

    /** Which columns a scan decodes besides the targets; the others reach the visitor as 0. */
    enum Columns { TARGETS, KINDS, ALL }

    /** Visits every reference, grouped by source in ascending order. Cost O(objects + references). */
    static void scan(HeapGraph graph, Visitor visitor, Progress progress) {
        scan(graph, 0, graph.objectCount(), Columns.ALL, visitor, progress);
    }

    /**
     * Visits the references of objects {@code from} (inclusive) to {@code to} (exclusive) in parallel
     * parts; {@code partVisitor} makes the visitor of the part that starts at the given object. The
     * visitors must only write what their own sources own, or use {@link #setBit}. Only the columns
     * asked for are decoded (names never: no parallel visitor needs them).
     */
    static void parallelScan(HeapGraph graph, Columns columns, IntFunction<Visitor> partVisitor, Progress progress) {
        int n = graph.objectCount();
        long m = graph.outStart().get(n);
        int parts = (int) Math.max(1, Math.min(4L * Runtime.getRuntime().availableProcessors(), m / PARALLEL_THRESHOLD));
        int[] bounds = split(graph.outStart(), n, m, parts);
        IntStream.range(0, parts).parallel().forEach(p -> {
            if (bounds[p] < bounds[p + 1]) scan(graph, bounds[p], bounds[p + 1], columns, partVisitor.apply(bounds[p]), progress);
        });
    }

    /** Object boundaries of {@code parts} ranges with about equal numbers of references. */
    private static int[] split(LongColumn starts, int n, long m, int parts) {
        int[] bounds = new int[parts + 1];
        bounds[parts] = n;
        for (int p = 1; p < parts; p++) {
            long want = m * p / parts;
            int lo = bounds[p - 1], hi = n; // first object whose references start at or after want
            while (lo < hi) {
                int mid = (lo + hi) >>> 1;
                if (starts.get(mid) < want) lo = mid + 1; else hi = mid;
            }
            bounds[p] = lo;
        }
        return bounds;
    }

    /** Sets a bit in a bit set that other threads write too. */
    static void setBit(long[] bits, long index) {
        LONGS.getAndBitwiseOr(bits, (int) (index >>> 6), 1L << index);
    }

    static void scan(HeapGraph graph, int from, int to, Columns columns, Visitor visitor, Progress progress) {
        if (from >= to) return;
        var starts = graph.outStart();
        var targets = graph.outTarget();
        var kinds = graph.outKind();
        var names = graph.outName();
        long begin = starts.get(from), end = starts.get(to);
        int[] t = new int[CHUNK], k = new int[CHUNK], nm = new int[CHUNK];
        long[] st = new long[CHUNK];
        int source = from;
        int stFrom = from; // st holds the row ends of objects stFrom .. stFrom + CHUNK - 1
        starts.copyTo(from + 1L, st, 0, Math.min(CHUNK, to - from));
        long sourceEnd = st[0];
        for (long base = begin; base < end; base += CHUNK) {
            progress.checkCanceled();
            int len = (int) Math.min(CHUNK, end - base);
            targets.copyTo(base, t, 0, len);
            if (columns != Columns.TARGETS) kinds.copyTo(base, k, 0, len);
            if (columns == Columns.ALL) names.copyTo(base, nm, 0, len);
            for (int i = 0; i < len; i++) {
                long pos = base + i;
                while (pos >= sourceEnd) { // skip objects without (further) references
                    source++;
                    int rel = source - stFrom;
                    if (rel >= CHUNK) {
                        stFrom = source;
                        rel = 0;
                        starts.copyTo(source + 1L, st, 0, Math.min(CHUNK, to - source));
                    }
                    sourceEnd = st[rel];
                }
                visitor.edge(source, pos, t[i], k[i], nm[i]);
            }
        }
    }
}
