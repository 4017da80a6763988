package org.polyheap.parser.hprof;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import java.util.function.BiFunction;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

class AddressIndexTest {
    /** Each form built directly, so both are tested whichever {@link AddressIndex#of} would pick. */
    private static BiFunction<long[], Integer, AddressIndex> form(String name) {
        return switch (name) {
            case "bitmap" -> AddressBitmap::build;
            case "sorted" -> SortedAddresses::new;
            default -> throw new IllegalArgumentException(name);
        };
    }

    /** Dense runs of 8-aligned objects, with jumps of up to 4 GB between G1-like regions. */
    private static long[] clusteredHeap(Random r, int n) {
        long[] addresses = new long[n];
        long at = 0x6_8000_0000L;
        for (int i = 0; i < n; i++) {
            at += r.nextInt(50_000) == 0 ? (long) r.nextInt(1 << 20) * 4096 : 8L * (2 + r.nextInt(12));
            addresses[i] = at;
        }
        return addresses;
    }

    @ParameterizedTest
    @ValueSource(strings = {"bitmap", "sorted"})
    void everyAddressFindsItsFileOrderIdInSparseClusteredHeaps(String name) {
        Random r = new Random(11);
        int n = 200_000;
        long[] addresses = clusteredHeap(r, n);
        for (int i = n - 1; i > 0; i--) { // file order is not address order
            int j = r.nextInt(i + 1);
            long t = addresses[i]; addresses[i] = addresses[j]; addresses[j] = t;
        }
        AddressIndex index = form(name).apply(addresses, n);
        for (int i = 0; i < n; i++) assertEquals(i, index.idOf(addresses[i]));
        assertEquals(-1, index.idOf(addresses[5] + 4));
        assertEquals(-1, index.idOf(addresses[5] + 8 * 1024 * 1024 * 1024L), "a granule past the heap");
        assertEquals(-1, index.idOf(0));
        assertEquals(-1, index.idOf(Long.MAX_VALUE));
        assertEquals(-1, index.idOf(Long.MIN_VALUE + 8));
        assertEquals(0, index.duplicates());
        assertEquals(n, index.size());
    }

    /** HotSpot's order: class dumps first, then every other object in ascending address order. */
    @ParameterizedTest
    @ValueSource(strings = {"bitmap", "sorted"})
    void classesFirstThenAscendingAddresses(String name) {
        int n = 100_000;
        long[] heap = clusteredHeap(new Random(3), n);
        long[] fileOrder = new long[n];
        int k = 0;
        for (int i = 0; i < n; i += 97) fileOrder[k++] = heap[i];
        for (int i = 0; i < n; i++) if (i % 97 != 0) fileOrder[k++] = heap[i];
        AddressIndex index = form(name).apply(fileOrder, n);
        for (int i = 0; i < n; i++) assertEquals(i, index.idOf(fileOrder[i]));
        var present = new java.util.HashSet<Long>();
        for (long a : fileOrder) present.add(a);
        int gaps = 0;
        for (long a : heap) {
            if (!present.contains(a + 8)) {
                assertEquals(-1, index.idOf(a + 8), "a free slot");
                gaps++;
            }
        }
        assertTrue(gaps > n / 2, "free slots checked: " + gaps);
    }

    @Test
    void aDenseHeapGetsTheBitmapInFewBytesPerObject() {
        int n = 300_000;
        long[] addresses = clusteredHeap(new Random(5), n);
        var index = assertInstanceOf(AddressBitmap.class, AddressIndex.of(addresses, n));
        assertTrue(index.bytes() < 6L * n, "bytes per object: " + (double) index.bytes() / n);
        for (int i = 0; i < n; i++) assertEquals(i, index.idOf(addresses[i]));
    }

    @Test
    void unalignedOrSpreadAddressesGetTheSortedForm() {
        assertInstanceOf(SortedAddresses.class, AddressIndex.of(new long[] {0x10, 0x1c, 0x20}, 3));
        assertInstanceOf(SortedAddresses.class, AddressIndex.of(new long[] {0x10, 1L << 40, 0x20}, 3));
        assertInstanceOf(SortedAddresses.class, AddressIndex.of(new long[] {0x10, -8, 0x20}, 3));
        assertInstanceOf(AddressBitmap.class, AddressIndex.of(new long[] {0x10, 0x18, 0x20}, 3));
    }

    @ParameterizedTest
    @ValueSource(strings = {"bitmap", "sorted"})
    void repeatedAddressesKeepEveryRecordAndFindTheFirst(String name) {
        AddressIndex index = form(name).apply(new long[] {0x30, 0x10, 0x30, 0x20}, 4);
        assertEquals(0, index.idOf(0x30));
        assertEquals(1, index.idOf(0x10));
        assertEquals(3, index.idOf(0x20));
        assertEquals(1, index.duplicates());
        assertEquals(4, index.size());
        assertEquals(-1, AddressIndex.of(new long[0], 0).idOf(0x10));
    }

    /** A fuzzer's find: a few records spread over a huge range cost 4 M granules (1.9 s for a 1 KB file). */
    @Test
    void fewObjectsOverAHugeRangeNeedFewGranules() {
        long[] addresses = {0x10, 1L << 62, 0x7fff_ffff_ffff_fff0L, 0x20, -8};
        var index = assertInstanceOf(SortedAddresses.class, AddressIndex.of(addresses, addresses.length));
        assertEquals(true, index.granules() <= 1 << 10, "granules: " + index.granules());
        for (int i = 0; i < addresses.length; i++) assertEquals(i, index.idOf(addresses[i]));
        assertEquals(-1, index.idOf(0x18));
    }
}
