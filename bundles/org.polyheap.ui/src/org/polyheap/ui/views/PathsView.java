package org.polyheap.ui.views;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.jface.action.Action;
import org.eclipse.jface.action.IAction;
import org.eclipse.jface.viewers.ColumnLabelProvider;
import org.eclipse.jface.viewers.ITreeContentProvider;
import org.eclipse.jface.viewers.TreeViewer;
import org.eclipse.jface.viewers.TreeViewerColumn;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Composite;
import org.polyheap.analysis.PathsToRoots;
import org.polyheap.analysis.RootPathTree;
import org.polyheap.model.ReferenceKind;
import org.polyheap.ui.ObjectRef;
import org.polyheap.ui.editor.Format;
import org.polyheap.ui.editor.ObjectMenu;

/**
 * Paths to GC Roots: the selected object at the top, below it the objects that reference it, and so
 * on up to the GC roots, as a tree merged from the shortest paths (shortest first, at most
 * {@link #MAX_PATHS}). A toolbar toggle excludes weak, soft, phantom and finalizer references (on by
 * default, as MAT does). The search runs in a job; each path may search a large part of the graph.
 */
public final class PathsView extends ObjectView {
    public static final String ID = "org.polyheap.ui.views.paths";
    public static final int MAX_PATHS = 30;

    /** One row: an object of the merged tree ({@link RootPathTree.Node}) and its rows below. */
    public static final class Node implements ObjectRef.Holder {
        final ObjectRef ref;
        final RootPathTree.Node merged;
        final List<Node> children = new ArrayList<>();

        Node(ObjectRef ref, RootPathTree.Node merged) {
            this.ref = ref;
            this.merged = merged;
        }

        @Override public ObjectRef object() { return ref; }

        public List<Node> children() { return children; }

        /** "GC root kinds", or null when the object is not a root. */
        public String rootKinds() { return merged.rootKinds(); }

        /** "{@code via} in {@code object}": the reference by which the object holds the row above. */
        public String label() {
            return (merged.via() == null ? "" : merged.via() + " in ") + ref.label()
                    + (rootKinds() == null ? "" : "  [GC root: " + rootKinds() + "]");
        }
    }

    private TreeViewer viewer;
    private final AtomicInteger generation = new AtomicInteger();
    private volatile boolean excludeWeak = true;
    private volatile Job searchJob;
    private IAction excludeAction;

    @Override
    public void createPartControl(Composite parent) {
        viewer = new TreeViewer(parent, SWT.FULL_SELECTION | SWT.SINGLE);
        viewer.getTree().setHeaderVisible(true);
        column("Object (reference by which it holds the row above)", 700, Node::label);
        column("Shallow bytes", 100, n -> Format.bytes(n.ref.shallow()));
        column("Retained bytes", 110, n -> Format.bytes(n.ref.retained()));
        viewer.setContentProvider(new ITreeContentProvider() {
            @Override public Object[] getElements(Object input) { return input instanceof List<?> l ? l.toArray() : new Object[0]; }
            @Override public Object[] getChildren(Object e) { return e instanceof Node n ? n.children.toArray() : new Object[0]; }
            @Override public Object getParent(Object e) { return null; }
            @Override public boolean hasChildren(Object e) { return e instanceof Node n && !n.children.isEmpty(); }
        });
        excludeAction = new Action("Exclude weak, soft and phantom references", IAction.AS_CHECK_BOX) {
            @Override public void run() { setExcludeWeak(isChecked()); }
        };
        excludeAction.setChecked(true);
        excludeAction.setImageDescriptor(org.polyheap.ui.Icons.descriptor(org.polyheap.ui.Icons.EXCLUDE_WEAK));
        excludeAction.setToolTipText("Do not follow weak, soft, phantom and finalizer references");
        getViewSite().getActionBars().getToolBarManager().add(excludeAction);
        getViewSite().getActionBars().getMenuManager().add(excludeAction);
        getSite().setSelectionProvider(viewer);
        new ObjectMenu(this, viewer).install();
        follow();
    }

    private void column(String title, int width, java.util.function.Function<Node, String> text) {
        var c = new TreeViewerColumn(viewer, title.startsWith("Object") ? SWT.LEFT : SWT.RIGHT);
        c.getColumn().setText(title);
        c.getColumn().setWidth(width);
        c.setLabelProvider(new ColumnLabelProvider() {
            @Override public String getText(Object e) { return e instanceof Node n ? text.apply(n) : ""; }
        });
    }

    /** Switches the weak-reference toggle and searches again. */
    public void setExcludeWeak(boolean exclude) {
        excludeWeak = exclude;
        excludeAction.setChecked(exclude);
        reshow();
    }

    @Override
    protected void clear() {
        generation.incrementAndGet();
        if (!viewer.getControl().isDisposed()) viewer.setInput(List.of());
        setContentDescription("");
    }

    @Override
    protected void showObject(ObjectRef ref) {
        int mine = generation.incrementAndGet();
        setContentDescription("Searching paths from " + ref.className() + " " + ref.displayId() + "\u2026");
        viewer.setInput(List.of());
        Set<ReferenceKind> excluded = excludeWeak ? PathsToRoots.WEAK_KINDS : EnumSet.noneOf(ReferenceKind.class);
        var display = viewer.getControl().getDisplay();
        var job = new Job("Paths to GC roots from " + ref.displayId()) {
            @Override protected IStatus run(IProgressMonitor monitor) {
                int[] found = new int[1];
                Node top;
                try {
                    top = search(ref, excluded, MAX_PATHS, monitor, found);
                } catch (IllegalStateException closed) {
                    if (ref.snapshot().isClosed()) return Status.CANCEL_STATUS; // its editor was closed meanwhile
                    throw closed;
                }
                display.asyncExec(() -> {
                    if (viewer.getControl().isDisposed() || generation.get() != mine || ref.snapshot().isClosed()) return;
                    viewer.setInput(List.of(top));
                    viewer.expandToLevel(top, 1);
                    if (!top.children.isEmpty()) viewer.expandToLevel(top.children.getFirst(), 30); // the shortest path, whole
                    setContentDescription(found[0] == 0
                            ? "No path to a GC root" + (excludeWeak ? " without weak references" : "") + (top.rootKinds() != null ? ": the object is a GC root" : "")
                                    + whyNoPath(ref)
                            : found[0] + (found[0] == MAX_PATHS ? "+" : "") + " shortest paths to GC roots, shortest first"
                            + (excludeWeak ? " (weak, soft, phantom excluded)" : ""));
                });
                return monitor.isCanceled() ? Status.CANCEL_STATUS : Status.OK_STATUS;
            }
        };
        job.setSystem(true);
        searchJob = job;
        job.schedule();
    }

    /** Merges up to {@code max} shortest paths into a tree rooted at the object. Off the UI thread. */
    static Node search(ObjectRef ref, Set<ReferenceKind> excluded, int max, IProgressMonitor monitor, int[] found) {
        var paths = ref.snapshot().analyzed().analysis().pathsToRoots(ref.objectId(), excluded, org.polyheap.model.Progress.NONE);
        var merged = RootPathTree.merge(ref.snapshot().graph(), ref.objectId(), paths, max, monitor::isCanceled);
        found[0] = merged.paths();
        Node top = new Node(ref, merged.top());
        var work = new java.util.ArrayDeque<Node>(List.of(top)); // paths can be thousands of steps: no recursion
        while (!work.isEmpty()) {
            Node at = work.poll();
            for (var c : at.merged.children()) {
                Node child = new Node(new ObjectRef(ref.snapshot(), c.object()), c);
                at.children.add(child);
                work.add(child);
            }
        }
        return top;
    }

    /** The tree's top row, or null before the first search finished. */
    public Node top() {
        return viewer.getInput() instanceof List<?> l && !l.isEmpty() ? (Node) l.getFirst() : null;
    }

    public Job searchJob() { return searchJob; }

    public TreeViewer viewer() { return viewer; }

    @Override
    public void setFocus() { viewer.getControl().setFocus(); }

    /** Why an object has no path, from its reachability class: "" for a strongly reachable one. */
    private static String whyNoPath(ObjectRef ref) {
        var tree = ref.snapshot().analyzed().analysis().dominatorTree();
        var r = tree.reachabilityOf(ref.objectId());
        return switch (r) {
            case STRONG -> "";
            case UNREACHABLE -> ": no reference the snapshot records reaches it (unreachable)";
            default -> ": it is " + r.label() + " (the toggle shows paths through weak references)";
        };
    }
}
