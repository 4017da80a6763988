package org.polyheap.analysis;

import java.util.ArrayList;
import java.util.List;

import org.polyheap.model.HeapGraph;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.ints.IntArrays;
import it.unimi.dsi.fastutil.ints.IntComparator;
import it.unimi.dsi.fastutil.ints.IntHeapPriorityQueue;

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

    /**
     * The first {@code limit} of {@link #objects(HeapGraph, DominatorTree)}, in the same order, without
     * listing the others: a merge of the sorted rows it opens (the root's objects, each group node on
     * its own, each opened container's row), O(limit · log rows + containers opened).
     */
    static int[] objects(HeapGraph graph, DominatorTree tree, int limit) {
        var synthetic = SyntheticContainers.of(graph);
        var retained = tree.retained();
        // a cursor per row: {node whose row it is, next index, end index}; the queue holds the cursors
        // by their next child, biggest retained size first, ties by id
        var cursors = new ArrayList<int[]>();
        IntComparator byHead = (x, y) -> {
            int[] a = cursors.get(x), b = cursors.get(y);
            int ca = tree.child(a[0], a[1]), cb = tree.child(b[0], b[1]);
            int c = Long.compare(retained.get(cb), retained.get(ca));
            return c != 0 ? c : Integer.compare(ca, cb);
        };
        var queue = new IntHeapPriorityQueue(byHead);
        int rootRow = tree.childCount(DominatorTree.VIRTUAL_ROOT), objectsEnd = rootRow;
        while (objectsEnd > 0 && tree.isGroup(tree.child(DominatorTree.VIRTUAL_ROOT, objectsEnd - 1))) objectsEnd--;
        // the root's row: its objects in order, then its group nodes (out of place: each a cursor of its own)
        addCursor(cursors, queue, new int[] {DominatorTree.VIRTUAL_ROOT, 0, objectsEnd});
        for (int g = objectsEnd; g < rootRow; g++) addCursor(cursors, queue, new int[] {DominatorTree.VIRTUAL_ROOT, g, g + 1});
        var out = new IntArrayList(Math.min(limit, 1 << 16));
        while (out.size() < limit && !queue.isEmpty()) {
            int k = queue.dequeueInt();
            int[] c = cursors.get(k);
            int o = tree.child(c[0], c[1]++);
            if (c[1] < c[2]) queue.enqueue(k);
            if (!tree.isGroup(o) && synthetic.contains(o)) {
                if (tree.childCount(o) > 0) addCursor(cursors, queue, new int[] {o, 0, tree.childCount(o)});
            } else {
                out.add(o);
            }
        }
        return out.toIntArray();
    }

    private static void addCursor(List<int[]> cursors, IntHeapPriorityQueue queue, int[] cursor) {
        if (cursor[1] >= cursor[2]) return;
        cursors.add(cursor);
        queue.enqueue(cursors.size() - 1);
    }

    private static void pushReversed(IntArrayList stack, int[] row) {
        for (int i = row.length - 1; i >= 0; i--) stack.add(row[i]);
    }
}
