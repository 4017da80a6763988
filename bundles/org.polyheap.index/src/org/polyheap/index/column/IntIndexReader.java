package org.polyheap.index.column;

import java.lang.foreign.MemorySegment;

import org.polyheap.model.IntColumn;

/**
 * A mapped 1:1 int index; the page cache and its costs are {@link PagedReader}'s. Thread-safe; valid
 * while the arena that mapped the segment is open.
 */
public final class IntIndexReader extends PagedReader<int[]> implements IntColumn {
    private IntIndexReader(MemorySegment section, Origin origin) throws IndexDamagedException {
        super(section, ValueKind.INT, origin);
    }

    /**
     * Opens a mapped section; checks its trailer and page table (see {@link PagedIndex}). Each page is
     * checked (header, CRC32C) when first decoded: reads then throw {@link java.io.UncheckedIOException}
     * wrapping an {@link IndexDamagedException}.
     */
    public static IntIndexReader open(MemorySegment section) throws IndexDamagedException { return open(section, Origin.UNKNOWN); }

    /** As {@link #open(MemorySegment)}; damage is reported with and to {@code origin}. */
    public static IntIndexReader open(MemorySegment section, Origin origin) throws IndexDamagedException {
        return new IntIndexReader(section, origin);
    }

    /** A cache probe; on a miss one value's decode, on a page's second miss the page's (see {@link PagedReader}). */
    @Override
    public int get(long i) {
        int[] page = cached(i);
        return page != null ? page[(int) (i & mask)] : (int) single(i);
    }

    @Override
    public void copyTo(long from, int[] target, int offset, int length) { copy(from, target, target.length, offset, length); }

    @Override
    void decode(long start, int from, int length, int[] target, int offset) {
        PageCodec.decode(index.seg, start, from, length, target, offset);
    }

    @Override
    int[] newArray(int length) { return new int[length]; }
}
