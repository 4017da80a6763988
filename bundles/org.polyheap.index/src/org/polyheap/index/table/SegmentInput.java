package org.polyheap.index.table;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

import org.polyheap.index.column.IndexDamagedException;

/**
 * Reads the big-endian binary tables (classes, metadata, manifest) from a mapped segment, checking
 * every length against what is left, so a damaged file gives {@link IndexDamagedException}, never
 * a huge allocation. The table is copied to the heap first: these tables are small and read whole,
 * and a heap copy reads about 50 times faster than segment accesses before the JIT has compiled
 * them (they run once per open). Not thread-safe (it has a position).
 */
public final class SegmentInput {
    private final byte[] data;
    private final ByteBuffer buf;
    private final String what;
    private int pos;

    public SegmentInput(MemorySegment seg, String what) throws IndexDamagedException {
        if (seg.byteSize() > Integer.MAX_VALUE - 8) throw new IndexDamagedException(what + " is too large: " + seg.byteSize() + " bytes");
        this.data = seg.toArray(ValueLayout.JAVA_BYTE);
        this.buf = ByteBuffer.wrap(data); // big-endian
        this.what = what;
    }

    public long position() { return pos; }

    public long remaining() { return data.length - pos; }

    private void need(long bytes) throws IndexDamagedException {
        if (bytes < 0 || bytes > remaining()) {
            throw new IndexDamagedException(what + " is truncated or damaged at byte " + pos);
        }
    }

    public int readByte() throws IndexDamagedException {
        need(1);
        return data[pos++] & 0xff;
    }

    public int readInt() throws IndexDamagedException {
        need(4);
        int v = buf.getInt(pos);
        pos += 4;
        return v;
    }

    public long readLong() throws IndexDamagedException {
        need(8);
        long v = buf.getLong(pos);
        pos += 8;
        return v;
    }

    /** A count that must be at least 0 and, at {@code minBytesEach} bytes each, fit what is left. */
    public int readCount(int minBytesEach) throws IndexDamagedException {
        int n = readInt();
        if (n < 0 || (long) n * minBytesEach > remaining()) throw new IndexDamagedException(what + " has a bad count " + n + " at byte " + (pos - 4));
        return n;
    }

    public byte[] readBytes(int n) throws IndexDamagedException {
        need(n);
        byte[] b = java.util.Arrays.copyOfRange(data, pos, pos + n);
        pos += n;
        return b;
    }

    /** An int length, then that many UTF-8 bytes. */
    public String readString() throws IndexDamagedException {
        int n = readInt();
        need(n);
        String s = new String(data, pos, n, StandardCharsets.UTF_8);
        pos += n;
        return s;
    }

    /** Fails unless every byte was read. */
    public void expectEnd() throws IndexDamagedException {
        if (remaining() != 0) throw new IndexDamagedException(what + " has " + remaining() + " unexpected bytes at its end");
    }

    public void expectMagic(int magic) throws IndexDamagedException {
        int m = readInt();
        if (m != magic) throw new IndexDamagedException(what + " does not start with its magic number");
    }
}
