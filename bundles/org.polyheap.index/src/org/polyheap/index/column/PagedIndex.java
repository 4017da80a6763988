package org.polyheap.index.column;

import java.io.UncheckedIOException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.util.zip.CRC32C;

/**
 * The structure of one mapped 1:1 index section (see {@link PageStreamer} for the layout). Opening
 * checks what is cheap and contiguous: the trailer (magic, kind, page shift, count, reserved bytes)
 * and that the page-offset table ascends within the section, 8 bytes per page of values. Each page's
 * header and CRC32C are checked when a reader first decodes the page ({@link #verifiedStart}), so
 * opening a big index touches only its tables, and no value is ever returned from a page whose bytes
 * differ from what the writer left. Immutable but for the set of verified pages, which threads race
 * benignly (a lost bit costs one more check); the segment belongs to the caller's arena.
 */
final class PagedIndex {
    private static final int TABLE_CHUNK = 4096;
    private static final ValueLayout.OfInt INT_BE = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN);
    final MemorySegment seg;
    final long count;
    final int pageShift;
    final int pageCount;
    final long tableStart;
    private final long crcStart;
    private final Origin origin;
    private final long[] verified;

    private PagedIndex(MemorySegment seg, long count, int pageShift, int pageCount, long tableStart, Origin origin) {
        this.seg = seg;
        this.count = count;
        this.pageShift = pageShift;
        this.pageCount = pageCount;
        this.tableStart = tableStart;
        this.crcStart = tableStart + 8L * (pageCount + 1);
        this.origin = origin;
        this.verified = new long[(pageCount + 63) >>> 6];
    }

    /**
     * Reads and checks the trailer and the page table: costs one read of the table (8 bytes per page).
     *
     * @param origin the file the section is in, for damage messages and the damage hook
     */
    static PagedIndex open(MemorySegment seg, ValueKind expected, Origin origin) throws IndexDamagedException {
        long size = seg.byteSize();
        if (size < PageStreamer.TRAILER_BYTES + 8) throw origin.damaged(0, "index section of " + size + " bytes is truncated");
        long t = size - PageStreamer.TRAILER_BYTES;
        if (seg.get(INT_BE, t + 12) != PageStreamer.MAGIC) {
            throw origin.damaged(t + 12, "index trailer magic missing (truncated, not an index, or of another format version)");
        }
        long count = seg.get(PageCodec.LONG_BE, t);
        int shift = seg.get(ValueLayout.JAVA_BYTE, t + 8);
        int kind = seg.get(ValueLayout.JAVA_BYTE, t + 9);
        if (kind != expected.code) throw origin.damaged(t + 9, "index holds kind " + kind + ", expected " + expected);
        if (shift < 4 || shift > 20 || count < 0 || seg.get(ValueLayout.JAVA_BYTE, t + 10) != 0
                || seg.get(ValueLayout.JAVA_BYTE, t + 11) != 0) {
            throw origin.damaged(t, "index trailer is damaged");
        }
        long pages = (count + (1L << shift) - 1) >>> shift;
        long tableStart = t - 8 * (pages + 1) - 4 * pages;
        if (pages > Integer.MAX_VALUE || tableStart < 0) {
            throw origin.damaged(t, "index of " + count + " values does not fit its " + size + " bytes");
        }
        long prev = 0;
        long[] chunk = new long[(int) Math.min(TABLE_CHUNK, pages + 1)];
        for (long from = 0; from <= pages; from += chunk.length) {
            // one bulk copy per chunk: a VarHandle read per entry costs ~100x more before the JIT warms up
            int n = (int) Math.min(chunk.length, pages + 1 - from);
            MemorySegment.copy(seg, PageCodec.LONG_BE, tableStart + 8 * from, chunk, 0, n);
            for (int i = 0; i < n; i++) {
                long p = from + i, start = chunk[i];
                // every page holds at least its header; the table follows the last page
                if ((p == 0 && start != 0) || (p > 0 && start < prev + PageCodec.HEADER_BYTES) || start > tableStart
                        || (p == pages && start != tableStart)) {
                    throw origin.damaged(tableStart + 8 * p, "index page table is damaged at page " + p);
                }
                prev = start;
            }
        }
        return new PagedIndex(seg, count, shift, (int) pages, tableStart, origin);
    }

    private static int valuesIn(int page, long count, int shift) {
        return (int) Math.min(1L << shift, count - ((long) page << shift));
    }

    int valuesIn(int page) { return valuesIn(page, count, pageShift); }

    /** Start of page {@code page} as the table says, unchecked. */
    long pageStart(int page) { return seg.get(PageCodec.LONG_BE, tableStart + 8L * page); }

    /**
     * Start of page {@code page} once its header fits its length and its bytes match their CRC32C;
     * the first call per page reads the whole page, later ones test a bit.
     *
     * @throws UncheckedIOException wrapping an {@link IndexDamagedException} naming the file and offset
     */
    long verifiedStart(int page) {
        if ((verified[page >>> 6] & (1L << page)) == 0) verify(page);
        return pageStart(page);
    }

    private void verify(int page) {
        long start = pageStart(page), end = pageStart(page + 1);
        try {
            PageCodec.check(seg, start, end, valuesIn(page));
            var crc = new CRC32C();
            crc.update(seg.asSlice(start, end - start).asByteBuffer());
            if ((int) crc.getValue() != seg.get(INT_BE, crcStart + 4L * page)) {
                throw new IndexDamagedException("checksum mismatch");
            }
        } catch (IndexDamagedException e) {
            var damage = origin.damaged(start, "page " + page + ": " + e.getMessage());
            if (origin.onDamage() != null) origin.onDamage().accept(damage);
            throw new UncheckedIOException(damage);
        }
        verified[page >>> 6] |= 1L << page;
    }

    /** Bytes on disk, for the bytes-per-value figures. */
    long byteSize() { return seg.byteSize(); }
}
