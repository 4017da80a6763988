package org.polyheap.ui.views;

import java.util.concurrent.atomic.AtomicInteger;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.jface.viewers.ILazyContentProvider;
import org.eclipse.jface.viewers.TableViewer;
import org.eclipse.jface.viewers.Viewer;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.ui.part.ViewPart;
import org.polyheap.report.Queries;
import org.polyheap.report.table.Column;
import org.polyheap.report.table.Table;
import org.polyheap.ui.LoadedSnapshot;
import org.polyheap.ui.editor.ColumnFit;
import org.polyheap.ui.editor.Format;
import org.polyheap.ui.editor.ReportColumns;

/**
 * Comparison: how the class histogram changed from a baseline snapshot to another of the same format
 * (objects and shallow bytes before, after, and the difference, biggest change first), with the new,
 * removed and kept objects counted where object ids are stable across snapshots (HPROF addresses, V8
 * node ids). The same rows as {@code polyheap compare BASELINE FILE}, made in a job
 * ({@link Queries#comparison}: O(objects of both)) and shown in a virtual table. Emptied when either
 * snapshot closes or the editor of a third snapshot is activated. UI thread.
 */
public final class ComparisonView extends ViewPart {
    public static final String ID = "org.polyheap.ui.views.comparison";

    private TableViewer viewer;
    private Table table;
    private LoadedSnapshot baseline, current;
    private static final String HINT = "File \u25b8 Compare With Baseline\u2026 compares the active snapshot with another open one.";
    private final AtomicInteger generation = new AtomicInteger();
    private final Runnable onSnapshotClosed = this::clear;
    private ActiveSnapshot activeSnapshot;
    private ColumnFit fit;

    @Override
    public void createPartControl(Composite parent) {
        viewer = new TableViewer(parent, SWT.VIRTUAL | SWT.FULL_SELECTION | SWT.MULTI);
        viewer.getTable().setHeaderVisible(true);
        viewer.getTable().setLinesVisible(true);
        viewer.setUseHashlookup(true);
        viewer.setContentProvider(new ILazyContentProvider() {
            @Override public void updateElement(int index) {
                if (table != null && index < table.rows().size()) viewer.replace(table.rows().get(index), index);
            }
            @Override public void inputChanged(Viewer v, Object o, Object n) { }
        });
        setContentDescription(HINT);
        activeSnapshot = ActiveSnapshot.watch(getSite().getPage(), editor -> {
            if (current != null && editor.snapshot() != current && editor.snapshot() != baseline) clear();
        });
    }

    /** Compares {@code current} against {@code baseline} (same format) in a job; returns it. */
    public Job compare(LoadedSnapshot baseline, LoadedSnapshot current) {
        int mine = generation.incrementAndGet();
        String names = name(baseline) + " \u2192 " + name(current);
        setContentDescription(names + ": comparing\u2026");
        var display = viewer.getControl().getDisplay();
        var job = new Job("Comparing " + names) {
            @Override protected IStatus run(IProgressMonitor monitor) {
                Queries.Comparison c;
                try {
                    c = Queries.comparison(baseline.analyzed(), current.analyzed(), Integer.MAX_VALUE);
                } catch (IllegalStateException closed) {
                    if (baseline.isClosed() || current.isClosed()) return Status.CANCEL_STATUS;
                    throw closed;
                }
                display.asyncExec(() -> {
                    if (viewer.getControl().isDisposed() || generation.get() != mine || baseline.isClosed() || current.isClosed()) return;
                    show(baseline, current, c);
                });
                return Status.OK_STATUS;
            }
        };
        job.setUser(true);
        job.schedule();
        return job;
    }

    private void show(LoadedSnapshot b, LoadedSnapshot c, Queries.Comparison comparison) {
        watch(b, c);
        table = comparison.classes();
        var t = viewer.getTable();
        t.setRedraw(false);
        try {
            if (t.getColumnCount() == 0) { // the comparison's columns are always the same
                ReportColumns.show(viewer, table, e -> e instanceof Object[] row ? row : null);
                fit = ColumnFit.install(t, 0);
            }
            fitNumbers();
            t.clearAll();
            viewer.setItemCount(table.rows().size());
            viewer.refresh();
        } finally {
            t.setRedraw(true);
        }
        String objects = "";
        if (comparison.objects() != null) {
            var o = comparison.objects();
            objects = "; objects: " + Format.count((Long) o.get("new")) + " new, " + Format.count((Long) o.get("removed"))
                    + " removed, " + Format.count((Long) o.get("kept")) + " kept";
        }
        setContentDescription(name(b) + " \u2192 " + name(c) + ": " + Format.count(table.rows().size()) + " classes" + objects);
    }

    /** Each number column as wide as its title or its longest value: the biggest or the most negative (one pass over the classes). */
    private void fitNumbers() {
        for (int i = 0; i < table.columns().size(); i++) {
            var column = table.columns().get(i);
            if (column.kind() == Column.Kind.TEXT) continue;
            long max = 0, min = 0;
            for (Object[] row : table.rows()) {
                if (row[i] instanceof Long n) {
                    max = Math.max(max, n);
                    min = Math.min(min, n);
                }
            }
            String up = ReportColumns.text(column, max), down = ReportColumns.text(column, min);
            fit.number(i, up.length() >= down.length() ? up : down);
        }
    }

    private void watch(LoadedSnapshot b, LoadedSnapshot c) {
        unwatch();
        baseline = b;
        current = c;
        b.onClose(onSnapshotClosed);
        c.onClose(onSnapshotClosed);
    }

    private void clear() {
        generation.incrementAndGet();
        table = null;
        unwatch();
        baseline = current = null;
        if (!viewer.getControl().isDisposed()) {
            viewer.getTable().clearAll();
            viewer.setItemCount(0);
            setContentDescription(HINT);
        }
    }

    private static String name(LoadedSnapshot s) { return s.fileName(); }

    /** The comparison shown, as the headless command's table; null before the first or after a snapshot closed. */
    public Table table() { return table; }

    public TableViewer viewer() { return viewer; }

    @Override
    public void setFocus() { viewer.getControl().setFocus(); }

    @Override
    public void dispose() {
        if (activeSnapshot != null) activeSnapshot.stop();
        unwatch();
        super.dispose();
    }

    /** Stops listening for the compared snapshots' closing. */
    private void unwatch() {
        if (baseline != null) baseline.removeOnClose(onSnapshotClosed);
        if (current != null) current.removeOnClose(onSnapshotClosed);
    }
}
