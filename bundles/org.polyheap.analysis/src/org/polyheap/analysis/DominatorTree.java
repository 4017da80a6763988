package org.polyheap.analysis;

import java.util.stream.IntStream;

import org.polyheap.model.Progress;

import it.unimi.dsi.fastutil.ints.IntArrays;
import it.unimi.dsi.fastutil.ints.IntComparator;

/**
 * The dominator tree of a {@link RetainingGraph} with retained sizes, as plain arrays so that storing
 * it in the index is a thin step. Object ids are the graph's; the virtual root above all GC roots
 * has no id.
 *
 * <ul>
 * <li>{@link #dominator()}: object → immediate dominator, {@link #VIRTUAL_ROOT} (-1) for the GC roots
 *     (and, for V8, nothing else: node 0 is the only root), {@link #UNREACHABLE} (-2) for objects that no
 *     retaining path reaches.</li>
 * <li>{@link #retained()}: object → retained size; an unreachable object's retained size is its own size.</li>
 * <li>{@link #dominatedStart()} / {@link #dominatedChildren()}: the tree in compressed sparse rows, MAT's
 *     layout: row 0 = children of the virtual root, row k + 1 = children of object k, each row sorted by
 *     retained size descending (ties by id ascending).</li>
 * </ul>
 * Unreachable objects are not in the tree: they are listed by {@link #unreachable()} and counted apart,
 * so the reachable total and the unreachable total add up to the heap.
 *
 * <p>Immutable; the arrays are shared, not copied (do not modify them). Thread-safe.
 */
public final class DominatorTree {
    public static final int VIRTUAL_ROOT = -1;
    public static final int UNREACHABLE = -2;

    private final int[] dominator;
    private final long[] retained;
    private final long[] shallow;
    private final int[] dominatedStart;
    private final int[] dominatedChildren;
    private final int[] unreachable;
    private final long reachableBytes;
    private final long unreachableBytes;

    private DominatorTree(int[] dominator, long[] retained, long[] shallow, int[] dominatedStart,
            int[] dominatedChildren, int[] unreachable, long reachableBytes, long unreachableBytes) {
        this.dominator = dominator;
        this.retained = retained;
        this.shallow = shallow;
        this.dominatedStart = dominatedStart;
        this.dominatedChildren = dominatedChildren;
        this.unreachable = unreachable;
        this.reachableBytes = reachableBytes;
        this.unreachableBytes = unreachableBytes;
    }

    /**
     * Computes dominators and retained sizes. Cost: O(references · log objects) time, single-threaded but
     * for the final row sort (common fork-join pool); memory 24 bytes per object plus 4 per retaining
     * reference while computing dominators; the result keeps 20 bytes per object (dominator, retained,
     * row starts, children), which is also the peak after the dominator pass.
     * Cancellable through {@code progress}; never call on the UI thread.
     */
    public static DominatorTree compute(RetainingGraph g, Progress progress) {
        var r = SemiNca.run(g, progress);
        int n = g.objectCount();
        int count = r.count();
        int[] vertex = r.vertex(), idom = r.idom();
        r = null;
        int[] dom = new int[n]; // object → immediate dominator object
        java.util.Arrays.fill(dom, UNREACHABLE);
        for (int i = 1; i < count; i++) {
            int d = idom[i];
            dom[vertex[i]] = d == 0 ? VIRTUAL_ROOT : vertex[d];
        }
        long[] shallow = g.shallow();
        int unreachableCount = 0;
        long unreachableBytes = 0;
        for (int o = 0; o < n; o++) {
            if (dom[o] == UNREACHABLE) {
                unreachableCount++;
                unreachableBytes += shallow[o];
            }
        }
        idom = null; // from here the tree is dom; vertex still gives the order
        progress.phase("Computing retained sizes", count);
        long[] retained = shallow.clone();
        long reachableBytes = 0;
        for (int i = count - 1; i >= 1; i--) { // reverse preorder: every child before its dominator
            int o = vertex[i];
            int d = dom[o];
            if (d >= 0) retained[d] += retained[o]; else reachableBytes += retained[o];
        }
        vertex = null;
        progress.checkCanceled();
        // children rows: row 0 = virtual root, row o + 1 = object o
        int[] start = new int[n + 2];
        for (int o = 0; o < n; o++) {
            if (dom[o] != UNREACHABLE) start[dom[o] + 2]++;
        }
        for (int i = 0; i <= n; i++) start[i + 1] += start[i];
        int total = start[n + 1];
        int[] children = new int[total];
        int[] unreachable = new int[unreachableCount];
        int u = 0;
        for (int o = 0; o < n; o++) {
            int d = dom[o];
            if (d == UNREACHABLE) unreachable[u++] = o; else children[--start[d + 2]] = o; // fills each row from its end
        }
        System.arraycopy(start, 1, start, 0, n + 1); // start[row + 1] now held row's start
        start[n + 1] = total;
        progress.phase("Sorting the dominator tree", n + 1);
        sortRows(start, children, retained, progress);
        return new DominatorTree(dom, retained, shallow, start, children, unreachable, reachableBytes,
                unreachableBytes);
    }

    /**
     * A tree read back from storage (the arrays {@link #compute} produced, e.g. from the index store's
     * result columns). Derived values (unreachable list, totals) are recomputed: O(objects).
     */
    public static DominatorTree restore(int[] dominator, long[] retained, long[] shallow, int[] dominatedStart,
            int[] dominatedChildren) {
        int n = dominator.length;
        if (retained.length != n || shallow.length != n || dominatedStart.length != n + 2
                || dominatedStart[n + 1] != dominatedChildren.length) {
            throw new IllegalArgumentException("dominator tree columns do not fit together");
        }
        var unreachable = new it.unimi.dsi.fastutil.ints.IntArrayList();
        long unreachableBytes = 0, reachableBytes = 0;
        for (int o = 0; o < n; o++) {
            if (dominator[o] == UNREACHABLE) {
                unreachable.add(o);
                unreachableBytes += shallow[o];
            } else if (dominator[o] == VIRTUAL_ROOT) {
                reachableBytes += retained[o];
            }
        }
        return new DominatorTree(dominator, retained, shallow, dominatedStart, dominatedChildren,
                unreachable.toIntArray(), reachableBytes, unreachableBytes);
    }

    private static final int ROWS_PER_TASK = 1 << 16;
    private static final int BIG_ROW = 1 << 16;

    /**
     * Sorts every row by retained size descending, ties by id. Rows are independent, so blocks of rows
     * go to the common fork-join pool, and rows of at least {@code BIG_ROW} children (a fan under the
     * virtual root) are sorted by a parallel quicksort.
     */
    private static void sortRows(int[] start, int[] children, long[] retained, Progress progress) {
        IntComparator bySize = (a, b) -> {
            int c = Long.compare(retained[b], retained[a]);
            return c != 0 ? c : Integer.compare(a, b);
        };
        int rows = start.length - 1;
        IntStream.range(0, (rows + ROWS_PER_TASK - 1) / ROWS_PER_TASK).parallel().forEach(block -> {
            progress.checkCanceled();
            for (int row = block * ROWS_PER_TASK, end = Math.min(rows, row + ROWS_PER_TASK); row < end; row++) {
                int from = start[row], to = start[row + 1];
                if (to - from > 1 && to - from < BIG_ROW) IntArrays.quickSort(children, from, to, bySize);
            }
        });
        for (int row = 0; row < rows; row++) {
            int from = start[row], to = start[row + 1];
            if (to - from >= BIG_ROW) {
                progress.checkCanceled();
                IntArrays.parallelQuickSort(children, from, to, bySize);
            }
        }
    }

    /** Object → immediate dominator, {@link #VIRTUAL_ROOT} or {@link #UNREACHABLE}. */
    public int[] dominator() { return dominator; }

    /** Object → retained size in bytes. */
    public long[] retained() { return retained; }

    /** Object → the size the retained sizes sum (V8 DevTools mode: after re-attribution). */
    public long[] shallow() { return shallow; }

    /** Row starts, length objectCount + 2: row 0 = virtual root, row o + 1 = object o. */
    public int[] dominatedStart() { return dominatedStart; }

    /** Row contents: dominated objects sorted by retained size descending. */
    public int[] dominatedChildren() { return dominatedChildren; }

    public int objectCount() { return dominator.length; }

    /** Children of {@code object} (or of the virtual root for {@link #VIRTUAL_ROOT}), biggest first. O(children). */
    public int[] children(int object) {
        int row = object + 1;
        return java.util.Arrays.copyOfRange(dominatedChildren, dominatedStart[row], dominatedStart[row + 1]);
    }

    public boolean isReachable(int object) { return dominator[object] != UNREACHABLE; }

    /** Objects no retaining path from a GC root reaches, ascending. */
    public int[] unreachable() { return unreachable; }

    public int reachableObjects() { return dominator.length - unreachable.length; }

    public long reachableBytes() { return reachableBytes; }

    public int unreachableObjects() { return unreachable.length; }

    public long unreachableBytes() { return unreachableBytes; }

    /** True when {@code a} dominates {@code b} (an object dominates itself). O(depth of b). */
    public boolean dominates(int a, int b) {
        for (int x = b; x >= 0; x = dominator[x]) {
            if (x == a) return true;
        }
        return false;
    }
}
