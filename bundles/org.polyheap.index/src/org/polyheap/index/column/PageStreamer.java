package org.polyheap.index.column;

import java.io.IOException;
import java.util.ArrayDeque;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;

/**
 * Writes a 1:1 index section value by value: fills a page, encodes it, appends it, and at the end
 * writes the page-offset and page-checksum tables and the trailer. Memory: one page of longs plus its
 * encode buffer, and 12 bytes per page for the tables.
 * Not thread-safe; with an encoder pool, full pages are encoded {@link #BATCH_PAGES} at a time meanwhile,
 * up to {@link #MAX_PENDING_BATCHES} batches, and their arrays are reused once written.
 * <pre>
 * page 0 .. page p-1              (see {@link PageCodec})
 * long  pageStart[0..p]           offsets from the section start; pageStart[p] = start of this table
 * int   pageCrc[0..p-1]           CRC32C of each page's bytes, checked when a reader first decodes it
 * long  count                     values in the index
 * byte  pageShift                 log2 of values per page
 * byte  kind                      1 = int, 2 = long
 * short reserved (0)
 * int   magic 'PHX2'
 * </pre>
 */
final class PageStreamer {
    /**
     * Full pages handed to the encoder pool as one task: one wake-up of the encoder thread per batch.
     * In a first open (a cold JVM, the JIT busy on the other core) the wake-ups per page showed as 158 ms
     * of javac-mid's parser thread inside {@code Unsafe.unpark}; warm, JMH's BuilderBenchmark sees no
     * difference (docs/benchmarks.md).
     */
    static final int BATCH_PAGES = 8;
    /** Batches handed to the encoder pool and not yet written; bounds memory to this many batches (and the one being gathered). */
    static final int MAX_PENDING_BATCHES = 2;
    static final int MAGIC = 0x50485832; // "PHX2": pages with CRCs (index format 3)
    static final int TRAILER_BYTES = 16;
    static final int DEFAULT_PAGE_SHIFT = 12;

    private final IndexOutput out;
    private final long sectionStart;
    private final ValueKind kind;
    private final int pageShift;
    private final Executor encoders; // null: encode on the caller's thread
    private final ArrayDeque<CompletableFuture<Encoded[]>> pending = new ArrayDeque<>();
    private final Encoded[] batch = new Encoded[BATCH_PAGES];
    private int batchSize;
    private long[] page;
    private final byte[] encoded;
    private final it.unimi.dsi.fastutil.longs.LongArrayList pageStarts = new it.unimi.dsi.fastutil.longs.LongArrayList();
    private final it.unimi.dsi.fastutil.ints.IntArrayList pageCrcs = new it.unimi.dsi.fastutil.ints.IntArrayList();
    private int filled;
    private long count;

    /** A full page and its encoding, made by an encoder thread ({@link #encode}) and read after its batch is joined. */
    private static final class Encoded {
        final long[] page;
        final int values;
        final byte[] bytes;
        int length, crc;

        Encoded(long[] page, int values, byte[] bytes) {
            this.page = page;
            this.values = values;
            this.bytes = bytes;
        }

        void encode() {
            length = PageCodec.encode(page, values, bytes);
            crc = crc(bytes, length);
        }
    }
    private final ArrayDeque<long[]> freePages = new ArrayDeque<>();
    private final ArrayDeque<byte[]> freeBytes = new ArrayDeque<>();

    static int crc(byte[] bytes, int length) {
        var crc = new java.util.zip.CRC32C();
        crc.update(bytes, 0, length);
        return (int) crc.getValue();
    }

    PageStreamer(IndexOutput out, ValueKind kind, int pageShift) { this(out, kind, pageShift, null); }

    /** @param encoders where full pages are encoded, in parallel with the caller; null for inline */
    PageStreamer(IndexOutput out, ValueKind kind, int pageShift, Executor encoders) {
        if (pageShift < 4 || pageShift > 20) throw new IllegalArgumentException("page shift " + pageShift);
        this.out = out;
        this.sectionStart = out.position();
        this.kind = kind;
        this.pageShift = pageShift;
        this.encoders = encoders;
        this.page = new long[1 << pageShift];
        this.encoded = new byte[PageCodec.maxBytes(1 << pageShift)];
    }

    void add(long value) throws IOException {
        page[filled++] = value;
        count++;
        if (filled == page.length) flushPage();
    }

    /** Adds {@code values[from, from + length)}; as {@link #add} for each, in page-sized steps. */
    void addAll(int[] values, int from, int length) throws IOException {
        for (int n; length > 0; from += n, length -= n) {
            n = Math.min(length, page.length - filled);
            long[] p = page;
            for (int i = 0, at = filled; i < n; i++) p[at + i] = values[from + i];
            added(n);
        }
    }

    /** As {@link #addAll(int[], int, int)}, for longs: one array copy per page. */
    void addAll(long[] values, int from, int length) throws IOException {
        for (int n; length > 0; from += n, length -= n) {
            n = Math.min(length, page.length - filled);
            System.arraycopy(values, from, page, filled, n);
            added(n);
        }
    }

    /** {@code n} values were copied into the page after {@code filled}. */
    private void added(int n) throws IOException {
        filled += n;
        count += n;
        if (filled == page.length) flushPage();
    }

    long count() { return count; }

    private void flushPage() throws IOException {
        if (encoders == null) {
            pageStarts.add(out.position() - sectionStart);
            int len = PageCodec.encode(page, filled, encoded);
            pageCrcs.add(crc(encoded, len));
            out.write(encoded, 0, len);
        } else {
            batch[batchSize] = new Encoded(page, filled, freeBytes.isEmpty() ? new byte[PageCodec.maxBytes(page.length)] : freeBytes.pop());
            if (++batchSize == BATCH_PAGES) submitBatch();
            page = freePages.isEmpty() ? new long[page.length] : freePages.pop();
            while (pending.size() > MAX_PENDING_BATCHES || (!pending.isEmpty() && pending.peek().isDone())) writeOldest();
        }
        filled = 0;
    }

    /** Hands the full pages gathered so far to the encoders as one task: a wake-up per batch, not per page. */
    private void submitBatch() {
        if (batchSize == 0) return;
        Encoded[] pages = java.util.Arrays.copyOf(batch, batchSize);
        pending.add(CompletableFuture.runAsync(() -> {
            for (Encoded e : pages) e.encode();
        }, encoders).thenApply(done -> pages));
        batchSize = 0;
    }

    /** Writes the oldest pending batch, waiting for its encoding: pages stay in order. */
    private void writeOldest() throws IOException {
        for (Encoded e : pending.poll().join()) {
            pageStarts.add(out.position() - sectionStart);
            pageCrcs.add(e.crc);
            out.write(e.bytes, 0, e.length);
            freePages.push(e.page); // the encoder is done with both: reused for a later page
            freeBytes.push(e.bytes);
        }
    }

    /** Writes the last page, the offset table and the trailer; returns the section's length. */
    long finish() throws IOException {
        if (filled > 0) flushPage();
        submitBatch();
        while (!pending.isEmpty()) writeOldest();
        pageStarts.add(out.position() - sectionStart);
        for (int i = 0; i < pageStarts.size(); i++) out.writeLong(pageStarts.getLong(i));
        for (int i = 0; i < pageCrcs.size(); i++) out.writeInt(pageCrcs.getInt(i));
        out.writeLong(count);
        out.writeByte(pageShift);
        out.writeByte(kind.code);
        out.writeByte(0);
        out.writeByte(0);
        out.writeInt(MAGIC);
        return out.position() - sectionStart;
    }
}
