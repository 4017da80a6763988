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

    /**
     * The file in two ascending runs over disjoint address ranges (as a dump's heap regions): each granule
     * holds one run, so ids come from the granule's id - rank and no rank → id table is kept; the class
     * dumps' order above mixes runs in every granule and keeps the table.
     */
    @Test
    void ascendingRunsResolveWithoutTheIdTable() {
        int n = 200_000;
        long[] heap = clusteredHeap(new Random(9), n);
        int split = n / 2;
        while ((heap[split] - heap[0]) >>> 20 == (heap[split - 1] - heap[0]) >>> 20) split++; // at a granule's start
        long[] fileOrder = new long[n];
        int k = 0;
        for (int i = split; i < n; i++) fileOrder[k++] = heap[i]; // the upper run first
        for (int i = 0; i < split; i++) fileOrder[k++] = heap[i];
        AddressBitmap index = AddressBitmap.build(fileOrder, n);
        for (int i = 0; i < n; i++) assertEquals(i, index.idOf(fileOrder[i]));
        assertEquals(0, index.mixedGranules());
        assertTrue(index.bytes() < 4L * n, "no id table: " + (double) index.bytes() / n + " bytes per object");

        long[] classesFirst = new long[n];
        k = 0;
        for (int i = 0; i < n; i += 97) classesFirst[k++] = heap[i];
        for (int i = 0; i < n; i++) if (i % 97 != 0) classesFirst[k++] = heap[i];
        AddressBitmap mixed = AddressBitmap.build(classesFirst, n);
        for (int i = 0; i < n; i++) assertEquals(i, mixed.idOf(classesFirst[i]));
        assertTrue(mixed.mixedGranules() > 0 && mixed.bytes() > 4L * n, "every granule mixes runs: the ids of all are kept");

        long[] fewMixed = new long[n]; // class objects in the lowest 5 % of the heap only, as a JVM's metaspace mirrors cluster
        k = 0;
        for (int i = 0; i < n / 20; i += 7) fewMixed[k++] = heap[i];
        for (int i = 0; i < n; i++) if (i >= n / 20 || i % 7 != 0) fewMixed[k++] = heap[i];
        AddressBitmap few = AddressBitmap.build(fewMixed, n);
        for (int i = 0; i < n; i++) assertEquals(i, few.idOf(fewMixed[i]));
        assertEquals(-1, few.idOf(heap[1] + 4));
        assertTrue(few.mixedGranules() > 0 && few.mixedGranules() < mixed.mixedGranules() / 2, few.mixedGranules() + " granules mix");
        assertTrue(few.bytes() < mixed.bytes() - 2L * n, "only the mixed granules' ids are kept: " + few.bytes() + " bytes");
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
