package org.polyheap.analysis;

import org.polyheap.model.HeapGraph;
import org.polyheap.model.LongColumn;
import org.polyheap.model.IntColumn;
import org.polyheap.model.Progress;
import org.polyheap.model.ReferenceKind;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.longs.LongArrayList;

/**
 * Dart's rules: weak references never retain; an {@link ReferenceKind#EPHEMERON} reference (the value
 * of a {@code _WeakProperty} / WeakMap entry) retains only once its key is reachable. The key is the
 * target of the first {@link ReferenceKind#WEAK} reference of the same source object; a source with no
 * weak reference has no live key, so its ephemeron value is not retained through it. The rule is applied
 * to a fixed point: marking from the roots over strong references, then adding every ephemeron reference
 * whose source and key are marked, and marking on, until nothing changes. An added ephemeron
 * reference retains from its source (the weak property), not from the key.
 */
final class EphemeronRules {
    private EphemeronRules() { }

    /** Bit set over reference positions of the references that retain. Cost O(references) per round. */
    static long[] retainingEdges(HeapGraph graph, int[] roots, Progress progress) {
        int n = graph.objectCount();
        LongColumn outStart = graph.outStart();
        IntColumn outTarget = graph.outTarget();
        IntColumn outKind = graph.outKind();
        long m = outStart.get(n);
        long[] keep = new long[(int) ((m + 63) >>> 6)];
        int weak = ReferenceKind.WEAK.code(), ephemeron = ReferenceKind.EPHEMERON.code();
        var pending = new LongArrayList();
        progress.phase("Selecting retaining references", m);
        EdgeScan.scan(graph, (s, pos, t, kind, name) -> {
            if (kind == ephemeron) {
                pending.add(pos);
            } else if (kind >= 0 && !ReferenceKind.ofCode(kind).isWeakKind()) {
                keep[(int) (pos >>> 6)] |= 1L << pos;
            }
        }, progress);
        if (pending.isEmpty()) return keep;
        long[] marked = new long[(n + 63) >>> 6];
        var stack = new IntArrayList();
        for (int r : roots) mark(r, marked, stack);
        flood(graph, keep, marked, stack, progress);
        // the source of each pending ephemeron reference, and its key (-1 = none)
        int[] source = new int[pending.size()], key = new int[pending.size()];
        for (int i = 0; i < pending.size(); i++) {
            long pos = pending.getLong(i);
            int s = sourceOf(outStart, n, pos);
            source[i] = s;
            key[i] = -1;
            for (long p = outStart.get(s), end = outStart.get(s + 1); p < end; p++) {
                if (outKind.get(p) == weak) {
                    key[i] = outTarget.get(p);
                    break;
                }
            }
        }
        boolean[] done = new boolean[pending.size()];
        boolean changed = true;
        while (changed) {
            progress.checkCanceled();
            changed = false;
            for (int i = 0; i < done.length; i++) {
                if (done[i] || key[i] < 0 || !isSet(marked, source[i]) || !isSet(marked, key[i])) continue;
                done[i] = true;
                changed = true;
                long pos = pending.getLong(i);
                keep[(int) (pos >>> 6)] |= 1L << pos;
                mark(outTarget.get(pos), marked, stack);
                flood(graph, keep, marked, stack, progress);
            }
        }
        return keep;
    }

    private static void flood(HeapGraph graph, long[] keep, long[] marked, IntArrayList stack, Progress progress) {
        LongColumn outStart = graph.outStart();
        IntColumn outTarget = graph.outTarget();
        long steps = 0;
        while (!stack.isEmpty()) {
            if ((++steps & 0xffff) == 0) progress.checkCanceled();
            int v = stack.popInt();
            for (long p = outStart.get(v), end = outStart.get(v + 1); p < end; p++) {
                if ((keep[(int) (p >>> 6)] & (1L << p)) != 0) mark(outTarget.get(p), marked, stack);
            }
        }
    }

    private static void mark(int o, long[] marked, IntArrayList stack) {
        if (!isSet(marked, o)) {
            marked[o >>> 6] |= 1L << o;
            stack.add(o);
        }
    }

    /** The object whose reference row holds position {@code pos}: binary search over the row starts. */
    static int sourceOf(LongColumn outStart, int n, long pos) {
        int lo = 0, hi = n - 1;
        while (lo < hi) {
            int mid = (lo + hi + 1) >>> 1;
            if (outStart.get(mid) <= pos) lo = mid; else hi = mid - 1;
        }
        return lo;
    }

    private static boolean isSet(long[] bits, int i) { return (bits[i >>> 6] & (1L << i)) != 0; }
}
