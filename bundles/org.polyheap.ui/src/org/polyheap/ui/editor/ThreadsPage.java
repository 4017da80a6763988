package org.polyheap.ui.editor;

import java.util.List;
import java.util.function.Function;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.jface.viewers.ColumnLabelProvider;
import org.eclipse.jface.viewers.ITreeContentProvider;
import org.eclipse.jface.viewers.TreeViewer;
import org.eclipse.jface.viewers.TreeViewerColumn;
import org.eclipse.swt.SWT;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.TreeItem;
import org.polyheap.report.JavaThreads;
import org.polyheap.ui.LoadedSnapshot;

/**
 * The Threads page (Java heap dumps): each thread with its state and what its {@code Thread} object
 * retains, under it its stack frames, innermost first, and under a frame the objects it holds as locals —
 * the rows of {@code polyheap threads FILE}. Reading names and states reads the file, so the threads are
 * listed in a job the first time the page is shown. Thread and local rows have the object menu. UI thread.
 */
public final class ThreadsPage {
    private final LoadedSnapshot snapshot;
    private Composite control;
    private Label status;
    private TreeViewer viewer;
    private Job job;
    private List<ThreadRow> rows = List.of();

    public ThreadsPage(LoadedSnapshot snapshot) {
        this.snapshot = snapshot;
    }

    public Composite create(Composite parent) {
        control = new Composite(parent, SWT.NONE);
        control.setLayout(new GridLayout(1, false));
        status = new Label(control, SWT.WRAP);
        status.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false));
        status.setText("Threads are listed when this page is first shown.");
        viewer = new TreeViewer(control, SWT.FULL_SELECTION | SWT.MULTI | SWT.BORDER);
        viewer.getTree().setHeaderVisible(true);
        viewer.getTree().setLinesVisible(true);
        viewer.getTree().setLayoutData(new GridData(SWT.FILL, SWT.FILL, true, true));
        column("Thread, stack frame, local object", SWT.LEFT, ThreadRow::text);
        column("State, locals", SWT.LEFT, ThreadRow::detail);
        column("Retained bytes", SWT.RIGHT, r -> r.retained() < 0 ? "" : Format.bytes(r.retained()));
        column("% of heap", SWT.RIGHT, r -> r.retained() < 0 ? "" : Format.percent(r.retained(), snapshot.heapBytes()));
        String bytes = Format.bytes(snapshot.heapBytes());
        ColumnFit.install(viewer.getTree(), 0).number(1, "TIMED_WAITING, daemon").number(2, bytes).number(3, Format.percent(1, 1));
        viewer.setContentProvider(new ITreeContentProvider() {
            @Override public Object[] getElements(Object input) { return input instanceof List<?> l ? l.toArray() : new Object[0]; }
            @Override public Object[] getChildren(Object e) { return e instanceof ThreadRow r ? r.children().toArray() : new Object[0]; }
            @Override public Object getParent(Object e) { return null; }
            @Override public boolean hasChildren(Object e) { return e instanceof ThreadRow r && !r.children().isEmpty(); }
        });
        viewer.getTree().addListener(SWT.DefaultSelection, e -> { // Enter or double-click: open or close the row
            if (e.item instanceof TreeItem item && item.getData() != null) viewer.setExpandedState(item.getData(), !item.getExpanded());
        });
        control.addDisposeListener(e -> { if (job != null) job.cancel(); });
        return control;
    }

    private void column(String title, int align, Function<ThreadRow, String> text) {
        var c = new TreeViewerColumn(viewer, align);
        c.getColumn().setText(title);
        c.getColumn().setWidth(align == SWT.LEFT ? 500 : 110);
        c.setLabelProvider(new ColumnLabelProvider() {
            @Override public String getText(Object e) { return e instanceof ThreadRow r ? text.apply(r) : ""; }
        });
    }

    /** Lists the threads in a job, the first time it is asked; that job, running or done. */
    public Job compute() {
        if (job != null) return job;
        status.setText("Reading the threads\u2026");
        var display = control.getDisplay();
        job = new Job("Threads of " + snapshot.fileName()) {
            @Override protected IStatus run(IProgressMonitor monitor) {
                try {
                    var threads = JavaThreads.of(snapshot.analyzed());
                    display.asyncExec(() -> show(threads));
                    return Status.OK_STATUS;
                } catch (IllegalStateException closed) {
                    if (snapshot.isClosed()) return Status.CANCEL_STATUS; // the editor was closed meanwhile
                    throw closed;
                } catch (java.io.IOException e) {
                    failed(display, e);
                    return Status.OK_STATUS;
                } catch (java.io.UncheckedIOException e) {
                    failed(display, e.getCause());
                    return Status.OK_STATUS;
                } finally {
                    monitor.done();
                }
            }
        };
        job.schedule();
        return job;
    }

    private void failed(org.eclipse.swt.widgets.Display display, java.io.IOException e) {
        display.asyncExec(() -> {
            if (!control.isDisposed()) status.setText("Cannot read the threads: " + SnapshotEditor.describe(e));
        });
    }

    private void show(List<JavaThreads.JavaThread> threads) {
        if (control.isDisposed() || snapshot.isClosed()) return;
        rows = ThreadRow.of(snapshot, threads);
        viewer.setInput(rows);
        boolean underThread = snapshot.analyzed().analysis().options().stackRootsUnderThread();
        status.setText(threads.isEmpty() ? "This snapshot has no thread stacks (Java HPROF dumps have them)."
                : Format.count(threads.size()) + " threads, biggest retained first. Objects a stack holds "
                        + (underThread ? "are retained by their thread (as in Eclipse MAT)." : "are GC roots of their own, so a thread"
                                + " does not retain them (Preferences \u25b8 Sizes and Retention: retained by their thread, as in Eclipse MAT)."));
        control.layout(true, true);
    }

    /** The thread rows shown; empty until listed. */
    public List<ThreadRow> rows() { return rows; }

    public TreeViewer viewer() { return viewer; }
}
