package org.polyheap.analysis;

import java.util.concurrent.CompletableFuture;

import org.polyheap.model.Tasks;

/**
 * The part of a heap graph that keeps objects alive under one {@link Semantics}: only retaining
 * references, in compressed sparse rows, plus the GC roots and the sizes to sum. Built by
 * {@link RetentionRules}; immutable and thread-safe once built.
 *
 * <p>References into a GC root are left out: a root's only predecessor is the virtual root, so a root is
 * never dominated by another object (MAT does the same). Memory: 4 bytes per object for the row starts,
 * 8 for sizes, 4 per retaining reference, in {@link WorkArrays} (heap or mapped); the
 * {@link #hasRetainer} bits (one per object, heap) are made on first use, and so may the sizes be
 * (a copy of the snapshot's size column, made after the dominator pass's numbering and semidominators
 * rather than beside them: 8 bytes per object off its peak).
 */
public final class RetainingGraph {
    private final int objectCount;
    private final int vertexCount;
    private final IntArray outStart;
    private final IntArray outTarget;
    private final int[] roots;
    private final Sizes shallow;
    private final int adoptAnchor;
    private final WorkArrays work;
    private final CompletableFuture<byte[]> reachability; // null before classification
    private final Reachability[] groups;
    private volatile long[] hasRetainer;
    private SemiNca.Numbering numbering; // the dominator pass's numbering, begun before the groups, until taken; or null

    /**
     * @param objectCount objects in the graph
     * @param outStart    object → first position in {@code outTarget}; length objectCount + 1
     * @param outTarget   retaining references by source; positions from {@code outStart[objectCount]} on
     *                    are unused (a compacted array is not trimmed: that would be a copy of all of it)
     * @param roots       distinct GC root objects, in the order the parser gave them
     * @param shallow     object → size used for retained sizes (DevTools sizes for V8 when chosen)
     * @param adoptAnchor object under which unreachable objects are hung (V8: node 0), or -1 to leave them unreachable
     * @param work        where the arrays live; the dominator pass allocates there too
     */
    RetainingGraph(int objectCount, IntArray outStart, IntArray outTarget, int[] roots, LongArray shallow,
            int adoptAnchor, WorkArrays work) {
        this(objectCount, outStart, outTarget, roots, new Sizes(shallow), adoptAnchor, work);
    }

    /** As above, with sizes made on first use. */
    RetainingGraph(int objectCount, IntArray outStart, IntArray outTarget, int[] roots, Sizes shallow,
            int adoptAnchor, WorkArrays work) {
        this(objectCount, objectCount, outStart, outTarget, roots, shallow, adoptAnchor, work, (byte[]) null, new Reachability[0]);
    }

    /** Object sizes, given or made on first use. */
    static final class Sizes {
        private java.util.function.Supplier<LongArray> maker;
        private LongArray sizes;

        Sizes(LongArray sizes) { this.sizes = sizes; }

        Sizes(java.util.function.Supplier<LongArray> maker) { this.maker = maker; }

        synchronized LongArray get() {
            if (sizes == null) {
                sizes = maker.get();
                maker = null;
            }
            return sizes;
        }
    }

    /**
     * As above, with the {@link ReachabilityGroups}: vertices {@code objectCount} to {@code vertexCount - 1}
     * are the group vertices of {@code groups} (in that order), {@code outStart} has a row for each.
     *
     * @param reachability object → {@link Reachability} code, or null before classification
     */
    RetainingGraph(int objectCount, int vertexCount, IntArray outStart, IntArray outTarget, int[] roots,
            Sizes shallow, int adoptAnchor, WorkArrays work, byte[] reachability, Reachability[] groups) {
        this(objectCount, vertexCount, outStart, outTarget, roots, shallow, adoptAnchor, work,
                reachability == null ? null : CompletableFuture.completedFuture(reachability), groups);
    }

    /** As above, with the classes still being found (on another thread): {@link #reachability} waits for them. */
    private RetainingGraph(int objectCount, int vertexCount, IntArray outStart, IntArray outTarget, int[] roots,
            Sizes shallow, int adoptAnchor, WorkArrays work, CompletableFuture<byte[]> reachability,
            Reachability[] groups) {
        if (vertexCount != objectCount + groups.length) throw new IllegalArgumentException("a vertex for each group");
        this.objectCount = objectCount;
        this.vertexCount = vertexCount;
        this.reachability = reachability;
        this.groups = groups;
        this.outStart = outStart;
        this.outTarget = outTarget;
        this.roots = roots;
        this.shallow = shallow;
        this.adoptAnchor = adoptAnchor;
        this.work = work;
    }

    /**
     * This graph, whose dominator pass goes on from {@code numbering} (begun on the graph this one was
     * made from by adding the reachability groups: see {@link SemiNca.Numbering}).
     */
    RetainingGraph withNumbering(SemiNca.Numbering begun) {
        var g = new RetainingGraph(objectCount, vertexCount, outStart, outTarget, roots, shallow, adoptAnchor, work,
                reachability, groups);
        g.numbering = begun;
        return g;
    }

    /** The numbering the dominator pass goes on from, or null to begin one. */
    SemiNca.Numbering numbering() { return numbering; }

    /**
     * {@link #numbering}, handed over once: the graph lets go of it (its arrays are 20 bytes per object,
     * and an analysis keeps its retaining graph as long as the snapshot is open).
     */
    synchronized SemiNca.Numbering takeNumbering() {
        var n = numbering;
        numbering = null;
        return n;
    }

    /** Where this graph's arrays live: heap or mapped. */
    public WorkArrays work() { return work; }

    /** The snapshot's objects: vertices 0 to objectCount - 1. */
    public int objectCount() { return objectCount; }

    /** Objects and group vertices: the dominator tree's nodes. */
    public int vertexCount() { return vertexCount; }

    /** The reachability groups whose vertices follow the objects, in order; empty when there are none. */
    public Reachability[] groups() { return groups.clone(); }

    /** Object → {@link Reachability} code (a byte per object); null before {@link ReachabilityGroups#classify}. */
    byte[] reachability() { return reachability == null ? null : Tasks.join(reachability); }

    /** This graph with its objects' classes and no groups (V8: DevTools hangs such nodes under the root itself). */
    RetainingGraph withClasses(byte[] classes) {
        return new RetainingGraph(objectCount, objectCount, outStart, outTarget, roots, shallow, adoptAnchor, work,
                classes, new Reachability[0]);
    }

    /**
     * This graph with its objects' classes still being found on another thread (V8: the classes do not
     * change the graph, so the dominator pass need not wait for them): {@link #reachability} joins them.
     */
    RetainingGraph withClasses(CompletableFuture<byte[]> classes) {
        return new RetainingGraph(objectCount, objectCount, outStart, outTarget, roots, shallow, adoptAnchor, work,
                classes, new Reachability[0]);
    }

    /** This graph (before classification) with the thread → stack object references of {@link StackRoots}. */
    RetainingGraph withThreadReferences(org.polyheap.model.HeapGraph graph) {
        if (vertexCount != objectCount) throw new IllegalStateException("before the reachability groups only");
        IntArray[] rows = StackRoots.addThreadReferences(graph, outStart, outTarget, retainingReferenceCount(), roots, work);
        return new RetainingGraph(objectCount, rows[0], rows[1], roots, shallow, adoptAnchor, work);
    }

    /** Row starts, length vertexCount + 1. */
    public IntArray outStart() { return outStart; }

    /** Targets by row: {@link #retainingReferenceCount} of them (the array may be longer; the rest is unused). */
    public IntArray outTarget() { return outTarget; }

    public int[] roots() { return roots; }

    public LongArray shallow() { return shallow.get(); }

    /** The sizes as they are held: a graph derived from this one shares them, made or not. */
    Sizes sizes() { return shallow; }

    public int adoptAnchor() { return adoptAnchor; }

    public int retainingReferenceCount() { return outStart.get(vertexCount); }

    /** True when a retaining reference points at {@code object}. O(1) after the first call, which reads every reference. */
    public boolean hasRetainer(int object) {
        long[] bits = hasRetainer;
        if (bits == null) {
            bits = new long[(vertexCount + 63) >>> 6];
            for (long p = 0, m = retainingReferenceCount(); p < m; p++) {
                int t = outTarget.get(p);
                bits[t >>> 6] |= 1L << t;
            }
            hasRetainer = bits;
        }
        return (bits[object >>> 6] & (1L << object)) != 0;
    }
}
