package org.polyheap.ui.editor;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

import org.polyheap.analysis.HistogramRow;

import it.unimi.dsi.fastutil.ints.IntArrays;

/**
 * The rows of one histogram (one grouping of one set of objects) and what the table shows of them:
 * {@link View}s, each a filter and a sort order as an int array of row indices (the table asks for
 * rows by position; the widget never sorts). Immutable and thread-safe, so views of a big histogram
 * are computed off the UI thread. Memory: the rows, a lower-case copy of each name and 4 bytes per
 * row for the name order, plus 4 (visible) + 8 (sort key, while sorting) bytes per row per view.
 */
public final class HistogramRows {
    /** Sortable columns, in table order. */
    public enum Column { NAME, OBJECTS, SHALLOW, RETAINED, PERCENT, NOT_STRONG, NATIVE }

    private final List<HistogramRow> rows;
    private final long[] nativeBytes; // per row; null when the snapshot records no native memory
    private final java.util.Map<String, Long> nativeByName;
    private final String[] lowerNames;
    private final int[] nameRank; // row → position in case-insensitive name order (ties: exact name order)
    private final View initial;

    /** O(n log n) (the name order is computed here): for big histograms call it off the UI thread. */
    public HistogramRows(List<HistogramRow> rows) {
        this(rows, null);
    }

    /**
     * As above, with each row's native bytes ({@code nativeBytes}: group name → bytes, absent = 0; null
     * when the snapshot records no native memory, see {@link org.polyheap.analysis.NativeSizes}).
     */
    public HistogramRows(List<HistogramRow> rows, java.util.Map<String, Long> nativeBytes) {
        this.rows = List.copyOf(rows);
        int n = this.rows.size();
        this.nativeByName = nativeBytes == null ? null : java.util.Map.copyOf(nativeBytes);
        if (nativeBytes == null) {
            this.nativeBytes = null;
        } else {
            this.nativeBytes = new long[n];
            for (int i = 0; i < n; i++) this.nativeBytes[i] = nativeBytes.getOrDefault(this.rows.get(i).name(), 0L);
        }
        lowerNames = new String[n];
        for (int i = 0; i < n; i++) lowerNames[i] = this.rows.get(i).name().toLowerCase(Locale.ROOT);
        int[] order = all(n);
        IntArrays.quickSort(order, (a, b) -> {
            int c = lowerNames[a].compareTo(lowerNames[b]);
            return c != 0 ? c : this.rows.get(a).name().compareTo(this.rows.get(b).name());
        });
        nameRank = new int[n];
        for (int pos = 0; pos < n; pos++) nameRank[order[pos]] = pos;
        initial = new View("", null, all(n), Column.RETAINED, true).sorted();
    }

    /**
     * The rows whose name matches {@code filterText} (see {@link View#filter}), sorted by {@code column}.
     * O(rows) name matches plus the sort of what is kept; any thread.
     */
    public View view(String filterText, Column column, boolean descending) {
        String t = filterText == null ? "" : filterText;
        Pattern p = compile(t);
        int[] kept;
        if (p == null) {
            kept = all(rows.size());
        } else if (isPlain(t.strip())) { // the common case, typed names: a substring test, no regex engine
            String needle = t.strip().toLowerCase(Locale.ROOT);
            kept = keep(i -> lowerNames[i].contains(needle));
        } else {
            var matcher = p.matcher("");
            kept = keep(i -> matcher.reset(rows.get(i).name()).find());
        }
        return new View(t, p, kept, column, descending).sorted();
    }

    private int[] keep(java.util.function.IntPredicate test) {
        int[] kept = new int[rows.size()];
        int n = 0;
        for (int i = 0; i < kept.length; i++) if (test.test(i)) kept[n++] = i;
        return Arrays.copyOf(kept, n);
    }

    private static int[] all(int n) {
        int[] a = new int[n];
        for (int i = 0; i < n; i++) a[i] = i;
        return a;
    }

    public int totalRows() { return rows.size(); }

    /** True when the rows carry native bytes (the snapshot records native memory per object). */
    public boolean hasNative() { return nativeBytes != null; }

    /** The native bytes of a row of this histogram (its group's); 0 when none are recorded. */
    public long nativeBytes(HistogramRow row) { return nativeByName == null ? 0 : nativeByName.getOrDefault(row.name(), 0L); }

    /** All rows, biggest retained first. */
    public View initial() { return initial; }

    /** Sums over the rows a view shows. */
    public record Totals(long objects, long shallow) { }

    /** The rows as the table shows them: filtered and sorted. Immutable; the methods make new views. */
    public final class View {
        private final String filterText;
        private final Pattern filter;
        private final int[] visible;
        private final Column sortColumn;
        private final boolean descending;

        private View(String filterText, Pattern filter, int[] visible, Column sortColumn, boolean descending) {
            this.filterText = filterText;
            this.filter = filter;
            this.visible = visible;
            this.sortColumn = sortColumn;
            this.descending = descending;
        }

        public int size() { return visible.length; }

        public int totalRows() { return rows.size(); }

        public HistogramRow row(int position) { return rows.get(visible[position]); }

        /** The native bytes of the row at {@code position}; 0 when none are recorded. */
        public long nativeBytes(int position) { return nativeBytes == null ? 0 : nativeBytes[visible[position]]; }

        /** The native bytes of the rows shown, summed (they add up: each object's are counted in its one row). */
        public long nativeTotal() {
            long sum = 0;
            if (nativeBytes != null) for (int i : visible) sum += nativeBytes[i];
            return sum;
        }

        public Column sortColumn() { return sortColumn; }

        public boolean descending() { return descending; }

        /** The filter in force, or null. */
        public Pattern filter() { return filter; }

        /** The text the filter was made from ("" for none). */
        public String filterText() { return filterText; }

        /** The histogram this is a view of. */
        public HistogramRows rows() { return HistogramRows.this; }

        /**
         * Objects and shallow bytes of the rows shown, summed. No retained sum: the retained sets of
         * two rows may overlap (a class's objects may hold another's), so adding them would count
         * bytes twice (MAT's total row leaves retained out too). O(shown).
         */
        public Totals totals() {
            long objects = 0, shallow = 0;
            for (int i : visible) {
                objects += rows.get(i).objects();
                shallow += rows.get(i).shallow();
            }
            return new Totals(objects, shallow);
        }

        /**
         * Sorted by {@code column}: the column sorted now is reversed, another starts with numbers
         * biggest first and names A to Z. O(shown · log shown).
         */
        public View sortBy(Column column) {
            return column == sortColumn ? sortBy(column, !descending) : sortBy(column, column != Column.NAME);
        }

        /** Sorted by {@code column} in the given direction. O(shown · log shown). */
        public View sortBy(Column column, boolean descending) {
            return new View(filterText, filter, visible.clone(), column, descending).sorted();
        }

        /**
         * Keeps the rows whose name matches {@code text}: a regular expression (found anywhere in the
         * name), or, when the text is not one, a plain substring. Case-insensitive; blank keeps all.
         * The sort stays. O(rows) name matches plus the sort of what is kept.
         */
        public View filter(String text) {
            return view(text, sortColumn, descending);
        }

        /** Sorts {@code visible} in place on one long key per row; ties keep name order. */
        private View sorted() {
            long[] key = new long[rows.size()];
            for (int i : visible) {
                HistogramRow r = rows.get(i);
                key[i] = switch (sortColumn) {
                    case NAME -> nameRank[i];
                    case OBJECTS -> r.objects();
                    case SHALLOW -> r.shallow();
                    case RETAINED, PERCENT -> r.retained();
                    case NOT_STRONG -> r.notStrong();
                    case NATIVE -> nativeBytes == null ? 0 : nativeBytes[i];
                };
            }
            boolean down = descending;
            IntArrays.quickSort(visible, (a, b) -> {
                int c = Long.compare(key[a], key[b]);
                if (down) c = -c;
                return c != 0 ? c : Integer.compare(nameRank[a], nameRank[b]);
            });
            return this;
        }
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
}
