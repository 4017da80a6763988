package org.polyheap.ui.editor;

import java.util.List;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

import org.polyheap.analysis.HistogramRow;

import it.unimi.dsi.fastutil.ints.IntArrays;

/**
 * What the histogram table shows: the rows of one grouping, filtered and sorted, as an int array of
 * row indices (the table asks for rows by position; the widget never sorts). Not thread-safe: used
 * from the UI thread. Sorting is O(n log n), filtering O(n) name matches, on 100 k rows a few ms each.
 */
public final class HistogramRows {
    /** Sortable columns, in table order. */
    public enum Column { NAME, OBJECTS, SHALLOW, RETAINED, PERCENT }

    private final List<HistogramRow> rows;
    private int[] visible;
    private Column sortColumn = Column.RETAINED;
    private boolean descending = true;
    private Pattern filter;

    public HistogramRows(List<HistogramRow> rows) {
        this.rows = List.copyOf(rows);
        this.visible = all(rows.size());
        sort();
    }

    private static int[] all(int n) {
        int[] a = new int[n];
        for (int i = 0; i < n; i++) a[i] = i;
        return a;
    }

    public int size() { return visible.length; }

    public int totalRows() { return rows.size(); }

    public HistogramRow row(int position) { return rows.get(visible[position]); }

    public Column sortColumn() { return sortColumn; }

    public boolean descending() { return descending; }

    /** The filter in force, or null. */
    public Pattern filter() { return filter; }

    /**
     * Sorts by {@code column}; the same column again reverses the order. Numbers start biggest
     * first, names A to Z.
     */
    public void sortBy(Column column) {
        if (column == sortColumn) {
            descending = !descending;
        } else {
            sortColumn = column;
            descending = column != Column.NAME;
        }
        sort();
    }

    /** Sorts by {@code column} in the given direction. */
    public void sortBy(Column column, boolean descending) {
        this.sortColumn = column;
        this.descending = descending;
        sort();
    }

    /**
     * Keeps the rows whose name matches {@code text}: a regular expression (found anywhere in the
     * name), or, when the text is not one, a plain substring. Case-insensitive. Blank keeps all.
     */
    public void filter(String text) {
        filter = compile(text);
        if (filter == null) {
            visible = all(rows.size());
        } else {
            var matcher = filter.matcher("");
            int[] kept = new int[rows.size()];
            int n = 0;
            for (int i = 0; i < rows.size(); i++) {
                if (matcher.reset(rows.get(i).name()).find()) kept[n++] = i;
            }
            visible = java.util.Arrays.copyOf(kept, n);
        }
        sort();
    }

    /** The pattern a filter text stands for, or null for blank text. */
    public static Pattern compile(String text) {
        if (text == null || text.isBlank()) return null;
        String t = text.strip();
        try {
            return Pattern.compile(t, Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE);
        } catch (PatternSyntaxException notARegex) {
            return Pattern.compile(Pattern.quote(t), Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE);
        }
    }

    private void sort() {
        IntArrays.mergeSort(visible, (a, b) -> {
            int c = compare(rows.get(a), rows.get(b));
            return descending ? -c : c;
        });
    }

    private int compare(HistogramRow a, HistogramRow b) {
        int c = switch (sortColumn) {
            case NAME -> String.CASE_INSENSITIVE_ORDER.compare(a.name(), b.name());
            case OBJECTS -> Long.compare(a.objects(), b.objects());
            case SHALLOW -> Long.compare(a.shallow(), b.shallow());
            case RETAINED, PERCENT -> Long.compare(a.retained(), b.retained());
        };
        return c != 0 ? c : a.name().compareTo(b.name()); // ties in a stable, visible order
    }
}
