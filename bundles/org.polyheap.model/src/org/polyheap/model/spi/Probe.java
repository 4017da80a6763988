package org.polyheap.model.spi;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.zip.GZIPInputStream;

/**
 * The first bytes of a file, decompressed when the file is gzip, for format detection by content.
 *
 * @param head the first up to {@link #HEAD_BYTES} bytes of the (decompressed) content
 * @param gzip whether the file on disk is gzip-compressed
 */
public record Probe(byte[] head, boolean gzip) {
    public static final int HEAD_BYTES = 4096;

    public static Probe of(Path file) throws IOException {
        byte[] raw;
        try (InputStream in = Files.newInputStream(file)) {
            raw = in.readNBytes(HEAD_BYTES);
        }
        boolean gzip = raw.length >= 2 && (raw[0] & 0xff) == 0x1f && (raw[1] & 0xff) == 0x8b;
        if (!gzip) return new Probe(raw, false);
        try (InputStream in = new GZIPInputStream(Files.newInputStream(file))) {
            return new Probe(in.readNBytes(HEAD_BYTES), true);
        } catch (IOException corruptGzip) {
            return new Probe(new byte[0], true);
        }
    }

    /** True when the head starts with the given ASCII text. */
    public boolean startsWith(String ascii) {
        byte[] b = ascii.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
        return head.length >= b.length && Arrays.equals(head, 0, b.length, b, 0, b.length);
    }
}
