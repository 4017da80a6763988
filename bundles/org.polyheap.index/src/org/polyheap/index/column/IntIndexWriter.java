package org.polyheap.index.column;

import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Path;

import org.polyheap.model.IntColumn;

/**
 * Streams ints into a 1:1 index file, page by page: memory is one page whatever the length.
 * {@link #close} writes the trailer. Not thread-safe.
 */
public final class IntIndexWriter implements Closeable {
    private final IndexOutput out;
    private final PageStreamer pages;
    private boolean closed;

    public IntIndexWriter(Path file) throws IOException { this(file, PageStreamer.DEFAULT_PAGE_SHIFT); }

    /** Default pages (4096 values), encoded on {@code encoders} (null: inline). */
    public IntIndexWriter(Path file, java.util.concurrent.Executor encoders) throws IOException {
        this(file, PageStreamer.DEFAULT_PAGE_SHIFT, encoders);
    }

    /** @param pageShift log2 of values per page, 4..20 */
    public IntIndexWriter(Path file, int pageShift) throws IOException { this(file, pageShift, null); }

    /** @param encoders a pool that encodes full pages while the caller goes on, or null to encode inline */
    public IntIndexWriter(Path file, int pageShift, java.util.concurrent.Executor encoders) throws IOException {
        this.out = new IndexOutput(file);
        this.pages = new PageStreamer(out, ValueKind.INT, pageShift, encoders);
    }

    public void add(int value) throws IOException { pages.add(value); }

    /** Adds {@code values[from, from + length)}. */
    public void addAll(int[] values, int from, int length) throws IOException { pages.addAll(values, from, length); }

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
    public static void write(Path file, IntColumn column) throws IOException {
        try (var w = new IntIndexWriter(file)) {
            int[] block = new int[1 << PageStreamer.DEFAULT_PAGE_SHIFT];
            for (long at = 0, n = column.size(); at < n; at += block.length) {
                int len = (int) Math.min(block.length, n - at);
                column.copyTo(at, block, 0, len);
                for (int i = 0; i < len; i++) w.add(block[i]);
            }
        }
    }
}
