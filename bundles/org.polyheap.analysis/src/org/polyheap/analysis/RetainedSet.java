package org.polyheap.analysis;

import org.polyheap.model.Progress;

import it.unimi.dsi.fastutil.ints.IntArrayList;

/**
 * The objects a set keeps alive: those that become unreachable when the set is removed (MAT's
 * definition), the set's reachable members included.
 *
 * @param objects the retained objects, ascending
 * @param bytes   the sum of their sizes
 */
public record RetainedSet(int[] objects, long bytes) {

    /**
     * Marks from the GC roots over the retaining graph with {@code set} removed; the reachable objects
     * left unmarked are retained; the reachability group vertices are roots too, so inside a group the same
     * rule applies. O(objects + references) time, one bit per object. For V8 the objects
     * hung under the root because no retaining reference reaches them count as reached from the root.
     */
    public static RetainedSet of(RetainingGraph g, DominatorTree tree, int[] set, Progress progress) {
        int n = g.objectCount(), vertices = g.vertexCount(); // group vertices hold the objects no strong path reaches
        long[] removed = new long[(vertices + 63) >>> 6];
        for (int o : set) removed[o >>> 6] |= 1L << o;
        long[] marked = new long[(vertices + 63) >>> 6];
        var stack = new IntArrayList();
        for (int r : g.roots()) push(r, removed, marked, stack);
        flood(g, removed, marked, stack, progress);
        int anchor = g.adoptAnchor();
        if (anchor >= 0 && isSet(marked, anchor)) {
            for (int o = 0; o < n; o++) {
                if (!g.hasRetainer(o) && o != anchor) push(o, removed, marked, stack);
            }
            flood(g, removed, marked, stack, progress);
        }
        var out = new IntArrayList();
        long bytes = 0;
        for (int o = 0; o < n; o++) {
            if (tree.inTree(o) && !isSet(marked, o)) {
                out.add(o);
                bytes += g.shallow().get(o);
            }
        }
        return new RetainedSet(out.toIntArray(), bytes);
    }

    private static void flood(RetainingGraph g, long[] removed, long[] marked, IntArrayList stack, Progress progress) {
        IntArray outStart = g.outStart(), outTarget = g.outTarget();
        long steps = 0;
        while (!stack.isEmpty()) {
            if ((++steps & 0xffff) == 0) progress.checkCanceled();
            int v = stack.popInt();
            for (int p = outStart.get(v), end = outStart.get(v + 1); p < end; p++) push(outTarget.get(p), removed, marked, stack);
        }
    }

    private static void push(int o, long[] removed, long[] marked, IntArrayList stack) {
        if (isSet(removed, o) || isSet(marked, o)) return;
        marked[o >>> 6] |= 1L << o;
        stack.add(o);
    }

    private static boolean isSet(long[] bits, int i) { return (bits[i >>> 6] & (1L << i)) != 0; }
}
