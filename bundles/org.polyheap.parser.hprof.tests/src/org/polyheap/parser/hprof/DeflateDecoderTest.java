package org.polyheap.parser.hprof;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.zip.Deflater;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The hand-written DEFLATE decoder against the JDK's zlib encoder, and its checkpoints. */
class DeflateDecoderTest {
    @TempDir Path dir;

    /** Data of the kinds dumps hold: runs, repeated records, text, random bytes, mixed in one stream. */
    static byte[] data(long seed, int size) {
        var r = new Random(seed);
        var out = new ByteArrayOutputStream(size);
        String[] words = {"java.lang.String", "0x7f3a10", "HashMap$Node", "value", "\u00e9t\u00e9", "next", "[I"};
        while (out.size() < size) {
            switch (r.nextInt(5)) {
                case 0 -> { int b = r.nextInt(256); for (int i = r.nextInt(5000); i > 0; i--) out.write(b); }
                case 1 -> { byte[] rnd = new byte[r.nextInt(3000)]; r.nextBytes(rnd); out.writeBytes(rnd); }
                case 2 -> { for (int i = r.nextInt(400); i > 0; i--) out.writeBytes(words[r.nextInt(words.length)].getBytes(java.nio.charset.StandardCharsets.UTF_8)); }
                case 3 -> { for (int i = r.nextInt(800); i > 0; i--) { out.write(0x21); out.writeBytes(new byte[] {0, 0, 0, (byte) i}); out.write(r.nextInt(4)); } }
                default -> { byte[] rec = new byte[40]; r.nextBytes(rec); for (int i = r.nextInt(200); i > 0; i--) out.writeBytes(rec); }
            }
        }
        return java.util.Arrays.copyOf(out.toByteArray(), size);
    }

    static byte[] deflate(byte[] data, int level, int strategy) {
        var d = new Deflater(level, true);
        d.setStrategy(strategy);
        d.setInput(data);
        d.finish();
        var out = new ByteArrayOutputStream();
        byte[] buf = new byte[1 << 16];
        while (!d.finished()) out.write(buf, 0, d.deflate(buf));
        d.end();
        return out.toByteArray();
    }

    private Path file(byte[] bytes) throws IOException {
        return Files.write(Files.createTempFile(dir, "raw", ".deflate"), bytes);
    }

    private static byte[] decodeAll(DeflateDecoder d, int chunk) throws IOException {
        var out = new ByteArrayOutputStream();
        byte[] buf = new byte[chunk];
        int n;
        while ((n = d.read(buf, 0, buf.length)) > 0) out.write(buf, 0, n);
        assertTrue(d.finished());
        return out.toByteArray();
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 6, 9})
    void decodesWhatZlibEncodesAtEveryLevel(int level) throws IOException {
        for (int seed = 0; seed < 6; seed++) {
            byte[] data = data(seed, seed == 0 ? 0 : 1 << (10 + 2 * seed));
            for (int strategy : new int[] {Deflater.DEFAULT_STRATEGY, Deflater.FILTERED, Deflater.HUFFMAN_ONLY}) {
                Path f = file(deflate(data, level, strategy));
                try (var ch = FileChannel.open(f)) {
                    var d = new DeflateDecoder(ch, f.toString(), new DeflateDecoder.Checkpoint(0, 0, new byte[0]), 0, Long.MAX_VALUE, null);
                    assertArrayEquals(data, decodeAll(d, 1 + seed * 997), "seed " + seed + " level " + level + " strategy " + strategy);
                }
            }
        }
    }

    @Test
    void everyCheckpointResumesToTheSameOutput() throws IOException {
        byte[] data = data(42, 3 << 20);
        Path f = file(deflate(data, 6, Deflater.DEFAULT_STRATEGY));
        List<DeflateDecoder.Checkpoint> checkpoints = new ArrayList<>();
        try (var ch = FileChannel.open(f)) {
            var d = new DeflateDecoder(ch, f.toString(), new DeflateDecoder.Checkpoint(0, 0, new byte[0]), 0, 100_000, checkpoints::add);
            assertArrayEquals(data, decodeAll(d, 8192));
            assertTrue(checkpoints.size() > 10, "checkpoints: " + checkpoints.size());
            for (var cp : checkpoints) {
                assertEquals(Math.min(DeflateDecoder.WINDOW, cp.output()), cp.window().length);
                var resumed = new DeflateDecoder(ch, f.toString(), cp, 0, Long.MAX_VALUE, null);
                assertEquals(cp.output(), resumed.position());
                byte[] rest = decodeAll(resumed, 65536);
                assertArrayEquals(java.util.Arrays.copyOfRange(data, (int) cp.output(), data.length), rest, "from " + cp.output());
            }
        }
    }

    @Test
    void truncatedOrCorruptDataIsAnIOExceptionWithTheOffset() throws IOException {
        byte[] data = data(7, 200_000);
        byte[] packed = deflate(data, 9, Deflater.DEFAULT_STRATEGY);
        Path cut = file(java.util.Arrays.copyOf(packed, packed.length / 2));
        try (var ch = FileChannel.open(cut)) {
            var d = new DeflateDecoder(ch, cut.toString(), new DeflateDecoder.Checkpoint(0, 0, new byte[0]), 0, Long.MAX_VALUE, null);
            var e = assertThrows(IOException.class, () -> decodeAll(d, 4096));
            assertTrue(e.getMessage().contains("truncated at byte"), e.getMessage());
        }
        Path reserved = file(new byte[] {0x07, 0, 0, 0}); // final block of type 3
        try (var ch = FileChannel.open(reserved)) {
            var d = new DeflateDecoder(ch, reserved.toString(), new DeflateDecoder.Checkpoint(0, 0, new byte[0]), 0, Long.MAX_VALUE, null);
            var e = assertThrows(IOException.class, () -> decodeAll(d, 4096));
            assertTrue(e.getMessage().contains("reserved"), e.getMessage());
        }
        var r = new Random(3);
        for (int trial = 0; trial < 200; trial++) { // flipped bytes: an error or wrong bytes, never a hang or a crash
            byte[] bad = packed.clone();
            bad[r.nextInt(bad.length)] ^= (byte) (1 + r.nextInt(255));
            Path f = file(bad);
            try (var ch = FileChannel.open(f)) {
                var d = new DeflateDecoder(ch, f.toString(), new DeflateDecoder.Checkpoint(0, 0, new byte[0]), 0, Long.MAX_VALUE, null);
                try {
                    decodeAll(d, 4096);
                } catch (IOException expected) {
                    assertTrue(expected.getMessage().contains(f.toString()), expected.getMessage());
                }
            }
        }
    }
}
