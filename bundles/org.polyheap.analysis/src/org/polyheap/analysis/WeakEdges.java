package org.polyheap.analysis;

import java.util.concurrent.ConcurrentSkipListMap;

import it.unimi.dsi.fastutil.bytes.ByteArrayList;
import it.unimi.dsi.fastutil.ints.IntArrayList;

/**
 * The references that do not retain under the rules in force but still reach their target (Java
 * referents, weak references, dead-key ephemeron values), by source ascending, each with the
 * {@link Reachability} its target falls to when reached first through it. Only these and the retaining
 * references decide an object's reachability class. 9 bytes per such reference (a few per
 * {@code java.lang.ref.Reference} in a Java heap).
 */
record WeakEdges(int[] source, int[] target, byte[] through) {
    static final WeakEdges NONE = new WeakEdges(new int[0], new int[0], new byte[0]);

    int size() { return source.length; }

    /** The first position whose source is at least {@code object}. O(log size). */
    int firstOf(int object) {
        int lo = 0, hi = source.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (source[mid] < object) lo = mid + 1; else hi = mid;
        }
        return lo;
    }

    /**
     * Gathers weak references from the parts of a parallel scan: each part appends to its own list (in
     * source order within the part) and {@link #build} joins the parts in object order.
     */
    static final class Collector {
        private final ConcurrentSkipListMap<Integer, Part> parts = new ConcurrentSkipListMap<>();

        /** The list of the part that starts at object {@code first}. */
        Part part(int first) {
            var p = new Part();
            parts.put(first, p);
            return p;
        }

        WeakEdges build() {
            int size = 0;
            for (Part p : parts.values()) size += p.through.size();
            if (size == 0) return NONE;
            int[] s = new int[size], t = new int[size];
            byte[] r = new byte[size];
            int at = 0;
            for (Part p : parts.values()) {
                int k = p.through.size();
                p.source.getElements(0, s, at, k);
                p.target.getElements(0, t, at, k);
                p.through.getElements(0, r, at, k);
                at += k;
            }
            return new WeakEdges(s, t, r);
        }
    }

    /** One part's references. */
    static final class Part {
        final IntArrayList source = new IntArrayList();
        final IntArrayList target = new IntArrayList();
        final ByteArrayList through = new ByteArrayList();

        void add(int s, int t, int kindCode) {
            source.add(s);
            target.add(t);
            through.add((byte) Reachability.throughKind(kindCode).ordinal());
        }
    }
}
