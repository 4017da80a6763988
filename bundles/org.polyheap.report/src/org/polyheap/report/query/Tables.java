package org.polyheap.report.query;

import java.util.ArrayList;
import java.util.List;
import java.util.NoSuchElementException;

import org.apache.calcite.linq4j.AbstractEnumerable;
import org.apache.calcite.linq4j.Enumerable;
import org.apache.calcite.linq4j.Enumerator;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.sql.type.SqlTypeName;

/** What the tables share: row types from name/type pairs, and scans made of blocks of rows. */
public final class Tables {
    /** Objects (or references' sources) per block of a scan; the cancel flag is checked once per block. */
    static final int BLOCK = 4096;

    private Tables() { }

    /** A row type from pairs of name and type; a type ending in {@code ?} is nullable. */
    static RelDataType row(RelDataTypeFactory f, String... nameThenType) {
        var b = f.builder();
        for (int i = 0; i < nameThenType.length; i += 2) {
            String t = nameThenType[i + 1];
            boolean nullable = t.endsWith("?");
            SqlTypeName type = SqlTypeName.valueOf(nullable ? t.substring(0, t.length() - 1) : t);
            b.add(nameThenType[i], f.createTypeWithNullability(f.createSqlType(type), nullable));
        }
        return b.build();
    }

    /** Fills {@code sink} with the rows of block {@code b}. */
    interface BlockReader {
        void read(int b, List<Object[]> sink);
    }

    /** The rows of blocks {@code 0..blocks-1}, read one block at a time as Calcite asks for rows. */
    static Enumerable<Object[]> enumerable(HeapContext heap, BlockReader reader, int blocks) {
        return new AbstractEnumerable<>() {
            @Override
            public Enumerator<Object[]> enumerator() {
                return new Buffered() {
                    int block = 0;

                    @Override
                    boolean refill(List<Object[]> rows) {
                        if (block >= blocks) return false;
                        heap.checkCanceled();
                        reader.read(block++, rows);
                        return true;
                    }

                    @Override
                    void restart() { block = 0; }
                };
            }
        };
    }

    /** Adds the rows a row of a join's other side gives. */
    interface RowJoiner {
        void join(Object[] row, List<Object[]> sink);
    }

    /** The rows {@code joiner} makes of each row of {@code left}, in order, as Calcite asks for them. */
    static Enumerable<Object[]> joined(HeapContext heap, Enumerable<Object[]> left, RowJoiner joiner) {
        return new AbstractEnumerable<>() {
            @Override
            public Enumerator<Object[]> enumerator() {
                Enumerator<Object[]> in = left.enumerator();
                return new Buffered() {
                    long seen = 0;

                    @Override
                    boolean refill(List<Object[]> rows) {
                        if (!in.moveNext()) return false;
                        if ((++seen & 0x3ff) == 0) heap.checkCanceled();
                        joiner.join(in.current(), rows);
                        return true;
                    }

                    @Override
                    void restart() { in.reset(); }

                    @Override
                    public void close() { in.close(); }
                };
            }
        };
    }

    /**
     * An enumerator over rows made a batch at a time: {@link #refill} adds the next batch (possibly none)
     * to an empty list and answers false when there are no more.
     */
    private abstract static class Buffered implements Enumerator<Object[]> {
        private final List<Object[]> rows = new ArrayList<>();
        private int at = 0;
        private Object[] current;

        abstract boolean refill(List<Object[]> rows);

        /** Goes back to the first batch. */
        abstract void restart();

        @Override
        public Object[] current() {
            if (current == null) throw new NoSuchElementException();
            return current;
        }

        @Override
        public boolean moveNext() {
            while (at >= rows.size()) {
                rows.clear();
                at = 0;
                if (!refill(rows)) {
                    current = null;
                    return false;
                }
            }
            current = rows.get(at++);
            return true;
        }

        @Override
        public void reset() {
            restart();
            rows.clear();
            at = 0;
        }

        @Override
        public void close() { rows.clear(); }
    }

    /**
     * Rows in the format Calcite's generated code expects of a result with this row format: arrays as they
     * are, the value itself for a single column (SCALAR), a list for LIST. Public for the generated code.
     */
    public static Enumerable<?> as(Enumerable<Object[]> rows, String format) {
        return switch (format) {
            case "SCALAR" -> rows.select(r -> r[0]);
            case "LIST", "EMPTY_LIST" -> rows.select(r -> org.apache.calcite.runtime.FlatLists.ofComparable(
                    java.util.Arrays.asList((Comparable[]) java.util.Arrays.copyOf(r, r.length, Comparable[].class))));
            default -> rows;
        };
    }

    /** The expression of {@code rows} in {@code format} (see {@link #as}). */
    static org.apache.calcite.linq4j.tree.Expression as(org.apache.calcite.linq4j.tree.Expression rows,
            org.apache.calcite.adapter.enumerable.JavaRowFormat format) {
        if (format == org.apache.calcite.adapter.enumerable.JavaRowFormat.ARRAY) return rows;
        return org.apache.calcite.linq4j.tree.Expressions.call(AS, rows,
                org.apache.calcite.linq4j.tree.Expressions.constant(format.name()));
    }

    private static final java.lang.reflect.Method AS;

    static {
        try {
            AS = Tables.class.getMethod("as", Enumerable.class, String.class);
        } catch (NoSuchMethodException e) {
            throw new ExceptionInInitializerError(e);
        }
    }
}
