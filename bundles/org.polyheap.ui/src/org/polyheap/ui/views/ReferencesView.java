package org.polyheap.ui.views;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.jface.action.Action;
import org.eclipse.jface.action.IAction;
import org.eclipse.jface.viewers.ColumnLabelProvider;
import org.eclipse.jface.viewers.ILazyTreeContentProvider;
import org.eclipse.jface.viewers.TreeViewer;
import org.eclipse.jface.viewers.TreeViewerColumn;
import org.eclipse.jface.viewers.Viewer;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.TreeItem;
import org.polyheap.analysis.Reference;
import org.polyheap.analysis.References;
import org.polyheap.ui.ObjectRef;
import org.polyheap.ui.editor.ColumnFit;
import org.polyheap.ui.editor.Format;
import org.polyheap.ui.editor.ObjectMenu;

/**
 * References as a tree (MAT's "list objects with incoming / outgoing references"): the shown object
 * on top, under it the objects that point at it (incoming) or that it points at (outgoing), each with
 * the reference's name and kind and its sizes, and each expandable the same way, as far as you like
 * (cycles included). A node's references are listed when it is first expanded: in a job with a
 * "listing…" row for a node with many ({@value #LIST_HERE} or more), on the UI thread otherwise; the
 * tree is virtual, so a node with a million referrers opens at once. Every row is an object row (the
 * object context menu); selecting one selects its object. The listing itself is {@link References}'.
 */
public final class ReferencesView extends ObjectView {
    public static final String ID = "org.polyheap.ui.views.references";
    /** References of one node listed on the UI thread when fewer (a few ms); in a job otherwise. */
    public static final int LIST_HERE = 2_000;

    /** One reference, seen from the shown object: {@code other} is the object at the far end. */
    public record Row(Reference reference, ObjectRef other) implements ObjectRef.Holder {
        @Override public ObjectRef object() { return other; }

        public String name() {
            String n = reference.name();
            return n == null || n.isEmpty() ? reference.kind().name().toLowerCase(java.util.Locale.ROOT) : n;
        }
    }

    /**
     * A row of the tree: the shown object ({@link #row} null) or a reference from its parent's object.
     * Identity, not value, equality: one object may be at many places of the tree.
     */
    public static final class Node implements ObjectRef.Holder {
        private final Node parent;
        private final Row row;
        private final ObjectRef object;
        private volatile List<Node> children; // null until listed

        Node(Node parent, Row row, ObjectRef object) {
            this.parent = parent;
            this.row = row;
            this.object = object;
        }

        @Override public ObjectRef object() { return object; }

        /** The reference that leads here from the parent's object; null on the top row. */
        public Row row() { return row; }

        public Node parent() { return parent; }

        /** The rows under this one, or null while they are not listed. */
        public List<Node> children() { return children; }
    }

    /** The placeholder row of a node whose references are being listed. */
    private record Listing(Node node) { }

    private TreeViewer viewer;
    private volatile boolean incoming = true;
    private final AtomicInteger generation = new AtomicInteger();
    private volatile Job listJob;
    private Node top;
    private IAction incomingAction;
    private IAction outgoingAction;
    private ColumnFit fit;

    @Override
    public void createPartControl(Composite parent) {
        viewer = new TreeViewer(parent, SWT.VIRTUAL | SWT.FULL_SELECTION | SWT.MULTI);
        viewer.getTree().setHeaderVisible(true);
        viewer.getTree().setLinesVisible(true);
        column("Object", 420, SWT.LEFT, n -> n.object().label(), "listing\u2026");
        column("Reference", 180, SWT.LEFT, n -> n.row() == null ? "" : n.row().name(), "");
        column("Kind", 90, SWT.LEFT, n -> n.row() == null ? "" : n.row().reference().kind().name().toLowerCase(java.util.Locale.ROOT), "");
        column("Shallow bytes", 110, SWT.RIGHT, n -> Format.bytes(n.object().shallow()), "");
        column("Retained bytes", 120, SWT.RIGHT, n -> Format.bytes(n.object().retained()), "");
        fit = ColumnFit.install(viewer.getTree(), 0);
        viewer.setUseHashlookup(true);
        viewer.setContentProvider(new ILazyTreeContentProvider() {
            @Override public void updateElement(Object parentElement, int index) {
                Object child = childAt(parentElement, index);
                if (child == null) return;
                viewer.replace(parentElement, index, child);
                if (child instanceof Node n) viewer.setHasChildren(n, n == top || degree(n) > 0); // the top row's are listed in a job
            }
            @Override public void updateChildCount(Object element, int currentChildCount) {
                int count = childCount(element);
                if (count != currentChildCount) viewer.setChildCount(element, count);
            }
            @Override public Object getParent(Object element) {
                return element instanceof Node n ? (n.parent() == null ? viewer.getInput() : n.parent()) : null;
            }
            @Override public void inputChanged(Viewer v, Object o, Object n) { }
        });
        viewer.getTree().addListener(SWT.DefaultSelection, e -> { // Enter or double-click: expand or collapse
            if (e.item instanceof TreeItem item && item.getData() instanceof Node n && degree(n) > 0) {
                if (item.getExpanded()) item.setExpanded(false);
                else expand(item);
            }
        });
        incomingAction = new Action("Incoming", IAction.AS_RADIO_BUTTON) {
            @Override public void run() { if (isChecked()) setIncoming(true); }
        };
        incomingAction.setToolTipText("Objects that reference the selected object");
        incomingAction.setImageDescriptor(org.polyheap.ui.Icons.descriptor(org.polyheap.ui.Icons.REFERENCES_IN));
        outgoingAction = new Action("Outgoing", IAction.AS_RADIO_BUTTON) {
            @Override public void run() { if (isChecked()) setIncoming(false); }
        };
        outgoingAction.setToolTipText("Objects the selected object references");
        outgoingAction.setImageDescriptor(org.polyheap.ui.Icons.descriptor(org.polyheap.ui.Icons.REFERENCES_OUT));
        incomingAction.setChecked(true);
        var toolbar = getViewSite().getActionBars().getToolBarManager();
        toolbar.add(incomingAction);
        toolbar.add(outgoingAction);
        getSite().setSelectionProvider(viewer);
        new ObjectMenu(this, viewer).install();
        follow();
    }

    private void column(String title, int width, int align, java.util.function.Function<Node, String> text, String listing) {
        var c = new TreeViewerColumn(viewer, align);
        c.getColumn().setText(title);
        c.getColumn().setWidth(width);
        c.setLabelProvider(new ColumnLabelProvider() {
            @Override public String getText(Object e) {
                return e instanceof Node n ? text.apply(n) : e instanceof Listing ? listing : "";
            }
        });
    }

    @Override
    protected void fitColumns(org.polyheap.ui.LoadedSnapshot snapshot) {
        String bytes = Format.bytes(snapshot.heapBytes());
        fit.number(3, bytes).number(4, bytes);
    }

    /** The rows under {@code element}: the top row under the input; a node's listed references, or its "listing…" row. */
    private Object childAt(Object element, int index) {
        if (!(element instanceof Node n)) return index == 0 ? top : null;
        List<Node> list = n.children();
        if (list == null) return index == 0 ? new Listing(n) : null;
        return index < list.size() ? list.get(index) : null;
    }

    private int childCount(Object element) {
        if (!(element instanceof Node n)) return top == null ? 0 : 1;
        List<Node> list = n.children();
        if (list != null) return list.size();
        if (n == top) return 1; // its job runs (it may have to wait for the incoming-references index)
        if (degree(n) == 0) return 0;
        list(n);
        return n.children() == null ? 1 : n.children().size(); // "listing…" while a job lists them
    }

    /**
     * The number of references in the view's direction: O(1) from the row starts. Not for the top row
     * on the UI thread: before the incoming-references index is ready, asking for it would build it here.
     */
    private long degree(Node n) {
        var g = n.object().snapshot().graph();
        int o = n.object().objectId();
        if (n.object().snapshot().isClosed()) return 0;
        return incoming ? g.inStart().get(o + 1) - g.inStart().get(o) : g.outStart().get(o + 1) - g.outStart().get(o);
    }

    /** Lists a node's references: here when few, else in a job that then shows them (always for the top row). */
    private void list(Node n) {
        if (n != top && degree(n) < LIST_HERE) {
            n.children = references(n, incoming);
            return;
        }
        int mine = generation.get();
        boolean in = incoming;
        var display = viewer.getControl().getDisplay();
        var job = Job.create("References of " + n.object().displayId(), monitor -> {
            List<Node> list;
            try {
                list = references(n, in);
            } catch (IllegalStateException closed) {
                if (n.object().snapshot().isClosed()) return Status.CANCEL_STATUS; // its editor was closed meanwhile
                throw closed;
            }
            display.asyncExec(() -> {
                if (viewer.getControl().isDisposed() || generation.get() != mine || n.object().snapshot().isClosed()) return;
                n.children = list;
                listed(n);
                if (n == top && viewer.getTree().getItemCount() > 0) viewer.getTree().getItem(0).setExpanded(n.children().size() > 0);
            });
            return Status.OK_STATUS;
        });
        job.setSystem(true);
        listJob = job;
        job.schedule();
    }

    /** Shows a node's listed rows in place of its "listing…" row. */
    private void listed(Node n) {
        viewer.setChildCount(n, n.children().size());
        if (viewer.testFindItem(n) instanceof TreeItem item) item.clearAll(true);
        if (n == top) {
            describe(n.object(), Format.count(n.children().size()) + (incoming ? " incoming" : " outgoing") + " references of "
                    + n.object().className() + " " + n.object().displayId());
        }
    }

    /** The node's references as rows, in {@link References}' order. O(references listed). */
    private static List<Node> references(Node n, boolean in) {
        ObjectRef ref = n.object();
        var g = ref.snapshot().graph();
        List<Reference> refs = in ? References.incoming(g, ref.objectId()) : References.outgoing(g, ref.objectId());
        var out = new ArrayList<Node>(refs.size());
        for (Reference r : refs) {
            var other = new ObjectRef(ref.snapshot(), in ? r.from() : r.to());
            out.add(new Node(n, new Row(r, other), other));
        }
        return out;
    }

    /** Expands a row, listing its references first when needed; only painted rows are made. */
    public void expand(TreeItem item) {
        if (!(item.getData() instanceof Node n)) return;
        viewer.setChildCount(n, childCount(n));
        item.setExpanded(true);
    }

    /** Lists incoming (true) or outgoing (false) references of the shown object. */
    public void setIncoming(boolean in) {
        if (in == incoming) return;
        setMode(in);
        reshow();
        changed();
    }

    /** Lists the incoming (true) or outgoing (false) references of {@code ref}. */
    public void show(ObjectRef ref, boolean in) {
        if (in != incoming) {
            setMode(in);
            if (ref.equals(shown())) {
                reshow();
                changed();
                return;
            }
        }
        show(ref);
    }

    private void setMode(boolean in) {
        incoming = in;
        incomingAction.setChecked(in);
        outgoingAction.setChecked(!in);
    }

    public boolean incoming() { return incoming; }

    @Override
    protected void clear() {
        generation.incrementAndGet();
        top = null;
        if (!viewer.getControl().isDisposed()) {
            viewer.setInput(null);
            viewer.getTree().removeAll();
        }
    }

    @Override
    protected void showObject(ObjectRef ref) {
        generation.incrementAndGet();
        describe(ref, (incoming ? "Incoming" : "Outgoing") + " references of " + ref.className() + " " + ref.displayId() + ": listing\u2026");
        top = new Node(null, null, ref);
        viewer.setInput(top.object()); // a new input: the old rows go
        viewer.setChildCount(viewer.getInput(), 1);
        TreeItem item = viewer.getTree().getItem(0);
        item.getText(0); // a virtual row gets its element when first asked
        list(top);
        expand(item); // "listing…" until the job is done
    }

    /** The top row's references (its listed rows), or none while they are being listed. */
    public List<Row> rows() {
        Node t = top;
        List<Node> list = t == null ? null : t.children();
        return list == null ? List.of() : list.stream().map(Node::row).toList();
    }

    /** The top row (the shown object), or null. */
    public Node top() { return top; }

    public Job listJob() { return listJob; }

    public TreeViewer viewer() { return viewer; }

    @Override
    public void setFocus() { viewer.getControl().setFocus(); }
}
