package org.polyheap.analysis;

import org.polyheap.model.IntColumn;
import org.polyheap.model.LongColumn;

/**
 * Copies of graph columns into flat heap arrays, read once in sequence: for the rules that walk the
 * graph in random order (V8's page-owned flood, Dart's ephemeron marking), where a {@code get} per
 * step on a mapped, bit-packed column decodes pages again and again.
 */
final class FlatColumns {
    private static final int CHUNK = 1 << 16;

    private FlatColumns() { }

    /** Row starts of {@code n} rows as ints (the caller checked the total fits): 4 bytes per row. */
    static int[] starts(LongColumn column, int n) {
        int[] starts = new int[n + 1];
        long[] chunk = new long[CHUNK];
        for (int at = 0; at <= n; at += CHUNK) {
            int len = Math.min(CHUNK, n + 1 - at);
            column.copyTo(at, chunk, 0, len);
            for (int i = 0; i < len; i++) starts[at + i] = (int) chunk[i];
        }
        return starts;
    }

    /** A column's low bits as bytes (type codes, reference kinds): 1 byte per value. */
    static byte[] bytes(IntColumn column, int mask) {
        long size = column.size();
        byte[] values = new byte[Math.toIntExact(size)];
        int[] chunk = new int[CHUNK];
        for (int at = 0; at < size; at += CHUNK) {
            int len = (int) Math.min(CHUNK, size - at);
            column.copyTo(at, chunk, 0, len);
            for (int i = 0; i < len; i++) values[at + i] = (byte) (chunk[i] & mask);
        }
        return values;
    }
}
