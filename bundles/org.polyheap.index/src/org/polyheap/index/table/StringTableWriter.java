package org.polyheap.index.table;

import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Path;

import org.polyheap.index.column.IndexOutput;
import org.polyheap.index.column.LongIndexWriter;

/**
 * Streams the string table: {@code strings.table} holds records (int byte length + UTF-8 bytes),
 * {@code strings.index} (a 1:1 long index of count + 1 entries) the offset of each record, the last
 * entry being the table's length. Memory: two buffers. Not thread-safe.
 */
public final class StringTableWriter implements Closeable {
    private final IndexOutput table;
    private final LongIndexWriter offsets;
    private int count;
    private boolean closed;

    public StringTableWriter(Path tableFile, Path offsetFile) throws IOException {
        this.table = new IndexOutput(tableFile);
        this.offsets = new LongIndexWriter(offsetFile);
    }

    /** Appends a string; returns its id (dense, from 0). */
    public int add(String s) throws IOException {
        if (count == Integer.MAX_VALUE) throw new IllegalStateException("more than 2^31-1 strings");
        offsets.add(table.position());
        table.writeString(s);
        return count++;
    }

    public int count() { return count; }

    @Override
    public void close() throws IOException {
        if (closed) return;
        closed = true;
        try (table; offsets) {
            offsets.add(table.position());
        }
    }
}
