package org.polyheap.analysis;

import org.polyheap.model.Progress;

/**
 * Immediate dominators by the semi-NCA algorithm (Georgiadis; the variant LLVM uses): an iterative
 * depth-first numbering from a virtual root above all GC roots, semidominators by path-compressed
 * evaluation over predecessors in reverse preorder, then each immediate dominator as the nearest common
 * ancestor of the tree parent and the semidominator. No recursion: the depth-first search and the path
 * compression use explicit stacks, so a million-long chain is fine.
 *
 * <p>Working memory: while numbering, five int arrays of objectCount + 1 plus the predecessor row
 * starts (24 bytes per object), and the predecessors in number space (4 bytes per retaining
 * reference); then the object → number array and the DFS stack are dropped and the ancestor/best
 * pairs (8 bytes per object) take their place, so the semidominator pass also needs 24 bytes per
 * object plus 4 per reference. Plus the compression stack (the longest compressed path). Vertex
 * numbers are preorder numbers; 0 is the virtual root.
 */
final class SemiNca {
    static final int UNREACHED = -1;

    /** Output: number → object, number → immediate dominator number; numbers 1 .. count - 1 are objects. */
    record Result(int[] vertex, int[] idom, int count) { }

    private SemiNca() { }

    static Result run(RetainingGraph g, Progress progress) {
        int n = g.objectCount();
        int[] pre = new int[n];
        java.util.Arrays.fill(pre, UNREACHED);
        int[] vertex = new int[n + 1];
        int[] parent = new int[n + 1];
        int[] semi = new int[n + 1];  // first the DFS edge cursor per vertex, then semidominators
        int[] label = new int[n + 1]; // the DFS stack
        int[] predStart = new int[n + 2]; // predecessor counts by number, counted as the DFS meets each reference
        vertex[0] = -1;
        progress.phase("Numbering objects depth-first", n);
        int count = 1;
        for (int r : g.roots()) {
            if (pre[r] == UNREACHED) count = dfs(g, r, 0, count, pre, vertex, parent, semi, label, predStart, progress);
        }
        int anchor = g.adoptAnchor();
        if (anchor >= 0 && pre[anchor] != UNREACHED && count <= n) {
            // V8/DevTools: nodes with no retaining reference hang under the anchor, with what they reach ...
            for (int v = 0; v < n; v++) {
                if (pre[v] == UNREACHED && !g.hasRetainer(v)) {
                    count = dfs(g, v, pre[anchor], count, pre, vertex, parent, semi, label, predStart, progress);
                }
            }
            // ... then what is left (rings held only by each other) hangs under the anchor one by one
            int ringStart = count;
            for (int v = 0; v < n; v++) {
                if (pre[v] == UNREACHED) {
                    pre[v] = count;
                    vertex[count] = v;
                    parent[count++] = pre[anchor];
                }
            }
            int[] outStart = g.outStart(), outTarget = g.outTarget();
            for (int i = ringStart; i < count; i++) { // their references were not met by a DFS
                int v = vertex[i];
                for (int p = outStart[v]; p < outStart[v + 1]; p++) predStart[pre[outTarget[p]] + 1]++;
            }
        }
        int[] pred = predecessorsByNumber(g, pre, count, predStart, progress);
        pre = null; // not needed from here on: the caller maps numbers back through vertex
        label = null; // only the DFS stack
        // Per number, side by side so one cache line serves both: [2x] = ancestor in the forest of
        // processed vertices, [2x + 1] = least semidominator on x's compressed path (the semidominator
        // of the usual "label" vertex; only that value is ever compared).
        int[] forest = new int[2 * count];
        for (int i = 0; i < count; i++) {
            forest[2 * i] = parent[i];
            forest[2 * i + 1] = i;
        }
        progress.phase("Computing semidominators", count);
        int[] stack = new int[64];
        for (int i = count - 1; i >= 1; i--) {
            if ((i & 0xffff) == 0) progress.checkCanceled();
            int s = parent[i];
            for (int p = predStart[i], end = predStart[i + 1]; p < end; p++) {
                int j = pred[p];
                if (j < i) { // not processed yet: its own number is its semidominator
                    if (j < s) s = j;
                    continue;
                }
                int best;
                if (forest[2 * j] <= i) {
                    best = forest[2 * j + 1];
                } else {
                    // path compression over the already-processed part (numbers > i)
                    int sp = 0, v = j;
                    do {
                        if (sp == stack.length) stack = java.util.Arrays.copyOf(stack, sp * 2);
                        stack[sp++] = v;
                        v = forest[2 * v];
                    } while (forest[2 * v] > i);
                    int topAncestor = forest[2 * v], topBest = forest[2 * v + 1];
                    int x;
                    do {
                        x = stack[--sp];
                        forest[2 * x] = topAncestor;
                        int xBest = forest[2 * x + 1];
                        if (topBest < xBest) forest[2 * x + 1] = topBest; else topBest = xBest;
                    } while (sp > 0);
                    best = forest[2 * x + 1];
                }
                if (best < s) s = best;
            }
            semi[i] = s;
            forest[2 * i + 1] = s;
        }
        forest = null;
        progress.phase("Computing immediate dominators", count);
        int[] idom = parent; // parent[i] is replaced by the immediate dominator in increasing order
        for (int i = 1; i < count; i++) {
            int d = parent[i];
            while (d > semi[i]) d = idom[d];
            idom[i] = d;
        }
        return new Result(vertex, idom, count);
    }

    /**
     * Predecessors in preorder-number space, rows by number: the semidominator pass then reads its rows
     * in sequence and touches arrays near the current number, instead of jumping through object ids.
     * Only references between numbered vertices count. The rows were counted by the DFS (each reference
     * of a numbered vertex is met once there); this fills them in one pass. 4 bytes per vertex and per
     * reference, freed after the semidominator pass.
     */
    private static int[] predecessorsByNumber(RetainingGraph g, int[] pre, int count, int[] start, Progress progress) {
        int[] outStart = g.outStart(), outTarget = g.outTarget();
        int n = g.objectCount();
        progress.phase("Indexing predecessors", n);
        for (int i = 0; i < count; i++) start[i + 1] += start[i]; // start[i + 1] = end of row i
        int total = start[count];
        int[] pred = new int[total];
        for (int v = 0; v < n; v++) {
            int j = pre[v];
            if (j == UNREACHED) continue;
            if ((v & 0xfffff) == 0) progress.checkCanceled();
            for (int p = outStart[v], end = outStart[v + 1]; p < end; p++) pred[--start[pre[outTarget[p]] + 1]] = j;
        }
        System.arraycopy(start, 1, start, 0, count); // start[i + 1] held row i's start after the fill
        start[count] = total;
        return pred;
    }

    /** Iterative depth-first numbering from {@code start}, whose tree parent is number {@code parentNumber}. */
    private static int dfs(RetainingGraph g, int start, int parentNumber, int count, int[] pre, int[] vertex,
            int[] parent, int[] cursor, int[] stack, int[] predCount, Progress progress) {
        int[] outStart = g.outStart(), outTarget = g.outTarget();
        int sp = 0;
        pre[start] = count;
        vertex[count] = start;
        parent[count] = parentNumber;
        cursor[count] = outStart[start];
        stack[sp++] = count++;
        while (sp > 0) {
            int num = stack[sp - 1];
            int v = vertex[num];
            int c = cursor[num], end = outStart[v + 1];
            int seen;
            while (c < end && (seen = pre[outTarget[c]]) != UNREACHED) {
                predCount[seen + 1]++;
                c++;
            }
            if (c == end) {
                cursor[num] = c;
                sp--;
                continue;
            }
            cursor[num] = c + 1;
            int w = outTarget[c];
            if ((count & 0xffff) == 0) progress.checkCanceled();
            pre[w] = count;
            predCount[count + 1]++;
            vertex[count] = w;
            parent[count] = num;
            cursor[count] = outStart[w];
            stack[sp++] = count++;
        }
        return count;
    }
}
