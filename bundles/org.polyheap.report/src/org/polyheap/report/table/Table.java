package org.polyheap.report.table;

import java.util.ArrayList;
import java.util.List;

/**
 * A query result as rows of typed values: the one shape the headless command, the exported reports
 * and the UI's "export table" all render, so a CSV from the window equals the command's CSV.
 * Immutable once built; rows hold String, Long, Double (PERCENT) or Boolean values, or null.
 *
 * @param name    JSON array name ("classes", "objects")
 * @param columns column definitions
 * @param rows    values in column order
 */
public record Table(String name, List<Column> columns, List<Object[]> rows) {

    public Table {
        columns = List.copyOf(columns);
        rows = List.copyOf(rows);
        for (Object[] row : rows) {
            if (row.length != columns.size()) {
                throw new IllegalArgumentException("row has " + row.length + " values for " + columns.size() + " columns");
            }
        }
    }

    public int columnIndex(String key) {
        for (int i = 0; i < columns.size(); i++) if (columns.get(i).key().equals(key)) return i;
        throw new IllegalArgumentException("no column " + key + " in table " + name);
    }

    /** Builds a table row by row. */
    public static final class Builder {
        private final String name;
        private final List<Column> columns;
        private final List<Object[]> rows = new ArrayList<>();

        public Builder(String name, Column... columns) {
            this.name = name;
            this.columns = List.of(columns);
        }

        public Builder row(Object... values) {
            rows.add(values.clone());
            return this;
        }

        public Table build() { return new Table(name, columns, rows); }
    }
}
