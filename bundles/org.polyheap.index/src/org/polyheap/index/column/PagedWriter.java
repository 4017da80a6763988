package org.polyheap.index.column;

import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.Executor;

/**
 * What the int and the long writer of a 1:1 index file share: the file, its {@link PageStreamer}
 * (memory is one page whatever the length, plus the pages an encoder pool holds) and closing, which
 * writes the tables and trailer. The subclasses add only their typed {@code add} calls. Not thread-safe.
 */
abstract sealed class PagedWriter implements Closeable permits IntIndexWriter, LongIndexWriter {
    /** Values per block when a whole column is copied in ({@link #inBlocks}): one default page. */
    static final int BLOCK = 1 << PageStreamer.DEFAULT_PAGE_SHIFT;
    private final IndexOutput out;
    final PageStreamer pages;
    private boolean closed;

    /**
     * @param pageShift log2 of values per page, 4..20
     * @param encoders  a pool that encodes full pages while the caller goes on, or null to encode inline
     */
    PagedWriter(Path file, ValueKind kind, int pageShift, Executor encoders) throws IOException {
        this.out = new IndexOutput(file);
        this.pages = new PageStreamer(out, kind, pageShift, encoders);
    }

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
