package org.polyheap.index.column;

import java.lang.foreign.MemorySegment;
import java.util.Objects;

import org.polyheap.model.IntColumn;

/**
 * A mapped 1:1 int index. {@link #get} costs a cache probe; on a miss it decodes just that value,
 * and on the second miss of the same page decodes the whole page into the cache
 * (4096 values by default, a few microseconds), so scans by get stay cheap; {@link #copyTo} decodes straight into the target.
 * Thread-safe: the hot-page cache is a small direct-mapped table of immutable pages, raced benignly
 * (a lost update costs one more decode). Valid while the arena that mapped the segment is open.
 */
public final class IntIndexReader implements IntColumn {
    private static final int SLOTS = 16;
    private final PagedIndex index;
    private final int mask;
    private final Page[] cache = new Page[SLOTS];
    private final int[] missed = new int[SLOTS]; // per slot, the last page read without caching

    private record Page(int number, int[] values) { }

    private IntIndexReader(PagedIndex index) {
        this.index = index;
        this.mask = (1 << index.pageShift) - 1;
        java.util.Arrays.fill(missed, -1);
    }

    /**
     * Opens a mapped section; checks its trailer and page table (see {@link PagedIndex}). Each page is
     * checked (header, CRC32C) when first decoded: reads then throw {@link java.io.UncheckedIOException}
     * wrapping an {@link IndexDamagedException}.
     */
    public static IntIndexReader open(MemorySegment section) throws IndexDamagedException { return open(section, Origin.UNKNOWN); }

    /** As {@link #open(MemorySegment)}; damage is reported with and to {@code origin}. */
    public static IntIndexReader open(MemorySegment section, Origin origin) throws IndexDamagedException {
        return new IntIndexReader(PagedIndex.open(section, ValueKind.INT, origin));
    }

    @Override public long size() { return index.count; }

    /** Bytes the index takes on disk. */
    public long byteSize() { return index.byteSize(); }

    @Override
    public int get(long i) {
        Objects.checkIndex(i, index.count);
        int p = (int) (i >>> index.pageShift);
        int slot = p & (SLOTS - 1);
        Page page = cache[slot];
        if (page != null && page.number == p) return page.values[(int) (i & mask)];
        if (missed[slot] != p) { // first touch: decode the one value; a page seen twice is decoded whole
            missed[slot] = p;
            return (int) PageCodec.single(index.seg, index.verifiedStart(p), (int) (i & mask));
        }
        int[] values = new int[index.valuesIn(p)];
        PageCodec.decode(index.seg, index.verifiedStart(p), 0, values.length, values, 0);
        cache[slot] = new Page(p, values);
        return values[(int) (i & mask)];
    }

    @Override
    public void copyTo(long from, int[] target, int offset, int length) {
        Objects.checkFromIndexSize(from, length, index.count);
        Objects.checkFromIndexSize(offset, length, target.length);
        while (length > 0) {
            int p = (int) (from >>> index.pageShift);
            int in = (int) (from & mask);
            int n = Math.min(length, index.valuesIn(p) - in);
            PageCodec.decode(index.seg, index.verifiedStart(p), in, n, target, offset);
            from += n;
            offset += n;
            length -= n;
        }
    }
}
