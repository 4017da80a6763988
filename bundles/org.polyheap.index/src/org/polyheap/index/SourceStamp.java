package org.polyheap.index;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.HexFormat;
import java.util.zip.CRC32C;

/**
 * What the manifest remembers of the snapshot file to tell whether it changed: size, modification
 * time and CRC32Cs of its first and last 64 KiB. Computing it reads at most 128 KiB. Not a
 * cryptographic hash on purpose: it guards against an edited or replaced file with the same size
 * and time, not against an adversary, and it runs on every open (SHA-256 took ~40 ms of a 0.5 s
 * re-open before the JIT compiled it).
 *
 * @param fingerprint {@code crc32c:<head>:<tail>} in hex, or "" for a graph built without a source file
 */
public record SourceStamp(long size, long modifiedMillis, String fingerprint) {
    static final int EDGE_BYTES = 64 * 1024;

    /** No source file (a builder used directly, e.g. in tests). */
    public static final SourceStamp NONE = new SourceStamp(-1, -1, "");

    // written out: the generated ones are linked at first use, milliseconds of every open
    @Override
    public boolean equals(Object o) {
        return o instanceof SourceStamp s && size == s.size && modifiedMillis == s.modifiedMillis && fingerprint.equals(s.fingerprint);
    }

    @Override public int hashCode() { return (Long.hashCode(size) * 31 + Long.hashCode(modifiedMillis)) * 31 + fingerprint.hashCode(); }

    public static SourceStamp of(Path file) throws IOException {
        long size = Files.size(file);
        long modified = Files.getLastModifiedTime(file).toMillis();
        int head, tail;
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            head = crc(ch, 0, Math.min(size, EDGE_BYTES));
            long tailStart = Math.max(EDGE_BYTES, size - EDGE_BYTES);
            tail = crc(ch, tailStart, size - tailStart);
        }
        var hex = HexFormat.of();
        return new SourceStamp(size, modified, "crc32c:" + hex.toHexDigits(head) + ":" + hex.toHexDigits(tail));
    }

    private static int crc(FileChannel ch, long from, long length) throws IOException {
        var crc = new CRC32C();
        if (length > 0) {
            ByteBuffer b = ByteBuffer.allocate((int) length);
            while (b.hasRemaining() && ch.read(b, from + b.position()) >= 0) { }
            b.flip();
            crc.update(b);
        }
        return (int) crc.getValue();
    }
}
