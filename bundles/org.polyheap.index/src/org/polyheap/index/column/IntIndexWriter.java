package org.polyheap.index.column;

import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.Executor;

import org.polyheap.model.IntColumn;

/**
 * Streams ints into a 1:1 index file through a {@link LongIndexWriter} whose trailer says int: each
 * value is stored sign-extended, so a page never packs more than 32 bits per value. Memory and costs
 * are the long writer's. {@link #close} writes the tables and trailer. Not thread-safe.
 */
public final class IntIndexWriter implements Closeable {
    private final LongIndexWriter longs;

    public IntIndexWriter(Path file) throws IOException { this(file, null); }

    /** Default pages (4096 values), encoded on {@code encoders} (null: inline). */
    public IntIndexWriter(Path file, Executor encoders) throws IOException {
        this.longs = new LongIndexWriter(file, ValueKind.INT, PageStreamer.DEFAULT_PAGE_SHIFT, encoders);
    }

    public void add(int value) throws IOException { longs.add(value); }

    /** Adds {@code values[from, from + length)}. */
    public void addAll(int[] values, int from, int length) throws IOException { longs.addAll(values, from, length); }

    public long count() { return longs.count(); }

    @Override
    public void close() throws IOException { longs.close(); }

    /** Writes a whole column to a new file; reads it through {@code copyTo} in page-sized blocks. */
    public static void write(Path file, IntColumn column) throws IOException {
        try (var w = new IntIndexWriter(file)) {
            int[] block = new int[LongIndexWriter.BLOCK];
            LongIndexWriter.inBlocks(column.size(), (at, n) -> {
                column.copyTo(at, block, 0, n);
                w.addAll(block, 0, n);
            });
        }
    }
}
