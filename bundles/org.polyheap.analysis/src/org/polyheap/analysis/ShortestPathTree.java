package org.polyheap.analysis;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.polyheap.model.HeapGraph;
import org.polyheap.model.Progress;
import org.polyheap.model.ReferenceKind;

/**
 * The shortest paths from one root to every object at once: a breadth-first search over the
 * references that are not weak, keeping for each object the reference it was first reached by. A
 * path is then read back in O(its length), which makes per-object paths affordable for thousands of
 * objects where a search per object ({@link PathsToRoots}) is not. 12 bytes per object; one search.
 */
final class ShortestPathTree {
    private final HeapGraph g;
    private final int root;
    private final int[] parent; // -1: not reached
    private final long[] via; // the reference from parent

    private ShortestPathTree(HeapGraph g, int root, int[] parent, long[] via) {
        this.g = g;
        this.root = root;
        this.parent = parent;
        this.via = via;
    }

    /** Searches from {@code root}. O(objects + references); cancellable. */
    static ShortestPathTree of(HeapGraph g, int root, Progress progress) {
        int n = g.objectCount();
        int[] parent = new int[n];
        long[] via = new long[n];
        Arrays.fill(parent, -1);
        int weak = ReferenceKind.WEAK.code();
        int[] queue = new int[n];
        int head = 0, tail = 0;
        queue[tail++] = root;
        parent[root] = root;
        while (head < tail) {
            if ((head & 0xffff) == 0) progress.checkCanceled();
            int x = queue[head++];
            for (long r = g.outStart().get(x), end = g.outStart().get(x + 1L); r < end; r++) {
                int t = g.outTarget().get(r);
                if (parent[t] != -1 || g.outKind().get(r) == weak) continue;
                parent[t] = x;
                via[t] = r;
                queue[tail++] = t;
            }
        }
        return new ShortestPathTree(g, root, parent, via);
    }

    /**
     * The path from the root to {@code o} as a cluster key: per step the holder's class and the reference
     * name ({@code Array.[]} for any element or hidden slot, and for a reference named by a number), then {@code o}'s class; node ids in class
     * names ({@code @123}) left out. Null when the search did not reach {@code o}.
     */
    List<String> signature(int o) {
        if (parent[o] == -1) return null;
        var steps = new ArrayList<String>();
        steps.add(className(o));
        for (int x = o; x != root; x = parent[x]) {
            long r = via[x];
            var kind = ReferenceKind.ofCode(g.outKind().get(r));
            String edge = kind == ReferenceKind.ELEMENT || kind == ReferenceKind.HIDDEN ? "[]"
                    : Reference.nameOf(g, kind, g.outName().get(r));
            if (isIndex(edge)) edge = "[]"; // a slot of a Map or Set table, or of the GC roots' lists: named by its index
            steps.add(className(parent[x]) + "." + edge);
        }
        java.util.Collections.reverse(steps);
        return List.copyOf(steps);
    }

    private static boolean isIndex(String name) {
        if (name.isEmpty()) return false;
        for (int i = 0; i < name.length(); i++) if (name.charAt(i) < '0' || name.charAt(i) > '9') return false;
        return true;
    }

    private String className(int o) {
        return g.classes().get(g.objectClass().get(o)).name().replaceAll(" @\\d+", "");
    }
}
