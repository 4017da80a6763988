package org.polyheap.index.column;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.polyheap.model.IntColumn;
import org.polyheap.model.LongColumn;

class ColumnRoundTripTest {
    private static final int PAGE = 1 << PageStreamer.DEFAULT_PAGE_SHIFT;

    @TempDir Path dir;

    static Stream<long[]> longCases() {
        var r = new Random(42);
        List<long[]> cases = new ArrayList<>();
        cases.add(new long[0]);
        cases.add(new long[] {7});
        cases.add(new long[PAGE + 3]); // all zero
        cases.add(filled(PAGE, Long.MAX_VALUE));
        cases.add(filled(PAGE - 1, Long.MIN_VALUE));
        cases.add(new long[] {Long.MIN_VALUE, Long.MAX_VALUE, 0, -1, 1, Long.MAX_VALUE - 1, Long.MIN_VALUE + 1});
        for (int size : new int[] {PAGE - 1, PAGE, PAGE + 1, 2 * PAGE, 3 * PAGE + 17}) {
            cases.add(r.longs(size).toArray());
            cases.add(r.longs(size, -1000, 1000).toArray());
            long[] sorted = new long[size]; // 8-aligned addresses above 2^32, as in HPROF
            long a = 0x7_0000_0000L;
            for (int i = 0; i < size; i++) sorted[i] = a += 8 * (1 + r.nextInt(10));
            cases.add(sorted);
            long[] near = new long[size];
            for (int i = 0; i < size; i++) near[i] = (i % 2 == 0 ? Long.MAX_VALUE : Long.MIN_VALUE) - r.nextInt(3) * (i % 2 == 0 ? 1 : -1);
            cases.add(near);
        }
        return cases.stream();
    }

    static Stream<int[]> intCases() {
        var r = new Random(7);
        List<int[]> cases = new ArrayList<>();
        cases.add(new int[0]);
        cases.add(new int[] {-5});
        cases.add(new int[2 * PAGE]);
        cases.add(intsFilled(PAGE + 1, Integer.MAX_VALUE));
        cases.add(intsFilled(PAGE, Integer.MIN_VALUE));
        cases.add(new int[] {Integer.MIN_VALUE, Integer.MAX_VALUE, -1, 0, 1});
        for (int size : new int[] {PAGE - 1, PAGE, PAGE + 1, 5 * PAGE + 1}) {
            cases.add(r.ints(size).toArray());
            cases.add(r.ints(size, -1, 40).toArray()); // class ids and labels with -1
            int[] ids = new int[size];
            for (int i = 0; i < size; i++) ids[i] = i * 3 + r.nextInt(3);
            cases.add(ids);
        }
        return cases.stream();
    }

    private static long[] filled(int n, long v) { long[] a = new long[n]; java.util.Arrays.fill(a, v); return a; }

    private static int[] intsFilled(int n, int v) { int[] a = new int[n]; java.util.Arrays.fill(a, v); return a; }

    @ParameterizedTest
    @MethodSource("longCases")
    void longValuesRoundTripThroughGetAndCopy(long[] values) throws IOException {
        Path f = dir.resolve("l.index");
        LongIndexWriter.write(f, LongColumn.of(values));
        try (Arena arena = Arena.ofShared()) {
            var col = LongIndexReader.open(MappedFile.map(f, arena));
            assertEquals(values.length, col.size());
            assertArrayEquals(values, col.toArray());
            for (int i = values.length - 1; i >= 0; i -= 1 + i / 7) assertEquals(values[i], col.get(i), "value " + i);
            if (values.length > 10) { // a copy that starts and ends mid-page
                long[] part = new long[values.length - 7];
                col.copyTo(3, part, 0, part.length);
                assertArrayEquals(java.util.Arrays.copyOfRange(values, 3, values.length - 4), part);
            }
        }
    }

    @ParameterizedTest
    @MethodSource("intCases")
    void intValuesRoundTripThroughGetAndCopy(int[] values) throws IOException {
        Path f = dir.resolve("i.index");
        IntIndexWriter.write(f, IntColumn.of(values));
        try (Arena arena = Arena.ofShared()) {
            var col = IntIndexReader.open(MappedFile.map(f, arena));
            assertEquals(values.length, col.size());
            assertArrayEquals(values, col.toArray());
            for (int i = 0; i < values.length; i += 1 + i / 5) assertEquals(values[i], col.get(i), "value " + i);
            assertThrows(IndexOutOfBoundsException.class, () -> col.get(values.length));
        }
    }

    @Test
    void constantPageTakesOnlyItsHeader() throws IOException {
        Path f = dir.resolve("c.index");
        LongIndexWriter.write(f, LongColumn.of(filled(PAGE, -3)));
        // one 10-byte page, two page offsets, one page CRC, 16-byte trailer
        assertEquals(10 + 16 + 4 + 16, Files.size(f));
    }

    @Test
    void intFileIsNotReadAsLongs() throws IOException {
        Path f = dir.resolve("i.index");
        IntIndexWriter.write(f, IntColumn.of(new int[] {1, 2, 3}));
        try (Arena arena = Arena.ofShared()) {
            assertThrows(IndexDamagedException.class, () -> LongIndexReader.open(MappedFile.map(f, arena)));
        }
    }

    @Test
    void truncatedIndexIsDamaged() throws IOException {
        Path f = dir.resolve("i.index");
        IntIndexWriter.write(f, IntColumn.of(new Random(1).ints(3 * PAGE).toArray()));
        byte[] all = Files.readAllBytes(f);
        for (int cut : new int[] {0, 5, all.length / 2, all.length - 1}) {
            Files.write(f, java.util.Arrays.copyOf(all, cut));
            try (Arena arena = Arena.ofShared()) {
                assertThrows(IndexDamagedException.class, () -> IntIndexReader.open(MappedFile.map(f, arena)), "cut at " + cut);
            }
        }
    }

    @Test
    void oneToManyKeepsEmptyListsAndAMillionEntryList() throws IOException {
        var r = new Random(3);
        int lists = 2000;
        List<int[]> expected = new ArrayList<>();
        Path f = dir.resolve("n.index");
        try (var w = new OneToManyWriter(f)) {
            for (int k = 0; k < lists; k++) {
                int len = k == 1000 ? 1_000_000 : (k % 3 == 0 ? 0 : r.nextInt(20));
                int[] list = r.ints(len, -10, Integer.MAX_VALUE).toArray();
                expected.add(list);
                for (int v : list) w.add(v);
                w.endList();
            }
        }
        try (Arena arena = Arena.ofShared()) {
            var index = OneToManyIndex.open(MappedFile.map(f, arena));
            assertEquals(lists, index.lists());
            for (int k = 0; k < lists; k++) assertArrayEquals(expected.get(k), index.list(k), "list " + k);
        }
    }

    @Test
    void oneToManyWithNoListsAndOnlyEmptyLists() throws IOException {
        for (int lists : new int[] {0, 1, PAGE + 1}) {
            Path f = dir.resolve("e" + lists + ".index");
            OneToManyWriter.write(f, LongColumn.of(new long[lists + 1]), IntColumn.of(new int[0]));
            try (Arena arena = Arena.ofShared()) {
                var index = OneToManyIndex.open(MappedFile.map(f, arena));
                assertEquals(lists, index.lists());
                if (lists > 0) assertEquals(0, index.list(lists - 1).length);
            }
        }
    }

    @Test
    void pagesEncodedOnAPoolGiveTheSameBytes() throws Exception {
        long[] values = new Random(8).longs(10 * PAGE + 5, -100, 1L << 40).toArray();
        Path inline = dir.resolve("inline.index"), pooled = dir.resolve("pooled.index");
        LongIndexWriter.write(inline, LongColumn.of(values));
        var pool = java.util.concurrent.Executors.newFixedThreadPool(2);
        try (var w = new LongIndexWriter(pooled, pool)) {
            for (long v : values) w.add(v);
        } finally {
            pool.shutdown();
        }
        assertArrayEquals(Files.readAllBytes(inline), Files.readAllBytes(pooled));
    }
}
