package org.polyheap.index.column;

import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.Executor;

import org.polyheap.model.IntColumn;

/**
 * Streams ints into a 1:1 index file, page by page (see {@link PagedWriter}); an int is stored as
 * its sign-extended long, so a page never packs more than 32 bits per value. {@link #close} writes
 * the trailer. Not thread-safe.
 */
public final class IntIndexWriter extends PagedWriter {
    public IntIndexWriter(Path file) throws IOException { this(file, PageStreamer.DEFAULT_PAGE_SHIFT, null); }

    /** Default pages (4096 values), encoded on {@code encoders} (null: inline). */
    public IntIndexWriter(Path file, Executor encoders) throws IOException { this(file, PageStreamer.DEFAULT_PAGE_SHIFT, encoders); }

    /** See {@link PagedWriter#PagedWriter}. */
    public IntIndexWriter(Path file, int pageShift, Executor encoders) throws IOException {
        super(file, ValueKind.INT, pageShift, encoders);
    }

    public void add(int value) throws IOException { pages.add(value); }

    /** Adds {@code values[from, from + length)}. */
    public void addAll(int[] values, int from, int length) throws IOException { pages.addAll(values, from, length); }

    /** Writes a whole column to a new file; reads it through {@code copyTo} in page-sized blocks. */
    public static void write(Path file, IntColumn column) throws IOException {
        try (var w = new IntIndexWriter(file)) {
            int[] block = new int[BLOCK];
            inBlocks(column.size(), (at, n) -> {
                column.copyTo(at, block, 0, n);
                w.addAll(block, 0, n);
            });
        }
    }
}
