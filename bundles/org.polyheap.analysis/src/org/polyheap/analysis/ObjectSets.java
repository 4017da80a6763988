package org.polyheap.analysis;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import org.polyheap.model.HeapGraph;
import org.polyheap.model.Progress;

import it.unimi.dsi.fastutil.ints.IntArrayList;

/**
 * Queries on a set of objects, for the window's "Retained Set" and "Immediate Dominators" of a
 * selection or a histogram row: the objects of a row, the immediate dominators of a set, and the
 * histogram of a set. Stateless; each call states its cost. Thread-safe (reads shared arrays).
 */
public final class ObjectSets {
    private ObjectSets() { }

    /** The distinct immediate dominators of a set, and how many of its objects hang directly under the GC roots. */
    public record Dominators(int[] objects, int underRoots) { }

    /**
     * The reachable objects whose group under {@code grouping} is {@code name} (the objects of one
     * histogram row), ascending; only those in {@code among} (ascending) when it is not null.
     * O(objects) time, 4 bytes per class.
     */
    public static int[] members(HeapGraph graph, DominatorTree tree, Grouping grouping, String name, int[] among) {
        var classes = graph.classes();
        boolean[] inGroup = new boolean[classes.size()];
        var namer = grouping.namer(graph);
        for (int c = 0; c < inGroup.length; c++) inGroup[c] = namer.apply(classes.get(c)).equals(name);
        var out = new IntArrayList();
        if (among != null) {
            for (int o : among) if (tree.inTree(o) && inGroup[graph.objectClass().get(o)]) out.add(o);
        } else {
            for (int o = 0, n = graph.objectCount(); o < n; o++) {
                if (tree.inTree(o) && inGroup[graph.objectClass().get(o)]) out.add(o);
            }
        }
        return out.toIntArray();
    }

    /** The immediate dominators of {@code objects}, distinct and ascending. O(set + objects / 8) time. */
    public static Dominators immediateDominators(DominatorTree tree, int[] objects) {
        long[] seen = new long[(tree.nodeCount() + 63) >>> 6];
        int underRoots = 0;
        for (int o : objects) {
            int d = tree.dominator().get(o);
            if (d == DominatorTree.VIRTUAL_ROOT || tree.isGroup(d)) underRoots++; // a group node is no object
            else if (d >= 0) seen[d >>> 6] |= 1L << d;
        }
        var out = new IntArrayList();
        for (int w = 0; w < seen.length; w++) {
            for (long bits = seen[w]; bits != 0; bits &= bits - 1) out.add((w << 6) + Long.numberOfTrailingZeros(bits));
        }
        return new Dominators(out.toIntArray(), underRoots);
    }

    /**
     * Histogram of a set of reachable objects by {@code grouping}, biggest retained first: count and
     * shallow size per group, and as retained size the sum over the group's members that no other
     * member of the same group dominates (as {@link Histogram#build} does for the whole heap: exact
     * for the dominator-tree view, a lower bound of the group's retained set). O(objects) time (one
     * walk of the dominator tree), 4 bytes per object plus 24 per group.
     */
    public static List<HistogramRow> histogram(HeapGraph graph, DominatorTree tree, int[] objects, Grouping grouping,
            Progress progress) {
        var groups = new Histogram.Groups(graph, grouping);
        int[] groupOfClass = groups.ofClass;
        var names = groups.names;
        // non-members get a class of their own, in a group of their own that is left out of the rows: then
        // the histogram's walk of the dominator tree counts, per group, the members no other member is above
        int outside = groupOfClass.length;
        int[] classOf = new int[tree.objectCount()];
        java.util.Arrays.fill(classOf, outside);
        int[] groupOf = java.util.Arrays.copyOf(groupOfClass, outside + 1);
        groupOf[outside] = names.size();
        long[] count = new long[names.size() + 1], shallow = new long[count.length], retained = new long[count.length];
        for (int o : objects) {
            if (!tree.inTree(o) || classOf[o] != outside) continue;
            classOf[o] = graph.objectClass().get(o);
            int g = groupOf[classOf[o]];
            count[g]++;
            shallow[g] += tree.shallow().get(o);
        }
        Histogram.walkRetained(tree, classOf, groupOf, retained, progress);
        var rows = new ArrayList<HistogramRow>();
        for (int g = 0; g < names.size(); g++) {
            if (count[g] > 0) rows.add(new HistogramRow(names.get(g), count[g], shallow[g], retained[g], true));
        }
        rows.sort(Comparator.comparingLong(HistogramRow::retained).reversed()
                .thenComparing(Comparator.comparingLong(HistogramRow::shallow).reversed())
                .thenComparing(HistogramRow::name));
        return rows;
    }
}
