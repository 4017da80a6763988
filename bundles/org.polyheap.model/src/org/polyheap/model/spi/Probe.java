package org.polyheap.model.spi;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * The first bytes of a file, decompressed when the file is gzip, for format detection by content.
 *
 * @param head the first up to {@link #HEAD_BYTES} bytes of the (decompressed) content
 * @param gzip whether the file on disk is gzip-compressed
 */
public record Probe(byte[] head, boolean gzip) {
    public static final int HEAD_BYTES = 4096;

    /** Reads the head of a file, decompressed when it is gzip; see {@link SnapshotSource#probe()}. */
    public static Probe of(Path file) throws IOException {
        return SnapshotSource.of(file).probe();
    }

    /** True when the head starts with the given ASCII text. */
    public boolean startsWith(String ascii) {
        byte[] b = ascii.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
        return head.length >= b.length && Arrays.equals(head, 0, b.length, b, 0, b.length);
    }
}
