package org.polyheap.analysis;

import org.polyheap.model.HeapGraph;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.longs.LongArrays;

/** The objects of some classes in the order of their records in the source, so reading them is sequential I/O. */
final class SourceOrder {
    private SourceOrder() { }

    /**
     * Objects whose class id is marked, sorted by source offset (objects without one first). Cost: one
     * pass over the class column, then a radix sort of the found objects; 12 bytes per found object.
     */
    static int[] objectsOf(HeapGraph graph, boolean[] marked) {
        boolean any = false;
        for (boolean m : marked) any |= m;
        if (!any) return new int[0];
        var out = new IntArrayList();
        var classOf = graph.objectClass();
        int n = graph.objectCount();
        int[] block = new int[1 << 16];
        for (int at = 0; at < n; at += block.length) {
            int len = Math.min(block.length, n - at);
            classOf.copyTo(at, block, 0, len);
            for (int i = 0; i < len; i++) if (marked[block[i]]) out.add(at + i);
        }
        int[] objects = out.toIntArray();
        long[] offsets = new long[objects.length];
        for (int i = 0; i < objects.length; i++) offsets[i] = graph.sourceOffset().get(objects[i]);
        int[] order = new int[objects.length];
        for (int i = 0; i < order.length; i++) order[i] = i;
        LongArrays.radixSortIndirect(order, offsets, true);
        int[] sorted = new int[objects.length];
        for (int i = 0; i < sorted.length; i++) sorted[i] = objects[order[i]];
        return sorted;
    }
}
