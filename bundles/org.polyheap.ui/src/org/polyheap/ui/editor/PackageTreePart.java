package org.polyheap.ui.editor;

import java.util.function.Consumer;

import org.eclipse.jface.viewers.ColumnLabelProvider;
import org.eclipse.jface.viewers.ILazyTreeContentProvider;
import org.eclipse.jface.viewers.TreeViewer;
import org.eclipse.jface.viewers.TreeViewerColumn;
import org.eclipse.jface.viewers.Viewer;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Tree;
import org.eclipse.swt.widgets.TreeColumn;
import org.eclipse.swt.widgets.TreeItem;
import org.polyheap.analysis.PackageTree;
import org.polyheap.ui.LoadedSnapshot;
import org.polyheap.ui.editor.PackageTreeRows.Row;

/**
 * The histogram grouped by package as a tree (java → util → HashMap): a lazy virtual {@link TreeViewer}
 * over a {@link PackageTreeRows.View}, with the histogram table's columns. A node's children are made
 * when it is expanded; sorting and filtering make a new view (the page does), which the tree shows from
 * the top. Enter or double-click expands or collapses a package. UI thread only.
 */
public final class PackageTreePart {
    private final LoadedSnapshot snapshot;
    private TreeViewer viewer;
    private PackageTreeRows.View view;

    PackageTreePart(LoadedSnapshot snapshot) {
        this.snapshot = snapshot;
    }

    /** Makes the tree; {@code sortBy} is told the column whose header was clicked. */
    void create(Composite parent, Consumer<HistogramRows.Column> sortBy) {
        viewer = new TreeViewer(parent, SWT.VIRTUAL | SWT.FULL_SELECTION | SWT.MULTI | SWT.BORDER);
        Tree tree = viewer.getTree();
        tree.setHeaderVisible(true);
        tree.setLinesVisible(true);
        column("Package", SWT.LEFT, HistogramRows.Column.NAME, sortBy, r -> r.view().tree().name(r.node()));
        number("Objects", HistogramRows.Column.OBJECTS, sortBy, PackageTree::objects, Format::count);
        number("Shallow bytes", HistogramRows.Column.SHALLOW, sortBy, PackageTree::shallow, Format::bytes);
        number("Retained bytes", HistogramRows.Column.RETAINED, sortBy, PackageTree::retained, b -> Format.bytes(b, true));
        number("% of heap", HistogramRows.Column.PERCENT, sortBy, PackageTree::retained,
                b -> "\u2265 " + Format.percent(b, snapshot.heapBytes()));
        number("Not strongly reachable", HistogramRows.Column.NOT_STRONG, sortBy, PackageTree::notStrong,
                b -> b == 0 ? "" : Format.bytes(b));
        String bytes = Format.bytes(snapshot.heapBytes(), true);
        ColumnFit.install(tree, 0).number(1, Format.count(snapshot.graph().objectCount())).number(2, bytes).number(3, bytes)
                .number(4, "\u2265 " + Format.percent(1, 1)).number(5, bytes);
        viewer.setUseHashlookup(true);
        viewer.setContentProvider(new ILazyTreeContentProvider() {
            @Override public void updateElement(Object parent, int index) {
                int node = nodeOf(parent);
                if (view == null || index >= view.childCount(node)) return;
                var child = new Row(view, view.child(node, index));
                viewer.replace(parent, index, child);
                viewer.setChildCount(child, 0);
                viewer.setHasChildren(child, view.childCount(child.node()) > 0); // counted when expanded
            }
            @Override public void updateChildCount(Object element, int currentChildCount) {
                int n = view == null ? 0 : view.childCount(nodeOf(element));
                if (n != currentChildCount) viewer.setChildCount(element, n);
            }
            @Override public Object getParent(Object element) {
                if (!(element instanceof Row r)) return null;
                int p = r.view().parent(r.node());
                return p <= PackageTree.ROOT ? r.view() : new Row(r.view(), p);
            }
            @Override public void inputChanged(Viewer v, Object oldInput, Object newInput) { }
        });
        tree.addListener(SWT.DefaultSelection, e -> {
            if (e.item instanceof TreeItem item && item.getData() instanceof Row r && view.childCount(r.node()) > 0) {
                if (item.getExpanded()) {
                    item.setExpanded(false);
                } else {
                    viewer.setChildCount(r, view.childCount(r.node()));
                    item.setExpanded(true);
                }
            }
        });
    }

    private static int nodeOf(Object element) {
        return element instanceof Row r ? r.node() : PackageTree.ROOT;
    }

    private void number(String title, HistogramRows.Column key, Consumer<HistogramRows.Column> sortBy,
            NodeNumber value, java.util.function.LongFunction<String> text) {
        column(title, SWT.RIGHT, key, sortBy, r -> text.apply(value.of(r.view().tree(), r.node())));
    }

    /** A column's number of a node. */
    @FunctionalInterface
    private interface NodeNumber {
        long of(PackageTree tree, int node);
    }

    private void column(String title, int align, HistogramRows.Column key, Consumer<HistogramRows.Column> sortBy,
            java.util.function.Function<Row, String> text) {
        var c = new TreeViewerColumn(viewer, align);
        TreeColumn tc = c.getColumn();
        tc.setText(title);
        tc.setWidth(120);
        tc.setMoveable(true);
        tc.setData(key);
        c.setLabelProvider(new ColumnLabelProvider() {
            @Override public String getText(Object element) {
                return element instanceof Row r ? text.apply(r) : "";
            }
        });
        tc.addListener(SWT.Selection, e -> sortBy.accept(key));
    }

    /** Shows a view from the top: everything collapsed. */
    void show(PackageTreeRows.View v) {
        view = v;
        Tree tree = viewer.getTree();
        for (TreeColumn c : tree.getColumns()) {
            if (c.getData() == v.sortColumn()) tree.setSortColumn(c);
        }
        tree.setSortDirection(v.descending() ? SWT.DOWN : SWT.UP);
        viewer.setInput(v);
        viewer.setChildCount(v, v.childCount(PackageTree.ROOT));
    }

    /** Expands a row, making only the rows of its children that get painted. */
    public void expand(TreeItem item) {
        if (item.getData() instanceof Row r) {
            viewer.setChildCount(r, view.childCount(r.node()));
            item.setExpanded(true);
        }
    }

    public TreeViewer viewer() { return viewer; }

    /** The view shown, or null. */
    public PackageTreeRows.View view() { return view; }
}
