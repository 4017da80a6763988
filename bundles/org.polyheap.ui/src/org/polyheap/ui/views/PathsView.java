package org.polyheap.ui.views;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CancellationException;
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
import org.polyheap.model.Progress;
import org.polyheap.model.ReferenceKind;
import org.polyheap.ui.ObjectRef;
import org.polyheap.ui.editor.ColumnFit;
import org.polyheap.ui.editor.Format;
import org.polyheap.ui.editor.ObjectMenu;
import org.polyheap.ui.jobs.MonitorProgress;

/**
 * Paths to GC Roots: the selected object at the top, below it the objects that reference it, and so
 * on up to the GC roots, as a tree merged from the shortest paths (shortest first, at most
 * {@link #MAX_PATHS}). A toolbar toggle excludes weak, soft, phantom and finalizer references (on by
 * default, as MAT does). The search runs in a job over the snapshot's {@link org.polyheap.analysis.PathIndex}
 * (prepared in the background after opening); the first path shows as soon as it is found, the
 * others stream in, and a new selection cancels the search for the last one.
 */
public final class PathsView extends ObjectView {
    public static final String ID = "org.polyheap.ui.views.paths";
    public static final int MAX_PATHS = 30;
    private static final long SHOW_EVERY_NS = 150_000_000L;

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
    private ColumnFit fit;

    @Override
    public void createPartControl(Composite parent) {
        viewer = new TreeViewer(parent, SWT.FULL_SELECTION | SWT.SINGLE);
        viewer.getTree().setHeaderVisible(true);
        column("Object (reference by which it holds the row above)", 700, Node::label);
        column("Shallow bytes", 100, n -> Format.bytes(n.ref.shallow()));
        column("Retained bytes", 110, n -> Format.bytes(n.ref.retained()));
        fit = ColumnFit.install(viewer.getTree(), 0);
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

    @Override
    protected void fitColumns(org.polyheap.ui.LoadedSnapshot snapshot) {
        String bytes = Format.bytes(snapshot.heapBytes());
        fit.number(1, bytes).number(2, bytes);
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
    }

    @Override
    protected void showObject(ObjectRef ref) {
        int mine = generation.incrementAndGet();
        Job previous = searchJob;
        if (previous != null) previous.cancel(); // a new selection stops the search for the last one
        describe(ref, "Searching paths from " + ref.className() + " " + ref.displayId() + "\u2026");
        viewer.setInput(List.of());
        Set<ReferenceKind> excluded = excludeWeak ? PathsToRoots.WEAK_KINDS : EnumSet.noneOf(ReferenceKind.class);
        var job = new Job("Paths to GC roots from " + ref.displayId()) {
            @Override protected IStatus run(IProgressMonitor monitor) {
                try {
                    search(ref, excluded, monitor, mine);
                } catch (CancellationException canceled) {
                    return Status.CANCEL_STATUS;
                } catch (IllegalStateException closed) {
                    if (ref.snapshot().isClosed()) return Status.CANCEL_STATUS; // its editor was closed meanwhile
                    throw closed;
                } catch (java.io.UncheckedIOException e) {
                    // the index could not be built or read: closed meanwhile (its folder may be gone), or one line in the view
                    if (ref.snapshot().isClosed() || monitor.isCanceled()) return Status.CANCEL_STATUS;
                    viewer.getControl().getDisplay().asyncExec(() -> {
                        if (!viewer.getControl().isDisposed() && generation.get() == mine) {
                            describe(ref, "Cannot search the paths: " + org.polyheap.ui.editor.SnapshotEditor.describe(e.getCause()));
                        }
                    });
                    return Status.OK_STATUS;
                }
                return monitor.isCanceled() ? Status.CANCEL_STATUS : Status.OK_STATUS;
            }
        };
        job.setSystem(true);
        searchJob = job;
        job.schedule();
    }

    /**
     * Finds up to {@link #MAX_PATHS} shortest paths and shows the merged tree as they come in: the
     * first path at once, then at most every {@link #SHOW_EVERY_NS} while more are found. Off the UI thread.
     */
    private void search(ObjectRef ref, Set<ReferenceKind> excluded, IProgressMonitor monitor, int mine) {
        Progress progress = MonitorProgress.begin(monitor, "Paths to GC roots"); // shows the index's first build, if it comes first
        var paths = ref.snapshot().analyzed().analysis().pathsToRoots(ref.objectId(), excluded, progress);
        var merged = new RootPathTree.Builder(ref.snapshot().graph(), ref.objectId());
        long shown = 0;
        while (merged.paths() < MAX_PATHS && paths.hasNext()) {
            merged.add(paths.next());
            long now = System.nanoTime();
            if (merged.paths() == 1 || now - shown > SHOW_EVERY_NS) {
                show(ref, merged.result(), false, mine);
                shown = now;
            }
        }
        show(ref, merged.result(), true, mine);
    }

    /** Puts a merged tree on screen unless a newer search has started. */
    private void show(ObjectRef ref, RootPathTree.Result result, boolean done, int mine) {
        Node top = rows(ref, result.top());
        int found = result.paths();
        viewer.getControl().getDisplay().asyncExec(() -> {
            if (viewer.getControl().isDisposed() || generation.get() != mine || ref.snapshot().isClosed()) return;
            viewer.setInput(List.of(top));
            viewer.expandToLevel(top, 1);
            if (!top.children.isEmpty()) viewer.expandToLevel(top.children.getFirst(), 30); // the shortest path, whole
            String excludedWords = excludeWeak ? " (weak, soft, phantom excluded)" : "";
            describe(ref, found == 0 && done
                    ? "No path to a GC root" + (excludeWeak ? " without weak references" : "") + (top.rootKinds() != null ? ": the object is a GC root" : "")
                            + whyNoPath(ref)
                    : !done ? found + (found == 1 ? " shortest path" : " shortest paths") + " to GC roots so far, shortest first"
                            + excludedWords + "; searching\u2026"
                    : found == 1 ? "1 shortest path to a GC root" + excludedWords
                    : found + (found == MAX_PATHS ? "+" : "") + " shortest paths to GC roots, shortest first" + excludedWords);
        });
    }

    /** The view's rows for a merged tree: one per node, top-down without recursion (paths can be thousands of steps). */
    private static Node rows(ObjectRef ref, RootPathTree.Node merged) {
        Node top = new Node(ref, merged);
        var work = new java.util.ArrayDeque<Node>(List.of(top));
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
