package org.polyheap.parser.hprof;

import java.util.Arrays;

/**
 * Object address → object id (the rank of the record in file order). Sorted addresses plus the id at
 * each sorted position: 12 bytes per object, and a bucket table by address (about 0.5 byte per object)
 * that narrows each binary search to a few entries. Read-only after construction; thread-safe.
 */
final class AddressIndex {
    private final long[] sorted;
    private final int[] ids;
    private final long min;
    private final int shift;
    private final int[] bucketStart;

    /**
     * Builds the index from addresses in file order. Costs a sort of the addresses; peak 20 bytes
     * per object while the file-order array is still held by the caller.
     *
     * @return the index; {@link #duplicates()} tells how many addresses occurred twice (later ones lose)
     */
    AddressIndex(long[] fileOrder, int count) {
        sorted = Arrays.copyOf(fileOrder, count);
        Arrays.parallelSort(sorted); // HPROF addresses are non-negative in practice; see lookup
        min = count == 0 ? 0 : sorted[0];
        long span = count == 0 ? 0 : sorted[count - 1] - min;
        int buckets = Math.max(1, Integer.highestOneBit(Math.max(1, count / 8)));
        int s = 0;
        while (s < 63 && (span >>> s) >= buckets) s++;
        shift = s;
        bucketStart = new int[(int) (span >>> s) + 2];
        int b = 0;
        for (int i = 0; i < count; i++) {
            int bucket = (int) ((sorted[i] - min) >>> shift);
            while (b <= bucket) bucketStart[b++] = i;
        }
        while (b < bucketStart.length) bucketStart[b++] = count;
        ids = new int[count];
        Arrays.fill(ids, -1);
        int dup = 0;
        for (int i = 0; i < count; i++) {
            int p = position(fileOrder[i]);
            if (ids[p] < 0) ids[p] = i;
            else {
                // equal addresses sit side by side: give each record its own slot so every id is found once
                int q = p;
                while (q + 1 < count && sorted[q + 1] == sorted[p] && ids[q] >= 0) q++;
                if (ids[q] < 0) ids[q] = i;
                dup++;
            }
        }
        duplicates = dup;
    }

    private final int duplicates;

    int duplicates() { return duplicates; }

    int size() { return sorted.length; }

    /** The object id at an address, or -1 when no object record has that address. Cost: O(log 8). */
    int idOf(long address) {
        if (sorted.length == 0 || address < min) return -1;
        int p = position(address);
        return p >= 0 ? ids[p] : -1;
    }

    private int position(long address) {
        long bucket = (address - min) >>> shift;
        if (bucket >= bucketStart.length - 1) return -1;
        int lo = bucketStart[(int) bucket];
        int hi = bucketStart[(int) bucket + 1] - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            long v = sorted[mid];
            if (v < address) lo = mid + 1;
            else if (v > address) hi = mid - 1;
            else {
                while (mid > lo && sorted[mid - 1] == address) mid--;
                return mid;
            }
        }
        return -1;
    }
}
