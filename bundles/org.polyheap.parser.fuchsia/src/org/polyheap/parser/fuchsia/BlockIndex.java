package org.polyheap.parser.fuchsia;

import it.unimi.dsi.fastutil.ints.IntArrays;

/**
 * Allocation blocks sorted by start address, to find the block an address points into by binary
 * search: O(log n) per lookup, a range check first so most non-pointer words cost two compares.
 * Immutable after construction; thread-safe. Memory: 20 bytes per block.
 */
final class BlockIndex {
    private final long[] starts;
    private final long[] ends;
    private final int[] objects;
    private final long min, max;
    private final int duplicates;

    /**
     * @param objects object ids of blocks with an address
     * @param address their start addresses
     * @param size    their sizes in bytes
     */
    BlockIndex(int[] objects, long[] address, long[] size) {
        int n = objects.length;
        int[] order = new int[n];
        for (int i = 0; i < n; i++) order[i] = i;
        IntArrays.quickSort(order, (a, b) -> Long.compare(address[a], address[b]));
        long[] s = new long[n], e = new long[n];
        int[] o = new int[n];
        int kept = 0, dup = 0;
        for (int i : order) {
            if (kept > 0 && address[i] == s[kept - 1]) { dup++; continue; } // same address twice: first wins
            s[kept] = address[i];
            e[kept] = address[i] + Math.max(1, size[i]); // a zero-size block still owns its start address
            o[kept] = objects[i];
            kept++;
        }
        starts = java.util.Arrays.copyOf(s, kept);
        ends = java.util.Arrays.copyOf(e, kept);
        this.objects = java.util.Arrays.copyOf(o, kept);
        long mx = Long.MIN_VALUE;
        for (long x : ends) mx = Math.max(mx, x);
        min = kept == 0 ? 0 : starts[0];
        max = kept == 0 ? 0 : mx;
        duplicates = dup;
    }

    /** Blocks left out because another block had the same start address. */
    int duplicates() { return duplicates; }

    /** Highest end address (exclusive) of any block, 0 when empty. */
    long maxEnd() { return max; }

    /** Row of the block containing {@code address}, or -1. */
    int find(long address) {
        if (address < min || address >= max) return -1;
        int lo = 0, hi = starts.length - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            if (starts[mid] <= address) lo = mid + 1;
            else hi = mid - 1;
        }
        return hi >= 0 && address < ends[hi] ? hi : -1;
    }

    int object(int row) { return objects[row]; }

    long start(int row) { return starts[row]; }
}
