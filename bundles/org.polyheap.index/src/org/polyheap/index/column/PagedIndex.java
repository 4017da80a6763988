package org.polyheap.index.column;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * The structure of one mapped 1:1 index section (see {@link PageStreamer} for the layout), checked
 * when opened: magic, kind, page count, a monotonic offset table and every page header. Immutable
 * and thread-safe; the segment belongs to the caller's arena.
 */
final class PagedIndex {
    final MemorySegment seg;
    final long count;
    final int pageShift;
    final int pageCount;
    final long tableStart;

    private PagedIndex(MemorySegment seg, long count, int pageShift, int pageCount, long tableStart) {
        this.seg = seg;
        this.count = count;
        this.pageShift = pageShift;
        this.pageCount = pageCount;
        this.tableStart = tableStart;
    }

    /** Reads and checks the trailer and the page table: costs one read of the table (8 bytes per page). */
    static PagedIndex open(MemorySegment seg, ValueKind expected) throws IndexDamagedException {
        long size = seg.byteSize();
        if (size < PageStreamer.TRAILER_BYTES + 8) throw new IndexDamagedException("index section of " + size + " bytes is truncated");
        long t = size - PageStreamer.TRAILER_BYTES;
        if (seg.get(ValueLayout.JAVA_INT_UNALIGNED.withOrder(java.nio.ByteOrder.BIG_ENDIAN), t + 12) != PageStreamer.MAGIC) {
            throw new IndexDamagedException("index trailer magic missing (truncated or not an index)");
        }
        long count = seg.get(PageCodec.LONG_BE, t);
        int shift = seg.get(ValueLayout.JAVA_BYTE, t + 8);
        int kind = seg.get(ValueLayout.JAVA_BYTE, t + 9);
        if (kind != expected.code) throw new IndexDamagedException("index holds kind " + kind + ", expected " + expected);
        if (shift < 4 || shift > 20 || count < 0) throw new IndexDamagedException("index trailer is damaged");
        long pages = (count + (1L << shift) - 1) >>> shift;
        long tableStart = t - 8 * (pages + 1);
        if (pages > Integer.MAX_VALUE || tableStart < 0) throw new IndexDamagedException("index of " + count + " values does not fit its " + size + " bytes");
        long prev = 0;
        for (long p = 0; p <= pages; p++) {
            long start = seg.get(PageCodec.LONG_BE, tableStart + 8 * p);
            if ((p == 0 && start != 0) || start < prev || start > tableStart || (p == pages && start != tableStart)) {
                throw new IndexDamagedException("index page table is damaged at page " + p);
            }
            if (p > 0) PageCodec.check(seg, prev, start, valuesIn((int) p - 1, count, shift));
            prev = start;
        }
        return new PagedIndex(seg, count, shift, (int) pages, tableStart);
    }

    private static int valuesIn(int page, long count, int shift) {
        return (int) Math.min(1L << shift, count - ((long) page << shift));
    }

    int valuesIn(int page) { return valuesIn(page, count, pageShift); }

    long pageStart(int page) { return seg.get(PageCodec.LONG_BE, tableStart + 8L * page); }

    /** Bytes on disk, for the bytes-per-value figures. */
    long byteSize() { return seg.byteSize(); }
}
