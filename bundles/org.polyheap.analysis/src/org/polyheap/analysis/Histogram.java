package org.polyheap.analysis;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

import org.polyheap.model.HeapGraph;
import org.polyheap.model.Progress;

import it.unimi.dsi.fastutil.ints.IntArrayList;

/**
 * Histograms by class, package, class loader or library: count, shallow size and retained size.
 * The retained column is computed for all rows at once by one walk of the dominator tree that keeps,
 * per group, how many objects of the group are on the current path: an object adds its retained size
 * only when no object of its group is above it. That sum is a lower bound of the group's retained set
 * (objects kept alive jointly by two members are missing); {@link #precise} gives the exact value.
 */
public final class Histogram {
    private static final int CHUNK = 1 << 14;

    private Histogram() { }

    /**
     * Histogram of the whole graph, rows sorted by retained size descending. O(objects) time, 4 bytes per
     * object plus the walk's stack, plus 20 bytes per object when the tree is not in heap arrays (see
     * {@link DominatorTree#walk}). {@code filter} (may be null) keeps rows whose name it finds;
     * {@code only} (may be null: every object) keeps the objects of those reachability classes.
     */
    public static List<HistogramRow> build(HeapGraph graph, DominatorTree tree, Grouping grouping, Pattern filter,
            Set<Reachability> only, Progress progress) {
        var groups = new Groups(graph, grouping);
        return rows(groups, totals(graph, tree, groups, only, progress), filter);
    }

    /**
     * A whole-graph histogram before it becomes rows: per group (in {@link Groups} order) the object
     * count, shallow and retained bytes, and the shallow bytes of its objects that are not strongly
     * reachable. 32 bytes per group; what {@link HistogramStore} keeps.
     */
    record Totals(long[] count, long[] shallow, long[] retained, long[] notStrong) {
        Totals {
            if (count.length != shallow.length || count.length != retained.length || count.length != notStrong.length) {
                throw new IllegalArgumentException("columns of different lengths");
            }
        }
    }

    /**
     * The walk behind {@link #build}: every object of the classes in {@code only} (null: all) is counted;
     * the others are walked past. O(objects) time; see there for the memory it takes.
     */
    static Totals totals(HeapGraph graph, DominatorTree tree, Groups groups, Set<Reachability> only, Progress progress) {
        int n = graph.objectCount();
        int[] classOf = graph.objectClass().toArray();
        int outside = groups.ofClass.length; // a class of its own for objects left out, in a group left out of the rows
        int[] groupOf = java.util.Arrays.copyOf(groups.ofClass, outside + 1);
        groupOf[outside] = groups.names.size();
        boolean[] kept = new boolean[Reachability.values().length];
        for (Reachability r : Reachability.values()) kept[r.ordinal()] = only == null || only.contains(r);
        int strong = Reachability.STRONG.ordinal();
        int rows = groups.names.size() + 1;
        long[] count = new long[rows], shallow = new long[rows], retained = new long[rows], notStrong = new long[rows];
        progress.phase("Building histogram", n);
        int[] cls = new int[CHUNK];
        long[] size = new long[CHUNK];
        for (int at = 0; at < n; at += CHUNK) { // sequential reads of the (possibly mapped) columns
            int len = Math.min(CHUNK, n - at);
            tree.reachability().copyTo(at, cls, 0, len);
            tree.shallow().copyTo(at, size, 0, len);
            for (int i = 0; i < len; i++) {
                if (!kept[cls[i]]) {
                    classOf[at + i] = outside;
                    continue;
                }
                int g = groupOf[classOf[at + i]];
                count[g]++;
                shallow[g] += size[i];
                if (cls[i] != strong) notStrong[g] += size[i];
            }
        }
        walkRetained(tree, classOf, groupOf, retained, progress);
        int k = groups.names.size();
        return new Totals(java.util.Arrays.copyOf(count, k), java.util.Arrays.copyOf(shallow, k),
                java.util.Arrays.copyOf(retained, k), java.util.Arrays.copyOf(notStrong, k));
    }

    /** The rows of {@code totals} whose name {@code filter} finds (null: all), biggest retained first. O(groups · log groups). */
    static List<HistogramRow> rows(Groups groups, Totals totals, Pattern filter) {
        long[] count = totals.count(), shallow = totals.shallow(), retained = totals.retained(), notStrong = totals.notStrong();
        if (count.length != groups.names.size()) throw new IllegalArgumentException("totals of another grouping");
        var rows = new ArrayList<HistogramRow>();
        for (int g = 0; g < count.length; g++) {
            if (count[g] == 0) continue;
            String name = groups.names.get(g);
            if (filter != null && !filter.matcher(name).find()) continue;
            rows.add(new HistogramRow(name, count[g], shallow[g], retained[g], true, notStrong[g]));
        }
        rows.sort(Comparator.comparingLong(HistogramRow::retained).reversed()
                .thenComparing(Comparator.comparingLong(HistogramRow::shallow).reversed())
                .thenComparing(HistogramRow::name));
        return rows;
    }

    /** Histogram of a set of objects (a retained set, the unreachable objects), by class; no retained column. */
    public static List<HistogramRow> ofObjects(HeapGraph graph, DominatorTree tree, int[] objects, Grouping grouping) {
        var groups = new Groups(graph, grouping);
        long[] count = new long[groups.names.size()], shallow = new long[count.length], notStrong = new long[count.length];
        int strong = Reachability.STRONG.ordinal();
        for (int o : objects) {
            int g = groups.ofClass[graph.objectClass().get(o)];
            long size = tree.shallow().get(o);
            count[g]++;
            shallow[g] += size;
            if (tree.reachability().get(o) != strong) notStrong[g] += size;
        }
        var rows = new ArrayList<HistogramRow>();
        for (int g = 0; g < count.length; g++) {
            if (count[g] > 0) rows.add(new HistogramRow(groups.names.get(g), count[g], shallow[g], 0, true, notStrong[g]));
        }
        rows.sort(Comparator.comparingLong(HistogramRow::shallow).reversed().thenComparing(HistogramRow::name));
        return rows;
    }

    /** The exact retained size of one row's objects, by marking (a full graph traversal). */
    public static HistogramRow precise(HeapGraph graph, RetainingGraph retaining, DominatorTree tree, HistogramRow row,
            Grouping grouping, Progress progress) {
        var groups = new Groups(graph, grouping);
        int target = groups.index.getOrDefault(row.name(), -1);
        var members = new IntArrayList();
        for (int o = 0, n = graph.objectCount(); o < n; o++) {
            if (tree.inTree(o) && groups.ofClass[graph.objectClass().get(o)] == target) members.add(o);
        }
        var set = RetainedSet.of(retaining, tree, members.toIntArray(), progress);
        return new HistogramRow(row.name(), row.objects(), row.shallow(), set.bytes(), false, row.notStrong());
    }

    /** Adds to {@code retained[group]} the retained sizes of objects with no same-group object above them. */
    static void walkRetained(DominatorTree tree, int[] classOf, int[] groupOfClass, long[] retained,
            Progress progress) {
        int[] chainStart = new int[groupOfClass.length + 1];
        for (int c = 0; c <= groupOfClass.length; c++) chainStart[c] = c; // one group per class
        walkRetained(tree, classOf, chainStart, groupOfClass, retained, progress);
    }

    /**
     * Adds to {@code retained[g]}, for every group g of an object's class, the object's retained size
     * when no object above it is in g too. A class may be in several groups (its package and every
     * enclosing package): {@code groups[chainStart[c] .. chainStart[c + 1])}. O(objects · groups per
     * class) time, 4 bytes per group plus the walk's stack.
     */
    static void walkRetained(DominatorTree tree, int[] classOf, int[] chainStart, int[] groups, long[] retained,
            Progress progress) {
        int[] onPath = new int[retained.length];
        var walk = tree.walk();
        int[] start = walk.start(), children = walk.children();
        long[] ret = walk.retained();
        var stack = new IntArrayList();
        for (int p = start[0]; p < start[1]; p++) stack.add(children[p]);
        long steps = 0;
        while (!stack.isEmpty()) {
            if ((++steps & 0xffff) == 0) progress.checkCanceled();
            int x = stack.popInt();
            if (x < 0) { // leaving ~x's subtree
                int c = classOf[~x];
                for (int i = chainStart[c]; i < chainStart[c + 1]; i++) onPath[groups[i]]--;
                continue;
            }
            if (x >= classOf.length) { // a reachability group node: no class, only its objects count
                for (int p = start[x + 1]; p < start[x + 2]; p++) stack.add(children[p]);
                continue;
            }
            int c = classOf[x];
            for (int i = chainStart[c]; i < chainStart[c + 1]; i++) {
                if (onPath[groups[i]]++ == 0) retained[groups[i]] += ret[x];
            }
            stack.add(~x);
            for (int p = start[x + 1]; p < start[x + 2]; p++) stack.add(children[p]);
        }
    }

    /** Class id → group index, and the group names. */
    static final class Groups {
        final int[] ofClass;
        final List<String> names = new ArrayList<>();
        final HashMap<String, Integer> index = new HashMap<>();

        Groups(HeapGraph graph, Grouping grouping) {
            var classes = graph.classes();
            var namer = grouping.namer(graph);
            ofClass = new int[classes.size()];
            for (int c = 0; c < classes.size(); c++) {
                String name = namer.apply(classes.get(c));
                Integer g = index.get(name);
                if (g == null) {
                    g = names.size();
                    names.add(name);
                    index.put(name, g);
                }
                ofClass[c] = g;
            }
        }
    }
}
