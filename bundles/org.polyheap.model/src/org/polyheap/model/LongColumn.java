package org.polyheap.model;

/** A read-only array of longs addressed by long index; see {@link IntColumn} for costs. */
public interface LongColumn {
    long size();

    long get(long index);

    default void copyTo(long from, long[] target, int offset, int length) {
        for (int i = 0; i < length; i++) target[offset + i] = get(from + i);
    }

    default long[] toArray() {
        long n = size();
        if (n > Integer.MAX_VALUE - 8) throw new IllegalStateException("column too large for an array: " + n);
        long[] a = new long[(int) n];
        copyTo(0, a, 0, (int) n);
        return a;
    }

    static LongColumn of(long[] values) {
        return new LongColumn() {
            @Override public long size() { return values.length; }
            @Override public long get(long index) { return values[Math.toIntExact(index)]; }
            @Override public void copyTo(long from, long[] target, int offset, int length) {
                System.arraycopy(values, Math.toIntExact(from), target, offset, length);
            }
        };
    }
}
