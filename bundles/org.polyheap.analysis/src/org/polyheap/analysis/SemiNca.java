package org.polyheap.analysis;

import org.polyheap.model.Progress;

/**
 * Immediate dominators by the semi-NCA algorithm (Georgiadis; the variant LLVM uses): an iterative
 * depth-first numbering from a virtual root above all GC roots, semidominators by path-compressed
 * evaluation over predecessors in reverse preorder, then each immediate dominator as the nearest common
 * ancestor of the tree parent and the semidominator. No recursion: the depth-first search and the path
 * compression use explicit stacks, so a million-long chain is fine.
 *
 * <p>Working memory: six int arrays of objectCount + 1 (24 bytes per object), the predecessors in
 * preorder-number space (4 bytes per object and per retaining reference, freed at the end), and the
 * compression stack (the longest compressed path). Vertex numbers are preorder numbers; number 0 is
 * the virtual root.
 */
final class SemiNca {
    static final int UNREACHED = -1;

    /** Output: object → preorder number (or UNREACHED), number → object, number → immediate dominator number. */
    record Result(int[] preorder, int[] vertex, int[] idom, int count) { }

    private SemiNca() { }

    static Result run(RetainingGraph g, Progress progress) {
        int n = g.objectCount();
        int[] pre = new int[n];
        java.util.Arrays.fill(pre, UNREACHED);
        int[] vertex = new int[n + 1];
        int[] parent = new int[n + 1];
        int[] semi = new int[n + 1];  // first the DFS edge cursor per vertex, then semidominators
        int[] label = new int[n + 1]; // first the DFS stack, then the vertex with least semi on the compressed path
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
        int[] anc = new int[count];
        for (int i = 0; i < count; i++) {
            anc[i] = parent[i];
            label[i] = i;
            semi[i] = i;
        }
        progress.phase("Computing semidominators", count);
        int[] stack = new int[64];
        for (int i = count - 1; i >= 1; i--) {
            if ((i & 0xffff) == 0) progress.checkCanceled();
            int s = parent[i];
            for (int p = predStart[i], end = predStart[i + 1]; p < end; p++) {
                int j = pred[p];
                if (j < i) { // not processed yet: its own number is its semidominator and its label
                    if (j < s) s = j;
                    continue;
                }
                int u;
                if (anc[j] <= i) {
                    u = label[j];
                } else {
                    // path compression over the already-processed part (numbers > i)
                    int sp = 0, v = j;
                    do {
                        if (sp == stack.length) stack = java.util.Arrays.copyOf(stack, sp * 2);
                        stack[sp++] = v;
                        v = anc[v];
                    } while (anc[v] > i);
                    int top = v, topLabel = label[top];
                    int x = top;
                    do {
                        x = stack[--sp];
                        anc[x] = anc[top];
                        int xl = label[x];
                        if (semi[topLabel] < semi[xl]) label[x] = topLabel; else topLabel = xl;
                        top = x;
                    } while (sp > 0);
                    u = label[x];
                }
                if (semi[u] < s) s = semi[u];
            }
            semi[i] = s;
        }
        progress.phase("Computing immediate dominators", count);
        int[] idom = parent; // parent[i] is replaced by the immediate dominator in increasing order
        for (int i = 1; i < count; i++) {
            int d = parent[i];
            while (d > semi[i]) d = idom[d];
            idom[i] = d;
        }
        return new Result(pre, vertex, idom, count);
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
