package org.polyheap.model.spi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.zip.GZIPOutputStream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.polyheap.model.SnapshotFormatException;

class SnapshotSourceTest {
    @TempDir Path dir;

    private static final byte[] CONTENT = content(300_000);

    private static byte[] content(int n) {
        byte[] b = new byte[n];
        for (int i = 0; i < n; i++) b[i] = (byte) (i * 31 + (i >> 8));
        return b;
    }

    private static byte[] gzip(byte[] plain) throws IOException {
        var out = new ByteArrayOutputStream();
        try (var gz = new GZIPOutputStream(out)) {
            gz.write(plain);
        }
        return out.toByteArray();
    }

    /** The four kinds of source over the same content: file or memory, plain or gzip. */
    private SnapshotSource source(String kind) throws IOException {
        byte[] stored = kind.endsWith("gzip") ? gzip(CONTENT) : CONTENT;
        return kind.startsWith("file") ? SnapshotSource.of(Files.write(dir.resolve("s.bin"), stored)) : SnapshotSource.of(stored, "s.bin");
    }

    @ParameterizedTest
    @ValueSource(strings = {"file-plain", "file-gzip", "memory-plain", "memory-gzip"})
    void everySourceGivesTheSameContentFromAnyOffset(String kind) throws Exception {
        var source = source(kind);
        assertEquals(kind.endsWith("gzip"), source.gzip());
        assertEquals(kind.startsWith("memory"), source.inMemory());
        assertEquals(source.gzip() ? -1 : CONTENT.length, source.size(), "size known only when plain");
        for (int offset : new int[] {0, 1, 65_536, 299_999, 300_000}) {
            try (InputStream in = source.open(offset)) {
                assertArrayEquals(Arrays.copyOfRange(CONTENT, offset, CONTENT.length), in.readAllBytes(), "at " + offset);
            }
        }
        try (var random = source.openRandomAccess()) {
            assertEquals(CONTENT.length, random.size());
            byte[] four = new byte[4];
            assertEquals(4, random.read(123_456, four, 0, 4));
            assertArrayEquals(Arrays.copyOfRange(CONTENT, 123_456, 123_460), four);
            assertEquals(-1, random.read(CONTENT.length, four, 0, 4));
            try (InputStream in = random.streamAt(299_000, 100)) {
                assertArrayEquals(Arrays.copyOfRange(CONTENT, 299_000, CONTENT.length), in.readAllBytes());
            }
        }
        assertArrayEquals(Arrays.copyOf(CONTENT, Probe.HEAD_BYTES), source.probe().head());
    }

    @Test
    void cutGzipEndsLikeACutFile() throws Exception {
        byte[] gz = gzip(CONTENT);
        var source = SnapshotSource.of(Arrays.copyOf(gz, gz.length / 2), "cut.gz");
        byte[] read;
        try (InputStream in = source.open(0)) {
            read = in.readAllBytes();
        }
        assertTrue(read.length > 0 && read.length < CONTENT.length, "some content, then the end: " + read.length);
        assertArrayEquals(Arrays.copyOf(CONTENT, read.length), read);
        var e = assertThrows(SnapshotFormatException.class, () -> source.open(CONTENT.length - 1).close());
        assertTrue(e.getMessage().startsWith("cut.gz: at byte "), e.getMessage());
    }

    @Test
    void damagedGzipIsOneErrorNamingFileAndOffset() throws Exception {
        byte[] gz = gzip(CONTENT);
        for (int i = 20; i < 40; i++) gz[i] ^= (byte) 0x5a; // the first deflate block's header and codes
        var source = SnapshotSource.of(gz, "bad.gz");
        var e = assertThrows(SnapshotFormatException.class, () -> {
            try (var in = new Reader(source)) {
                while (in.more()) in.pos = in.limit;
            }
        });
        assertTrue(e.offset() >= 0, e.getMessage());
        assertTrue(e.getMessage().matches("bad\\.gz: at byte \\d+: corrupt gzip data: .*"), e.getMessage());

        byte[] header = gzip(CONTENT);
        header[2] = 7; // compression method other than deflate
        var h = assertThrows(SnapshotFormatException.class, () -> SnapshotSource.of(header, "h.gz").open(0));
        assertEquals("h.gz: at byte 0: corrupt gzip header: Unsupported compression method", h.getMessage());
        assertEquals(0, SnapshotSource.of(header, "h.gz").probe().head().length, "no head to detect a format by");
    }

    @Test
    void fillKeepsUnreadBytesAndGrowsForLargeRequests() throws Exception {
        try (var in = new Reader(SnapshotSource.of(CONTENT, "s.bin"))) {
            assertTrue(in.need(10));
            in.pos = 7;
            assertTrue(in.need(100)); // more than the 64 bytes of buffer: it grows
            assertEquals(7, in.offset());
            assertEquals(CONTENT[7], in.buf[in.pos]);
            assertEquals(0, in.buf[in.limit], "the slack byte after the data is 0");
            in.pos = in.limit;
            while (in.more()) in.pos = in.limit;
            assertEquals(CONTENT.length, in.offset());
            assertFalse(in.need(1));
        }
    }

    /** A minimal decoder on the shared buffer: 64 bytes, one byte of slack. */
    private static final class Reader extends BufferedSnapshotInput {
        Reader(SnapshotSource source) throws IOException, SnapshotFormatException {
            super(source, source.open(0), 0, 64, 1);
        }

        boolean need(int n) throws IOException, SnapshotFormatException { return fill(n); }

        boolean more() throws IOException, SnapshotFormatException { return fill(1); }
    }
}
