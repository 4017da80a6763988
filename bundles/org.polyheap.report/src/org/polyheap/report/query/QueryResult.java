package org.polyheap.report.query;

import java.util.List;

/**
 * The rows of one query, as values: {@code Long} for whole numbers, {@code Double} for others, {@code String},
 * {@code Boolean}, or null. {@code objectColumns} marks the columns whose values are object ids in the
 * format's syntax (the {@code id}, {@code dominator}, {@code source}, {@code target} ... columns of the
 * tables, or a column a function gives an id), so a front end can act on the object of a row.
 *
 * @param columns       column names, in order
 * @param types         SQL type name of each column (BIGINT, VARCHAR, ...)
 * @param objectColumns per column: true when its values are object ids
 * @param rows          the rows, at most the limit asked for
 * @param truncated     true when the query had more rows than the limit
 * @param millis        time to plan and run the query and read its rows
 */
public record QueryResult(List<String> columns, List<String> types, List<Boolean> objectColumns, List<Object[]> rows,
        boolean truncated, long millis) {
    public QueryResult {
        columns = List.copyOf(columns);
        types = List.copyOf(types);
        objectColumns = List.copyOf(objectColumns);
        rows = List.copyOf(rows);
    }

    /** The first column holding object ids, or -1. */
    public int firstObjectColumn() { return objectColumns.indexOf(Boolean.TRUE); }
}
