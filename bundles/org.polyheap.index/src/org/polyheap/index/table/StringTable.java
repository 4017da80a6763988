package org.polyheap.index.table;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Objects;

import org.polyheap.index.column.IndexDamagedException;
import org.polyheap.index.column.LongIndexReader;

/**
 * The mapped string table (see {@link StringTableWriter}). {@link #get} costs an offset lookup and
 * one UTF-8 decode; thread-safe.
 */
public final class StringTable {
    private final MemorySegment table;
    private final LongIndexReader offsets;

    public StringTable(MemorySegment table, LongIndexReader offsets) throws IndexDamagedException {
        if (offsets.size() < 1 || offsets.get(offsets.size() - 1) != table.byteSize() || offsets.get(0) != 0) {
            throw new IndexDamagedException("string offsets do not match the string table");
        }
        this.table = table;
        this.offsets = offsets;
    }

    public int count() { return (int) (offsets.size() - 1); }

    public String get(int id) {
        Objects.checkIndex(id, count());
        long at = offsets.get(id), end = offsets.get(id + 1);
        int len = table.get(ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN), at);
        if (len < 0 || at + 4 + len != end) {
            throw new java.io.UncheckedIOException(new IndexDamagedException("string " + id + " is damaged"));
        }
        return new String(table.asSlice(at + 4, len).toArray(ValueLayout.JAVA_BYTE), StandardCharsets.UTF_8);
    }
}
