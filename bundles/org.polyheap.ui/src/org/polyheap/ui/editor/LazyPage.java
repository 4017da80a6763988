package org.polyheap.ui.editor;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.function.Function;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.jface.viewers.ArrayContentProvider;
import org.eclipse.jface.viewers.ColumnLabelProvider;
import org.eclipse.jface.viewers.ITreeContentProvider;
import org.eclipse.jface.viewers.ColumnViewer;
import org.eclipse.jface.viewers.TableViewer;
import org.eclipse.jface.viewers.TreeViewer;
import org.eclipse.jface.viewers.TreeViewerColumn;
import org.eclipse.swt.SWT;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.TreeItem;
import org.polyheap.model.Progress;
import org.polyheap.ui.LoadedSnapshot;
import org.polyheap.ui.jobs.MonitorProgress;

/**
 * An editor page whose rows are found in a job the first time the page is shown (they read the file,
 * search paths, or walk every object), not when the editor opens: a status line above the page's
 * viewers says what it waits for, what it is doing, what it found, or why it could not. A subclass
 * makes its viewers ({@link #createContent}), finds its rows off the UI thread ({@link #find}) and shows
 * them ({@link #show}); this class owns the job, its cancellation when the editor closes, and the
 * failures: a closed snapshot or a cancel ends the job quietly, an I/O error is one line in the status.
 * UI thread, but for {@link #find} and {@link #findMore}.
 *
 * @param <T> what {@link #find} finds
 */
public abstract class LazyPage<T> implements EditorPage {
    protected final LoadedSnapshot snapshot;
    protected Composite control;
    protected Label status;
    private Job job;

    protected LazyPage(LoadedSnapshot snapshot) {
        this.snapshot = snapshot;
    }

    /** The status line before the page is first shown ("Threads are listed when this page is first shown."). */
    protected abstract String waitingText();

    /** The status line while the job runs ("Reading the threads…"). */
    protected abstract String workingText();

    /** The job's name, before " of FILE" ("Threads"). */
    protected abstract String jobName();

    /** What could not be done when reading fails, before ": reason" ("Cannot read the threads"). */
    protected abstract String failureText();

    /** Makes the page's viewers in {@code parent}, below the status line. */
    protected abstract void createContent(Composite parent);

    /** Finds the rows. Job thread; may throw {@link CancellationException} when {@code progress} is canceled. */
    protected abstract T find(Progress progress, IProgressMonitor monitor) throws IOException;

    /** Shows what was found, with the status line. UI thread; the page is not disposed. */
    protected abstract void show(T found);

    /**
     * More work after {@link #show} in the same job (Leak Suspects' paths); its results go to the UI
     * through {@link #inUi}. Job thread. By default nothing.
     */
    protected void findMore(T found, Progress progress, IProgressMonitor monitor) throws IOException { }

    @Override
    public final Composite create(Composite parent) {
        control = new Composite(parent, SWT.NONE);
        control.setLayout(new GridLayout(1, false));
        status = new Label(control, SWT.WRAP);
        status.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false));
        status.setText(waitingText());
        createContent(control);
        control.addDisposeListener(e -> { if (job != null) job.cancel(); });
        return control;
    }

    @Override
    public void shown() { compute(); }

    /** Finds the rows in a job, the first time it is asked; that job, running or done. */
    public final Job compute() {
        if (job != null) return job;
        status.setText(workingText());
        job = new Job(jobName() + " of " + snapshot.fileName()) {
            @Override protected IStatus run(IProgressMonitor monitor) {
                var progress = MonitorProgress.begin(monitor, getName());
                try {
                    T found = find(progress, monitor);
                    inUi(() -> show(found));
                    findMore(found, progress, monitor);
                    return monitor.isCanceled() ? Status.CANCEL_STATUS : Status.OK_STATUS;
                } catch (CancellationException canceled) {
                    return Status.CANCEL_STATUS;
                } catch (IllegalStateException closed) {
                    if (snapshot.isClosed() || monitor.isCanceled()) return Status.CANCEL_STATUS; // the editor was closed meanwhile
                    throw closed;
                } catch (IOException e) {
                    failed(e);
                    return Status.OK_STATUS;
                } catch (UncheckedIOException e) {
                    failed(e.getCause());
                    return Status.OK_STATUS;
                } finally {
                    monitor.done();
                }
            }
        };
        job.schedule();
        return job;
    }

    /** Runs {@code work} on the UI thread later, unless the page or the snapshot is gone by then. */
    protected final void inUi(Runnable work) {
        if (control.isDisposed()) return;
        control.getDisplay().asyncExec(() -> {
            if (!control.isDisposed() && !snapshot.isClosed()) work.run();
        });
    }

    private void failed(IOException e) {
        inUi(() -> status.setText(failureText() + ": " + SnapshotEditor.describe(e)));
    }

    /** Sets the status line and lays the page out again (its height may change). */
    protected final void done(String statusText) {
        status.setText(statusText);
        control.layout(true, true);
    }

    /** A table filling the free space of {@code parent}, its rows a list. */
    protected static TableViewer tableViewer(Composite parent) {
        var viewer = new TableViewer(parent, SWT.FULL_SELECTION | SWT.MULTI | SWT.BORDER);
        viewer.getTable().setHeaderVisible(true);
        viewer.getTable().setLinesVisible(true);
        viewer.getTable().setLayoutData(new GridData(SWT.FILL, SWT.FILL, true, true));
        viewer.setContentProvider(ArrayContentProvider.getInstance());
        return viewer;
    }

    /**
     * A tree filling the free space of {@code parent}, its input a list of rows of {@code type} whose
     * children {@code children} gives; Enter or a double-click opens or closes a row.
     */
    protected static <R> TreeViewer treeViewer(Composite parent, Class<R> type, Function<R, List<? extends R>> children) {
        var viewer = new TreeViewer(parent, SWT.FULL_SELECTION | SWT.MULTI | SWT.BORDER);
        viewer.getTree().setHeaderVisible(true);
        viewer.getTree().setLinesVisible(true);
        viewer.getTree().setLayoutData(new GridData(SWT.FILL, SWT.FILL, true, true));
        viewer.setContentProvider(new ITreeContentProvider() {
            @Override public Object[] getElements(Object input) { return input instanceof List<?> l ? l.toArray() : new Object[0]; }
            @Override public Object[] getChildren(Object e) { return type.isInstance(e) ? children.apply(type.cast(e)).toArray() : new Object[0]; }
            @Override public Object getParent(Object e) { return null; }
            @Override public boolean hasChildren(Object e) { return type.isInstance(e) && !children.apply(type.cast(e)).isEmpty(); }
        });
        viewer.getTree().addListener(SWT.DefaultSelection, e -> {
            if (e.item instanceof TreeItem item && item.getData() != null) viewer.setExpandedState(item.getData(), !item.getExpanded());
        });
        return viewer;
    }

    /** A column of a tree of rows of {@code type}: text at the left (wide) or numbers at the right. */
    protected static <R> void treeColumn(TreeViewer viewer, String title, int align, Class<R> type, Function<R, String> text) {
        var c = new TreeViewerColumn(viewer, align);
        c.getColumn().setText(title);
        c.getColumn().setWidth(align == SWT.LEFT ? 500 : 110);
        c.setLabelProvider(new ColumnLabelProvider() {
            @Override public String getText(Object e) { return type.isInstance(e) ? text.apply(type.cast(e)) : ""; }
        });
    }

    @Override
    public abstract List<? extends ColumnViewer> viewers();
}
