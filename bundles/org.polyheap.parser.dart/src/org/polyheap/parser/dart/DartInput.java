package org.polyheap.parser.dart;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.zip.GZIPInputStream;
import java.util.zip.ZipException;

import org.polyheap.model.SnapshotFormatException;

/**
 * Sequential reader of a {@code dartheap} stream: LEB128 integers, raw bytes, UTF-8 text, with the
 * stream offset of every failure. Buffers 64 KB (or as asked); holds no other memory. Not thread-safe.
 */
final class DartInput implements AutoCloseable {
    /** A 64-bit value needs at most 10 LEB128 bytes; more is corrupt input. */
    static final int MAX_LEB_BYTES = 10;

    private final Path file;
    private final InputStream in;
    private final long size;
    private final byte[] buf;
    private long base;
    private int pos;
    private int limit;

    /**
     * @param start offset in the snapshot stream of the first byte {@code in} delivers
     * @param size  total stream length when known (plain files), or -1 (gzip)
     */
    DartInput(Path file, InputStream in, long start, long size) {
        this(file, in, start, size, 1 << 16);
    }

    /** @param bufferSize bytes read ahead: 64 KB for streaming, less for reading one record */
    DartInput(Path file, InputStream in, long start, long size, int bufferSize) {
        this.buf = new byte[Math.max(MAX_LEB_BYTES, bufferSize)];
        this.file = file;
        this.in = in;
        this.base = start;
        this.size = size;
    }

    /**
     * Opens a snapshot file, plain or gzip (recognised by its magic, not its name), positioned at
     * {@code start} of the decompressed stream. Cost: for gzip, decompressing up to {@code start}.
     */
    static DartInput open(Path file, long start) throws IOException, SnapshotFormatException {
        if (!isGzip(file)) {
            InputStream raw = Files.newInputStream(file);
            long size = Files.size(file);
            try {
                raw.skipNBytes(Math.min(start, size));
            } catch (IOException e) {
                raw.close();
                throw e;
            }
            return new DartInput(file, raw, Math.min(start, size), size);
        }
        InputStream compressed = Files.newInputStream(file);
        try {
            var in = new DartInput(file, new GZIPInputStream(compressed, 1 << 16), 0, -1);
            in.skip(start);
            return in;
        } catch (ZipException | EOFException corrupt) {
            compressed.close();
            throw new SnapshotFormatException(file, 0, "corrupt gzip header: " + corrupt.getMessage(), corrupt);
        } catch (IOException | SnapshotFormatException | RuntimeException e) {
            compressed.close();
            throw e;
        }
    }

    static boolean isGzip(Path file) throws IOException {
        try (InputStream raw = Files.newInputStream(file)) {
            return raw.read() == 0x1f && raw.read() == 0x8b;
        }
    }

    /** Offset of the next byte in the (decompressed) snapshot stream. */
    long offset() { return base + pos; }

    /** Bytes left when the stream length is known, else {@link Long#MAX_VALUE}. */
    long remaining() { return size < 0 ? Long.MAX_VALUE : size - offset(); }

    boolean sizeKnown() { return size >= 0; }

    /** True at the end of the stream. */
    boolean atEnd() throws IOException, SnapshotFormatException {
        return pos == limit && !fill();
    }

    SnapshotFormatException fail(long at, String problem) {
        return new SnapshotFormatException(file, at, problem);
    }

    int u8() throws IOException, SnapshotFormatException {
        if (pos == limit && !fill()) throw fail(offset(), "unexpected end of file");
        return buf[pos++] & 0xff;
    }

    /** Unsigned LEB128 into 64 bits; bits above 64 wrap, as the Dart reader's arithmetic does. */
    long uleb() throws IOException, SnapshotFormatException {
        if (limit - pos >= MAX_LEB_BYTES) { // fast path: no refill inside the number
            long result = 0;
            int shift = 0;
            for (int i = 0; i < MAX_LEB_BYTES; i++) {
                int b = buf[pos + i];
                result |= (long) (b & 0x7f) << shift;
                if (b >= 0) {
                    pos += i + 1;
                    return result;
                }
                shift += 7;
            }
            throw fail(offset(), "LEB128 number longer than " + MAX_LEB_BYTES + " bytes");
        }
        long start = offset();
        long result = 0;
        int shift = 0;
        for (int i = 0; i < MAX_LEB_BYTES; i++) {
            int b = u8();
            result |= (long) (b & 0x7f) << shift;
            if ((b & 0x80) == 0) return result;
            shift += 7;
        }
        throw fail(start, "LEB128 number longer than " + MAX_LEB_BYTES + " bytes");
    }

    /** Signed LEB128 (the VM's {@code WriteSigned}, used for {@code _Mint} values). */
    long sleb() throws IOException, SnapshotFormatException {
        long start = offset();
        long result = 0;
        int shift = 0;
        for (int i = 0; i < MAX_LEB_BYTES; i++) {
            int b = u8();
            result |= (long) (b & 0x7f) << shift;
            shift += 7;
            if ((b & 0x80) == 0) {
                if (shift < 64 && (b & 0x40) != 0) result |= -1L << shift;
                return result;
            }
        }
        throw fail(start, "LEB128 number longer than " + MAX_LEB_BYTES + " bytes");
    }

    /** Reads an unsigned count and checks it is at most {@code max} and that the rest of the file could hold it. */
    long count(String what, long max, int minBytesEach) throws IOException, SnapshotFormatException {
        long at = offset();
        long n = uleb();
        if (n < 0 || n > max) throw fail(at, what + " " + Long.toUnsignedString(n) + " exceeds " + max);
        if (minBytesEach > 0 && n > remaining() / minBytesEach) {
            throw fail(at, what + " " + n + " does not fit in the " + remaining() + " bytes left in the file");
        }
        return n;
    }

    /** Reads {@code n} bytes; memory grows with the bytes actually present, so a hostile length cannot exhaust it. */
    byte[] bytes(long n) throws IOException, SnapshotFormatException {
        long at = offset();
        if (n < 0 || n > Integer.MAX_VALUE - 8 || n > remaining()) {
            throw fail(at, "length " + Long.toUnsignedString(n) + " exceeds the " + remaining() + " bytes left");
        }
        byte[] out = new byte[(int) Math.min(n, 1 << 16)];
        int filled = 0;
        while (filled < n) {
            if (pos == limit && !fill()) throw fail(offset(), "unexpected end of file in a " + n + "-byte field at " + at);
            if (filled == out.length) out = Arrays.copyOf(out, (int) Math.min(n, (long) out.length * 2));
            int k = Math.min(limit - pos, out.length - filled);
            System.arraycopy(buf, pos, out, filled, k);
            pos += k;
            filled += k;
        }
        return out;
    }

    void skip(long n) throws IOException, SnapshotFormatException {
        long at = offset();
        if (n < 0 || n > remaining()) throw fail(at, "length " + Long.toUnsignedString(n) + " exceeds the file");
        while (n > 0) {
            if (pos == limit && !fill()) throw fail(offset(), "unexpected end of file in a field at " + at);
            int k = (int) Math.min(limit - pos, n);
            pos += k;
            n -= k;
        }
    }

    /** Skips one LEB128 number without decoding it. */
    void skipLeb() throws IOException, SnapshotFormatException {
        long start = offset();
        for (int i = 0; i < MAX_LEB_BYTES; i++) {
            if ((u8() & 0x80) == 0) return;
        }
        throw fail(start, "LEB128 number longer than " + MAX_LEB_BYTES + " bytes");
    }

    /** The writer's utf8 text: a ULEB128 byte length, then the bytes. */
    String utf8() throws IOException, SnapshotFormatException {
        long n = length();
        return n == 0 ? "" : new String(bytes(n), StandardCharsets.UTF_8);
    }

    void skipUtf8() throws IOException, SnapshotFormatException { skip(length()); }

    /** A byte length, checked against the rest of the file where the length field starts. */
    long length() throws IOException, SnapshotFormatException {
        long at = offset();
        long n = uleb();
        if (n < 0 || n > Integer.MAX_VALUE - 8 || n > remaining()) {
            throw fail(at, "length " + Long.toUnsignedString(n) + " exceeds the " + (remaining()) + " bytes left");
        }
        return n;
    }

    /** Eight raw little-endian bytes (DoubleData). */
    double float64() throws IOException, SnapshotFormatException {
        long bits = 0;
        for (int i = 0; i < 8; i++) bits |= (long) u8() << (8 * i);
        return Double.longBitsToDouble(bits);
    }

    private boolean fill() throws IOException, SnapshotFormatException {
        base += limit;
        pos = 0;
        limit = 0;
        try {
            int n;
            do {
                n = in.read(buf, 0, buf.length);
            } while (n == 0);
            if (n < 0) return false;
            limit = n;
            return true;
        } catch (ZipException | EOFException corrupt) { // gzip damage surfaces here, not as a format error
            throw new SnapshotFormatException(file, offset(), "corrupt gzip data: " + corrupt.getMessage(), corrupt);
        }
    }

    @Override
    public void close() throws IOException { in.close(); }
}
