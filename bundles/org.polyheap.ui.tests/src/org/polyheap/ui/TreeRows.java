package org.polyheap.ui;

import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Event;
import org.eclipse.swt.widgets.Tree;
import org.eclipse.swt.widgets.TreeItem;
import org.polyheap.ui.editor.DominatorRows;
import org.polyheap.ui.editor.GroupRow;

/** Reading and driving the Dominator Tree's virtual rows as a user does: asking a row for its text, Enter. */
final class TreeRows {
    private TreeRows() { }

    /**
     * The first object row under {@code parent} (the top level for null, past the reachability groups'
     * rows), expanding the first range rows on the way.
     */
    static TreeItem firstObjectRow(Tree widget, TreeItem parent) {
        TreeItem row = parent == null ? widget.getItem(0) : parent.getItem(0);
        materialized(row);
        for (int i = 1; parent == null && row.getData() instanceof GroupRow; i++) {
            row = widget.getItem(i);
            materialized(row);
        }
        while (row.getData() instanceof DominatorRows.Range) {
            enter(widget, row);
            row = row.getItem(0);
            row.getText(0);
        }
        return row;
    }

    /** What Enter (or a double-click) on a row does: the tree's default selection. */
    static void enter(Tree widget, TreeItem item) {
        widget.setSelection(item);
        var e = new Event();
        e.item = item;
        widget.notifyListeners(SWT.DefaultSelection, e);
        UiTestSupport.drainEvents();
    }

    /** Asks a virtual row for its element and waits until it has one. */
    static void materialized(TreeItem item) {
        item.getText(0);
        UiTestSupport.spinUntil(() -> item.getData() != null, 5000, "row data");
    }

    /** The row's object; a virtual row gets its data when first painted or asked for. */
    static ObjectRef data(TreeItem item) {
        item.getText(0); // makes a virtual row materialize
        UiTestSupport.spinUntil(() -> item.getData() instanceof ObjectRef, 5000, "row data");
        return (ObjectRef) item.getData();
    }

    /** A row's text in {@code column}, once the virtual row has its element. */
    static String text(TreeItem item, int column) {
        materialized(item);
        return item.getText(column);
    }
}
