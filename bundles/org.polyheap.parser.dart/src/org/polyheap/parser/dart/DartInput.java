package org.polyheap.parser.dart;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

import org.polyheap.model.SnapshotFormatException;
import org.polyheap.model.spi.BufferedSnapshotInput;
import org.polyheap.model.spi.SnapshotSource;

/**
 * Sequential reader of a {@code dartheap} stream: LEB128 integers, raw bytes, UTF-8 text, with the
 * stream offset of every failure. Buffers 64 KB (or as asked) in {@link BufferedSnapshotInput}; holds
 * no other memory. Not thread-safe.
 */
final class DartInput extends BufferedSnapshotInput {
    /** A 64-bit value needs at most 10 LEB128 bytes; more is corrupt input. */
    static final int MAX_LEB_BYTES = 10;

    private final long size;

    /**
     * @param start offset in the snapshot stream of the first byte {@code in} delivers
     * @param size  total stream length when known (plain files), or -1 (gzip)
     * @param bufferSize bytes read ahead: 64 KB for streaming, less for reading one record
     */
    DartInput(SnapshotSource source, InputStream in, long start, long size, int bufferSize) {
        super(source, in, start, Math.max(MAX_LEB_BYTES, bufferSize), 0);
        this.size = size;
    }

    /** The whole snapshot, decompressed on the way when it is gzip. */
    static DartInput open(SnapshotSource source) throws IOException, SnapshotFormatException {
        return new DartInput(source, source.open(0), 0, source.size(), 1 << 16);
    }

    /** Bytes left when the stream length is known, else {@link Long#MAX_VALUE}. */
    long remaining() { return size < 0 ? Long.MAX_VALUE : size - offset(); }

    boolean sizeKnown() { return size >= 0; }

    /** True at the end of the stream. */
    boolean atEnd() throws IOException, SnapshotFormatException {
        return pos == limit && !fill(1);
    }

    int u8() throws IOException, SnapshotFormatException {
        if (pos == limit && !fill(1)) throw fail(offset(), "unexpected end of file");
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
            if (pos == limit && !fill(1)) throw fail(offset(), "unexpected end of file in a " + n + "-byte field at " + at);
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
            if (pos == limit && !fill(1)) throw fail(offset(), "unexpected end of file in a field at " + at);
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
}
