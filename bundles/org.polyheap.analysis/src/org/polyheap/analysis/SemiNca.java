package org.polyheap.analysis;

import org.polyheap.model.Progress;

/**
 * Immediate dominators by the semi-NCA algorithm (Georgiadis; the variant LLVM uses): an iterative
 * depth-first numbering from a virtual root above all GC roots, semidominators by path-compressed
 * evaluation over predecessors in reverse preorder, then each immediate dominator as the nearest common
 * ancestor of the tree parent and the semidominator. No recursion: the depth-first search and the path
 * compression use explicit stacks, so a million-long chain is fine.
 *
 * <p>Working memory, all in the given {@link WorkArrays} (heap or mapped): while numbering, four int
 * arrays of objectCount + 1 plus the predecessor row starts (20 bytes per object) and a stack as deep
 * as the longest path, and the
 * predecessors in number space (4 bytes per retaining reference); then the object → number array and
 * the DFS stack are dropped and the ancestor/best pairs (8 bytes per object) take their place, so the
 * semidominator pass also needs 24 bytes per object plus 4 per reference. Plus the compression stack
 * (the longest compressed path, heap). Vertex numbers are preorder numbers; 0 is the virtual root.
 */
final class SemiNca {
    static final int UNREACHED = -1;

    /** Output: number → object, number → immediate dominator number; numbers 1 .. count - 1 are objects. */
    record Result(IntArray vertex, IntArray idom, int count) { }

    private SemiNca() { }

    /** The DFS state: arrays by object ({@code pre}) and by number (the rest). */
    private record Dfs(RetainingGraph g, IntArray pre, IntArray vertex, IntArray parent, IntArray cursor,
            Stack stack, IntArray predCount, Progress progress) { }

    /**
     * The DFS stack of numbers, grown by doubling in the work arrays: as deep as the longest path, which
     * is rarely more than a sliver of the objects, so it is not sized for all of them up front.
     */
    private static final class Stack {
        private final WorkArrays work;
        private IntArray items;

        Stack(WorkArrays work, long limit) {
            this.work = work;
            items = work.ints(Math.min(limit, 1 << 16));
        }

        int get(int at) { return items.get(at); }

        void set(int at, int value) {
            if (at == items.size()) {
                IntArray bigger = work.ints(Math.min(Integer.MAX_VALUE - 8, 2 * items.size()));
                items.copyPrefixTo(bigger, items.size());
                items = bigger;
            }
            items.set(at, value);
        }
    }

    /**
     * A depth-first numbering from a graph's roots, begun before the graph's reachability groups were
     * added ({@link #number}): what it numbers is exactly the strongly reachable objects, which
     * {@link ReachabilityGroups#classify(RetainingGraph, WeakEdges, Numbering, Progress)} then takes
     * instead of a marking of its own, and {@link #run} goes on from the group vertices. The groups
     * change no strongly reachable object's row, so the numbers are those of a numbering of the final
     * graph. The arrays are the caller's to release, as {@link #run}'s.
     */
    static final class Numbering {
        private final IntArray pre, vertex, parent, cursor, predStart;
        private final int capacity;
        private Stack stack;
        private int count = 1;
        private int rootsDone;

        private Numbering(WorkArrays work, int capacity) {
            this.capacity = capacity;
            pre = work.ints(capacity);
            pre.fill(UNREACHED);
            vertex = work.ints(capacity + 1L);
            parent = work.ints(capacity + 1L);
            cursor = work.ints(capacity + 1L);  // first the DFS edge cursor per vertex, then semidominators
            predStart = work.ints(capacity + 2L); // predecessor counts by number, counted as the DFS meets each reference
            stack = new Stack(work, capacity + 1L);
            vertex.set(0, -1);
        }

        /** True when the numbering reached {@code object}. */
        boolean numbered(int object) { return pre.get(object) != UNREACHED; }

        /** Numbers what the roots of {@code g} not numbered yet reach, in root order. */
        private void fromRoots(RetainingGraph g, Progress progress) {
            if (g.vertexCount() > capacity) throw new IllegalArgumentException("a graph of " + g.vertexCount() + " vertices, numbering for " + capacity);
            var dfs = new Dfs(g, pre, vertex, parent, cursor, stack, predStart, progress);
            int[] roots = g.roots();
            for (; rootsDone < roots.length; rootsDone++) {
                int r = roots[rootsDone];
                if (pre.get(r) == UNREACHED) count = dfs(dfs, r, 0, count);
            }
        }
    }

    /**
     * Begins the dominator pass of a graph to which {@code extraVertices} group vertices will be added
     * (as the last vertices and roots): numbers what its roots reach. Runs on the calling thread.
     */
    static Numbering number(RetainingGraph g, int extraVertices, WorkArrays work, Progress progress) {
        var numbering = new Numbering(work, g.vertexCount() + extraVertices);
        progress.phase("Numbering objects depth-first", g.vertexCount());
        numbering.fromRoots(g, progress);
        return numbering;
    }

    /**
     * Runs on the calling thread, going on from {@link RetainingGraph#numbering} when the graph has one;
     * the arrays come from {@code work} and are the caller's to release.
     */
    static Result run(RetainingGraph g, WorkArrays work, Progress progress) {
        int n = g.vertexCount();
        Numbering numbering = g.takeNumbering();
        if (numbering == null) {
            numbering = new Numbering(work, n);
            progress.phase("Numbering objects depth-first", n);
        }
        numbering.fromRoots(g, progress);
        IntArray pre = numbering.pre, vertex = numbering.vertex, parent = numbering.parent, semi = numbering.cursor,
                predStart = numbering.predStart;
        int count = numbering.count;
        var dfs = new Dfs(g, pre, vertex, parent, semi, numbering.stack, predStart, progress);
        int anchor = g.adoptAnchor();
        if (anchor >= 0 && pre.get(anchor) != UNREACHED && count <= n) count = adoptUnreached(dfs, anchor, count);
        numbering.stack = null;
        dfs = null; // drops the DFS stack
        IntArray pred = predecessorsByNumber(g, pre, count, predStart, work, progress);
        pre = null; // not needed from here on: the caller maps numbers back through vertex
        // Per number, side by side so one cache line serves both: [2x] = ancestor in the forest of
        // processed vertices, [2x + 1] = least semidominator on x's compressed path (the semidominator
        // of the usual "label" vertex; only that value is ever compared).
        IntArray forest = work.ints(2L * count);
        initForest(forest, parent, count);
        progress.phase("Computing semidominators", count);
        semidominators(count, parent, semi, predStart, pred, forest, progress);
        forest = null;
        pred = null;
        progress.phase("Computing immediate dominators", count);
        IntArray idom = parent; // parent[i] is replaced by the immediate dominator in increasing order
        immediateDominators(idom, semi, count);
        return new Result(vertex, idom, count);
    }

    // The loops of run() are methods of their own: each is compiled alone when it gets hot (an
    // on-stack replacement of one large method compiled all of it, once per loop)

    /**
     * V8/DevTools: nodes with no retaining reference hang under the anchor, with what they reach; then
     * what is left (rings held only by each other) hangs under the anchor one by one. Returns the count.
     */
    private static int adoptUnreached(Dfs d, int anchor, int count) {
        IntArray pre = d.pre, vertex = d.vertex, parent = d.parent;
        int n = d.g.vertexCount(), anchorNumber = pre.get(anchor);
        for (int v = 0; v < n; v++) {
            if (pre.get(v) == UNREACHED && !d.g.hasRetainer(v)) count = dfs(d, v, anchorNumber, count);
        }
        int ringStart = count;
        for (int v = 0; v < n; v++) {
            if (pre.get(v) == UNREACHED) {
                pre.set(v, count);
                vertex.set(count, v);
                parent.set(count++, anchorNumber);
            }
        }
        IntArray outStart = d.g.outStart(), outTarget = d.g.outTarget(), predCount = d.predCount;
        for (int i = ringStart; i < count; i++) { // their references were not met by a DFS
            int v = vertex.get(i);
            for (int p = outStart.get(v), end = outStart.get(v + 1); p < end; p++) {
                predCount.add(pre.get(outTarget.get(p)) + 1, 1);
            }
        }
        return count;
    }

    /** Each number's forest ancestor starts as its tree parent, its best semidominator as itself. */
    private static void initForest(IntArray forest, IntArray parent, int count) {
        for (int i = 0; i < count; i++) {
            forest.set(2L * i, parent.get(i));
            forest.set(2L * i + 1, i);
        }
    }

    /** Replaces each parent by the immediate dominator: the nearest ancestor not above the semidominator. */
    private static void immediateDominators(IntArray idom, IntArray semi, int count) {
        for (int i = 1; i < count; i++) {
            int d = idom.get(i), s = semi.get(i);
            while (d > s) d = idom.get(d);
            idom.set(i, d);
        }
    }

    /** Semidominators in reverse preorder with path-compressed evaluation; writes {@code semi}. */
    private static void semidominators(int count, IntArray parent, IntArray semi, IntArray predStart, IntArray pred,
            IntArray forest, Progress progress) {
        int[] stack = new int[64];
        for (int i = count - 1; i >= 1; i--) {
            if ((i & 0xffff) == 0) progress.checkCanceled();
            int s = parent.get(i);
            for (int p = predStart.get(i), end = predStart.get(i + 1); p < end; p++) {
                int j = pred.get(p);
                if (j < i) { // not processed yet: its own number is its semidominator
                    if (j < s) s = j;
                    continue;
                }
                int best;
                if (forest.get(2L * j) <= i) {
                    best = forest.get(2L * j + 1);
                } else {
                    // path compression over the already-processed part (numbers > i)
                    int sp = 0, v = j;
                    do {
                        if (sp == stack.length) stack = java.util.Arrays.copyOf(stack, sp * 2);
                        stack[sp++] = v;
                        v = forest.get(2L * v);
                    } while (forest.get(2L * v) > i);
                    int topAncestor = forest.get(2L * v), topBest = forest.get(2L * v + 1);
                    int x;
                    do {
                        x = stack[--sp];
                        forest.set(2L * x, topAncestor);
                        int xBest = forest.get(2L * x + 1);
                        if (topBest < xBest) forest.set(2L * x + 1, topBest); else topBest = xBest;
                    } while (sp > 0);
                    best = forest.get(2L * x + 1);
                }
                if (best < s) s = best;
            }
            semi.set(i, s);
            forest.set(2L * i + 1, s);
        }
    }

    /**
     * Predecessors in preorder-number space, rows by number: the semidominator pass then reads its rows
     * in sequence and touches arrays near the current number, instead of jumping through object ids.
     * Only references between numbered vertices count. The rows were counted by the DFS (each reference
     * of a numbered vertex is met once there); this fills them in one pass. 4 bytes per vertex and per
     * reference, freed after the semidominator pass.
     */
    private static IntArray predecessorsByNumber(RetainingGraph g, IntArray pre, int count, IntArray start,
            WorkArrays work, Progress progress) {
        IntArray outStart = g.outStart(), outTarget = g.outTarget();
        int n = g.vertexCount();
        progress.phase("Indexing predecessors", n);
        int sum = 0;
        for (int i = 0; i <= count; i++) start.set(i, sum += start.get(i)); // start[i + 1] = end of row i
        int total = start.get(count);
        IntArray pred = work.ints(total);
        for (int v = 0; v < n; v++) {
            int j = pre.get(v);
            if (j == UNREACHED) continue;
            if ((v & 0xfffff) == 0) progress.checkCanceled();
            for (int p = outStart.get(v), end = outStart.get(v + 1); p < end; p++) {
                pred.set(start.add(pre.get(outTarget.get(p)) + 1, -1), j);
            }
        }
        start.copyWithin(1, 0, count); // start[i + 1] held row i's start after the fill
        start.set(count, total);
        return pred;
    }

    /** Iterative depth-first numbering from {@code start}, whose tree parent is number {@code parentNumber}. */
    private static int dfs(Dfs d, int start, int parentNumber, int count) {
        IntArray outStart = d.g.outStart(), outTarget = d.g.outTarget();
        IntArray pre = d.pre, vertex = d.vertex, parent = d.parent, cursor = d.cursor, predCount = d.predCount;
        Stack stack = d.stack;
        int sp = 0;
        pre.set(start, count);
        vertex.set(count, start);
        parent.set(count, parentNumber);
        cursor.set(count, outStart.get(start));
        stack.set(sp++, count++);
        while (sp > 0) {
            int num = stack.get(sp - 1);
            int v = vertex.get(num);
            int c = cursor.get(num), end = outStart.get(v + 1);
            int seen;
            while (c < end && (seen = pre.get(outTarget.get(c))) != UNREACHED) {
                predCount.add(seen + 1, 1);
                c++;
            }
            if (c == end) {
                cursor.set(num, c);
                sp--;
                continue;
            }
            cursor.set(num, c + 1);
            int w = outTarget.get(c);
            if ((count & 0xffff) == 0) d.progress.checkCanceled();
            pre.set(w, count);
            predCount.add(count + 1, 1);
            vertex.set(count, w);
            parent.set(count, num);
            cursor.set(count, outStart.get(w));
            stack.set(sp++, count++);
        }
        return count;
    }
}
