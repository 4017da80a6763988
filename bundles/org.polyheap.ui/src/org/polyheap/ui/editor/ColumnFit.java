package org.polyheap.ui.editor;

import org.eclipse.swt.SWT;
import org.eclipse.swt.events.ControlAdapter;
import org.eclipse.swt.events.ControlEvent;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Item;
import org.eclipse.swt.widgets.Table;
import org.eclipse.swt.widgets.TableColumn;
import org.eclipse.swt.widgets.Tree;
import org.eclipse.swt.widgets.TreeColumn;

/**
 * Column widths of a table or tree: each number column as wide as its title or the widest text it can
 * show (a sample such as the snapshot's total bytes, which no row exceeds), and the name column the
 * width the others leave, again whenever the control (number columns to their fit again, then the
 * name column) or another column (the name column) is resized. So names get the
 * room, "% of heap" stays narrow, and no number is cut in a small window (the name column gives way
 * first; a horizontal scroll bar comes before a cut number). UI thread; a few text measurements per call.
 */
public final class ColumnFit {
    /** Room beside a cell's text (GTK's cell padding), beside a title, and for the sort column's arrow. */
    private static final int CELL_MARGIN = 16, TITLE_MARGIN = 28, SORT_ARROW = 20;
    /** The name column is never squeezed below this, even when the numbers leave less. */
    public static final int MIN_NAME_WIDTH = 120;

    private final Composite control;
    private final int nameColumn;
    private final java.util.Map<Integer, String> widests = new java.util.TreeMap<>();
    private boolean fitting;
    /** The client width the name column was last filled for. */
    private int filledWidth = -1;

    private ColumnFit(Composite control, int nameColumn) {
        this.control = control;
        this.nameColumn = nameColumn;
    }

    /** Gives column {@code nameColumn} of {@code control} (a {@link Table} or a {@link Tree}) the free width from now on. */
    public static ColumnFit install(Composite control, int nameColumn) {
        var fit = new ColumnFit(control, nameColumn);
        // the control resized: the number columns back to their fit first, as GTK may have stretched
        // the last one over the new width before this listener runs (the name column then kept its minimum)
        control.addControlListener(new ControlAdapter() {
            @Override public void controlResized(ControlEvent e) { fit.sortColumnChanged(); }
        });
        // GTK may tell of a resize before the client area has its new width (a maximized editor), and tell no
        // more once it has: the growth then showed in the last column. A paint comes after, so fill again
        // when the width painted is not the one filled (an int compare per paint otherwise).
        control.addListener(SWT.Paint, e -> {
            if (control.getClientArea().width != fit.filledWidth) fit.sortColumnChanged();
        });
        var resized = new ControlAdapter() {
            @Override public void controlResized(ControlEvent e) { fit.fillName(); }
        };
        Item[] columns = columns(control);
        for (int i = 0; i < columns.length; i++) {
            if (i == nameColumn) continue;
            switch (columns[i]) { // a column the user widens takes its room from the name column
                case TableColumn c -> c.addControlListener(resized);
                case TreeColumn c -> c.addControlListener(resized);
                default -> { }
            }
        }
        return fit;
    }

    /** Sizes number column {@code column} to its title or {@code widest}, whichever is wider; the name column follows. */
    public ColumnFit number(int column, String widest) {
        widests.put(column, widest);
        size(column);
        fillName();
        return this;
    }

    /** Sizes the number columns again after the sort column changed: the sort arrow needs room in its title. */
    public void sortColumnChanged() {
        for (int column : widests.keySet()) size(column);
        fillName();
    }

    private void size(int column) {
        Item item = columns(control)[column];
        Item sorted = control instanceof Table t ? t.getSortColumn() : ((Tree) control).getSortColumn();
        var gc = new GC(control);
        try { // digits of the UI fonts are of one width, so the longest text is the widest
            int title = gc.textExtent(item.getText()).x + TITLE_MARGIN + (item == sorted ? SORT_ARROW : 0);
            setWidth(item, Math.max(title, gc.textExtent(widests.get(column)).x + CELL_MARGIN));
        } finally {
            gc.dispose();
        }
    }

    /** Gives the name column the client width the other columns leave (at least {@link #MIN_NAME_WIDTH}). */
    private void fillName() {
        if (fitting || control.isDisposed()) return;
        int free = control.getClientArea().width;
        if (free <= 0) return; // not laid out yet: the first resize comes
        filledWidth = free;
        Item[] columns = columns(control);
        for (int i = 0; i < columns.length; i++) if (i != nameColumn) free -= width(columns[i]);
        fitting = true; // a scroll bar coming or going while the width is set resizes the control again
        try {
            setWidth(columns[nameColumn], Math.max(MIN_NAME_WIDTH, free));
        } finally {
            fitting = false;
        }
    }

    private static Item[] columns(Composite control) {
        return switch (control) {
            case Table t -> t.getColumns();
            case Tree t -> t.getColumns();
            default -> throw new IllegalArgumentException("not a table or tree: " + control);
        };
    }

    private static int width(Item column) {
        return switch (column) {
            case TableColumn c -> c.getWidth();
            case TreeColumn c -> c.getWidth();
            default -> 0;
        };
    }

    private static void setWidth(Item column, int width) {
        switch (column) {
            case TableColumn c -> c.setWidth(width);
            case TreeColumn c -> c.setWidth(width);
            default -> { }
        }
    }
}
