package org.polyheap.analysis;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Objects;

import org.polyheap.model.LongColumn;

/**
 * A fixed-length long array, on the heap or in a mapped temporary file (see {@link WorkArrays});
 * 8 bytes per element. Same costs, threading and reasons as {@link IntArray}.
 */
public final class LongArray implements LongColumn {
    private static final ValueLayout.OfLong LONG = ValueLayout.JAVA_LONG;
    private final long[] heap;       // null when mapped
    private final MemorySegment seg; // null on the heap
    private final long length;

    private LongArray(long[] heap, MemorySegment seg, long length) {
        this.heap = heap;
        this.seg = seg;
        this.length = length;
    }

    /** An array over {@code values} (shared, not copied). */
    public static LongArray of(long[] values) { return new LongArray(values, null, values.length); }

    /** An array over a mapped segment of {@code byteSize / 8} longs. */
    static LongArray mapped(MemorySegment seg) { return new LongArray(null, seg, seg.byteSize() >>> 3); }

    @Override public long size() { return length; }

    public long get(int index) {
        long[] h = heap;
        return h != null ? h[index] : seg.getAtIndex(LONG, index);
    }

    @Override
    public long get(long index) {
        long[] h = heap;
        return h != null ? h[Math.toIntExact(index)] : seg.getAtIndex(LONG, index);
    }

    public void set(int index, long value) {
        long[] h = heap;
        if (h != null) h[index] = value; else seg.setAtIndex(LONG, index, value);
    }

    /** Adds {@code delta} to element {@code index} (not atomic). */
    public void add(int index, long delta) {
        long[] h = heap;
        if (h != null) h[index] += delta; else seg.setAtIndex(LONG, index, seg.getAtIndex(LONG, index) + delta);
    }

    @Override
    public void copyTo(long from, long[] target, int offset, int count) {
        Objects.checkFromIndexSize(from, count, length);
        if (heap != null) System.arraycopy(heap, (int) from, target, offset, count);
        else MemorySegment.copy(seg, LONG, from << 3, target, offset, count);
    }

    /** Copies {@code values[offset..offset+count)} into this array at {@code to}. */
    public void copyFrom(long[] values, int offset, long to, int count) {
        Objects.checkFromIndexSize(to, count, length);
        if (heap != null) System.arraycopy(values, offset, heap, (int) to, count);
        else MemorySegment.copy(values, offset, seg, LONG, to << 3, count);
    }

    /** The heap array behind this one (read it only), or a new copy of a mapped one; see {@link IntArray#array}. */
    public long[] array() { return heap != null ? heap : toArray(); }
}
