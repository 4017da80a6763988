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
    // one layout for every read: deriving it per call looked its access handle up in a shared cache each time
    private static final ValueLayout.OfInt LENGTH = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN);
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

    /** The length of string {@code id} in UTF-8 bytes, from the offsets alone (no decode). */
    public int utf8Length(int id) {
        Objects.checkIndex(id, count());
        long length = offsets.get(id + 1) - offsets.get(id) - 4;
        if (length < 0 || length > Integer.MAX_VALUE) {
            throw new java.io.UncheckedIOException(new IndexDamagedException("string " + id + " is damaged"));
        }
        return (int) length;
    }

    public String get(int id) {
        Objects.checkIndex(id, count());
        long at = offsets.get(id), end = offsets.get(id + 1);
        int len = table.get(LENGTH, at);
        if (len < 0 || at + 4 + len != end) {
            throw new java.io.UncheckedIOException(new IndexDamagedException("string " + id + " is damaged"));
        }
        byte[] utf8 = new byte[len];
        MemorySegment.copy(table, ValueLayout.JAVA_BYTE, at + 4, utf8, 0, len);
        return new String(utf8, StandardCharsets.UTF_8);
    }
}
