package org.polyheap.index.column;

import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.Executor;

import org.polyheap.model.LongColumn;

/**
 * Streams longs into a 1:1 index file, page by page: memory is one page whatever the length, plus the
 * pages an encoder pool holds. Also the core of {@link IntIndexWriter}, which writes its ints through
 * it, sign-extended. {@link #close} writes the tables and trailer. Not thread-safe.
 */
public final class LongIndexWriter implements Closeable {
    /** Values per block when a whole column is copied in ({@link #inBlocks}): one default page. */
    static final int BLOCK = 1 << PageStreamer.DEFAULT_PAGE_SHIFT;
    private final IndexOutput out;
    private final PageStreamer pages;
    private boolean closed;

    public LongIndexWriter(Path file) throws IOException { this(file, null); }

    /** Default pages (4096 values), encoded on {@code encoders} (null: inline). */
    public LongIndexWriter(Path file, Executor encoders) throws IOException {
        this(file, ValueKind.LONG, PageStreamer.DEFAULT_PAGE_SHIFT, encoders);
    }

    /**
     * @param kind      what the trailer says the values are: {@link IntIndexWriter} writes {@code INT}
     * @param pageShift log2 of values per page, 4..20
     * @param encoders  a pool that encodes full pages while the caller goes on, or null to encode inline
     */
    LongIndexWriter(Path file, ValueKind kind, int pageShift, Executor encoders) throws IOException {
        this.out = new IndexOutput(file);
        this.pages = new PageStreamer(out, kind, pageShift, encoders);
    }

    public void add(long value) throws IOException { pages.add(value); }

    /** Adds {@code values[from, from + length)}. */
    public void addAll(long[] values, int from, int length) throws IOException { pages.addAll(values, from, length); }

    /** Adds {@code values[from, from + length)}, each sign-extended. */
    void addAll(int[] values, int from, int length) throws IOException { pages.addAll(values, from, length); }

    /** Values added so far. */
    public long count() { return pages.count(); }

    /** Writes the table and trailer and closes; a second call does nothing. */
    @Override
    public void close() throws IOException {
        if (closed) return;
        closed = true;
        try (out) {
            pages.finish();
        }
    }

    /** Writes a whole column to a new file; reads it through {@code copyTo} in page-sized blocks. */
    public static void write(Path file, LongColumn column) throws IOException {
        try (var w = new LongIndexWriter(file)) {
            long[] block = new long[BLOCK];
            inBlocks(column.size(), (at, n) -> {
                column.copyTo(at, block, 0, n);
                w.addAll(block, 0, n);
            });
        }
    }

    /** Copies {@code length} values starting at {@code at} from a column and adds them. */
    @FunctionalInterface
    interface Block {
        void add(long at, int length) throws IOException;
    }

    /** Walks {@code [0, size)} in blocks of at most {@value #BLOCK} values. */
    static void inBlocks(long size, Block block) throws IOException {
        for (long at = 0; at < size; at += BLOCK) block.add(at, (int) Math.min(BLOCK, size - at));
    }
}
