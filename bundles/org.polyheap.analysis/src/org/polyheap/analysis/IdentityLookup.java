package org.polyheap.analysis;

import java.io.IOException;
import java.io.UncheckedIOException;

import org.polyheap.index.ResultStore;
import org.polyheap.index.column.IndexDamagedException;
import org.polyheap.model.HeapGraph;
import org.polyheap.model.IntColumn;
import org.polyheap.model.LongColumn;

import it.unimi.dsi.fastutil.longs.LongArrays;

/**
 * Object by identity (HPROF address, V8 node id, Dart identity hash) in O(log objects). Identities are
 * searched in ascending order: the identity column itself when it ascends (HPROF dumps written in address
 * order), else a sorted copy with each position's object, made once by a parallel radix sort (20 bytes per
 * object while it runs; about 1 s for 16 M objects) and kept in the snapshot's {@link ResultStore} as group
 * {@value #GROUP} (sorted identities, which compress well, and 4 bytes per object for the objects), so later
 * runs map them instead: the first lookup by address of a reopened 1 GB dump costs microseconds, not a sort
 * of its 128 MB identity column. Index columns decode a whole page per random read, so a binary search over
 * them costs a page per step (20 µs a lookup, measured): every {@value #FENCE}th identity is kept in memory
 * (8 bytes per {@value #FENCE} objects), which leaves one block of the sorted column and one value of the
 * objects per lookup. Thread-safe; equal identities (a damaged dump) find one of their objects.
 */
public final class IdentityLookup {
    static final String GROUP = "identity-order";
    /** Bumped when the layout or the rules change. */
    static final int VERSION = 1;
    private static final String OBJECTS = "objects", IDENTITIES = "identities";
    static final int FENCE = 256;
    private static final ThreadLocal<long[]> BLOCK = ThreadLocal.withInitial(() -> new long[FENCE]);

    private final LongColumn sorted; // identities ascending
    private final IntColumn objects; // object at each sorted position; null when sorted is the identity column
    private final long[] fence; // sorted[k * FENCE]

    private IdentityLookup(LongColumn sorted, IntColumn objects) {
        this.sorted = sorted;
        this.objects = objects;
        int n = Math.toIntExact(sorted.size());
        fence = new long[(n + FENCE - 1) / FENCE];
        long[] block = new long[FENCE];
        for (int k = 0; k < fence.length; k++) {
            sorted.copyTo((long) k * FENCE, block, 0, 1); // one value: a page is decoded once for its blocks
            fence[k] = block[0];
        }
    }

    /** The object of this identity, or -1. One block of {@value #FENCE} sorted identities read. */
    public int find(long identity) {
        int k = java.util.Arrays.binarySearch(fence, identity);
        if (k < 0) k = -k - 2; // the block whose first identity is below
        else while (k > 0 && fence[k - 1] == identity) k--; // equal identities across blocks: the first
        if (k < 0) return -1;
        long from = (long) k * FENCE;
        int len = (int) Math.min(FENCE, sorted.size() - from);
        long[] block = BLOCK.get(); // a join looks up an id per row: no 2 KB array each time
        sorted.copyTo(from, block, 0, len);
        int i = java.util.Arrays.binarySearch(block, 0, len, identity);
        if (i < 0) return -1;
        while (i > 0 && block[i - 1] == identity) i--;
        long position = from + i;
        return objects == null ? (int) position : objects.get(position);
    }

    /** True when lookups search the identity column in place (nothing was sorted or stored). */
    public boolean inPlace() { return objects == null; }

    /**
     * The lookup for {@code graph}: mapped from {@code store} when kept there, else made (one pass to
     * check the order, a sort when it does not ascend) and kept there. {@code store} may be null (an
     * in-memory graph): the sorted copy then lives on the heap.
     */
    static IdentityLookup of(HeapGraph graph, ResultStore store) {
        LongColumn ids = graph.identity();
        int n = graph.objectCount();
        String count = Integer.toString(n);
        if (store != null) {
            var kept = load(store, ids, count);
            if (kept != null) return kept;
        }
        boolean ascending = ascends(ids, n);
        if (ascending) {
            if (store != null) {
                try {
                    store.writer(GROUP, VERSION).fact("objects", count).fact("ascending", "true").commit();
                } catch (IOException | UncheckedIOException cannotWrite) {
                    // a read-only index folder: checked again next run
                }
            }
            return new IdentityLookup(ids, null);
        }
        long[] values = ids.toArray();
        int[] order = new int[n];
        for (int i = 0; i < n; i++) order[i] = i;
        LongArrays.parallelRadixSortIndirect(order, values, true); // stable: equal identities keep file order
        permute(values, order); // the copy sorted in place: no third array
        if (store != null) {
            try {
                store.writer(GROUP, VERSION).fact("objects", count).fact("ascending", "false")
                        .longColumn(IDENTITIES, LongColumn.of(values)).intColumn(OBJECTS, IntColumn.of(order)).commit();
                var stored = load(store, ids, count);
                if (stored != null) return stored;
            } catch (IOException | UncheckedIOException cannotWrite) {
                // a read-only index folder: served from memory, made again next run
            }
        }
        return new IdentityLookup(LongColumn.of(values), IntColumn.of(order));
    }

    /** The kept lookup, or null when absent or unusable (a damaged group is discarded). */
    private static IdentityLookup load(ResultStore store, LongColumn ids, String count) {
        try {
            var result = store.result(GROUP, VERSION).filter(r -> count.equals(r.facts().get("objects")));
            if (result.isEmpty()) return null;
            if (Boolean.parseBoolean(result.get().facts().get("ascending"))) return new IdentityLookup(ids, null);
            LongColumn sorted = result.get().longColumn(IDENTITIES);
            IntColumn objects = result.get().intColumn(OBJECTS);
            if (sorted.size() != ids.size() || objects.size() != ids.size()) return null;
            return new IdentityLookup(sorted, objects);
        } catch (RuntimeException damaged) { // IndexDamagedException (unchecked) or a group without the columns
            if (damaged instanceof IllegalArgumentException || IndexDamagedException.of(damaged).isPresent()) store.discard(GROUP);
            return null;
        }
    }

    /**
     * Sets {@code values[j] = old values[order[j]]} for every j, in place, following the permutation's cycles
     * (each visited entry of {@code order} is complemented meanwhile, and restored at the end).
     */
    static void permute(long[] values, int[] order) {
        for (int i = 0; i < order.length; i++) {
            if (order[i] < 0) continue;
            long first = values[i];
            int j = i;
            while (true) {
                int k = order[j];
                order[j] = ~k;
                if (k == i) {
                    values[j] = first;
                    break;
                }
                values[j] = values[k];
                j = k;
            }
        }
        for (int i = 0; i < order.length; i++) order[i] = ~order[i];
    }

    private static boolean ascends(LongColumn ids, int n) {
        long[] block = new long[1 << 16];
        long previous = Long.MIN_VALUE;
        for (int from = 0; from < n; from += block.length) {
            int len = Math.min(block.length, n - from);
            ids.copyTo(from, block, 0, len);
            for (int i = 0; i < len; i++) {
                if (block[i] <= previous) return false;
                previous = block[i];
            }
        }
        return true;
    }
}
