package org.polyheap.index.column;

import java.io.IOException;

/**
 * Writes a 1:1 index section value by value: fills a page, encodes it, appends it, and at the end
 * writes the page-offset table and the trailer. Memory: one page of longs plus its encode buffer.
 * Not thread-safe.
 * <pre>
 * page 0 .. page p-1              (see {@link PageCodec})
 * long  pageStart[0..p]           offsets from the section start; pageStart[p] = start of this table
 * long  count                     values in the index
 * byte  pageShift                 log2 of values per page
 * byte  kind                      1 = int, 2 = long
 * short reserved (0)
 * int   magic 'PHX1'
 * </pre>
 */
final class PageStreamer {
    static final int MAGIC = 0x50485831; // "PHX1"
    static final int TRAILER_BYTES = 16;
    static final int DEFAULT_PAGE_SHIFT = 12;

    private final IndexOutput out;
    private final long sectionStart;
    private final ValueKind kind;
    private final int pageShift;
    private final long[] page;
    private final byte[] encoded;
    private final it.unimi.dsi.fastutil.longs.LongArrayList pageStarts = new it.unimi.dsi.fastutil.longs.LongArrayList();
    private int filled;
    private long count;

    PageStreamer(IndexOutput out, ValueKind kind, int pageShift) {
        if (pageShift < 4 || pageShift > 20) throw new IllegalArgumentException("page shift " + pageShift);
        this.out = out;
        this.sectionStart = out.position();
        this.kind = kind;
        this.pageShift = pageShift;
        this.page = new long[1 << pageShift];
        this.encoded = new byte[PageCodec.maxBytes(1 << pageShift)];
    }

    void add(long value) throws IOException {
        page[filled++] = value;
        count++;
        if (filled == page.length) flushPage();
    }

    long count() { return count; }

    private void flushPage() throws IOException {
        pageStarts.add(out.position() - sectionStart);
        int len = PageCodec.encode(page, filled, encoded);
        out.write(encoded, 0, len);
        filled = 0;
    }

    /** Writes the last page, the offset table and the trailer; returns the section's length. */
    long finish() throws IOException {
        if (filled > 0) flushPage();
        pageStarts.add(out.position() - sectionStart);
        for (int i = 0; i < pageStarts.size(); i++) out.writeLong(pageStarts.getLong(i));
        out.writeLong(count);
        out.writeByte(pageShift);
        out.writeByte(kind.code);
        out.writeByte(0);
        out.writeByte(0);
        out.writeInt(MAGIC);
        return out.position() - sectionStart;
    }
}
