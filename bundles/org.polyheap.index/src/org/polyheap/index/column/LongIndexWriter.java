package org.polyheap.index.column;

import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.Executor;

import org.polyheap.model.LongColumn;

/**
 * Streams longs into a 1:1 index file, page by page (see {@link PagedWriter}). {@link #close} writes
 * the trailer. Not thread-safe.
 */
public final class LongIndexWriter extends PagedWriter {
    public LongIndexWriter(Path file) throws IOException { this(file, PageStreamer.DEFAULT_PAGE_SHIFT, null); }

    /** Default pages (4096 values), encoded on {@code encoders} (null: inline). */
    public LongIndexWriter(Path file, Executor encoders) throws IOException { this(file, PageStreamer.DEFAULT_PAGE_SHIFT, encoders); }

    /** See {@link PagedWriter#PagedWriter}. */
    public LongIndexWriter(Path file, int pageShift, Executor encoders) throws IOException {
        super(file, ValueKind.LONG, pageShift, encoders);
    }

    public void add(long value) throws IOException { pages.add(value); }

    /** Adds {@code values[from, from + length)}. */
    public void addAll(long[] values, int from, int length) throws IOException { pages.addAll(values, from, length); }

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
}
