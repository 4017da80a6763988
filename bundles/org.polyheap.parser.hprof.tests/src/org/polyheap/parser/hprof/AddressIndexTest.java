package org.polyheap.parser.hprof;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.HashMap;
import java.util.Map;
import java.util.Random;

import org.junit.jupiter.api.Test;

class AddressIndexTest {
    @Test
    void everyAddressFindsItsFileOrderIdInSparseClusteredHeaps() {
        Random r = new Random(11);
        int n = 200_000;
        long[] addresses = new long[n];
        Map<Long, Integer> expected = new HashMap<>();
        long at = 0x6_8000_0000L;
        for (int i = 0; i < n; i++) {
            // dense runs of 8-aligned objects, with jumps of up to 4 GB between G1-like regions
            at += r.nextInt(50) == 0 ? (long) r.nextInt(1 << 20) * 4096 : 8L * (2 + r.nextInt(12));
            addresses[i] = at;
        }
        for (int i = n - 1; i > 0; i--) { // file order is not address order
            int j = r.nextInt(i + 1);
            long t = addresses[i]; addresses[i] = addresses[j]; addresses[j] = t;
        }
        for (int i = 0; i < n; i++) expected.put(addresses[i], i);
        AddressIndex index = new AddressIndex(addresses, n);
        for (int i = 0; i < n; i++) assertEquals(i, index.idOf(addresses[i]));
        assertEquals(-1, index.idOf(addresses[5] + 4));
        assertEquals(-1, index.idOf(0));
        assertEquals(-1, index.idOf(Long.MAX_VALUE));
        assertEquals(0, index.duplicates());
    }

    @Test
    void repeatedAddressesKeepEveryRecordAndFindTheFirst() {
        AddressIndex index = new AddressIndex(new long[] {0x30, 0x10, 0x30, 0x20}, 4);
        assertEquals(0, index.idOf(0x30));
        assertEquals(1, index.idOf(0x10));
        assertEquals(1, index.duplicates());
        assertEquals(-1, new AddressIndex(new long[0], 0).idOf(0x10));
    }

    /** A fuzzer's find: a few records spread over a huge range cost 4 M granules (1.9 s for a 1 KB file). */
    @Test
    void fewObjectsOverAHugeRangeNeedFewGranules() {
        long[] addresses = {0x10, 1L << 62, 0x7fff_ffff_ffff_fff0L, 0x20, -8};
        AddressIndex index = new AddressIndex(addresses, addresses.length);
        assertEquals(true, index.granules() <= 1 << 10, "granules: " + index.granules());
        for (int i = 0; i < addresses.length; i++) assertEquals(i, index.idOf(addresses[i]));
        assertEquals(-1, index.idOf(0x18));
    }
}
