package org.polyheap.analysis;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;

import org.polyheap.model.HeapGraph;
import org.polyheap.model.ObjectInspector;
import org.polyheap.model.Progress;
import org.polyheap.model.format.V8NodeType;
import org.polyheap.model.format.V8ObjectTypes;

import it.unimi.dsi.fastutil.ints.IntArrayList;

/**
 * The closures of a V8 snapshot grouped by function: the function's name (the node's name, V8's
 * {@code SharedFunctionInfo} name; {@code (anonymous)} when empty) and its source location (the
 * snapshot's {@code locations} entry for the closure, as the format's inspector writes it: {@code
 * script:line:column}, from 1). Every closure made by one function expression falls in one group, so a
 * function that is called in a loop and whose closures are kept shows as one row with its count.
 */
public final class Closures {
    /** The name shown for a function without one. */
    public static final String ANONYMOUS = "(anonymous)";
    /** The inspector fact that holds a node's source location. */
    public static final String LOCATION_FACT = "Location";

    /**
     * Closures of one function.
     *
     * @param name     function name
     * @param location {@code script:line:column}, or "" when the snapshot records none
     * @param closures the closures, biggest retained size first
     * @param shallow  their own bytes
     * @param retained what they retain together (no closure of the group counted under another)
     */
    public record Group(String name, String location, int[] closures, long shallow, long retained) {
        @Override public int[] closures() { return closures.clone(); }

        /** How many closures. */
        public int count() { return closures.length; }
    }

    private Closures() { }

    /**
     * The closures by function, biggest retained first. One pass over the objects, one location
     * lookup per closure (the inspector's binary searches) and one walk of the dominator tree; 4 bytes
     * per object. Cancellable.
     */
    public static List<Group> find(HeapGraph g, DominatorTree tree, ObjectInspector inspector, Progress progress)
            throws IOException {
        var types = V8ObjectTypes.of(g);
        int n = g.objectCount();
        int[] groupOf = new int[n];
        Arrays.fill(groupOf, -1);
        var keys = new HashMap<String, Integer>();
        var names = new ArrayList<String>();
        var locations = new ArrayList<String>();
        var members = new ArrayList<IntArrayList>();
        for (int o = 0; o < n; o++) {
            if ((o & 0xfff) == 0) progress.checkCanceled();
            if (types.type(g.objectType().get(o)) != V8NodeType.CLOSURE || !tree.inTree(o)) continue;
            int label = g.objectLabel().get(o);
            String name = label < 0 || g.string(label).isEmpty() ? ANONYMOUS : g.string(label);
            String location = inspector.facts(o).getOrDefault(LOCATION_FACT, "");
            int k = keys.computeIfAbsent(name + '\u0000' + location, x -> {
                names.add(name);
                locations.add(location);
                members.add(new IntArrayList());
                return names.size() - 1;
            });
            members.get(k).add(o);
            groupOf[o] = k;
        }
        long[] retained = MemberWalk.groupRetained(tree, groupOf, names.size(), progress);
        var groups = new ArrayList<Group>();
        for (int k = 0; k < names.size(); k++) {
            int[] list = members.get(k).toIntArray();
            long shallow = 0;
            for (int o : list) shallow += tree.shallow().get(o);
            groups.add(new Group(names.get(k), locations.get(k), byRetained(tree, list), shallow, retained[k]));
        }
        groups.sort(Comparator.comparingLong(Group::retained).reversed().thenComparing(Comparator.comparingInt(Group::count).reversed())
                .thenComparing(Group::name).thenComparing(Group::location));
        return groups;
    }

    /** Objects sorted by retained size, biggest first (ties by id). */
    static int[] byRetained(DominatorTree tree, int[] objects) {
        return Arrays.stream(objects).boxed()
                .sorted(Comparator.<Integer>comparingLong(o -> -tree.retained().get(o)).thenComparingInt(o -> o))
                .mapToInt(Integer::intValue).toArray();
    }
}
