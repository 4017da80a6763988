package org.polyheap.index;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * What the manifest remembers of the snapshot file to tell whether it changed: size, modification
 * time and a SHA-256 of its size, first and last 64 KiB. Computing it reads at most 128 KiB.
 *
 * @param fingerprint hex SHA-256, or "" for a graph built without a source file
 */
public record SourceStamp(long size, long modifiedMillis, String fingerprint) {
    static final int EDGE_BYTES = 64 * 1024;

    /** No source file (a builder used directly, e.g. in tests). */
    public static final SourceStamp NONE = new SourceStamp(-1, -1, "");

    public static SourceStamp of(Path file) throws IOException {
        long size = Files.size(file);
        long modified = Files.getLastModifiedTime(file).toMillis();
        MessageDigest sha;
        try {
            sha = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
        sha.update(ByteBuffer.allocate(8).putLong(0, size));
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            digest(ch, sha, 0, Math.min(size, EDGE_BYTES));
            long tail = Math.max(EDGE_BYTES, size - EDGE_BYTES);
            digest(ch, sha, tail, size - tail);
        }
        return new SourceStamp(size, modified, HexFormat.of().formatHex(sha.digest()));
    }

    private static void digest(FileChannel ch, MessageDigest sha, long from, long length) throws IOException {
        if (length <= 0) return;
        ByteBuffer b = ByteBuffer.allocate((int) length);
        while (b.hasRemaining() && ch.read(b, from + b.position()) >= 0) { }
        b.flip();
        sha.update(b);
    }
}
