package org.polyheap.ui.views;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Pattern;

import org.polyheap.report.table.Column;
import org.polyheap.report.table.Table;
import org.polyheap.ui.editor.HistogramRows;

/**
 * The comparison's class rows as the view shows them: kept by a name filter (the histogram's: a
 * regular expression found anywhere, case-insensitively, or the text literally) and sorted by one
 * column. No widgets; a view is O(rows · log rows), on the UI thread (a comparison has a row per class
 * name, thousands, where the histogram's background filtering is for 100,000).
 */
final class ComparisonRows {
    /** The column a comparison is sorted by at first, biggest growth first. */
    static final String DEFAULT_SORT = "retainedDelta";

    private final Table table;

    ComparisonRows(Table table) { this.table = table; }

    /** The index of the column with {@code key}. */
    int column(String key) {
        for (int i = 0; i < table.columns().size(); i++) if (table.columns().get(i).key().equals(key)) return i;
        throw new IllegalArgumentException("no column " + key);
    }

    /**
     * The columns shown first, in this order, when the table has them: the change in objects, the new
     * and removed ones the object match found (V8, Dart) and their difference, then the byte deltas.
     */
    static final java.util.List<String> FIRST = java.util.List.of("countDelta", "new", "removed", "matchedDelta", "shallowDelta",
            "retainedDelta");

    /** Column indices in the order to show them: the name, {@link #FIRST}, then the others in the table's order. */
    int[] deltasFirst() {
        int n = table.columns().size();
        int[] order = new int[n];
        int at = 0;
        order[at++] = 0;
        for (String key : FIRST) {
            for (int i = 1; i < n; i++) if (table.columns().get(i).key().equals(key)) order[at++] = i;
        }
        for (int i = 1; i < n; i++) if (!FIRST.contains(table.columns().get(i).key())) order[at++] = i;
        return order;
    }

    /** Names are sorted A–Z first, numbers biggest first, as in the histogram. */
    boolean descendingFirst(int column) { return table.columns().get(column).kind() != Column.Kind.TEXT; }

    /** The rows whose name {@code filter} finds (blank: all), sorted by {@code column}; ties by name. */
    List<Object[]> view(String filter, int column, boolean descending) {
        Pattern p = HistogramRows.compile(filter);
        var out = new ArrayList<Object[]>();
        for (Object[] row : table.rows()) if (p == null || p.matcher((String) row[0]).find()) out.add(row);
        Comparator<Object[]> by = table.columns().get(column).kind() == Column.Kind.TEXT
                ? Comparator.comparing((Object[] r) -> (String) r[column], String.CASE_INSENSITIVE_ORDER)
                : Comparator.comparingLong((Object[] r) -> ((Number) r[column]).longValue());
        if (descending) by = by.reversed();
        out.sort(by.thenComparing(r -> (String) r[0]));
        return out;
    }

    int totalRows() { return table.rows().size(); }
}
