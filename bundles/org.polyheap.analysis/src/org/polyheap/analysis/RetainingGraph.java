package org.polyheap.analysis;

/**
 * The part of a heap graph that keeps objects alive under one {@link Semantics}: only retaining
 * references, in compressed sparse rows, plus the GC roots and the sizes to sum. Built by
 * {@link RetentionRules}; immutable and thread-safe once built.
 *
 * <p>References into a GC root are left out: a root's only predecessor is the virtual root, so a root is
 * never dominated by another object (MAT does the same). Memory: 4 bytes per object for the row starts,
 * 8 for sizes, one bit for {@code hasRetainer}, 4 per retaining reference.
 *
 * @param objectCount objects in the graph
 * @param outStart    object → first position in {@code outTarget}; length objectCount + 1
 * @param outTarget   retaining references by source
 * @param hasRetainer bit set: object o has a retaining reference pointing at it when bit o is set
 * @param roots       distinct GC root objects, in the order the parser gave them
 * @param shallow     object → size used for retained sizes (DevTools sizes for V8 when chosen)
 * @param adoptAnchor object under which unreachable objects are hung (V8: node 0), or -1 to leave them unreachable
 */
public record RetainingGraph(int objectCount, int[] outStart, int[] outTarget, long[] hasRetainer,
        int[] roots, long[] shallow, int adoptAnchor) {

    public int retainingReferenceCount() { return outTarget.length; }

    /** True when a retaining reference points at {@code object}. O(1). */
    public boolean hasRetainer(int object) { return (hasRetainer[object >>> 6] & (1L << object)) != 0; }
}
