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

    NaiveDominators(RetainingGraph g) {
        int n = g.objectCount();
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
                retained[y] = g.shallow().get(y);
                continue;
            }
            int best = DominatorTree.VIRTUAL_ROOT;
            for (int x = 0; x < n; x++) {
                if (dominatedBy[x] != null && dominatedBy[x][y] && (best < 0 || size[x] < size[best])) best = x;
            }
            idom[y] = best;
            long sum = g.shallow().get(y);
            for (int z = 0; z < n; z++) {
                if (dominatedBy[y][z]) sum += g.shallow().get(z);
            }
            retained[y] = sum;
        }
    }

    private static boolean[] reach(RetainingGraph g, int removed) {
        boolean[] seen = new boolean[g.objectCount()];
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
