package org.polyheap.index.column;

import java.lang.foreign.MemorySegment;

import org.polyheap.model.IntColumn;

/**
 * A mapped 1:1 int index: a view of a {@link LongIndexReader} over the same pages (the writer stores
 * each int sign-extended, so a page packs at most 32 bits per value and every value narrows back
 * exactly), whose page cache then holds int[] pages. Costs, caching and threading are the long
 * reader's. Valid while the arena that mapped the segment is open.
 */
public final class IntIndexReader implements IntColumn {
    private final LongIndexReader longs; // opened as an int index; its page cache holds int[] pages

    private IntIndexReader(LongIndexReader longs) { this.longs = longs; }

    /**
     * Opens a mapped section; checks its trailer (which must say int) and page table. Each page is
     * checked (header, CRC32C) when first decoded: reads then throw {@link java.io.UncheckedIOException}
     * wrapping an {@link IndexDamagedException}.
     */
    public static IntIndexReader open(MemorySegment section) throws IndexDamagedException { return open(section, Origin.UNKNOWN); }

    /** As {@link #open(MemorySegment)}; damage is reported with and to {@code origin}. */
    public static IntIndexReader open(MemorySegment section, Origin origin) throws IndexDamagedException {
        return new IntIndexReader(LongIndexReader.open(section, ValueKind.INT, origin));
    }

    @Override public long size() { return longs.size(); }

    /** Bytes the index takes on disk. */
    public long byteSize() { return longs.byteSize(); }

    @Override
    public int get(long i) {
        int[] page = longs.cached(i, LongIndexReader.INTS);
        return page != null ? page[(int) (i & longs.mask)] : (int) longs.single(i);
    }

    @Override
    public void copyTo(long from, int[] target, int offset, int length) {
        longs.copy(from, target, target.length, offset, length, LongIndexReader.INTS);
    }
}
