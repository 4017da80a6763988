package org.polyheap.analysis;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.TreeSet;
import java.util.function.BooleanSupplier;

import org.polyheap.model.GcRoot;
import org.polyheap.model.HeapGraph;

/**
 * The shortest paths from one object to GC roots merged into one tree rooted at the object, as the
 * window's Paths to GC Roots shows them: each node is an object that holds its parent node's object,
 * paths that share their first steps share nodes. Built from {@link PathsToRoots} (shortest first);
 * O(steps of the paths taken) on top of their search. Run off the UI thread.
 */
public final class RootPathTree {

    /**
     * One object of the tree.
     *
     * @param object    the object
     * @param via       the name of the reference by which it holds its parent's object (null at the top)
     * @param rootKinds the kinds of GC root the object is ({@link #rootKinds}), or null when it is none
     * @param children  objects that hold this one, in the order the paths were found
     */
    public record Node(int object, String via, String rootKinds, List<Node> children) { }

    /** The tree and how many paths went into it ({@code paths} = {@code max} means there may be more). */
    public record Result(Node top, int paths) { }

    private RootPathTree() { }

    /**
     * Merges up to {@code max} paths of {@code paths} (which start at {@code object}), stopping early
     * when {@code canceled} says so. A path of length 0 (the object is itself a root) adds no node.
     */
    public static Result merge(HeapGraph graph, int object, Iterator<PathsToRoots.Path> paths, int max,
            BooleanSupplier canceled) {
        var b = new Builder(graph, object);
        while (b.paths() < max && !canceled.getAsBoolean() && paths.hasNext()) b.add(paths.next());
        return b.result();
    }

    /** Merges paths one at a time, so a view can show the tree as the paths come in. Not thread-safe. */
    public static final class Builder {
        private final HeapGraph graph;
        private final Building top;
        private int paths;

        public Builder(HeapGraph graph, int object) {
            this.graph = graph;
            this.top = new Building(object, null, rootKinds(graph, object));
        }

        /** Adds a path that starts at the tree's object; one of length 0 adds nothing. O(path length × siblings). */
        public void add(PathsToRoots.Path path) {
            if (path.length() == 0) return;
            paths++;
            Building at = top;
            for (int i = 1; i < path.steps().size(); i++) {
                var step = path.steps().get(i);
                Building next = at.child(step.object());
                if (next == null) {
                    boolean last = i == path.steps().size() - 1;
                    String via = step.viaReference() == null ? null : step.viaReference().label();
                    next = new Building(step.object(), via, last ? rootKinds(graph, step.object()) : null);
                    at.children.add(next);
                }
                at = next;
            }
        }

        /** Paths added so far. */
        public int paths() { return paths; }

        /** The tree as it stands (an immutable copy). O(nodes). */
        public Result result() { return new Result(top.freeze(), paths); }
    }

    /** The GC root kinds of {@code object}, sorted and comma-separated ("JNI global, thread"), or null when it is no root. O(roots). */
    public static String rootKinds(HeapGraph graph, int object) {
        var kinds = new TreeSet<String>();
        for (GcRoot r : graph.gcRoots()) if (r.object() == object) kinds.add(r.kind().label());
        return kinds.isEmpty() ? null : String.join(", ", kinds);
    }

    private static final class Building {
        final int object;
        final String via, rootKinds;
        final List<Building> children = new ArrayList<>();

        Building(int object, String via, String rootKinds) {
            this.object = object;
            this.via = via;
            this.rootKinds = rootKinds;
        }

        Building child(int o) {
            for (Building c : children) if (c.object == o) return c;
            return null;
        }

        /** Immutable nodes, made bottom-up without recursion (paths can be thousands of steps long). */
        Node freeze() {
            var order = new ArrayList<Building>();
            var stack = new ArrayList<Building>(List.of(this));
            while (!stack.isEmpty()) {
                Building b = stack.removeLast();
                order.add(b);
                stack.addAll(b.children);
            }
            var frozen = new java.util.IdentityHashMap<Building, Node>();
            for (int i = order.size() - 1; i >= 0; i--) {
                Building b = order.get(i);
                var kids = new ArrayList<Node>(b.children.size());
                for (Building c : b.children) kids.add(frozen.get(c));
                frozen.put(b, new Node(b.object, b.via, b.rootKinds, Collections.unmodifiableList(kids)));
            }
            return frozen.get(this);
        }
    }
}
