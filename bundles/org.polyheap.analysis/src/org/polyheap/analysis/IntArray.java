package org.polyheap.analysis;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;
import java.util.Objects;

import org.polyheap.model.IntColumn;

/**
 * A fixed-length int array: an {@code int[]} on the heap, or a mapped temporary file for graphs too big
 * for the heap (see {@link WorkArrays}); 4 bytes per element either way. {@link #get}/{@link #set} cost
 * one bounds-checked access. The heap form is a plain array behind a branch the JIT folds away when a
 * process only ever uses one form: segment access to heap memory measured 1.5–2× slower in the
 * dominator pass, because the compiler must reload the segment's state after every raw store.
 * Reads are thread-safe; writes need the caller's own discipline (threads writing disjoint ranges).
 * Valid while the {@link WorkArrays} that made it is open.
 */
public final class IntArray implements IntColumn {
    private static final ValueLayout.OfInt INT = ValueLayout.JAVA_INT;
    private final int[] heap;        // null when mapped
    private final MemorySegment seg; // null on the heap
    private final long length;

    private IntArray(int[] heap, MemorySegment seg, long length) {
        this.heap = heap;
        this.seg = seg;
        this.length = length;
    }

    /** An array over {@code values} (shared, not copied). */
    public static IntArray of(int[] values) { return new IntArray(values, null, values.length); }

    /** An array over a mapped segment of {@code byteSize / 4} ints. */
    static IntArray mapped(MemorySegment seg) { return new IntArray(null, seg, seg.byteSize() >>> 2); }

    @Override public long size() { return length; }

    public int get(int index) {
        int[] h = heap;
        return h != null ? h[index] : seg.getAtIndex(INT, index);
    }

    @Override
    public int get(long index) {
        int[] h = heap;
        return h != null ? h[Math.toIntExact(index)] : seg.getAtIndex(INT, index);
    }

    public void set(int index, int value) {
        int[] h = heap;
        if (h != null) h[index] = value; else seg.setAtIndex(INT, index, value);
    }

    public void set(long index, int value) {
        int[] h = heap;
        if (h != null) h[Math.toIntExact(index)] = value; else seg.setAtIndex(INT, index, value);
    }

    /** Adds {@code delta} to element {@code index} (not atomic) and returns the new value. */
    public int add(int index, int delta) {
        int[] h = heap;
        if (h != null) return h[index] += delta;
        int v = seg.getAtIndex(INT, index) + delta;
        seg.setAtIndex(INT, index, v);
        return v;
    }

    /** Sets every element to {@code value}: a sequential write of the whole array. */
    public void fill(int value) {
        if (heap != null) {
            Arrays.fill(heap, value);
        } else if (value == 0 || value == -1) {
            seg.fill((byte) value);
        } else {
            for (long i = 0; i < length; i++) seg.setAtIndex(INT, i, value);
        }
    }

    @Override
    public void copyTo(long from, int[] target, int offset, int count) {
        Objects.checkFromIndexSize(from, count, length);
        if (heap != null) System.arraycopy(heap, (int) from, target, offset, count);
        else MemorySegment.copy(seg, INT, from << 2, target, offset, count);
    }

    /** Copies {@code values[offset..offset+count)} into this array at {@code to}. */
    public void copyFrom(int[] values, int offset, long to, int count) {
        Objects.checkFromIndexSize(to, count, length);
        if (heap != null) System.arraycopy(values, offset, heap, (int) to, count);
        else MemorySegment.copy(values, offset, seg, INT, to << 2, count);
    }

    /** Copies the first {@code count} elements into {@code target}, whichever form each has. */
    public void copyPrefixTo(IntArray target, long count) {
        Objects.checkFromIndexSize(0, count, Math.min(length, target.length));
        MemorySegment.copy(segment(), 0, target.segment(), 0, count << 2);
    }

    private MemorySegment segment() { return heap != null ? MemorySegment.ofArray(heap) : seg; }

    /** Copies {@code count} elements from {@code this[from..]} to {@code this[to..]} (overlap allowed). */
    public void copyWithin(long from, long to, long count) {
        if (heap != null) System.arraycopy(heap, Math.toIntExact(from), heap, Math.toIntExact(to), Math.toIntExact(count));
        else MemorySegment.copy(seg, from << 2, seg, to << 2, count << 2);
    }

    /** The first {@code count} elements: a view of a mapped array, a copy of a heap one (trimming it). */
    public IntArray head(long count) {
        Objects.checkIndex(count, length + 1);
        if (count == length) return this;
        return heap != null ? of(Arrays.copyOf(heap, (int) count)) : mapped(seg.asSlice(0, count << 2));
    }

    /**
     * The heap array behind this one (shared: read it only), or a new copy of a mapped one: for
     * whole-array algorithms that want plain indexing. O(1) for heap arrays, O(length) and 4 bytes per
     * element otherwise.
     */
    public int[] array() { return heap != null ? heap : toArray(); }
}
