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
    private final String[] lowerNames;
    private int[] nameRank; // row → position in case-insensitive name order; made on the first name sort
    private int[] visible;
    private Column sortColumn = Column.RETAINED;
    private boolean descending = true;
    private Pattern filter;

    public HistogramRows(List<HistogramRow> rows) {
        this.rows = List.copyOf(rows);
        this.lowerNames = new String[rows.size()];
        for (int i = 0; i < lowerNames.length; i++) lowerNames[i] = this.rows.get(i).name().toLowerCase(java.util.Locale.ROOT);
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
        } else if (isPlain(text.strip())) { // the common case, typed names: a substring test, no regex engine
            String needle = text.strip().toLowerCase(java.util.Locale.ROOT);
            int[] kept = new int[rows.size()];
            int n = 0;
            for (int i = 0; i < lowerNames.length; i++) if (lowerNames[i].contains(needle)) kept[n++] = i;
            visible = java.util.Arrays.copyOf(kept, n);
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

    /** True when the text has no regular-expression syntax, so a substring test answers the same. */
    private static boolean isPlain(String t) {
        for (int i = 0; i < t.length(); i++) {
            char c = t.charAt(i);
            if ("\\^$.|?*+()[]{}".indexOf(c) >= 0 || c > 127) return false;
        }
        return true;
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

    /** Sorts the visible rows on one long key per row; ties keep name order, so the order is stable to the eye. */
    private void sort() {
        int[] rank = nameRank();
        long[] key = new long[rows.size()];
        for (int i : visible) {
            HistogramRow r = rows.get(i);
            key[i] = switch (sortColumn) {
                case NAME -> rank[i];
                case OBJECTS -> r.objects();
                case SHALLOW -> r.shallow();
                case RETAINED, PERCENT -> r.retained();
            };
        }
        IntArrays.quickSort(visible, (a, b) -> {
            int c = Long.compare(key[a], key[b]);
            if (descending) c = -c;
            return c != 0 ? c : Integer.compare(rank[a], rank[b]);
        });
    }

    private int[] nameRank() {
        if (nameRank == null) {
            int[] order = all(rows.size());
            IntArrays.quickSort(order, (a, b) -> {
                int c = lowerNames[a].compareTo(lowerNames[b]);
                return c != 0 ? c : rows.get(a).name().compareTo(rows.get(b).name());
            });
            nameRank = new int[rows.size()];
            for (int pos = 0; pos < order.length; pos++) nameRank[order[pos]] = pos;
        }
        return nameRank;
    }
}
