package org.polyheap.ui.editor;

import java.util.List;

import org.polyheap.ui.ObjectRef;

/**
 * A row of a tree page of figures (Reference Kinds, Class Loaders): a name, numbers in the page's
 * columns, and the object it stands for, if any — such a row has the object menu and selects its object
 * in the views. Immutable.
 *
 * @param text    the first column
 * @param numbers the page's number columns, in order; negative for a blank cell
 * @param object  the object the row stands for, or null
 */
public record FigureRow(String text, long[] numbers, ObjectRef object, List<FigureRow> children)
        implements ObjectRef.Holder {

    /** Adds a column of a tree of these rows showing number {@code index} (blank when negative). */
    static void numberColumn(org.eclipse.jface.viewers.TreeViewer viewer, String title, int index) {
        LazyPage.treeColumn(viewer, title, org.eclipse.swt.SWT.RIGHT, FigureRow.class,
                r -> r.number(index) < 0 ? "" : Format.count(r.number(index)));
    }

    /** A row's number in column {@code i}, or -1 when it has none there. */
    public long number(int i) { return i < numbers.length ? numbers[i] : -1; }

    /** The first row whose text starts with {@code prefix} among {@code rows}, or null. */
    public static FigureRow find(List<FigureRow> rows, String prefix) {
        for (FigureRow r : rows) if (r.text().startsWith(prefix)) return r;
        return null;
    }
}
