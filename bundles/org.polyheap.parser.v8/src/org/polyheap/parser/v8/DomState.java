package org.polyheap.parser.v8;

import it.unimi.dsi.fastutil.ints.IntArrayList;

import org.polyheap.model.format.V8ObjectTypes;

/**
 * Detached-DOM state per node as DevTools computes it: the file's {@code detachedness} seeds,
 * then "attached" flows to native children first, then "detached" flows to native children that
 * are not attached. Only native nodes change. Cost: linear in nodes plus native-to-native edges
 * times log of those edges; memory one byte per node plus 8 bytes per such edge.
 */
final class DomState {
    static final byte UNKNOWN = V8ObjectTypes.DOM_UNKNOWN, ATTACHED = V8ObjectTypes.DOM_ATTACHED,
            DETACHED = V8ObjectTypes.DOM_DETACHED;

    private DomState() { }

    /**
     * Propagates in place.
     *
     * @param state      per node ordinal, seeded from the file; updated
     * @param nativeType node type index of {@code native}, or -1
     * @param domFrom    native-to-native edge sources, non-decreasing; {@code domTo} their targets
     */
    static void propagate(byte[] state, byte[] type, int nativeType, IntArrayList domFrom, IntArrayList domTo) {
        int n = state.length;
        int[] from = domFrom.toIntArray(); // sorted: a node's native edges are found by binary search
        int[] target = domTo.toIntArray();
        boolean[] visited = new boolean[n];
        var attached = new IntArrayList();
        var detached = new IntArrayList();
        for (int i = 0; i < n; i++) {
            if (state[i] != UNKNOWN) visit(i, state[i], state, type, nativeType, visited, attached, detached);
        }
        while (!attached.isEmpty()) {
            int p = attached.popInt();
            for (int e = first(from, p); e < from.length && from[e] == p; e++) {
                visit(target[e], ATTACHED, state, type, nativeType, visited, attached, detached);
            }
        }
        while (!detached.isEmpty()) {
            int p = detached.popInt();
            if (state[p] == ATTACHED) continue;
            for (int e = first(from, p); e < from.length && from[e] == p; e++) {
                visit(target[e], DETACHED, state, type, nativeType, visited, attached, detached);
            }
        }
    }

    /** Index of the first edge from {@code node} in the sorted sources, or where it would be. */
    private static int first(int[] from, int node) {
        int lo = 0, hi = from.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (from[mid] < node) lo = mid + 1;
            else hi = mid;
        }
        return lo;
    }

    private static void visit(int node, byte newState, byte[] state, byte[] type, int nativeType, boolean[] visited,
            IntArrayList attached, IntArrayList detached) {
        if (visited[node]) return;
        visited[node] = true;
        // state does not flow through JavaScript objects: every embedder entry point knows its own
        if (type[node] != nativeType) return;
        state[node] = newState;
        if (newState == ATTACHED) attached.add(node);
        else if (newState == DETACHED) detached.add(node);
    }
}
