package org.polyheap.analysis;

import org.polyheap.model.IntColumn;

/**
 * One row of a reference column at a time (a node's names or kinds), copied into a buffer that is
 * reused and grows to the longest row: for the rules that read a few rows' values out of a column
 * they do not copy whole ({@link FlatColumns}). A row copy decodes its pages once, where a get per
 * value looked them up each time. Not thread-safe.
 */
final class RowBuffer {
    private final IntColumn column;
    private int[] values = new int[64];

    RowBuffer(IntColumn column) {
        this.column = column;
    }

    /** The column's values at {@code [begin, begin + length)}, from index 0 of the returned buffer (valid until the next call). */
    int[] copy(long begin, int length) {
        if (values.length < length) values = new int[Math.max(length, values.length * 2)];
        column.copyTo(begin, values, 0, length);
        return values;
    }
}
