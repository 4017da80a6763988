package org.polyheap.ui.editor;

import java.util.ArrayList;
import java.util.function.Function;

import org.eclipse.jface.viewers.ColumnLabelProvider;
import org.eclipse.jface.viewers.ILazyTreeContentProvider;
import org.eclipse.jface.viewers.StructuredSelection;
import org.eclipse.jface.viewers.TreePath;
import org.eclipse.jface.viewers.TreeSelection;
import org.eclipse.jface.viewers.TreeViewer;
import org.eclipse.jface.viewers.TreeViewerColumn;
import org.eclipse.jface.viewers.Viewer;
import org.eclipse.swt.SWT;
import org.eclipse.swt.layout.FillLayout;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Tree;
import org.polyheap.analysis.DominatorTree;
import org.polyheap.ui.LoadedSnapshot;
import org.polyheap.ui.ObjectRef;

/**
 * The Dominator Tree page: a lazy virtual tree over the analysis' dominator tree. The widget asks for
 * the children it shows, read straight from the tree's compressed rows (children are stored biggest
 * retained first), so expanding a node with a million children creates only the visible rows.
 * Elements are {@link ObjectRef}s; the page's input (the snapshot) stands for the virtual root.
 */
public final class DominatorPage {
    private final LoadedSnapshot snapshot;
    private final DominatorTree tree;
    private TreeViewer viewer;

    public DominatorPage(LoadedSnapshot snapshot) {
        this.snapshot = snapshot;
        this.tree = snapshot.analyzed().analysis().dominatorTree();
    }

    public Composite create(Composite parent) {
        Composite control = new Composite(parent, SWT.NONE);
        control.setLayout(new FillLayout());
        viewer = new TreeViewer(control, SWT.VIRTUAL | SWT.FULL_SELECTION | SWT.MULTI | SWT.BORDER);
        Tree widget = viewer.getTree();
        widget.setHeaderVisible(true);
        widget.setLinesVisible(true);
        column("Object", 560, SWT.LEFT, ObjectRef::label);
        column("Shallow bytes", 130, SWT.RIGHT, r -> Format.bytes(r.shallow()));
        column("Retained bytes", 140, SWT.RIGHT, r -> Format.bytes(r.retained()));
        column("% of heap", 90, SWT.RIGHT, r -> Format.percent(r.retained(), snapshot.heapBytes()));
        viewer.setUseHashlookup(true);
        viewer.setContentProvider(new ILazyTreeContentProvider() {
            @Override public void updateElement(Object parentElement, int index) {
                int p = objectOf(parentElement);
                if (index >= childCount(p)) return;
                var child = new ObjectRef(snapshot, tree.dominatedChildren()[tree.dominatedStart()[p + 1] + index]);
                viewer.replace(parentElement, index, child);
                viewer.setChildCount(child, childCount(child.objectId()));
            }
            @Override public void updateChildCount(Object element, int currentChildCount) {
                int n = childCount(objectOf(element));
                if (n != currentChildCount) viewer.setChildCount(element, n);
            }
            @Override public Object getParent(Object element) {
                if (!(element instanceof ObjectRef r)) return null;
                int d = tree.dominator()[r.objectId()];
                return d < 0 ? snapshot : new ObjectRef(snapshot, d);
            }
            @Override public void inputChanged(Viewer v, Object oldInput, Object newInput) { }
        });
        viewer.setInput(snapshot);
        viewer.addDoubleClickListener(e -> { // Enter or double-click: drill in
            if (e.getSelection() instanceof StructuredSelection s && s.getFirstElement() instanceof ObjectRef r) {
                viewer.setExpandedState(r, !viewer.getExpandedState(r));
            }
        });
        return control;
    }

    private void column(String title, int width, int align, Function<ObjectRef, String> text) {
        var c = new TreeViewerColumn(viewer, align);
        c.getColumn().setText(title);
        c.getColumn().setWidth(width);
        c.getColumn().setMoveable(true);
        c.setLabelProvider(new ColumnLabelProvider() {
            @Override public String getText(Object element) {
                return element instanceof ObjectRef r ? text.apply(r) : "";
            }
        });
    }

    private int objectOf(Object element) {
        return element instanceof ObjectRef r ? r.objectId() : DominatorTree.VIRTUAL_ROOT;
    }

    /** Children of an object, or of the virtual root for -1. O(1). */
    int childCount(int object) {
        if (object < DominatorTree.VIRTUAL_ROOT) return 0;
        int row = object + 1;
        return tree.dominatedStart()[row + 1] - tree.dominatedStart()[row];
    }

    /** Expands the path from the top of the tree down to {@code object} and selects it. O(depth). */
    public void reveal(int object) {
        if (!tree.isReachable(object)) return;
        var chain = new ArrayList<Object>();
        for (int o = object; o >= 0; o = tree.dominator()[o]) chain.addFirst(new ObjectRef(snapshot, o));
        for (int i = 0; i < chain.size() - 1; i++) viewer.expandToLevel(new TreePath(chain.subList(0, i + 1).toArray()), 1);
        viewer.setSelection(new TreeSelection(new TreePath(chain.toArray())), true);
    }

    public TreeViewer viewer() { return viewer; }

    /** Selects nothing; for tests and page switches. */
    public void clearSelection() { viewer.setSelection(StructuredSelection.EMPTY); }
}
