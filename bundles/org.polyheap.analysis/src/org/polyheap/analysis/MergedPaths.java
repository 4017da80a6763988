package org.polyheap.analysis;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.polyheap.model.HeapGraph;
import org.polyheap.model.ReferenceKind;

/**
 * MAT's "merge shortest paths to GC roots": the shortest path of each object of a set, merged into one
 * tree from the roots down, each node counting the set's objects whose path runs through it.
 */
public final class MergedPaths {

    /**
     * A node of the merged tree.
     *
     * @param object       the object
     * @param viaReference the reference from the parent node's object to this object (null for a root)
     * @param objects      how many of the set's objects have their shortest path through this node
     * @param children     nodes further from the root
     */
    public record Node(int object, Reference viaReference, int objects, List<Node> children) { }

    private MergedPaths() { }

    /**
     * Merges the shortest path of each object (objects with no path are left out). One breadth-first
     * search per object, stopped at its first root; run off the UI thread.
     */
    public static List<Node> of(HeapGraph graph, int[] objects, Set<ReferenceKind> excluded) {
        return of(PathIndex.of(graph, org.polyheap.model.Progress.NONE), objects, excluded);
    }

    /** As {@link #of(HeapGraph, int[], Set)}, over a prepared index. */
    public static List<Node> of(PathIndex index, int[] objects, Set<ReferenceKind> excluded) {
        var roots = new LinkedHashMap<Integer, Building>();
        for (int o : objects) {
            var paths = PathsToRoots.of(index, o, excluded, org.polyheap.model.Progress.NONE);
            if (!paths.hasNext()) continue;
            var steps = paths.next().steps();
            Map<Integer, Building> level = roots;
            Reference via = null;
            for (int i = steps.size() - 1; i >= 0; i--) {
                var step = steps.get(i);
                Building b = level.get(step.object());
                if (b == null) {
                    b = new Building(step.object(), via);
                    level.put(step.object(), b);
                }
                b.count++;
                via = step.viaReference() == null ? null : step.viaReference();
                level = b.children;
            }
        }
        return freeze(roots);
    }

    /** Turns the building tree into records top-down, without recursion (paths can be very long). */
    private static List<Node> freeze(Map<Integer, Building> top) {
        var result = new ArrayList<Node>();
        var work = new java.util.ArrayDeque<Map.Entry<Map<Integer, Building>, List<Node>>>();
        work.add(Map.entry(top, result));
        while (!work.isEmpty()) {
            var item = work.poll();
            List<Node> out = item.getValue();
            for (var b : item.getKey().values()) {
                var kids = new ArrayList<Node>();
                out.add(new Node(b.object, b.via, b.count, java.util.Collections.unmodifiableList(kids)));
                work.add(Map.entry(b.children, kids));
            }
            out.sort((a, b) -> Integer.compare(b.objects(), a.objects()));
        }
        return java.util.Collections.unmodifiableList(result);
    }

    private static final class Building {
        final int object;
        final Reference via;
        int count;
        final Map<Integer, Building> children = new LinkedHashMap<>();

        Building(int object, Reference via) {
            this.object = object;
            this.via = via;
        }
    }
}
