package org.polyheap.ui.editor;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import org.eclipse.jface.viewers.ColumnLabelProvider;
import org.eclipse.jface.viewers.ILazyTreeContentProvider;
import org.eclipse.jface.viewers.StructuredSelection;
import org.eclipse.jface.viewers.ColumnViewer;
import org.eclipse.jface.viewers.TreeViewer;
import org.eclipse.jface.viewers.TreeViewerColumn;
import org.eclipse.jface.viewers.Viewer;
import org.eclipse.swt.SWT;
import org.eclipse.swt.layout.FillLayout;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Tree;
import org.eclipse.swt.widgets.TreeItem;
import org.polyheap.ui.LoadedSnapshot;
import org.polyheap.ui.ObjectRef;
import org.polyheap.ui.editor.DominatorRows.Range;

/**
 * The Dominator Tree page: a lazy virtual {@link TreeViewer} over the analysis' dominator tree. The
 * widget asks for the rows it paints, read straight from the tree's compressed rows (children are
 * stored biggest retained first); a row's children are counted only when it is expanded. Nodes with
 * many children show them in ranges ({@link DominatorRows}), so expanding a node with a million
 * children makes 1,000 rows, not a million. Elements are {@link ObjectRef}s, {@link Range}s and, at the
 * top level, {@link GroupRow}s for the objects no retaining path reaches ("only softly reachable",
 * ..., "unreachable"); the page's input (the snapshot) stands for the virtual root. UI thread only.
 */
public final class DominatorPage implements EditorPage {
    private final LoadedSnapshot snapshot;
    private final DominatorRows rows;
    /** Shown in a range row's size columns until its sums are there. */
    static final String PENDING = "\u2026";
    private final Map<Range, long[]> rangeSums = new HashMap<>(); // painted range rows: O(range) to sum, so once
    private final java.util.Set<Range> summing = new java.util.HashSet<>();
    private TreeViewer viewer;
    private ValueHints hints;

    public DominatorPage(LoadedSnapshot snapshot) {
        this.snapshot = snapshot;
        this.rows = new DominatorRows(snapshot);
    }

    @Override
    public Composite create(Composite parent) {
        Composite control = new Composite(parent, SWT.NONE);
        control.setLayout(new FillLayout());
        viewer = new TreeViewer(control, SWT.VIRTUAL | SWT.FULL_SELECTION | SWT.MULTI | SWT.BORDER);
        Tree widget = viewer.getTree();
        widget.setHeaderVisible(true);
        widget.setLinesVisible(true);
        hints = new ValueHints(snapshot, viewer);
        column("Object", 520, SWT.LEFT, hints::label, this::rangeLabel, GroupRow::label);
        column("Shallow bytes", 110, SWT.RIGHT, r -> Format.bytes(r.shallow()), r -> sumText(r, s -> Format.bytes(s[0])),
                g -> "");
        column("Retained bytes", 130, SWT.RIGHT, r -> Format.bytes(r.retained()), r -> sumText(r, s -> Format.bytes(s[1])),
                g -> Format.bytes(g.retained()));
        column("% of heap", 80, SWT.RIGHT, r -> Format.percent(r.retained(), snapshot.heapBytes()),
                r -> sumText(r, s -> Format.percent(s[1], snapshot.heapBytes())),
                g -> Format.percent(g.retained(), snapshot.heapBytes()));
        var distances = snapshot.distances();
        if (distances != null) { // V8: DevTools' Distance column
            column("Distance", 80, SWT.RIGHT, r -> org.polyheap.analysis.V8Distances.text(distances.of(r.objectId())), r -> "", g -> "");
        }
        String bytes = Format.bytes(snapshot.heapBytes()); // the root retains every byte: no row shows more
        var fit = ColumnFit.install(widget, 0).number(1, bytes).number(2, bytes).number(3, Format.percent(1, 1));
        if (distances != null) fit.number(4, org.polyheap.analysis.V8Distances.text(org.polyheap.analysis.V8Distances.SYSTEM + 99));
        viewer.setUseHashlookup(true);
        viewer.setContentProvider(new ILazyTreeContentProvider() {
            @Override public void updateElement(Object parentElement, int index) {
                Object child = rows.row(parentElement, index);
                viewer.replace(parentElement, index, child);
                viewer.setHasChildren(child, rows.rowCount(child) > 0); // counted when expanded
            }
            @Override public void updateChildCount(Object element, int currentChildCount) {
                int n = rows.rowCount(element);
                if (n != currentChildCount) viewer.setChildCount(element, n);
            }
            @Override public Object getParent(Object element) { return rows.parentOf(element); }
            @Override public void inputChanged(Viewer v, Object oldInput, Object newInput) { }
        });
        viewer.setInput(snapshot);
        widget.addListener(SWT.DefaultSelection, e -> { // Enter or double-click: drill in (or back out)
            if (e.item instanceof TreeItem item) activate(item);
        });
        return control;
    }

    private void column(String title, int width, int align, Function<ObjectRef, String> text, Function<Range, String> range,
            Function<GroupRow, String> group) {
        var c = new TreeViewerColumn(viewer, align);
        c.getColumn().setText(title);
        c.getColumn().setWidth(width);
        c.getColumn().setMoveable(true);
        c.setLabelProvider(new ColumnLabelProvider() {
            @Override public String getText(Object element) {
                return switch (element) {
                    case ObjectRef r -> text.apply(r);
                    case Range r -> range.apply(r);
                    case GroupRow g -> group.apply(g);
                    default -> "";
                };
            }
        });
    }

    private String rangeLabel(Range r) {
        return "[" + Format.count(r.from() + 1L) + " \u2026 " + Format.count(r.to()) + "]  of "
                + Format.count(rows.childCount(r.parent())) + " objects";
    }

    /**
     * A range row's size column: its sums when known, else {@link #PENDING} while a background job adds
     * them up. A range of 1,000 children reads 2,000 values at random places of the stored columns
     * (pages decoded and checked on first touch: up to 300 ms on the UI thread for the 11 ranges of a
     * 10,003-child node, measured), so the row is painted at once and its numbers follow.
     */
    private String sumText(Range r, Function<long[], String> text) {
        long[] s = rangeSums.get(r);
        if (s != null) return text.apply(s);
        if (summing.add(r)) sumLater(r);
        return PENDING;
    }

    private void sumLater(Range r) {
        var display = viewer.getControl().getDisplay();
        var job = org.eclipse.core.runtime.jobs.Job.create("Summing " + rangeLabel(r), monitor -> {
            long[] s;
            try {
                s = rows.sums(r);
            } catch (IllegalStateException closed) { // the snapshot was closed (its index unmapped) meanwhile
                return org.eclipse.core.runtime.Status.CANCEL_STATUS;
            }
            display.asyncExec(() -> {
                if (viewer.getControl().isDisposed()) return;
                rangeSums.put(r, s);
                summing.remove(r);
                viewer.update(r, null);
            });
            return org.eclipse.core.runtime.Status.OK_STATUS;
        });
        job.setSystem(true);
        job.schedule();
    }

    /** Enter on a row: expands it, or collapses it when expanded. */
    void activate(TreeItem item) {
        Object element = item.getData();
        if (element == null || rows.rowCount(element) == 0) return;
        if (item.getExpanded()) {
            item.setExpanded(false);
        } else {
            expand(item, element);
        }
    }

    /**
     * Expands a row: tells the widget how many rows it has, then opens it; only the rows that get
     * painted are asked for (JFace's {@code setExpandedState} would make every child).
     */
    private void expand(TreeItem item, Object element) {
        viewer.setChildCount(element, rows.rowCount(element));
        item.setExpanded(true);
    }

    /** Expands an object's row (made if needed, with the rows above it). */
    public void expand(ObjectRef ref) {
        TreeItem item = item(ref);
        if (item != null) expand(item, ref);
    }

    /**
     * The widget row of an object, made if needed by expanding the rows above it (ranges included);
     * null for an object outside the tree. O(depth × children), see {@link DominatorRows#pathTo}.
     */
    public TreeItem item(ObjectRef ref) {
        return item(ref.objectId());
    }

    /** The widget row of an object or a reachability group node; see {@link #item(ObjectRef)}. */
    public TreeItem item(int node) {
        TreeItem item = null;
        for (DominatorRows.Step step : rows.pathTo(node)) {
            if (item != null) expand(item, item.getData());
            item = item == null ? viewer.getTree().getItem(step.index()) : item.getItem(step.index());
            item.getText(0); // a virtual row gets its element when first asked
        }
        return item;
    }

    /** Expands the path from the top of the tree down to {@code object}, selects and shows it. */
    public void reveal(int object) {
        TreeItem item = item(new ObjectRef(snapshot, object));
        if (item == null) return;
        viewer.getTree().setSelection(item);
        viewer.getTree().showItem(item);
        viewer.setSelection(new StructuredSelection(item.getData()), false); // tells the views
    }

    public DominatorRows rows() { return rows; }

    public TreeViewer viewer() { return viewer; }

    @Override
    public List<? extends ColumnViewer> viewers() { return List.of(viewer); }
}
