package org.polyheap.analysis;

import org.polyheap.model.HeapGraph;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.ints.IntArrays;
import it.unimi.dsi.fastutil.ints.IntComparator;

/**
 * The top-level dominators as a user means them: the children of the virtual root, with the
 * {@link SyntheticContainers} opened up (they hold everything, so listing them would say nothing).
 * Reachability group nodes ({@link DominatorTree#isGroup}) are listed as they are.
 */
final class TopLevel {
    private TopLevel() { }

    /**
     * Top-level objects sorted by retained size descending (ties by id). O(objects opened) when the
     * rows give the order already: each row of the tree is sorted, so unless containers were opened
     * only the group nodes at the end of the root's row are out of place, and they are merged in.
     */
    static int[] objects(HeapGraph graph, DominatorTree tree) {
        var synthetic = SyntheticContainers.of(graph);
        var out = new IntArrayList();
        var stack = new IntArrayList();
        pushReversed(stack, tree.children(DominatorTree.VIRTUAL_ROOT)); // popped in row order
        while (!stack.isEmpty()) {
            int o = stack.popInt();
            if (!tree.isGroup(o) && synthetic.contains(o)) pushReversed(stack, tree.children(o));
            else out.add(o);
        }
        int[] a = out.toIntArray();
        long[] ret = new long[a.length]; // one read per object, not one per comparison
        for (int i = 0; i < a.length; i++) ret[i] = tree.retained().get(a[i]);
        IntComparator order = (x, y) -> {
            int c = Long.compare(ret[y], ret[x]);
            return c != 0 ? c : Integer.compare(a[x], a[y]);
        };
        int[] byIndex = new int[a.length];
        for (int i = 0; i < a.length; i++) byIndex[i] = i;
        int sorted = 1;
        while (sorted < a.length && order.compare(sorted - 1, sorted) <= 0) sorted++;
        if (sorted < a.length) { // sort the rest, then merge it with the sorted prefix
            IntArrays.quickSort(byIndex, sorted, a.length, order);
            int[] merged = new int[a.length];
            for (int i = 0, j = sorted, k = 0; k < a.length; k++) {
                merged[k] = j == a.length || (i < sorted && order.compare(byIndex[i], byIndex[j]) <= 0) ? byIndex[i++] : byIndex[j++];
            }
            byIndex = merged;
        }
        int[] result = new int[a.length];
        for (int i = 0; i < a.length; i++) result[i] = a[byIndex[i]];
        return result;
    }

    private static void pushReversed(IntArrayList stack, int[] row) {
        for (int i = row.length - 1; i >= 0; i--) stack.add(row[i]);
    }
}
