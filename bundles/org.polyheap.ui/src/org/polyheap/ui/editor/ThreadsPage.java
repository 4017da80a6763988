package org.polyheap.ui.editor;

import java.io.IOException;
import java.util.List;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.jface.viewers.ColumnViewer;
import org.eclipse.jface.viewers.TreeViewer;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Composite;
import org.polyheap.model.Progress;
import org.polyheap.report.JavaThreads;
import org.polyheap.ui.LoadedSnapshot;

/**
 * The Threads page (Java heap dumps): each thread with its state and what its {@code Thread} object
 * retains, under it its stack frames, innermost first, and under a frame the objects it holds as locals —
 * the rows of {@code polyheap threads FILE}. Reading names and states reads the file, so the threads are
 * listed in a job the first time the page is shown. Thread and local rows have the object menu. UI thread.
 */
public final class ThreadsPage extends LazyPage<List<JavaThreads.JavaThread>> {
    private TreeViewer viewer;
    private List<ThreadRow> rows = List.of();

    public ThreadsPage(LoadedSnapshot snapshot) {
        super(snapshot);
    }

    @Override protected String waitingText() { return "Threads are listed when this page is first shown."; }

    @Override protected String workingText() { return "Reading the threads\u2026"; }

    @Override protected String jobName() { return "Threads"; }

    @Override protected String failureText() { return "Cannot read the threads"; }

    @Override
    protected void createContent(Composite parent) {
        viewer = treeViewer(parent, ThreadRow.class, ThreadRow::children);
        treeColumn(viewer, "Thread, stack frame, local object", SWT.LEFT, ThreadRow.class, ThreadRow::text);
        treeColumn(viewer, "State, locals", SWT.LEFT, ThreadRow.class, ThreadRow::detail);
        treeColumn(viewer, "Retained bytes", SWT.RIGHT, ThreadRow.class, r -> r.retained() < 0 ? "" : Format.bytes(r.retained()));
        treeColumn(viewer, "% of heap", SWT.RIGHT, ThreadRow.class,
                r -> r.retained() < 0 ? "" : Format.percent(r.retained(), snapshot.heapBytes()));
        String bytes = Format.bytes(snapshot.heapBytes());
        ColumnFit.install(viewer.getTree(), 0).number(1, "TIMED_WAITING, daemon").number(2, bytes).number(3, Format.percent(1, 1));
    }

    @Override
    protected List<JavaThreads.JavaThread> find(Progress progress, IProgressMonitor monitor) throws IOException {
        return JavaThreads.of(snapshot.analyzed());
    }

    @Override
    protected void show(List<JavaThreads.JavaThread> threads) {
        rows = ThreadRow.of(snapshot, threads);
        viewer.setInput(rows);
        boolean underThread = snapshot.analyzed().analysis().options().stackRootsUnderThread();
        done(threads.isEmpty() ? "This snapshot has no thread stacks (Java HPROF dumps have them)."
                : Format.count(threads.size()) + " threads, biggest retained first. Objects a stack holds "
                        + (underThread ? "are retained by their thread (as in Eclipse MAT)." : "are GC roots of their own, so a thread"
                                + " does not retain them (Preferences \u25b8 Sizes and Retention: retained by their thread, as in Eclipse MAT)."));
    }

    /** The thread rows shown; empty until listed. */
    public List<ThreadRow> rows() { return rows; }

    public TreeViewer viewer() { return viewer; }

    @Override
    public List<? extends ColumnViewer> viewers() { return List.of(viewer); }

    /** Java's only: HPROF dumps. */
    @Override
    public boolean appliesTo(org.polyheap.model.format.SnapshotFormat format) {
        return format == org.polyheap.model.format.SnapshotFormat.HPROF;
    }

}
