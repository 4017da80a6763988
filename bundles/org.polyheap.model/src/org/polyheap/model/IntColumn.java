package org.polyheap.model;

/**
 * A read-only array of ints addressed by long index: an index file page-mapped from disk, or an
 * int[] in memory. Thread-safe for reading. {@link #get} costs an array access plus, for mapped
 * columns, a page lookup; prefer {@link #copyTo} for scans.
 */
public interface IntColumn {
    long size();

    int get(long index);

    /** Copies {@code length} values starting at {@code from} into {@code target[offset..]}. */
    default void copyTo(long from, int[] target, int offset, int length) {
        for (int i = 0; i < length; i++) target[offset + i] = get(from + i);
    }

    /** The whole column as a new int[]; only for columns of at most Integer.MAX_VALUE - 8 values. */
    default int[] toArray() {
        long n = size();
        if (n > Integer.MAX_VALUE - 8) throw new IllegalStateException("column too large for an array: " + n);
        int[] a = new int[(int) n];
        copyTo(0, a, 0, (int) n);
        return a;
    }

    static IntColumn of(int[] values) {
        return new IntColumn() {
            @Override public long size() { return values.length; }
            @Override public int get(long index) { return values[Math.toIntExact(index)]; }
            @Override public void copyTo(long from, int[] target, int offset, int length) {
                System.arraycopy(values, Math.toIntExact(from), target, offset, length);
            }
        };
    }
}
