package org.polyheap.ui.views;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.jface.viewers.ArrayContentProvider;
import org.eclipse.jface.viewers.TableViewer;
import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.SashForm;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;
import org.eclipse.ui.part.ViewPart;
import org.polyheap.model.Progress;
import org.polyheap.report.table.Table;
import org.polyheap.ui.LoadedSnapshot;
import org.polyheap.ui.ObjectRef;
import org.polyheap.ui.editor.ObjectMenu;
import org.polyheap.ui.editor.ReportColumns;
import org.polyheap.ui.editor.SnapshotEditor;
import org.polyheap.ui.jobs.MonitorProgress;

/**
 * A view of one or more query tables of the active snapshot (the headless command's rows), each row
 * standing for an object: the object context menu, and a selected row shows in the Inspector and the
 * other views. The query runs in a job when a snapshot editor is activated (or the view opens beside
 * one); a snapshot the query does not apply to gets a line saying why. UI thread.
 */
public abstract class SnapshotTablesView extends ViewPart {
    /** A row and the object it stands for. */
    public record Row(Object[] cells, ObjectRef object) implements ObjectRef.Holder { }

    /** One table of a query's answer and, row for row, the objects its rows stand for. */
    protected record Shown(Table table, int[] objects) { }

    private Label status;
    private final List<TableViewer> viewers = new ArrayList<>();
    private final List<Table> tables = new ArrayList<>();
    private LoadedSnapshot snapshot;
    private final AtomicInteger generation = new AtomicInteger();
    private volatile Job job;
    private ActiveSnapshot activeSnapshot;
    private final Runnable onSnapshotClosed = () -> { if (!status.isDisposed()) show(null); };

    /** How many tables the query answers with (one viewer each, top to bottom). */
    protected abstract int tableCount();

    /** Why the query does not apply to {@code s} (a sentence), or null when it does. Cheap; UI thread. */
    protected abstract String notApplicable(LoadedSnapshot s);

    /** Runs the query (a job's thread). */
    protected abstract List<Shown> query(LoadedSnapshot s, Progress progress) throws Exception;

    /** The status line once the tables are shown. */
    protected abstract String describe(LoadedSnapshot s, List<Shown> shown);

    @Override
    public void createPartControl(Composite parent) {
        var control = new Composite(parent, SWT.NONE);
        control.setLayout(new GridLayout(1, false));
        status = new Label(control, SWT.WRAP);
        status.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false));
        var sash = new SashForm(control, SWT.VERTICAL);
        sash.setLayoutData(new GridData(SWT.FILL, SWT.FILL, true, true));
        for (int i = 0; i < tableCount(); i++) {
            var viewer = new TableViewer(sash, SWT.FULL_SELECTION | SWT.MULTI | SWT.BORDER);
            viewer.getTable().setHeaderVisible(true);
            viewer.getTable().setLinesVisible(true);
            viewer.setContentProvider(ArrayContentProvider.getInstance());
            viewer.addSelectionChangedListener(e -> getSite().setSelectionProvider(viewer)); // the views follow the last clicked table
            new ObjectMenu(this, viewer).install();
            viewers.add(viewer);
            tables.add(null);
        }
        getSite().setSelectionProvider(viewers.getFirst());
        activeSnapshot = ActiveSnapshot.watch(getSite().getPage(), editor -> show(editor.snapshot()));
        if (getSite().getPage().getActiveEditor() instanceof SnapshotEditor editor && !editor.snapshot().isClosed()) {
            show(editor.snapshot());
        } else {
            status.setText("Open a snapshot.");
        }
    }

    /** Shows the query's answer for {@code s} (null: nothing), found in a job; that job, or null when none runs. */
    public Job show(LoadedSnapshot s) {
        if (s != null && s == snapshot && job != null) return job;
        int mine = generation.incrementAndGet();
        setSnapshot(s);
        for (var v : viewers) v.setInput(List.of());
        job = null;
        if (s == null) {
            status.setText("Open a snapshot.");
            return null;
        }
        String why = notApplicable(s);
        if (why != null) {
            status.setText(s.fileName() + ": " + why);
            return null;
        }
        status.setText(s.fileName() + ": looking\u2026");
        var display = status.getDisplay();
        var j = new Job(getPartName() + " of " + s.fileName()) {
            @Override protected IStatus run(IProgressMonitor monitor) {
                try {
                    var shown = query(s, MonitorProgress.begin(monitor, getName()));
                    display.asyncExec(() -> {
                        if (!status.isDisposed() && generation.get() == mine && !s.isClosed()) fill(s, shown);
                    });
                    return Status.OK_STATUS;
                } catch (IllegalStateException closed) { // cancelled, or the snapshot closed
                    return Status.CANCEL_STATUS;
                } catch (Exception e) {
                    display.asyncExec(() -> {
                        if (!status.isDisposed() && generation.get() == mine) status.setText(s.fileName() + ": " + e.getMessage());
                    });
                    return Status.OK_STATUS;
                } finally {
                    monitor.done();
                }
            }
        };
        job = j;
        j.schedule();
        return j;
    }

    private void fill(LoadedSnapshot s, List<Shown> shown) {
        for (int i = 0; i < viewers.size(); i++) {
            var table = shown.get(i).table();
            var rows = new ArrayList<Row>();
            for (int r = 0; r < table.rows().size(); r++) rows.add(new Row(table.rows().get(r), new ObjectRef(s, shown.get(i).objects()[r])));
            ReportColumns.show(viewers.get(i), table, e -> e instanceof Row row ? row.cells() : null);
            viewers.get(i).setInput(rows);
            tables.set(i, table);
        }
        status.setText(describe(s, shown));
        status.getParent().layout(true, true);
    }

    private void setSnapshot(LoadedSnapshot s) {
        if (snapshot == s) return;
        if (snapshot != null) snapshot.removeOnClose(onSnapshotClosed);
        snapshot = s;
        for (int i = 0; i < tables.size(); i++) tables.set(i, null);
        if (s != null) s.onClose(onSnapshotClosed);
    }

    /** The table shown in viewer {@code i}, as the headless command's; null until found. */
    public Table table(int i) { return tables.get(i); }

    /** The rows of viewer {@code i}. */
    @SuppressWarnings("unchecked")
    public List<Row> rows(int i) { return viewers.get(i).getInput() instanceof List<?> l ? (List<Row>) l : List.of(); }

    public TableViewer viewer(int i) { return viewers.get(i); }

    /** The status line. */
    public String status() { return status.getText(); }

    /** The job finding the rows shown, or null. */
    public Job job() { return job; }

    @Override
    public void setFocus() { viewers.getFirst().getControl().setFocus(); }

    @Override
    public void dispose() {
        if (activeSnapshot != null) activeSnapshot.stop();
        if (snapshot != null) snapshot.removeOnClose(onSnapshotClosed);
        super.dispose();
    }
}
