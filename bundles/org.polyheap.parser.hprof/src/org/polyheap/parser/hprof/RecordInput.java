package org.polyheap.parser.hprof;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;

/**
 * Big-endian reads from the (decompressed) HPROF stream with a long position. Owns a 1 MiB buffer;
 * one thread only. Running out of data throws {@link EOFException} (callers turn it into a
 * truncation warning or a {@code SnapshotFormatException} with {@link #position()}).
 */
final class RecordInput implements AutoCloseable {
    private static final int BUFFER = 1 << 20;
    private final InputStream in;
    private final byte[] buf;
    private int pos;
    private int lim;
    private long base; // stream offset of buf[0]
    private int idSize = 8;

    RecordInput(InputStream in) { this(in, BUFFER); }

    /** With a smaller buffer for short random reads; {@link #require} then takes at most that many bytes. */
    RecordInput(InputStream in, int bufferSize) {
        this.in = in;
        this.buf = new byte[bufferSize];
    }

    void idSize(int size) { this.idSize = size; }

    int idSize() { return idSize; }

    long position() { return base + pos; }

    /** True when no byte is left. */
    boolean atEnd() throws IOException {
        return pos >= lim && !fill(1);
    }

    int u1() throws IOException {
        if (pos >= lim) require(1);
        return buf[pos++] & 0xff;
    }

    int u2() throws IOException {
        if (lim - pos < 2) require(2);
        int v = ((buf[pos] & 0xff) << 8) | (buf[pos + 1] & 0xff);
        pos += 2;
        return v;
    }

    int i4() throws IOException {
        if (lim - pos < 4) require(4);
        int v = ((buf[pos] & 0xff) << 24) | ((buf[pos + 1] & 0xff) << 16) | ((buf[pos + 2] & 0xff) << 8) | (buf[pos + 3] & 0xff);
        pos += 4;
        return v;
    }

    long u4() throws IOException { return i4() & 0xffffffffL; }

    long i8() throws IOException { return (u4() << 32) | u4(); }

    /** An identifier of the dump's id size (4-byte ids are unsigned). */
    long id() throws IOException { return idSize == 8 ? i8() : u4(); }

    void skip(long n) throws IOException {
        while (n > 0) {
            if (pos >= lim) require(1);
            int step = (int) Math.min(n, lim - pos);
            pos += step;
            n -= step;
        }
    }

    void readFully(byte[] dst, int off, int len) throws IOException {
        while (len > 0) {
            if (pos >= lim) require(1);
            int step = Math.min(len, lim - pos);
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
    byte[] bytes(int n) throws IOException {
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
    void require(int n) throws IOException {
        if (n > buf.length) throw new IllegalArgumentException(n + " bytes do not fit the buffer");
        if (lim - pos < n && !fill(n)) throw new EOFException("end of data at byte " + (base + lim));
    }

    byte[] buffer() { return buf; }

    int bufferSize() { return buf.length; }

    int bufferPos() { return pos; }

    void advance(int n) { pos += n; }

    private boolean fill(int n) throws IOException {
        if (pos > 0) {
            System.arraycopy(buf, pos, buf, 0, lim - pos);
            base += pos;
            lim -= pos;
            pos = 0;
        }
        while (lim < n) {
            int r = in.read(buf, lim, buf.length - lim);
            if (r < 0) return false;
            lim += r;
        }
        return true;
    }

    @Override
    public void close() throws IOException { in.close(); }
}
