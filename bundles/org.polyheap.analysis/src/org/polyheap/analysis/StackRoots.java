package org.polyheap.analysis;

import java.util.LinkedHashSet;

import org.polyheap.model.GcRoot;
import org.polyheap.model.HeapGraph;
import org.polyheap.model.RootKind;

import it.unimi.dsi.fastutil.ints.Int2ObjectOpenHashMap;
import it.unimi.dsi.fastutil.ints.IntArrayList;

/**
 * MAT's convention for Java stacks: a Java-frame or JNI-local root whose thread object is known becomes
 * a reference thread → object, and the object stops being a root unless it is one for another reason, so
 * the dominator tree shows "thread main retains 120 MB". O(GC root entries); the extra references cost
 * one more copy of the retaining graph's rows (4 bytes per object and per retaining reference).
 */
final class StackRoots {
    private StackRoots() { }

    /** True for the root entries this convention turns into references from their thread. */
    static boolean isThreadReference(GcRoot r, int objectCount) {
        return (r.kind() == RootKind.JAVA_FRAME || r.kind() == RootKind.JNI_LOCAL)
                && r.context() >= 0 && r.context() < objectCount && r.context() != r.object();
    }

    /** The root objects left: those with at least one entry that is not a stack root of a known thread. */
    static int[] remainingRoots(HeapGraph graph) {
        int n = graph.objectCount();
        var set = new LinkedHashSet<Integer>();
        for (GcRoot r : graph.gcRoots()) {
            if (r.object() >= 0 && r.object() < n && !isThreadReference(r, n)) set.add(r.object());
        }
        return set.stream().mapToInt(Integer::intValue).toArray();
    }

    /**
     * Adds thread → object references to the retaining rows {@code outStart}/{@code outTarget} (length
     * {@code end}), except to objects that stay roots and those already in the thread's row; returns the
     * new rows as {start, target} in {@code work}.
     */
    static IntArray[] addThreadReferences(HeapGraph graph, IntArray outStart, IntArray outTarget, long end,
            int[] roots, WorkArrays work) {
        int n = graph.objectCount();
        long[] isRoot = new long[(n + 63) >>> 6];
        for (int r : roots) isRoot[r >>> 6] |= 1L << r;
        var extra = new Int2ObjectOpenHashMap<IntArrayList>(); // thread → held objects
        for (GcRoot r : graph.gcRoots()) {
            if (!isThreadReference(r, n) || (isRoot[r.object() >>> 6] & (1L << r.object())) != 0) continue;
            IntArrayList held = extra.computeIfAbsent(r.context(), k -> new IntArrayList());
            if (!held.contains(r.object())) held.add(r.object());
        }
        long added = 0;
        for (IntArrayList held : extra.values()) added += held.size();
        IntArray start = work.ints(n + 1L);
        IntArray target = work.ints(end + added);
        long at = 0;
        for (int s = 0; s < n; s++) {
            start.set(s, (int) at);
            long from = outStart.get(s), to = outStart.get(s + 1);
            for (long p = from; p < to; p++) target.set(at++, outTarget.get(p));
            IntArrayList held = extra.get(s);
            if (held == null) continue;
            for (int i = 0; i < held.size(); i++) {
                int o = held.getInt(i);
                boolean present = false;
                for (long p = from; p < to && !present; p++) present = outTarget.get(p) == o;
                if (!present) target.set(at++, o);
            }
        }
        start.set(n, (int) at);
        return new IntArray[] {start, target}; // not trimmed to at: the graph reads rows only
    }
}
