package org.polyheap.parser.fuchsia;

import java.util.Arrays;

import org.polyheap.model.GcRoot;
import org.polyheap.model.RootKind;

import it.unimi.dsi.fastutil.ints.IntArrayList;

/**
 * The root model of a conservative heap: a block no other block points to is a root
 * ({@link RootKind#NO_INCOMING}); blocks still unreachable from those lie on or below cycles, and
 * each strongly connected group of them that no other such group points to gets one root, its
 * lowest object id ({@link RootKind#CYCLE_REPRESENTATIVE}). Every block is then reachable from a
 * root, and no root is reachable from another group. One reachability pass and one iterative
 * Tarjan SCC pass: O(objects + edges) time, six int arrays of objects. Not thread-safe.
 */
final class ConservativeRoots {
    private ConservativeRoots() { }

    /** Roots, no-incoming ones first (ascending ids), then cycle representatives (ascending ids). */
    static GcRoot[] compute(int n, int[] outStart, int[] target) {
        boolean[] hasIncoming = new boolean[n];
        for (int t : target) hasIncoming[t] = true;
        boolean[] reached = new boolean[n];
        var roots = new IntArrayList();
        int[] queue = new int[n];
        int tail = 0;
        for (int v = 0; v < n; v++) {
            if (!hasIncoming[v]) { roots.add(v); reached[v] = true; queue[tail++] = v; }
        }
        int noIncoming = roots.size();
        tail = spread(queue, 0, tail, outStart, target, reached);

        // Tarjan over the unreached part; a node is on the stack iff visited and not yet in a component.
        int[] index = new int[n], low = new int[n], comp = new int[n];
        Arrays.fill(index, -1);
        Arrays.fill(comp, -1);
        int[] stack = new int[n], callNode = new int[n], callEdge = new int[n];
        var compMin = new IntArrayList();
        int counter = 0, sp = 0;
        for (int s = 0; s < n; s++) {
            if (reached[s] || index[s] >= 0) continue;
            int csp = 0;
            index[s] = low[s] = counter++;
            stack[sp++] = s;
            callNode[csp] = s; callEdge[csp] = outStart[s]; csp++;
            while (csp > 0) {
                int v = callNode[csp - 1];
                int e = callEdge[csp - 1];
                if (e < outStart[v + 1]) {
                    callEdge[csp - 1]++;
                    int w = target[e];
                    if (reached[w]) continue;
                    if (index[w] < 0) {
                        index[w] = low[w] = counter++;
                        stack[sp++] = w;
                        callNode[csp] = w; callEdge[csp] = outStart[w]; csp++;
                    } else if (comp[w] < 0) {
                        low[v] = Math.min(low[v], index[w]);
                    }
                } else {
                    csp--;
                    if (low[v] == index[v]) {
                        int id = compMin.size(), min = Integer.MAX_VALUE, x;
                        do { x = stack[--sp]; comp[x] = id; min = Math.min(min, x); } while (x != v);
                        compMin.add(min);
                    }
                    if (csp > 0) { int u = callNode[csp - 1]; low[u] = Math.min(low[u], low[v]); }
                }
            }
        }
        // A group is a source when no edge enters it from another unreached group.
        boolean[] entered = new boolean[compMin.size()];
        for (int v = 0; v < n; v++) {
            if (reached[v]) continue;
            for (int e = outStart[v]; e < outStart[v + 1]; e++) {
                int w = target[e];
                if (!reached[w] && comp[w] != comp[v]) entered[comp[w]] = true;
            }
        }
        var reps = new IntArrayList();
        for (int c = 0; c < entered.length; c++) if (!entered[c]) reps.add(compMin.getInt(c));
        reps.sort(null);
        GcRoot[] out = new GcRoot[noIncoming + reps.size()];
        for (int i = 0; i < noIncoming; i++) out[i] = new GcRoot(roots.getInt(i), RootKind.NO_INCOMING, -1, -1);
        for (int i = 0; i < reps.size(); i++) {
            out[noIncoming + i] = new GcRoot(reps.getInt(i), RootKind.CYCLE_REPRESENTATIVE, -1, -1);
        }
        return out;
    }

    private static int spread(int[] queue, int head, int tail, int[] outStart, int[] target, boolean[] reached) {
        while (head < tail) {
            int v = queue[head++];
            for (int e = outStart[v]; e < outStart[v + 1]; e++) {
                int w = target[e];
                if (!reached[w]) { reached[w] = true; queue[tail++] = w; }
            }
        }
        return tail;
    }
}
