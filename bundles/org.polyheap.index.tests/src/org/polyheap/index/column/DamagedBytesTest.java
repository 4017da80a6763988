package org.polyheap.index.column;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.polyheap.model.IntColumn;
import org.polyheap.model.LongColumn;

/**
 * Readers facing damaged bytes (no whole-file checksum to save them, as for files above the open-time
 * CRC limit): they either refuse with IndexDamagedException — on open for the tables and trailers, or
 * wrapped in an UncheckedIOException when a damaged page is first read — or read every value without
 * any other exception. Never an out-of-bounds access, a huge allocation or a hang.
 */
class DamagedBytesTest {
    private static final int ROUNDS = 150;
    @TempDir Path dir;

    private static int damageAndRead(byte[] good, Path f, Random r, boolean oneToMany) throws IOException {
        int refused = 0;
        for (int round = 0; round < ROUNDS; round++) {
            byte[] bad = good.clone();
            int flips = 1 + r.nextInt(3);
            for (int k = 0; k < flips; k++) {
                // aim at the structure: the last 120 bytes (trailers, tables) or a page header
                int at = r.nextBoolean() ? Math.max(0, bad.length - 1 - r.nextInt(120)) : r.nextInt(Math.min(bad.length, 40));
                bad[at] ^= (byte) (1 << r.nextInt(8));
            }
            Files.write(f, bad);
            try (Arena arena = Arena.ofConfined()) {
                var seg = MappedFile.map(f, arena);
                if (oneToMany) {
                    var index = OneToManyIndex.open(seg);
                    index.values().toArray();
                    index.starts().toArray();
                } else {
                    LongIndexReader.open(seg).toArray();
                }
            } catch (IndexDamagedException expected) {
                refused++;
            } catch (java.io.UncheckedIOException expected) { // found when a page was first read
                if (!(expected.getCause() instanceof IndexDamagedException)) throw expected;
                refused++;
            }
        }
        return refused;
    }

    @Test
    void flippedStructureBytesAreRefusedOrReadSafely() throws IOException {
        var r = new Random(17);
        Path f = dir.resolve("l.index");
        LongIndexWriter.write(f, LongColumn.of(r.longs(3 * 4096 + 11, -5000, 5000).toArray()));
        int refused = damageAndRead(Files.readAllBytes(f), f, r, false);
        assertEquals(true, refused >= ROUNDS / 4, "structural damage is caught, refused " + refused);
    }

    @Test
    void everyFlippedBitIsRefusedWhenItsPageIsRead() throws IOException {
        // page CRCs (format 3): a flip anywhere in a page, header or packed data, never reads as valid
        var r = new Random(19);
        Path f = dir.resolve("c.index");
        long[] values = r.longs(5 * 4096 + 7, 0, 1L << 40).toArray();
        LongIndexWriter.write(f, LongColumn.of(values));
        byte[] good = Files.readAllBytes(f);
        long pagesEnd;
        try (Arena arena = Arena.ofConfined()) { // the page table's last entry is where the pages end
            var seg = MappedFile.map(f, arena);
            int pages = 6;
            pagesEnd = seg.get(PageCodec.LONG_BE, seg.byteSize() - PageStreamer.TRAILER_BYTES - 4L * pages - 8);
        }
        for (int round = 0; round < 200; round++) {
            byte[] bad = good.clone();
            int at = r.nextInt((int) pagesEnd);
            bad[at] ^= (byte) (1 << r.nextInt(8));
            Files.write(f, bad);
            try (Arena arena = Arena.ofConfined()) {
                var reader = LongIndexReader.open(MappedFile.map(f, arena), Origin.of(f, null));
                var e = org.junit.jupiter.api.Assertions.assertThrows(java.io.UncheckedIOException.class, reader::toArray,
                        "flip at byte " + at);
                org.junit.jupiter.api.Assertions.assertInstanceOf(IndexDamagedException.class, e.getCause());
                org.junit.jupiter.api.Assertions.assertTrue(e.getCause().getMessage().startsWith(f.toString()),
                        e.getCause().getMessage());
            }
        }
    }

    @Test
    void flippedOneToManyBytesAreRefusedOrReadSafely() throws IOException {
        var r = new Random(18);
        Path f = dir.resolve("n.index");
        long[] starts = new long[301];
        for (int i = 1; i < starts.length; i++) starts[i] = starts[i - 1] + r.nextInt(40);
        OneToManyWriter.write(f, LongColumn.of(starts), IntColumn.of(r.ints((int) starts[300], 0, 1000).toArray()));
        int refused = damageAndRead(Files.readAllBytes(f), f, r, true);
        assertEquals(true, refused >= ROUNDS / 4, "structural damage is caught, refused " + refused);
    }
}
