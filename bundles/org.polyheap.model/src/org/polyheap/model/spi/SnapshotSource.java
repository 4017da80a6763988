package org.polyheap.model.spi;

import java.io.BufferedInputStream;
import java.io.ByteArrayInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.zip.GZIPInputStream;
import java.util.zip.ZipException;

import org.polyheap.model.SnapshotFormatException;

/**
 * The bytes of one snapshot, a file or an array in memory, plain or gzip (recognised by its magic,
 * never its name), as every parser reads them: the decompressed content from any offset, its size
 * when known, and one kind of error for damaged input, a {@link SnapshotFormatException} naming the
 * file and the offset in the decompressed content. Immutable and thread-safe: each {@link #open}
 * gives an independent stream, so several threads may read one source at different offsets.
 */
public final class SnapshotSource {
    private static final int GZIP_BUFFER = 1 << 16;
    private final Path file;
    private final byte[] content; // in memory, or null for a file
    private final boolean gzip;
    private final long size;

    private SnapshotSource(Path file, byte[] content, boolean gzip, long size) {
        this.file = file;
        this.content = content;
        this.gzip = gzip;
        this.size = size;
    }

    /** A file on disk. Cost: reads its first two bytes (the gzip magic) and its size. */
    public static SnapshotSource of(Path file) throws IOException {
        byte[] magic;
        try (InputStream in = Files.newInputStream(file)) {
            magic = in.readNBytes(2);
        }
        boolean gzip = isGzip(magic, magic.length);
        return new SnapshotSource(file, null, gzip, gzip ? -1 : Files.size(file));
    }

    /**
     * Bytes in memory (fuzzing, tests), not copied: the caller must not change them while the
     * source is read. {@code name} stands for the file in messages, so it must be a valid path.
     */
    public static SnapshotSource of(byte[] content, String name) {
        boolean gzip = isGzip(content, content.length);
        // unknown for gzip, as for a file: the same bytes give the same answers in memory and on disk
        return new SnapshotSource(Path.of(name), content, gzip, gzip ? -1 : content.length);
    }

    /** True when the bytes start with the gzip magic {@code 1f 8b}. */
    static boolean isGzip(byte[] head, int length) {
        return length >= 2 && (head[0] & 0xff) == 0x1f && (head[1] & 0xff) == 0x8b;
    }

    /** The file, or the name given to bytes in memory; for messages. */
    public Path file() { return file; }

    /** True when the content is stored gzip-compressed; reading at an offset then inflates everything before it. */
    public boolean gzip() { return gzip; }

    /** True when the bytes are in memory rather than in a file. */
    public boolean inMemory() { return content != null; }

    /** Size of the decompressed content in bytes: the file's or array's size when plain, -1 (unknown) for gzip. */
    public long size() { return size; }

    /**
     * The decompressed content from {@code offset} (clamped to the end when the size is known).
     * Plain files are positioned directly; gzip is inflated from the start and skipped, and
     * concatenated members (HotSpot's {@code jcmd -gz}) read as one stream. Compressed data that stops
     * early ends the stream, as a cut-off plain file does; damaged compressed data throws a
     * {@link ZipException} from {@code read}, which {@link #damaged} turns into this source's error.
     * The caller closes the stream; it is for one thread.
     *
     * @throws SnapshotFormatException the gzip header is damaged, or the data is damaged before {@code offset}
     */
    public InputStream open(long offset) throws IOException, SnapshotFormatException {
        InputStream raw = content != null ? new ByteArrayInputStream(content) : Files.newInputStream(file);
        if (!gzip) {
            try {
                raw.skipNBytes(Math.min(offset, size)); // a file stream skips by positioning its channel
                return raw;
            } catch (IOException e) {
                raw.close();
                throw e;
            }
        }
        InputStream in;
        try { // buffered: the header of each gzip member is read a byte at a time
            in = new Inflated(new GZIPInputStream(new BufferedInputStream(raw, GZIP_BUFFER), GZIP_BUFFER));
        } catch (ZipException | EOFException e) {
            raw.close();
            throw fail(0, "corrupt gzip header: " + e.getMessage(), e);
        } catch (IOException | RuntimeException e) {
            raw.close();
            throw e;
        }
        long skipped = 0;
        try {
            while (skipped < offset) {
                long n = in.skip(offset - skipped);
                if (n <= 0) {
                    if (in.read() < 0) throw fail(skipped, "the content ends before byte " + offset);
                    n = 1;
                }
                skipped += n;
            }
            return in;
        } catch (ZipException e) {
            in.close();
            throw damaged(skipped, e);
        } catch (IOException | SnapshotFormatException | RuntimeException e) {
            in.close();
            throw e;
        }
    }

    /** The first {@link Probe#HEAD_BYTES} bytes of the decompressed content; empty when the gzip header is damaged. */
    public Probe probe() throws IOException {
        try (InputStream in = open(0)) {
            return new Probe(in.readNBytes(Probe.HEAD_BYTES), gzip);
        } catch (SnapshotFormatException | ZipException corrupt) {
            return new Probe(new byte[0], gzip);
        }
    }

    /** This source's error: file, offset in the decompressed content (-1 when not tied to one), problem. */
    public SnapshotFormatException fail(long offset, String problem) {
        return new SnapshotFormatException(file, offset, problem);
    }

    public SnapshotFormatException fail(long offset, String problem, Throwable cause) {
        return new SnapshotFormatException(file, offset, problem, cause);
    }

    /**
     * The error for a stream of this source that failed while reading: damaged gzip data at the
     * decompressed {@code offset} reached (-1 when not known).
     */
    public SnapshotFormatException damaged(long offset, ZipException e) {
        return fail(offset, "corrupt gzip data: " + e.getMessage(), e);
    }

    /**
     * Reads at any offset of the decompressed content, for inspectors that go back to one record. A
     * gzip file is decompressed once into a temporary file, deleted by {@link RandomAccess#close};
     * gzip in memory into an array. Cost: for gzip, one full inflate.
     */
    public RandomAccess openRandomAccess() throws IOException {
        if (content != null) {
            if (!gzip) return new RandomAccess(null, null, content);
            try (InputStream in = new GZIPInputStream(new ByteArrayInputStream(content), GZIP_BUFFER)) {
                return new RandomAccess(null, null, in.readAllBytes());
            }
        }
        if (!gzip) return new RandomAccess(FileChannel.open(file, StandardOpenOption.READ), null, null);
        Path temporary = Files.createTempFile("polyheap-", ".decompressed");
        try (InputStream in = new GZIPInputStream(Files.newInputStream(file), GZIP_BUFFER);
             OutputStream out = Files.newOutputStream(temporary)) {
            in.transferTo(out);
            return new RandomAccess(FileChannel.open(temporary, StandardOpenOption.READ), temporary, null);
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(temporary);
            throw e;
        }
    }

    @Override
    public String toString() { return file + (gzip ? " (gzip)" : "") + (content != null ? " (in memory)" : ""); }

    /**
     * Positional reads of decompressed content. Thread-safe: reads share no position, so many
     * {@link #streamAt} streams may read one instance at once.
     */
    public static final class RandomAccess implements AutoCloseable {
        private final FileChannel channel;
        private final Path temporary;
        private final byte[] bytes;

        private RandomAccess(FileChannel channel, Path temporary, byte[] bytes) {
            this.channel = channel;
            this.temporary = temporary;
            this.bytes = bytes;
        }

        /** Decompressed size in bytes. */
        public long size() throws IOException { return bytes != null ? bytes.length : channel.size(); }

        /** Reads up to {@code len} bytes at {@code offset}; returns the count, -1 at the end. One system call at most. */
        public int read(long offset, byte[] into, int off, int len) throws IOException {
            if (bytes == null) return channel.read(ByteBuffer.wrap(into, off, len), offset);
            if (offset >= bytes.length) return -1;
            int n = (int) Math.min(len, bytes.length - offset);
            System.arraycopy(bytes, (int) offset, into, off, n);
            return n;
        }

        /** A stream from {@code offset} whose reads are positional, each at most {@code chunk} bytes; for one thread. */
        public InputStream streamAt(long offset, int chunk) {
            return new BulkStream() {
                private long position = offset;

                @Override
                public int read(byte[] b, int off, int len) throws IOException {
                    if (len == 0) return 0;
                    int n = RandomAccess.this.read(position, b, off, Math.min(len, chunk));
                    if (n > 0) position += n;
                    return n;
                }
            };
        }

        @Override
        public void close() throws IOException {
            try {
                if (channel != null) channel.close();
            } finally {
                if (temporary != null) Files.deleteIfExists(temporary);
            }
        }
    }

    /** A stream read in bulk; a single byte goes through the bulk read. */
    private abstract static class BulkStream extends InputStream {
        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            return read(one, 0, 1) <= 0 ? -1 : one[0] & 0xff;
        }
    }

    /** Inflated content where compressed data that stops early reads as the end of the content. */
    private static final class Inflated extends BulkStream {
        private final InputStream in;
        private boolean cut;
        private byte[] scratch;

        Inflated(InputStream in) { this.in = in; }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            if (cut) return -1;
            try {
                return in.read(b, off, len);
            } catch (EOFException truncated) { // GZIPInputStream's "Unexpected end of ZLIB input stream"
                cut = true;
                return -1;
            }
        }

        /** Inflates into a 64 KiB scratch buffer; InflaterInputStream's own skip inflates 512 bytes a call. */
        @Override
        public long skip(long n) throws IOException {
            if (n <= 0) return 0;
            if (scratch == null) scratch = new byte[GZIP_BUFFER];
            return Math.max(0, read(scratch, 0, (int) Math.min(n, scratch.length)));
        }

        @Override
        public void close() throws IOException { in.close(); }
    }
}
