package org.polyheap.analysis;

import org.polyheap.model.HeapGraph;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.ints.IntArrays;

/**
 * The top-level dominators as a user means them: the children of the virtual root, with the
 * {@link SyntheticContainers} opened up (they hold everything, so listing them would say nothing).
 * Reachability group nodes ({@link DominatorTree#isGroup}) are listed as they are.
 */
final class TopLevel {
    private TopLevel() { }

    /** Top-level objects sorted by retained size descending. O(objects opened). */
    static int[] objects(HeapGraph graph, DominatorTree tree) {
        var synthetic = SyntheticContainers.of(graph);
        var out = new IntArrayList();
        var stack = new IntArrayList();
        for (int c : tree.children(DominatorTree.VIRTUAL_ROOT)) stack.add(c);
        while (!stack.isEmpty()) {
            int o = stack.popInt();
            boolean open = !tree.isGroup(o) && synthetic.contains(o);
            if (open) {
                for (int c : tree.children(o)) stack.add(c);
            } else {
                out.add(o);
            }
        }
        int[] a = out.toIntArray();
        long[] ret = new long[a.length]; // one read per object, not one per comparison
        for (int i = 0; i < a.length; i++) ret[i] = tree.retained().get(a[i]);
        int[] order = new int[a.length];
        for (int i = 0; i < a.length; i++) order[i] = i;
        IntArrays.quickSort(order, (x, y) -> {
            int c = Long.compare(ret[y], ret[x]);
            return c != 0 ? c : Integer.compare(a[x], a[y]);
        });
        int[] sorted = new int[a.length];
        for (int i = 0; i < a.length; i++) sorted[i] = a[order[i]];
        return sorted;
    }
}
