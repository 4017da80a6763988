package org.polyheap.analysis;

import org.polyheap.model.HeapGraph;
import org.polyheap.model.Progress;
import org.polyheap.model.ReferenceKind;

import it.unimi.dsi.fastutil.ints.Int2IntOpenHashMap;
import it.unimi.dsi.fastutil.ints.IntArrayList;

/**
 * Dart's rules: weak references never retain; an {@link ReferenceKind#EPHEMERON} reference (the value
 * of a {@code _WeakProperty} / WeakMap entry) retains only once its key is reachable. The key is the
 * target of the first {@link ReferenceKind#WEAK} reference of the same source object; a source with no
 * weak reference has no live key, so its ephemeron value is not retained through it. An added
 * ephemeron reference retains from its source (the weak property), not from the key.
 *
 * <p>One marking from the roots over retaining references, in which each ephemeron waits on its source
 * and its key: when the second of the two is marked, the ephemeron reference joins the retaining ones
 * and its value is marked in turn. O(objects + references) in one flood, on flat copies of the
 * reference columns (9 bytes per reference, 4 per object; the columns are read once in sequence).
 */
final class EphemeronRules {
    private EphemeronRules() { }

    /** Bit set over reference positions of the references that retain. */
    static long[] retainingEdges(HeapGraph graph, int[] roots, Progress progress) {
        int n = graph.objectCount();
        long m = graph.outStart().get(n);
        progress.phase("Selecting retaining references", m);
        int[] start = FlatColumns.starts(graph.outStart(), n);
        byte[] kind = FlatColumns.bytes(graph.outKind(), 0xff);
        long[] keep = new long[(int) ((m + 63) >>> 6)];
        boolean[] retainsByKind = new boolean[256];
        for (ReferenceKind k : ReferenceKind.values()) {
            retainsByKind[k.code()] = !k.isWeakKind() && k != ReferenceKind.EPHEMERON;
        }
        byte weak = (byte) ReferenceKind.WEAK.code(), ephemeron = (byte) ReferenceKind.EPHEMERON.code();
        var pending = new IntArrayList(); // positions of ephemeron references
        var pendingSource = new IntArrayList();
        for (int s = 0; s < n; s++) {
            if ((s & 0xfffff) == 0) progress.checkCanceled();
            for (int p = start[s], end = start[s + 1]; p < end; p++) {
                byte k = kind[p];
                if (retainsByKind[k & 0xff]) keep[p >>> 6] |= 1L << p;
                else if (k == ephemeron) {
                    pending.add(p);
                    pendingSource.add(s);
                }
            }
        }
        if (pending.isEmpty()) return keep;
        int[] target = graph.outTarget().toArray();
        int e = pending.size();
        int[] key = new int[e];
        // each ephemeron waits in two lists, one under its source and one under its key: heads by object, links by ephemeron
        var headBySource = new Int2IntOpenHashMap();
        var headByKey = new Int2IntOpenHashMap();
        headBySource.defaultReturnValue(-1);
        headByKey.defaultReturnValue(-1);
        int[] nextBySource = new int[e], nextByKey = new int[e];
        for (int i = 0; i < e; i++) {
            int s = pendingSource.getInt(i);
            key[i] = -1;
            for (int p = start[s], end = start[s + 1]; p < end; p++) {
                if (kind[p] == weak) {
                    key[i] = target[p];
                    break;
                }
            }
            if (key[i] < 0) continue; // no live key: never retains
            nextBySource[i] = headBySource.put(s, i);
            nextByKey[i] = headByKey.put(key[i], i);
        }
        long[] marked = new long[(n + 63) >>> 6];
        boolean[] done = new boolean[e];
        var stack = new IntArrayList();
        for (int r : roots) mark(r, marked, stack);
        long steps = 0;
        while (!stack.isEmpty()) {
            if ((++steps & 0xffff) == 0) progress.checkCanceled();
            int v = stack.popInt();
            for (int p = start[v], end = start[v + 1]; p < end; p++) {
                if ((keep[p >>> 6] & (1L << p)) != 0) mark(target[p], marked, stack);
            }
            // v's mark may complete ephemerons waiting on it as their source or as their key
            for (int i = headBySource.get(v); i >= 0; i = nextBySource[i]) activate(i, key, pending, pendingSource, target, keep, marked, done, stack);
            for (int i = headByKey.get(v); i >= 0; i = nextByKey[i]) activate(i, key, pending, pendingSource, target, keep, marked, done, stack);
        }
        return keep;
    }

    private static void activate(int i, int[] key, IntArrayList pending, IntArrayList source, int[] target, long[] keep,
            long[] marked, boolean[] done, IntArrayList stack) {
        if (done[i] || !isSet(marked, source.getInt(i)) || !isSet(marked, key[i])) return;
        done[i] = true;
        int p = pending.getInt(i);
        keep[p >>> 6] |= 1L << p;
        mark(target[p], marked, stack);
    }

    private static void mark(int o, long[] marked, IntArrayList stack) {
        if (!isSet(marked, o)) {
            marked[o >>> 6] |= 1L << o;
            stack.add(o);
        }
    }

    private static boolean isSet(long[] bits, int i) { return (bits[i >>> 6] & (1L << i)) != 0; }
}
