package org.polyheap.parser.hprof;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;

import org.polyheap.model.SnapshotFormatException;
import org.polyheap.model.spi.BufferedSnapshotInput;
import org.polyheap.model.spi.SnapshotSource;

/**
 * Big-endian reads from the (decompressed) HPROF stream with a long position, on the shared
 * {@link BufferedSnapshotInput} buffer (1 MiB when streaming); one thread only. Running out of data
 * throws {@link EOFException} (callers turn it into a truncation warning or a
 * {@code SnapshotFormatException} with {@link #position()}); damaged gzip data a
 * {@code SnapshotFormatException}.
 */
final class RecordInput extends BufferedSnapshotInput {
    private static final int BUFFER = 1 << 20;
    private int idSize = 8;

    /** The content of {@code source} from its start, read ahead in 1 MiB (less for a small file). */
    static RecordInput open(SnapshotSource source) throws IOException, SnapshotFormatException {
        int buffer = source.size() < 0 ? BUFFER : (int) Math.clamp(source.size(), 4096, BUFFER);
        return new RecordInput(source, source.open(0), 0, buffer);
    }

    /** With a smaller buffer for short random reads; {@link #require} then takes at most that many bytes. */
    RecordInput(SnapshotSource source, InputStream in, long start, int bufferSize) {
        super(source, in, start, bufferSize, 0);
    }

    void idSize(int size) { this.idSize = size; }

    int idSize() { return idSize; }

    long position() { return offset(); }

    /** True when no byte is left. */
    boolean atEnd() throws IOException, SnapshotFormatException {
        return pos >= limit && !fill(1);
    }

    int u1() throws IOException, SnapshotFormatException {
        if (pos >= limit) require(1);
        return buf[pos++] & 0xff;
    }

    int u2() throws IOException, SnapshotFormatException {
        if (limit - pos < 2) require(2);
        int v = ((buf[pos] & 0xff) << 8) | (buf[pos + 1] & 0xff);
        pos += 2;
        return v;
    }

    int i4() throws IOException, SnapshotFormatException {
        if (limit - pos < 4) require(4);
        int v = ((buf[pos] & 0xff) << 24) | ((buf[pos + 1] & 0xff) << 16) | ((buf[pos + 2] & 0xff) << 8) | (buf[pos + 3] & 0xff);
        pos += 4;
        return v;
    }

    long u4() throws IOException, SnapshotFormatException { return i4() & 0xffffffffL; }

    long i8() throws IOException, SnapshotFormatException { return (u4() << 32) | u4(); }

    /** An identifier of the dump's id size (4-byte ids are unsigned). */
    long id() throws IOException, SnapshotFormatException { return idSize == 8 ? i8() : u4(); }

    void skip(long n) throws IOException, SnapshotFormatException {
        while (n > 0) {
            if (pos >= limit) require(1);
            int step = (int) Math.min(n, limit - pos);
            pos += step;
            n -= step;
        }
    }

    void readFully(byte[] dst, int off, int len) throws IOException, SnapshotFormatException {
        while (len > 0) {
            if (pos >= limit) require(1);
            int step = Math.min(len, limit - pos);
            System.arraycopy(buf, pos, dst, off, step);
            pos += step;
            off += step;
            len -= step;
        }
    }

    /**
     * Reads {@code n} bytes into a new array that grows only as data arrives, so a hostile length
     * in a compressed stream fails at the end of data instead of allocating it up front.
     */
    byte[] bytes(int n) throws IOException, SnapshotFormatException {
        byte[] out = new byte[Math.min(n, buf.length)];
        int done = 0;
        while (done < n) {
            if (done == out.length) out = Arrays.copyOf(out, (int) Math.min(n, 2L * out.length));
            int step = Math.min(n - done, out.length - done);
            readFully(out, done, step);
            done += step;
        }
        return out;
    }

    /** Gives at least {@code n} (≤ the buffer size) contiguous bytes at {@link #bufferPos()}. */
    void require(int n) throws IOException, SnapshotFormatException {
        if (n > buf.length) throw new IllegalArgumentException(n + " bytes do not fit the buffer");
        if (!fill(n)) throw new EOFException("end of data at byte " + (base + limit));
    }

    byte[] buffer() { return buf; }

    int bufferSize() { return buf.length; }

    int bufferPos() { return pos; }

    void advance(int n) { pos += n; }
}
