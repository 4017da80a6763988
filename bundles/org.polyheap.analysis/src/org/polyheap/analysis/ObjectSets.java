package org.polyheap.analysis;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
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
        for (int c = 0; c < inGroup.length; c++) inGroup[c] = grouping.groupOf(graph, classes.get(c)).equals(name);
        var out = new IntArrayList();
        if (among != null) {
            for (int o : among) if (tree.isReachable(o) && inGroup[graph.objectClass().get(o)]) out.add(o);
        } else {
            for (int o = 0, n = graph.objectCount(); o < n; o++) {
                if (tree.isReachable(o) && inGroup[graph.objectClass().get(o)]) out.add(o);
            }
        }
        return out.toIntArray();
    }

    /** The immediate dominators of {@code objects}, distinct and ascending. O(set + objects / 8) time. */
    public static Dominators immediateDominators(DominatorTree tree, int[] objects) {
        long[] seen = new long[(tree.objectCount() + 63) >>> 6];
        int underRoots = 0;
        for (int o : objects) {
            int d = tree.dominator()[o];
            if (d == DominatorTree.VIRTUAL_ROOT) underRoots++;
            if (d >= 0) seen[d >>> 6] |= 1L << d;
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
     * walk of the dominator tree), one bit per object plus 4 bytes per group.
     */
    public static List<HistogramRow> histogram(HeapGraph graph, DominatorTree tree, int[] objects, Grouping grouping,
            Progress progress) {
        var classes = graph.classes();
        var names = new ArrayList<String>();
        var index = new HashMap<String, Integer>();
        int[] groupOfClass = new int[classes.size()];
        for (int c = 0; c < groupOfClass.length; c++) {
            groupOfClass[c] = index.computeIfAbsent(grouping.groupOf(graph, classes.get(c)), k -> {
                names.add(k);
                return names.size() - 1;
            });
        }
        long[] member = new long[(tree.objectCount() + 63) >>> 6];
        long[] count = new long[names.size()], shallow = new long[count.length], retained = new long[count.length];
        for (int o : objects) {
            if (!tree.isReachable(o) || (member[o >>> 6] & (1L << o)) != 0) continue;
            member[o >>> 6] |= 1L << o;
            int g = groupOfClass[graph.objectClass().get(o)];
            count[g]++;
            shallow[g] += tree.shallow()[o];
        }
        walkRetained(graph, tree, member, groupOfClass, retained, progress);
        var rows = new ArrayList<HistogramRow>();
        for (int g = 0; g < count.length; g++) {
            if (count[g] > 0) rows.add(new HistogramRow(names.get(g), count[g], shallow[g], retained[g], true));
        }
        rows.sort(Comparator.comparingLong(HistogramRow::retained).reversed()
                .thenComparing(Comparator.comparingLong(HistogramRow::shallow).reversed())
                .thenComparing(HistogramRow::name));
        return rows;
    }

    /** Depth-first over the dominator tree, counting per group the members on the current path. */
    private static void walkRetained(HeapGraph graph, DominatorTree tree, long[] member, int[] groupOfClass,
            long[] retained, Progress progress) {
        int[] onPath = new int[retained.length];
        int[] start = tree.dominatedStart(), children = tree.dominatedChildren();
        var stack = new IntArrayList();
        for (int p = start[0]; p < start[1]; p++) stack.add(children[p]);
        long steps = 0;
        while (!stack.isEmpty()) {
            if ((++steps & 0xffff) == 0) progress.checkCanceled();
            int x = stack.popInt();
            if (x < 0) { // leaving the subtree of member ~x
                onPath[groupOfClass[graph.objectClass().get(~x)]]--;
                continue;
            }
            if ((member[x >>> 6] & (1L << x)) != 0) {
                int g = groupOfClass[graph.objectClass().get(x)];
                if (onPath[g]++ == 0) retained[g] += tree.retained()[x];
                stack.add(~x);
            }
            for (int p = start[x + 1]; p < start[x + 2]; p++) stack.add(children[p]);
        }
    }
}
