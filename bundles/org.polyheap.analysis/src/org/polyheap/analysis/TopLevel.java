package org.polyheap.analysis;

import java.util.Arrays;
import java.util.List;

import org.polyheap.model.GcRoot;
import org.polyheap.model.HeapGraph;
import org.polyheap.model.RootKind;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.ints.IntArrays;
import it.unimi.dsi.fastutil.ints.IntOpenHashSet;

/**
 * The top-level dominators as a user means them: the children of the virtual root, with synthetic
 * containers opened up. A synthetic container is a root of kind {@link RootKind#V8_SYNTHETIC_ROOT} or
 * {@link RootKind#DART_ROOT}, and in V8 any node of type {@code synthetic} ("(GC roots)", "(Internalized
 * strings)"...): they hold everything, so listing them would say nothing. Reachability group nodes
 * ({@link DominatorTree#isGroup}) are listed as they are.
 */
final class TopLevel {
    private TopLevel() { }

    /** Top-level objects sorted by retained size descending. O(objects opened). */
    static int[] objects(HeapGraph graph, DominatorTree tree) {
        var synthetic = new IntOpenHashSet();
        for (GcRoot r : graph.gcRoots()) {
            if (r.kind() == RootKind.V8_SYNTHETIC_ROOT || r.kind() == RootKind.DART_ROOT) synthetic.add(r.object());
        }
        int syntheticType = -1;
        if ("v8".equals(graph.metadata().format())) {
            String types = graph.metadata().fact("v8.nodeTypes", "");
            List<String> list = Arrays.asList(types.split(","));
            syntheticType = types.isEmpty() ? 9 : list.indexOf("synthetic"); // 9 = V8's own order
        }
        var out = new IntArrayList();
        var stack = new IntArrayList();
        for (int c : tree.children(DominatorTree.VIRTUAL_ROOT)) stack.add(c);
        while (!stack.isEmpty()) {
            int o = stack.popInt();
            boolean open = !tree.isGroup(o) && (synthetic.contains(o)
                    || (syntheticType >= 0 && (graph.objectType().get(o) & 0xff) == syntheticType));
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
