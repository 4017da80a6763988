package org.polyheap.index.table;

import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.util.AbstractList;
import java.util.List;
import java.util.RandomAccess;

import org.polyheap.index.column.IndexDamagedException;
import org.polyheap.index.column.IndexOutput;
import org.polyheap.model.GcRoot;
import org.polyheap.model.RootKind;

/**
 * GC roots as fixed 16-byte records (int object, int kind code, int context, int detail; big-endian),
 * in the order the parser added them. Read as a list view over the mapped file.
 */
public final class RootTable {
    public static final int RECORD_BYTES = 16;
    private static final ValueLayout.OfInt INT = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN);

    private RootTable() { }

    public static void write(IndexOutput out, GcRoot root) throws IOException {
        out.writeInt(root.object());
        out.writeInt(root.kind().code());
        out.writeInt(root.context());
        out.writeInt(root.detail());
    }

    /** A list view; each {@code get} decodes one record. Checks the size and every kind code once. */
    public static List<GcRoot> view(MemorySegment file) throws IndexDamagedException {
        if (file.byteSize() % RECORD_BYTES != 0) throw new IndexDamagedException("root table size is not a multiple of 16");
        long n = file.byteSize() / RECORD_BYTES;
        if (n > Integer.MAX_VALUE) throw new IndexDamagedException("root table too large");
        int kinds = RootKind.values().length;
        for (long i = 0; i < n; i++) {
            int code = file.get(INT, i * RECORD_BYTES + 4);
            if (code < 0 || code >= kinds) throw new IndexDamagedException("root " + i + " has unknown kind " + code);
        }
        return new Roots(file, (int) n);
    }

    private static final class Roots extends AbstractList<GcRoot> implements RandomAccess {
        private final MemorySegment file;
        private final int size;

        Roots(MemorySegment file, int size) { this.file = file; this.size = size; }

        @Override public int size() { return size; }

        @Override public GcRoot get(int i) {
            java.util.Objects.checkIndex(i, size);
            long at = (long) i * RECORD_BYTES;
            return new GcRoot(file.get(INT, at), RootKind.ofCode(file.get(INT, at + 4)), file.get(INT, at + 8),
                    file.get(INT, at + 12));
        }
    }
}
