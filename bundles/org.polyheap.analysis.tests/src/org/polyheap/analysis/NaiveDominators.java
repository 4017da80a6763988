package org.polyheap.analysis;

import java.util.ArrayDeque;

/**
 * Dominators by the definition: y is dominated by x when removing x leaves y unreachable from the
 * roots. O(n · (n + m)); for checking the fast algorithm on small graphs only.
 */
final class NaiveDominators {
    final int[] idom;
    final long[] retained;
    final boolean[] reachable;

    /** Over every vertex of {@code g}: its objects, then its reachability group vertices (which have no size). */
    NaiveDominators(RetainingGraph g) {
        int n = g.vertexCount();
        reachable = reach(g, -1);
        boolean[][] dominatedBy = new boolean[n][]; // dominatedBy[x][y]: x dominates y (x != y)
        int[] size = new int[n];
        for (int x = 0; x < n; x++) {
            if (!reachable[x]) continue;
            boolean[] without = reach(g, x);
            dominatedBy[x] = new boolean[n];
            for (int y = 0; y < n; y++) {
                if (y != x && reachable[y] && !without[y]) {
                    dominatedBy[x][y] = true;
                    size[x]++;
                }
            }
        }
        idom = new int[n];
        retained = new long[n];
        for (int y = 0; y < n; y++) {
            if (!reachable[y]) {
                idom[y] = DominatorTree.UNREACHABLE;
                retained[y] = size(g, y);
                continue;
            }
            int best = DominatorTree.VIRTUAL_ROOT;
            for (int x = 0; x < n; x++) {
                if (dominatedBy[x] != null && dominatedBy[x][y] && (best < 0 || size[x] < size[best])) best = x;
            }
            idom[y] = best;
            long sum = size(g, y);
            for (int z = 0; z < n; z++) {
                if (dominatedBy[y][z]) sum += size(g, z);
            }
            retained[y] = sum;
        }
    }

    private static long size(RetainingGraph g, int vertex) {
        return vertex < g.objectCount() ? g.shallow().get(vertex) : 0;
    }

    private static boolean[] reach(RetainingGraph g, int removed) {
        boolean[] seen = new boolean[g.vertexCount()];
        var queue = new ArrayDeque<Integer>();
        for (int r : g.roots()) {
            if (r != removed && !seen[r]) {
                seen[r] = true;
                queue.add(r);
            }
        }
        while (!queue.isEmpty()) {
            int v = queue.poll();
            for (int p = g.outStart().get(v); p < g.outStart().get(v + 1); p++) {
                int w = g.outTarget().get(p);
                if (w != removed && !seen[w]) {
                    seen[w] = true;
                    queue.add(w);
                }
            }
        }
        return seen;
    }
}
