package org.polyheap.analysis;

/**
 * The part of a heap graph that keeps objects alive under one {@link Semantics}: only retaining
 * references, in compressed sparse rows, plus the GC roots and the sizes to sum. Built by
 * {@link RetentionRules}; immutable and thread-safe once built.
 *
 * <p>References into a GC root are left out: a root's only predecessor is the virtual root, so a root is
 * never dominated by another object (MAT does the same). Memory: 4 bytes per object for the row starts,
 * 8 for sizes, 4 per retaining reference, in {@link WorkArrays} (heap or mapped); the
 * {@link #hasRetainer} bits (one per object, heap) are made on first use.
 */
public final class RetainingGraph {
    private final int objectCount;
    private final IntArray outStart;
    private final IntArray outTarget;
    private final int[] roots;
    private final LongArray shallow;
    private final int adoptAnchor;
    private final WorkArrays work;
    private volatile long[] hasRetainer;

    /**
     * @param objectCount objects in the graph
     * @param outStart    object → first position in {@code outTarget}; length objectCount + 1
     * @param outTarget   retaining references by source
     * @param roots       distinct GC root objects, in the order the parser gave them
     * @param shallow     object → size used for retained sizes (DevTools sizes for V8 when chosen)
     * @param adoptAnchor object under which unreachable objects are hung (V8: node 0), or -1 to leave them unreachable
     * @param work        where the arrays live; the dominator pass allocates there too
     */
    RetainingGraph(int objectCount, IntArray outStart, IntArray outTarget, int[] roots, LongArray shallow,
            int adoptAnchor, WorkArrays work) {
        this.objectCount = objectCount;
        this.outStart = outStart;
        this.outTarget = outTarget;
        this.roots = roots;
        this.shallow = shallow;
        this.adoptAnchor = adoptAnchor;
        this.work = work;
    }

    /** Where this graph's arrays live: heap or mapped. */
    public WorkArrays work() { return work; }

    public int objectCount() { return objectCount; }

    /** Row starts, length objectCount + 1. */
    public IntArray outStart() { return outStart; }

    /** Targets by row, length {@link #retainingReferenceCount}. */
    public IntArray outTarget() { return outTarget; }

    public int[] roots() { return roots; }

    public LongArray shallow() { return shallow; }

    public int adoptAnchor() { return adoptAnchor; }

    public int retainingReferenceCount() { return (int) outTarget.size(); }

    /** True when a retaining reference points at {@code object}. O(1) after the first call, which reads every reference. */
    public boolean hasRetainer(int object) {
        long[] bits = hasRetainer;
        if (bits == null) {
            bits = new long[(objectCount + 63) >>> 6];
            for (long p = 0, m = retainingReferenceCount(); p < m; p++) {
                int t = outTarget.get(p);
                bits[t >>> 6] |= 1L << t;
            }
            hasRetainer = bits;
        }
        return (bits[object >>> 6] & (1L << object)) != 0;
    }
}
