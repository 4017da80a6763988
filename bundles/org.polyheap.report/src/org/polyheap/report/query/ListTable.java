package org.polyheap.report.query;

import java.util.List;
import java.util.function.Supplier;

import org.apache.calcite.DataContext;
import org.apache.calcite.linq4j.Enumerable;
import org.apache.calcite.linq4j.Linq4j;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.schema.ScannableTable;
import org.apache.calcite.schema.Statistic;
import org.apache.calcite.schema.Statistics;
import org.apache.calcite.schema.impl.AbstractTable;

/**
 * A small table whose rows are made once, on its first scan, and kept: {@code classes} (the stored class
 * histogram), {@code roots}, {@code threads}, {@code frames}.
 */
final class ListTable extends AbstractTable implements ScannableTable {
    private final String[] nameThenType;
    private final Supplier<List<Object[]>> rows;
    private final List<String> objectColumns;
    private volatile List<Object[]> made;

    ListTable(List<String> objectColumns, Supplier<List<Object[]>> rows, String... nameThenType) {
        this.nameThenType = nameThenType.clone();
        this.rows = rows;
        this.objectColumns = List.copyOf(objectColumns);
    }

    @Override
    public RelDataType getRowType(RelDataTypeFactory f) { return Tables.row(f, nameThenType); }

    @Override
    public Statistic getStatistic() { return Statistics.UNKNOWN; }

    /** The columns of this table that hold object ids. */
    List<String> objectColumns() { return objectColumns; }

    @Override
    public Enumerable<Object[]> scan(DataContext root) {
        var m = made;
        if (m == null) {
            synchronized (this) {
                if (made == null) made = List.copyOf(rows.get());
                m = made;
            }
        }
        return Linq4j.asEnumerable(m);
    }
}
