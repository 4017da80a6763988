package org.polyheap.analysis;

import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import org.polyheap.model.GcRoot;
import org.polyheap.model.HeapGraph;
import org.polyheap.model.Progress;
import org.polyheap.model.ReferenceKind;

/**
 * What a search for paths to GC roots reads at every step, in flat arrays: the inbound references
 * (4 bytes per object and 4 per reference, read once in sequence from the graph's columns), the GC
 * roots and, per set of excluded kinds, which inbound references are of such a kind (1 bit per
 * reference each). A breadth-first search then costs array reads per step, never a page decode of a
 * mapped column: reading the kinds of a holder's references at each step (the earlier design, one bit
 * per holder) was 3/4 of a search's time on a 6.7 M-object javac heap with many soft references.
 * One per snapshot, shared by every search; thread-safe.
 */
public final class PathIndex {
    private final HeapGraph graph;
    final int[] inStart;
    final int[] inSource;
    final long[] roots;
    private volatile long presentKinds = -1;
    private final Map<Set<ReferenceKind>, long[]> excludedSlots = new ConcurrentHashMap<>();

    private PathIndex(HeapGraph graph, int[] inStart, int[] inSource, long[] roots) {
        this.graph = graph;
        this.inStart = inStart;
        this.inSource = inSource;
        this.roots = roots;
    }

    /**
     * Copies the inbound references (building the graph's inbound index first if it has none yet).
     * O(objects + references), sequential reads.
     */
    public static PathIndex of(HeapGraph graph, Progress progress) {
        int n = graph.objectCount();
        long m = graph.inStart().get(n);
        if (m > Integer.MAX_VALUE - 8) throw new IllegalStateException("more than 2^31 references: " + m);
        progress.phase("Reading inbound references for paths to GC roots", m);
        int[] start = FlatColumns.starts(graph.inStart(), n);
        int[] source = new int[(int) m];
        graph.inSource().copyTo(0, source, 0, (int) m);
        long[] roots = new long[(n + 63) >>> 6];
        for (GcRoot r : graph.gcRoots()) roots[r.object() >>> 6] |= 1L << r.object();
        return new PathIndex(graph, start, source, roots);
    }

    HeapGraph graph() { return graph; }

    boolean isRoot(int o) { return (roots[o >>> 6] & 1L << o) != 0; }

    /**
     * The inbound references of a kind in {@code excluded}, as bits over the positions of
     * {@link #inSource} (1 bit per reference), or null for none excluded: a search skips those slots
     * without reading the source's references. One pass over the outbound kinds and targets, then kept.
     * A holder with a strong and an excluded reference to one target has two slots, one of them marked.
     */
    long[] excludedSlots(Set<ReferenceKind> excluded) {
        if (excluded.isEmpty()) return null;
        return excludedSlots.computeIfAbsent(Set.copyOf(excluded), k -> {
            int n = graph.objectCount();
            boolean[] kinds = new boolean[256];
            for (ReferenceKind kind : k) kinds[kind.code() & 0xff] = true;
            long[] slots = new long[(inSource.length + 63) >>> 6];
            int[] starts = FlatColumns.starts(graph.outStart(), n);
            int[] kindChunk = new int[1 << 16], targetChunk = new int[1 << 16];
            int o = 0;
            long present = 0;
            for (int at = 0; at < starts[n]; at += kindChunk.length) {
                int len = Math.min(kindChunk.length, starts[n] - at);
                graph.outKind().copyTo(at, kindChunk, 0, len);
                boolean targetsRead = false;
                for (int i = 0; i < len; i++) {
                    int kind = kindChunk[i];
                    present |= kind >= 0 && kind < 63 ? 1L << kind : 1L << 63; // bit 63: a kind no enum constant has
                    if (!kinds[kindChunk[i] & 0xff]) continue;
                    if (!targetsRead) { // most chunks hold no excluded reference: their targets are not read
                        graph.outTarget().copyTo(at, targetChunk, 0, len);
                        targetsRead = true;
                    }
                    int ref = at + i;
                    while (starts[o + 1] <= ref) o++;
                    markSlot(slots, o, targetChunk[i]);
                }
            }
            presentKinds = present;
            return slots;
        });
    }

    /**
     * The reference kinds the graph has, as bits by {@link ReferenceKind#code()}, or -1 while unknown:
     * learnt by the first {@link #excludedSlots} pass, which reads every kind anyway.
     */
    long presentKinds() { return presentKinds; }

    /** Marks an unmarked slot of {@code source} in {@code target}'s inbound row. */
    private void markSlot(long[] slots, int source, int target) {
        int from = inStart[target], to = inStart[target + 1];
        // rows list their sources in ascending order (the inbound sort is stable over source order):
        // a binary search finds the run; an unsorted row (a hand-made graph) is scanned whole
        int lo = from, hi = to;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (inSource[mid] < source) lo = mid + 1;
            else hi = mid;
        }
        for (int i = lo; i < to && inSource[i] == source; i++) {
            if (mark(slots, i)) return;
        }
        for (int i = from; i < to; i++) {
            if (inSource[i] == source && mark(slots, i)) return;
        }
    }

    private static boolean mark(long[] bits, int i) {
        if ((bits[i >>> 6] & 1L << i) != 0) return false;
        bits[i >>> 6] |= 1L << i;
        return true;
    }

    /** Bytes kept: what the memory budget of a snapshot should count. */
    public long bytes() {
        long b = 4L * inStart.length + 4L * inSource.length + 8L * roots.length;
        for (long[] h : excludedSlots.values()) b += 8L * h.length;
        return b;
    }
}
