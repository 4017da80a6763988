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
 * roots and, per set of excluded kinds, the objects that hold a reference of such a kind (1 bit per
 * object each). A breadth-first search then costs array reads per step instead of a page decode of
 * a mapped column per {@code get}, and needs to scan a source's references for the edge's kind only
 * when the source holds an excluded one (a {@code Reference}'s few fields, not a million-slot array).
 * One per snapshot, shared by every search; thread-safe.
 */
public final class PathIndex {
    private final HeapGraph graph;
    final int[] inStart;
    final int[] inSource;
    final long[] roots;
    private final Map<Set<ReferenceKind>, long[]> excludedHolders = new ConcurrentHashMap<>();

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

    /** Objects holding at least one reference of a kind in {@code excluded}: one pass over the kinds, then kept. */
    long[] excludedHolders(Set<ReferenceKind> excluded) {
        if (excluded.isEmpty()) return null;
        return excludedHolders.computeIfAbsent(Set.copyOf(excluded), k -> {
            int n = graph.objectCount();
            boolean[] kinds = new boolean[256];
            for (ReferenceKind kind : k) kinds[kind.code() & 0xff] = true;
            long[] holders = new long[(n + 63) >>> 6];
            int[] starts = FlatColumns.starts(graph.outStart(), n);
            int[] chunk = new int[1 << 16];
            int o = 0;
            for (int at = 0; at < starts[n]; at += chunk.length) {
                int len = Math.min(chunk.length, starts[n] - at);
                graph.outKind().copyTo(at, chunk, 0, len);
                for (int i = 0; i < len; i++) {
                    int ref = at + i;
                    while (starts[o + 1] <= ref) o++;
                    if (kinds[chunk[i] & 0xff]) holders[o >>> 6] |= 1L << o;
                }
            }
            return holders;
        });
    }

    /** Bytes kept: what the memory budget of a snapshot should count. */
    public long bytes() {
        long b = 4L * inStart.length + 4L * inSource.length + 8L * roots.length;
        for (long[] h : excludedHolders.values()) b += 8L * h.length;
        return b;
    }
}
