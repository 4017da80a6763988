package org.polyheap.index.column;

import java.lang.foreign.MemorySegment;

import org.polyheap.model.LongColumn;

/**
 * A mapped 1:1 long index; the page cache and its costs are {@link PagedReader}'s. Thread-safe; valid
 * while the arena that mapped the segment is open.
 */
public final class LongIndexReader extends PagedReader<long[]> implements LongColumn {
    private LongIndexReader(MemorySegment section, Origin origin) throws IndexDamagedException {
        super(section, ValueKind.LONG, origin);
    }

    /** As {@link IntIndexReader#open(MemorySegment)}, for a long index. */
    public static LongIndexReader open(MemorySegment section) throws IndexDamagedException { return open(section, Origin.UNKNOWN); }

    /** As {@link #open(MemorySegment)}; damage is reported with and to {@code origin}. */
    public static LongIndexReader open(MemorySegment section, Origin origin) throws IndexDamagedException {
        return new LongIndexReader(section, origin);
    }

    /** A cache probe; on a miss one value's decode, on a page's second miss the page's (see {@link PagedReader}). */
    @Override
    public long get(long i) {
        long[] page = cached(i);
        return page != null ? page[(int) (i & mask)] : single(i);
    }

    @Override
    public void copyTo(long from, long[] target, int offset, int length) { copy(from, target, target.length, offset, length); }

    @Override
    void decode(long start, int from, int length, long[] target, int offset) {
        PageCodec.decode(index.seg, start, from, length, target, offset);
    }

    @Override
    long[] newArray(int length) { return new long[length]; }
}
