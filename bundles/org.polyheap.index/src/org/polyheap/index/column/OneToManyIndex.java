package org.polyheap.index.column;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

import org.polyheap.model.IntColumn;
import org.polyheap.model.LongColumn;

/**
 * A mapped 1:N index in CSR form: the values of list {@code k} are positions
 * {@code starts().get(k)} up to {@code starts().get(k + 1)} of {@code values()}. See
 * {@link OneToManyWriter} for the layout. Thread-safe; valid while its arena is open.
 */
public record OneToManyIndex(LongIndexReader starts, IntIndexReader values) {

    /** Opens a mapped 1:N file; checks both sections' structure and that the starts cover the values. */
    public static OneToManyIndex open(MemorySegment file) throws IndexDamagedException { return open(file, Origin.UNKNOWN); }

    /**
     * As {@link #open(MemorySegment)}, reporting damage with and to {@code origin}. Pages are checked when
     * first read (see {@link IntIndexReader#open(MemorySegment)}); the first and last start are read here.
     */
    public static OneToManyIndex open(MemorySegment file, Origin origin) throws IndexDamagedException {
        long size = file.byteSize();
        if (size < OneToManyWriter.TAIL_BYTES) throw new IndexDamagedException("1:N index is truncated");
        var be = java.nio.ByteOrder.BIG_ENDIAN;
        if (file.get(ValueLayout.JAVA_INT_UNALIGNED.withOrder(be), size - 4) != OneToManyWriter.MAGIC) {
            throw new IndexDamagedException("1:N index tail magic missing (truncated or not a 1:N index)");
        }
        long bodyBytes = file.get(PageCodec.LONG_BE, size - OneToManyWriter.TAIL_BYTES);
        if (bodyBytes < 0 || bodyBytes > size - OneToManyWriter.TAIL_BYTES) throw new IndexDamagedException("1:N index body length is damaged");
        var values = IntIndexReader.open(file.asSlice(0, bodyBytes), origin);
        var starts = LongIndexReader.open(file.asSlice(bodyBytes, size - OneToManyWriter.TAIL_BYTES - bodyBytes), origin.plus(bodyBytes));
        long lists = starts.size() - 1;
        try {
            if (lists < 0 || starts.get(0) != 0 || starts.get(lists) != values.size()) {
                throw new IndexDamagedException("1:N index header does not cover its body");
            }
        } catch (java.io.UncheckedIOException e) {
            if (e.getCause() instanceof IndexDamagedException d) throw d;
            throw e;
        }
        return new OneToManyIndex(starts, values);
    }

    /** Number of lists (objects). */
    public long lists() { return starts.size() - 1; }

    /** Values of list {@code k} as a new array; costs one or two page decodes. */
    public int[] list(long k) {
        long from = starts.get(k), to = starts.get(k + 1);
        if (to < from || to - from > Integer.MAX_VALUE - 8) { // only a writer's bug: damage fails the pages' CRCs
            throw new java.io.UncheckedIOException(new IndexDamagedException("1:N index list " + k + " has starts " + from + ".." + to));
        }
        int[] a = new int[Math.toIntExact(to - from)];
        values.copyTo(from, a, 0, a.length);
        return a;
    }

    public LongColumn startColumn() { return starts; }

    public IntColumn valueColumn() { return values; }
}
