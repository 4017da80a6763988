package org.polyheap.ui.editor;

import java.util.ArrayList;
import java.util.function.Function;

import org.eclipse.jface.viewers.ColumnLabelProvider;
import org.eclipse.jface.viewers.ILazyTreeContentProvider;
import org.eclipse.jface.viewers.StructuredSelection;
import org.eclipse.jface.viewers.TreeViewer;
import org.eclipse.jface.viewers.TreeViewerColumn;
import org.eclipse.jface.viewers.Viewer;
import org.eclipse.swt.SWT;
import org.eclipse.swt.layout.FillLayout;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Tree;
import org.eclipse.swt.widgets.TreeItem;
import org.polyheap.analysis.DominatorTree;
import org.polyheap.ui.LoadedSnapshot;
import org.polyheap.ui.ObjectRef;

import it.unimi.dsi.fastutil.ints.Int2IntOpenHashMap;

/**
 * The Dominator Tree page: a lazy virtual tree over the analysis' dominator tree. The widget asks for
 * the rows it shows, read straight from the tree's compressed rows (children are stored biggest
 * retained first). A node shows its first {@link #PAGE} children and a "more" row that adds the next
 * ten times as many when activated: the GTK tree pays about 10 µs per row it is told about, painted
 * or not, so a million rows at once would freeze the window for seconds. Elements are
 * {@link ObjectRef}s and {@link More} rows; the page's input (the snapshot) stands for the virtual root.
 * UI thread only.
 */
public final class DominatorPage {
    /** Children shown at first under one node. */
    public static final int PAGE = 1000;

    /** The row after the shown children of {@code parent} (-1: the top level), saying how many are left. */
    public record More(LoadedSnapshot snapshot, int parent, int shown, int total) { }

    private final LoadedSnapshot snapshot;
    private final DominatorTree tree;
    private final Int2IntOpenHashMap shownChildren = new Int2IntOpenHashMap(); // parent → children shown, when more than PAGE
    private TreeViewer viewer;

    public DominatorPage(LoadedSnapshot snapshot) {
        this.snapshot = snapshot;
        this.tree = snapshot.analyzed().analysis().dominatorTree();
        shownChildren.defaultReturnValue(PAGE);
    }

    public Composite create(Composite parent) {
        Composite control = new Composite(parent, SWT.NONE);
        control.setLayout(new FillLayout());
        viewer = new TreeViewer(control, SWT.VIRTUAL | SWT.FULL_SELECTION | SWT.MULTI | SWT.BORDER);
        Tree widget = viewer.getTree();
        widget.setHeaderVisible(true);
        widget.setLinesVisible(true);
        column("Object", 520, SWT.LEFT, ObjectRef::label, m -> "\u2026 " + Format.count(m.total() - m.shown())
                + " more of " + Format.count(m.total()) + " (Enter or double-click: show " + Format.count(nextPage(m.shown()) - m.shown()) + " more)");
        column("Shallow bytes", 110, SWT.RIGHT, r -> Format.bytes(r.shallow()), m -> "");
        column("Retained bytes", 130, SWT.RIGHT, r -> Format.bytes(r.retained()), m -> "");
        column("% of heap", 80, SWT.RIGHT, r -> Format.percent(r.retained(), snapshot.heapBytes()), m -> "");
        viewer.setUseHashlookup(true);
        viewer.setContentProvider(new ILazyTreeContentProvider() {
            @Override public void updateElement(Object parentElement, int index) {
                int p = objectOf(parentElement);
                int total = childCount(p);
                int shown = shown(p);
                if (index < shown) {
                    var child = new ObjectRef(snapshot, tree.child(p, index));
                    viewer.replace(parentElement, index, child);
                    viewer.setChildCount(child, rowCount(child.objectId()));
                } else if (index == shown && shown < total) {
                    viewer.replace(parentElement, index, new More(snapshot, p, shown, total));
                }
            }
            @Override public void updateChildCount(Object element, int currentChildCount) {
                int n = element instanceof More ? 0 : rowCount(objectOf(element));
                if (n != currentChildCount) viewer.setChildCount(element, n);
            }
            @Override public Object getParent(Object element) {
                int o = switch (element) {
                    case ObjectRef r -> tree.dominator().get(r.objectId());
                    case More m -> m.parent();
                    default -> DominatorTree.VIRTUAL_ROOT;
                };
                return o < 0 ? snapshot : new ObjectRef(snapshot, o);
            }
            @Override public void inputChanged(Viewer v, Object oldInput, Object newInput) { }
        });
        viewer.setInput(snapshot);
        widget.addListener(SWT.DefaultSelection, e -> { // Enter or double-click: drill in, or show more
            if (e.item instanceof TreeItem item) activate(item);
        });
        return control;
    }

    private void column(String title, int width, int align, Function<ObjectRef, String> text, Function<More, String> more) {
        var c = new TreeViewerColumn(viewer, align);
        c.getColumn().setText(title);
        c.getColumn().setWidth(width);
        c.getColumn().setMoveable(true);
        c.setLabelProvider(new ColumnLabelProvider() {
            @Override public String getText(Object element) {
                return switch (element) {
                    case ObjectRef r -> text.apply(r);
                    case More m -> more.apply(m);
                    default -> "";
                };
            }
        });
    }

    private static int nextPage(int shown) {
        return (int) Math.min(Integer.MAX_VALUE - 1, shown * 10L);
    }

    private int objectOf(Object element) {
        return element instanceof ObjectRef r ? r.objectId() : DominatorTree.VIRTUAL_ROOT;
    }

    /** Children of an object, or of the virtual root for -1. O(1). */
    int childCount(int object) {
        if (object < DominatorTree.VIRTUAL_ROOT) return 0;
        return tree.childCount(object);
    }

    private int shown(int object) {
        return Math.min(childCount(object), shownChildren.get(object));
    }

    /** Rows under a node: its shown children, plus one "more" row when some are not shown. */
    private int rowCount(int object) {
        int total = childCount(object);
        int shown = shown(object);
        return shown + (shown < total ? 1 : 0);
    }

    /** Enter on a row: expands or collapses an object, or shows more children for a "more" row. */
    void activate(TreeItem item) {
        switch (item.getData()) {
            case ObjectRef r when childCount(r.objectId()) > 0 -> item.setExpanded(!item.getExpanded());
            case More m -> showMore(m);
            case null, default -> { }
        }
    }

    private void showMore(More m) {
        shownChildren.put(m.parent(), nextPage(m.shown()));
        Object parentElement = m.parent() < 0 ? snapshot : new ObjectRef(snapshot, m.parent());
        viewer.setChildCount(parentElement, rowCount(m.parent()));
        viewer.refresh(parentElement);
    }

    /**
     * Expands an object's row without touching its children: only the rows that get painted are
     * asked for (JFace's {@code setExpandedState} would create every child). The row must exist.
     */
    public void expand(ObjectRef ref) {
        TreeItem item = item(ref);
        if (item != null) item.setExpanded(true);
    }

    /** The widget row of an object, made if needed by walking down from the top. O(depth × children). */
    public TreeItem item(ObjectRef ref) {
        if (!tree.isReachable(ref.objectId())) return null;
        var chain = new ArrayList<Integer>();
        for (int o = ref.objectId(); o >= 0; o = tree.dominator().get(o)) chain.addFirst(o);
        TreeItem item = null;
        int parent = DominatorTree.VIRTUAL_ROOT;
        for (int o : chain) {
            int index = indexOf(parent, o);
            if (index < 0) return null;
            if (index >= shown(parent)) { // beyond the "more" row: show enough
                shownChildren.put(parent, index + 1);
                Object parentElement = parent < 0 ? snapshot : new ObjectRef(snapshot, parent);
                viewer.setChildCount(parentElement, rowCount(parent));
            }
            if (item != null) item.setExpanded(true);
            item = item == null ? viewer.getTree().getItem(index) : item.getItem(index);
            item.getText(0); // a virtual row gets its element when first asked
            parent = o;
        }
        return item;
    }

    private int indexOf(int parent, int child) {
        return tree.indexOfChild(parent, child);
    }

    /** Expands the path from the top of the tree down to {@code object}, selects and shows it. */
    public void reveal(int object) {
        TreeItem item = item(new ObjectRef(snapshot, object));
        if (item == null) return;
        viewer.getTree().setSelection(item);
        viewer.getTree().showItem(item);
        viewer.setSelection(new StructuredSelection(item.getData()), false); // tells the views
    }

    public TreeViewer viewer() { return viewer; }
}
