package org.polyheap.parser.hprof;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.RandomAccessFile;
import java.lang.foreign.MemorySegment;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import org.polyheap.index.SnapshotStore;
import org.polyheap.model.HeapGraph;
import org.polyheap.model.ObjectInspector;
import org.polyheap.model.Progress;
import org.polyheap.model.spi.ParseOptions;
import org.polyheap.model.spi.SnapshotSource;
import org.polyheap.model.spi.SourceCache;
import org.polyheap.testdata.TestData;

/**
 * Random reads in real dumps gzipped as one member at test time (as {@code gzip} does) equal the plain
 * bytes, at a cost bounded by the checkpoint spacing; checkpoints kept with the index serve later
 * sessions without a scan; damaged checkpoints are found and made again, never read as bytes.
 */
class DumpReaderTest {
    private static final int BLOCK = 64 << 10;
    @TempDir static Path shared;
    private static final java.util.Map<Path, Gzipped> GZIPPED = new java.util.HashMap<>();
    @TempDir Path dir;

    /** A fixture's plain bytes, beside a copy gzipped as one member. */
    record Gzipped(byte[] plain, Path gz) { }

    /** The fixture gzipped as one member (once per class), copied into this test's folder, where its index goes. */
    private Gzipped gzipped(Path fixture) throws IOException {
        Gzipped g;
        synchronized (GZIPPED) {
            g = GZIPPED.get(fixture);
            if (g == null) {
                byte[] plain = Dumps.gunzip(fixture);
                Path gz = shared.resolve(fixture.getFileName());
                try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(gz), 1 << 16)) {
                    out.write(plain);
                }
                GZIPPED.put(fixture, g = new Gzipped(plain, gz));
            }
        }
        return new Gzipped(g.plain(), Files.copy(g.gz(), dir.resolve(fixture.getFileName())));
    }

    /** Offsets worth reading: the ends, around every checkpoint and some block edges, then random ones; in random order. */
    private static List<Long> offsets(GzipMembers members, long size, int randomOnes, long seed) {
        var r = new Random(seed);
        List<Long> at = new ArrayList<>(List.of(0L, size - 1, size / 2));
        for (int k = 0; k < members.checkpoints(); k++) {
            long c = members.checkpointOutput(k);
            at.addAll(List.of(c - 1, c, c + 1, c - 2 * BLOCK - 7));
        }
        for (int i = 0; i < 20; i++) at.add((long) r.nextInt((int) (size / BLOCK)) * BLOCK - 3);
        for (int i = 0; i < randomOnes; i++) at.add(r.nextLong(size));
        at.removeIf(o -> o < 0 || o >= size);
        Collections.shuffle(at, r);
        return at;
    }

    /** Reads every offset (1 byte to 20 KB) and compares with the plain file; answers the most decoded by one read. */
    private static long readAndCompare(DumpReader reader, byte[] plain, List<Long> offsets, long seed) throws IOException {
        var r = new Random(seed);
        long most = 0;
        for (long at : offsets) {
            byte[] buf = new byte[1 + r.nextInt(20_000)];
            long before = reader.decodedBytes();
            int n = reader.read(at, buf, buf.length);
            most = Math.max(most, reader.decodedBytes() - before);
            assertEquals(Math.min(buf.length, plain.length - at), n, "count at " + at);
            assertArrayEquals(java.util.Arrays.copyOfRange(plain, (int) at, (int) at + n), java.util.Arrays.copyOf(buf, n), "bytes at " + at);
        }
        return most;
    }

    /** The widest stretch a decoder may have to pass: between two checkpoints (or a member start and the first). */
    private static long widestSpan(GzipMembers m) {
        long widest = 0, previous = 0;
        for (int k = 0; k < m.checkpoints(); k++) {
            widest = Math.max(widest, m.checkpointOutput(k) - previous);
            previous = m.checkpointOutput(k);
        }
        return Math.max(widest, m.decompressedSize() - previous);
    }

    @ParameterizedTest
    @ValueSource(strings = {"jackson-tree.hprof.gz", "gen-40.hprof.gz"})
    void readsAtArbitraryOffsetsEqualThePlainFileAndDecodeAtMostOneCheckpointSpan(String fixture) throws IOException {
        Gzipped g = gzipped(TestData.hprof(fixture));
        GzipMembers members = GzipMembers.scan(g.gz());
        assertEquals(1, members.members());
        assertEquals(g.plain().length, members.decompressedSize());
        assertTrue(members.checkpoints() >= g.plain().length / (2 * GzipMembers.CHECKPOINT_EVERY), "checkpoints: " + members.checkpoints());
        try (var reader = new DumpReader(SnapshotSource.of(g.gz()))) {
            long most = readAndCompare(reader, g.plain(), offsets(members, g.plain().length, 300, 5), 6);
            long bound = widestSpan(members) + 20_000 + 2L * BLOCK;
            assertTrue(most <= bound, "one read decoded " + most + " bytes; bound " + bound);
            assertTrue(widestSpan(members) < 2 * GzipMembers.CHECKPOINT_EVERY, "widest span " + widestSpan(members));
        }
    }

    /** A real store's cache, counting how often the entry is made. */
    private static final class Counting implements SourceCache {
        final SourceCache store;
        int makes;

        Counting(SourceCache store) { this.store = store; }

        @Override
        public MemorySegment bytes(String name, int version, Maker maker) throws IOException {
            return store.bytes(name, version, out -> {
                makes++;
                maker.writeTo(out);
            });
        }

        @Override public void discard(String name) { store.discard(name); }
    }

    private SnapshotStore.Opened open(Path gz) throws Exception {
        return new SnapshotStore(dir.resolve("cache")).open(gz, List.of(new HprofParser()), ParseOptions.NONE, Progress.NONE);
    }

    private Path storedCheckpoints(Path gz) throws IOException {
        try (Stream<Path> files = Files.walk(gz.resolveSibling(gz.getFileName() + ".polyheap").resolve("results"))) {
            return files.filter(p -> p.getFileName().toString().equals("bytes.bytes")
                    && p.getParent().getFileName().toString().startsWith("source-" + GzipMembers.ENTRY)).findFirst().orElseThrow();
        }
    }

    @Test
    void checkpointsKeptWithTheIndexServeALaterSessionWithoutAScan() throws Exception {
        Gzipped g = gzipped(TestData.JACKSON_TREE);
        GzipMembers members = GzipMembers.scan(g.gz());
        try (var opened = open(g.gz())) {
            var cache = new Counting(opened.snapshot().sourceCache());
            try (var reader = new DumpReader(SnapshotSource.of(g.gz()), cache)) {
                readAndCompare(reader, g.plain(), offsets(members, g.plain().length, 50, 1), 2);
            }
            try (var reader = new DumpReader(SnapshotSource.of(g.gz()), cache)) { // the command's next query
                readAndCompare(reader, g.plain(), offsets(members, g.plain().length, 50, 3), 4);
            }
            assertEquals(1, cache.makes, "one scan, kept");
        }
        try (var opened = open(g.gz())) { // a later session: the index and its checkpoints are mapped again
            assertTrue(opened.reused());
            var cache = new Counting(opened.snapshot().sourceCache());
            try (var reader = new DumpReader(SnapshotSource.of(g.gz()), cache)) {
                readAndCompare(reader, g.plain(), offsets(members, g.plain().length, 300, 7), 8);
            }
            assertEquals(0, cache.makes, "restored, not scanned");
        }
    }

    @Test
    void theInspectorOnTheGzipFileWithItsIndexAnswersAsOnThePlainFile() throws Exception {
        Gzipped g = gzipped(TestData.JACKSON_TREE);
        Path plain = Files.write(dir.resolve("plain.hprof"), g.plain());
        try (var opened = open(g.gz());
                ObjectInspector fromGzip = new HprofParser().inspector(g.gz(), opened.snapshot());
                ObjectInspector fromPlain = new HprofParser().inspector(plain, opened.snapshot())) {
            HeapGraph graph = opened.snapshot();
            var r = new Random(11);
            int hints = 0;
            for (int i = 0; i < 400; i++) {
                int object = r.nextInt(graph.objectCount());
                var hint = fromGzip.valueHint(object, 200);
                assertEquals(fromPlain.valueHint(object, 200), hint, "object " + object);
                assertEquals(fromPlain.fields(object), fromGzip.fields(object), "object " + object);
                if (hint.isPresent()) hints++;
            }
            assertTrue(hints > 20, "hints: " + hints);
            assertTrue(Files.isRegularFile(storedCheckpoints(g.gz())), "kept with the index");
        }
    }

    @Test
    void aFlippedByteInTheKeptCheckpointsIsFoundAndTheyAreMadeAgain() throws Exception {
        Gzipped g = gzipped(TestData.JACKSON_TREE);
        GzipMembers members = GzipMembers.scan(g.gz());
        try (var opened = open(g.gz()); var reader = new DumpReader(SnapshotSource.of(g.gz()), opened.snapshot().sourceCache())) {
            reader.read(0, new byte[10], 10);
        }
        long size = Files.size(storedCheckpoints(g.gz()));
        for (long at : new long[] {100, size / 2, size - 40, size - 3}) { // a window, the tables, the trailer
            try (var f = new RandomAccessFile(storedCheckpoints(g.gz()).toFile(), "rw")) {
                f.seek(at);
                int b = f.read();
                f.seek(at);
                f.write(b ^ 0x10);
            }
            try (var opened = open(g.gz())) {
                var cache = new Counting(opened.snapshot().sourceCache());
                try (var reader = new DumpReader(SnapshotSource.of(g.gz()), cache)) {
                    readAndCompare(reader, g.plain(), offsets(members, g.plain().length, 30, at), at);
                }
                assertEquals(1, cache.makes, "made again after a flip at " + at);
            }
        }
    }

    @Test
    void checkpointsThatPassTheStoresCheckButNotTheirOwnAreOneErrorThenMadeAgain() throws Exception {
        Gzipped g = gzipped(TestData.JACKSON_TREE);
        var scanned = new ByteArrayOutputStream();
        GzipMembers.scan(g.gz(), scanned);
        GzipMembers members = GzipMembers.scan(g.gz());
        byte[] badWindow = scanned.toByteArray();
        badWindow[200] ^= 0x21; // inside the first checkpoint's packed window
        byte[] badTable = scanned.toByteArray();
        badTable[badTable.length - 36 - 36 + 15] ^= 0x01; // the last checkpoint's output offset, by one

        try (var opened = open(g.gz())) { // kept as written: the store's own checksum holds
            var cache = new Counting(opened.snapshot().sourceCache());
            cache.store.bytes(GzipMembers.ENTRY, GzipMembers.VERSION, out -> out.write(badWindow));
            long inFirstSpan = (members.checkpointOutput(0) / BLOCK + 2) * BLOCK; // a block that starts after the first checkpoint
            try (var reader = new DumpReader(SnapshotSource.of(g.gz()), cache)) {
                var e = assertThrows(IOException.class, () -> reader.read(inFirstSpan, new byte[100], 100));
                assertTrue(e.getMessage().startsWith(g.gz().toString()) && e.getMessage().contains("damaged"), e.getMessage());
            }
            assertEquals(0, cache.makes);
            try (var reader = new DumpReader(SnapshotSource.of(g.gz()), cache)) { // the damaged entry was dropped
                readAndCompare(reader, g.plain(), List.of(inFirstSpan, 5L, (long) g.plain().length - 10), 1);
            }
            assertEquals(1, cache.makes);

            cache.store.discard(GzipMembers.ENTRY);
            cache.store.bytes(GzipMembers.ENTRY, GzipMembers.VERSION, out -> out.write(badTable));
            try (var reader = new DumpReader(SnapshotSource.of(g.gz()), cache)) { // tables out of order: made again at once
                readAndCompare(reader, g.plain(), offsets(members, g.plain().length, 30, 9), 9);
            }
            assertEquals(2, cache.makes);
        }
    }

    @Test
    void aTruncatedGzipFileIsOneErrorNamingTheFile() throws Exception {
        Gzipped g = gzipped(TestData.JACKSON_TREE);
        byte[] whole = Files.readAllBytes(g.gz());
        Path cut = Files.write(dir.resolve("cut.hprof.gz"), java.util.Arrays.copyOf(whole, whole.length / 3));
        var e = assertThrows(IOException.class, () -> new DumpReader(SnapshotSource.of(cut)));
        assertTrue(e.getMessage().startsWith(cut.toString()) && e.getMessage().contains("byte"), e.getMessage());
    }
}
