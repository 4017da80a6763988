package org.polyheap.ui.views;

import java.util.function.Function;

import org.eclipse.jface.viewers.ColumnLabelProvider;
import org.eclipse.jface.viewers.TableViewer;
import org.eclipse.jface.viewers.TableViewerColumn;

/** Adds a titled column to a views' table whose text comes from rows of one type ("" for others). */
final class TextColumns {
    private TextColumns() { }

    static <T> TableViewerColumn add(TableViewer viewer, String title, int width, int align, Class<T> rowType,
            Function<T, String> text) {
        var c = new TableViewerColumn(viewer, align);
        c.getColumn().setText(title);
        c.getColumn().setWidth(width);
        c.setLabelProvider(new ColumnLabelProvider() {
            @Override public String getText(Object e) { return rowType.isInstance(e) ? text.apply(rowType.cast(e)) : ""; }
        });
        return c;
    }
}
