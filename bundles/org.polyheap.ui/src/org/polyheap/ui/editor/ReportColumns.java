package org.polyheap.ui.editor;

import java.util.function.Function;

import org.eclipse.jface.viewers.ColumnLabelProvider;
import org.eclipse.jface.viewers.TableViewer;
import org.eclipse.jface.viewers.TableViewerColumn;
import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.GC;
import org.polyheap.report.table.Column;
import org.polyheap.report.table.Table;

/**
 * Shows a query's {@link Table} in a JFace table: its columns with their titles, numbers grouped and
 * right-aligned ({@code +} before a growth in a {@code …Delta} column), so the window's rows read as
 * the headless command's. UI thread.
 */
public final class ReportColumns {
    private ReportColumns() { }

    /** Replaces {@code viewer}'s columns by {@code table}'s; {@code cells} gives a row element's values in column order. */
    public static void show(TableViewer viewer, Table table, Function<Object, Object[]> cells) {
        for (var column : viewer.getTable().getColumns()) column.dispose();
        for (int i = 0; i < table.columns().size(); i++) add(viewer, table.columns().get(i), i, cells);
    }

    private static void add(TableViewer viewer, Column column, int index, Function<Object, Object[]> cells) {
        boolean text = column.kind() == Column.Kind.TEXT;
        var c = new TableViewerColumn(viewer, text ? SWT.LEFT : SWT.RIGHT);
        c.getColumn().setText(column.title());
        c.getColumn().setWidth(text ? 300 : Math.max(90, headerWidth(viewer, column.title())));
        c.setLabelProvider(new ColumnLabelProvider() {
            @Override public String getText(Object e) {
                Object[] row = cells.apply(e);
                return row == null ? "" : text(column, row[index]);
            }
        });
    }

    /** A cell's text as the table shows it: counts grouped, growth with a "+", shares with one decimal, strings on one line. */
    public static String text(Column column, Object v) {
        if (v == null) return ""; // a figure that does not apply (a list's collision ratio)
        if (v instanceof Double share && column.kind() == Column.Kind.PERCENT) {
            return String.format(java.util.Locale.ROOT, "%.1f %%", share); // as Format.percent writes "% of heap"
        }
        if (!(v instanceof Long || v instanceof Integer)) return oneLine(String.valueOf(v));
        long n = ((Number) v).longValue(); // counts are ints in some tables (duplicate strings)
        return (column.key().endsWith("Delta") && n > 0 ? "+" : "") + Format.count(n);
    }

    /** A string value on one line: a table cell shows no line breaks, so they are written as escapes. */
    static String oneLine(String s) {
        return s.replace("\n", "\\n").replace("\r", "\\r").replace("\t", "\\t");
    }

    /** A number column as wide as its title (plus the sort arrow's room): the numbers are narrower. */
    private static int headerWidth(TableViewer viewer, String title) {
        var gc = new GC(viewer.getTable());
        try {
            return gc.textExtent(title).x + 28;
        } finally {
            gc.dispose();
        }
    }
}
