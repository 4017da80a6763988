package org.polyheap.parser.hprof;

import java.util.Arrays;

/**
 * The general {@link AddressIndex}: sorted addresses plus the id at each sorted position (12 bytes
 * per object), and a two-level bucket table (about 2 bytes per object): the address range is cut into 1 MiB granules, and each occupied granule into about one
 * bucket per two of its objects, so a lookup searches a handful of entries even when a sparse heap
 * (G1 regions spread over the reserved range) leaves most of the range empty. Granules grow past
 * 1 MiB when the range would need more than 4 M of them or more than two per object. Read-only after
 * construction; thread-safe.
 */
final class SortedAddresses extends AddressIndex {
    private final long[] sorted;
    private final int[] ids;
    private final long min;
    private final int granuleShift;
    /** per granule: first sorted position, and first entry in {@link #bucketStart} */
    private final int[] granuleFirst;
    private final int[] granuleBuckets;
    private final byte[] bucketShift;
    private final int[] bucketStart;
    private final int duplicates;

    /**
     * Builds the index from addresses in file order. Costs a parallel sort of the addresses and one
     * lookup per object; peak 20 bytes per object while the caller still holds the file-order array.
     */
    SortedAddresses(long[] fileOrder, int count) {
        sorted = Arrays.copyOf(fileOrder, count);
        Arrays.parallelSort(sorted); // addresses are below 2^63 in every dump: signed order is address order
        min = count == 0 ? 0 : sorted[0];
        long span = count == 0 ? 0 : sorted[count - 1] - min;
        // 1 MiB granules, but no more granules than 4 M, nor than twice the objects (at least 1,024): a few
        // objects spread over a huge range (a hostile file; a 2^62 span) must not cost millions of granules
        long maxGranules = Math.min(1 << 22, Math.max(1 << 10, 2L * count));
        int g = 20;
        while ((span >>> g) >= maxGranules) g++;
        granuleShift = g;
        int granules = (int) (span >>> g) + 1;
        granuleFirst = new int[granules + 1];
        granuleBuckets = new int[granules + 1];
        bucketShift = new byte[granules];
        int p = 0;
        long totalBuckets = 0;
        for (int gr = 0; gr < granules; gr++) {
            granuleFirst[gr] = p;
            while (p < count && ((sorted[p] - min) >>> g) == gr) p++;
            int k = p - granuleFirst[gr];
            int shift = g;
            while (shift > 3 && (1L << (g - shift + 1)) <= Math.max(1, k / 2)) shift--;
            bucketShift[gr] = (byte) shift;
            granuleBuckets[gr] = (int) totalBuckets;
            totalBuckets += (1L << (g - shift)) + 1;
        }
        granuleFirst[granules] = count;
        granuleBuckets[granules] = (int) totalBuckets;
        bucketStart = new int[(int) totalBuckets];
        for (int gr = 0; gr < granules; gr++) {
            int base = granuleBuckets[gr];
            int buckets = granuleBuckets[gr + 1] - base - 1;
            long granuleMin = min + ((long) gr << g);
            int b = 0;
            for (int i = granuleFirst[gr]; i < granuleFirst[gr + 1]; i++) {
                int bucket = (int) ((sorted[i] - granuleMin) >>> bucketShift[gr]);
                while (b <= bucket) bucketStart[base + b++] = i;
            }
            while (b <= buckets) bucketStart[base + b++] = granuleFirst[gr + 1];
        }
        ids = new int[count];
        Arrays.fill(ids, -1);
        int dup = 0;
        for (int i = 0; i < count; i++) {
            int q = position(fileOrder[i]);
            if (ids[q] >= 0) {
                // equal addresses sit side by side: give each record its own slot so every id is kept
                dup++;
                while (q + 1 < count && sorted[q + 1] == sorted[q] && ids[q] >= 0) q++;
                if (ids[q] >= 0) continue;
            }
            ids[q] = i;
        }
        duplicates = dup;
    }

    @Override int duplicates() { return duplicates; }

    @Override int size() { return sorted.length; }

    /** How many granules the address range is cut into (tests: bounded by the object count). */
    int granules() { return granuleFirst.length - 1; }

    /** Cost: a few probes of the bucket tables, then a short binary search of the sorted addresses. */
    @Override int idOf(long address) {
        int p = position(address);
        return p >= 0 ? ids[p] : -1;
    }

    private int position(long address) {
        if (sorted.length == 0 || address < min) return -1;
        long granule = (address - min) >>> granuleShift;
        if (granule >= bucketShift.length) return -1;
        int gr = (int) granule;
        int bucket = (int) ((address - min - (granule << granuleShift)) >>> bucketShift[gr]);
        int at = granuleBuckets[gr] + bucket;
        int lo = bucketStart[at];
        int hi = bucketStart[at + 1] - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            long v = sorted[mid];
            if (v < address) lo = mid + 1;
            else if (v > address) hi = mid - 1;
            else {
                while (mid > 0 && sorted[mid - 1] == address) mid--;
                return mid;
            }
        }
        return -1;
    }
}
