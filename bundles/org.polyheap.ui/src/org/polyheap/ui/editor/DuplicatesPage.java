package org.polyheap.ui.editor;

import java.util.ArrayList;
import java.util.List;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.jface.viewers.ArrayContentProvider;
import org.eclipse.jface.viewers.TableViewer;
import org.eclipse.swt.SWT;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;
import org.polyheap.report.Documents;
import org.polyheap.report.Queries;
import org.polyheap.report.table.Table;
import org.polyheap.ui.LoadedSnapshot;
import org.polyheap.ui.ObjectRef;
import org.polyheap.ui.jobs.MonitorProgress;

/**
 * The Duplicate Strings page: strings held by at least {@link Documents#DUPLICATES_MIN} objects,
 * biggest waste first, the top {@link Documents#DUPLICATES_TOP} — the rows of {@code polyheap
 * duplicates FILE}. Finding them reads every string object's value from the snapshot file, so it runs
 * in a job the first time the page is shown, not when the editor opens. A row stands for its example
 * object: selecting it shows that object in the views, and its context menu acts on it. UI thread.
 */
public final class DuplicatesPage {
    /** A row of the table and the object in its "Example" column. */
    public record Row(Object[] cells, ObjectRef object) implements ObjectRef.Holder { }

    private final LoadedSnapshot snapshot;
    private Composite control;
    private Label status;
    private TableViewer viewer;
    private Job job;
    private Table table;

    public DuplicatesPage(LoadedSnapshot snapshot) {
        this.snapshot = snapshot;
    }

    public Composite create(Composite parent) {
        control = new Composite(parent, SWT.NONE);
        control.setLayout(new GridLayout(1, false));
        status = new Label(control, SWT.WRAP);
        status.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false));
        status.setText("Strings held by at least " + Documents.DUPLICATES_MIN + " objects are looked for when this page is first shown.");
        viewer = new TableViewer(control, SWT.FULL_SELECTION | SWT.MULTI | SWT.BORDER);
        viewer.getTable().setHeaderVisible(true);
        viewer.getTable().setLinesVisible(true);
        viewer.getTable().setLayoutData(new GridData(SWT.FILL, SWT.FILL, true, true));
        viewer.setContentProvider(ArrayContentProvider.getInstance());
        return control;
    }

    /** Looks for the duplicate strings in a job, the first time it is asked; that job, running or done. */
    public Job compute() {
        if (job != null) return job;
        status.setText("Reading the strings of the snapshot\u2026");
        var display = control.getDisplay();
        job = new Job("Duplicate strings of " + snapshot.analyzed().file().getFileName()) {
            @Override protected IStatus run(IProgressMonitor monitor) {
                var progress = MonitorProgress.begin(monitor, getName());
                try {
                    var found = Queries.duplicates(snapshot.analyzed(), Documents.DUPLICATES_MIN, Documents.DUPLICATES_TOP, progress);
                    display.asyncExec(() -> show(found));
                    return Status.OK_STATUS;
                } catch (IllegalStateException closed) { // cancelled (CancellationException), or the snapshot closed
                    return Status.CANCEL_STATUS;
                } catch (java.io.IOException e) {
                    display.asyncExec(() -> {
                        if (!control.isDisposed()) status.setText("Cannot read the strings: " + SnapshotEditor.describe(e));
                    });
                    return Status.OK_STATUS;
                } finally {
                    monitor.done();
                }
            }
        };
        job.schedule();
        return job;
    }

    private void show(Queries.Duplicates found) {
        if (control.isDisposed()) return;
        table = found.table();
        var rows = new ArrayList<Row>();
        for (int i = 0; i < table.rows().size(); i++) rows.add(new Row(table.rows().get(i), new ObjectRef(snapshot, found.examples()[i])));
        ReportColumns.show(viewer, table, e -> e instanceof Row r ? r.cells() : null);
        viewer.setInput(rows);
        status.setText(rows.isEmpty() ? "No string is held by " + Documents.DUPLICATES_MIN + " objects or more."
                : "The " + Format.count(rows.size()) + " strings held by at least " + Documents.DUPLICATES_MIN
                        + " objects that waste the most bytes (a row acts on its example object)");
        control.layout(true, true);
    }

    /** The rows shown, as the headless command's table; null until found. */
    public Table table() { return table; }

    /** The rows of the widget. */
    @SuppressWarnings("unchecked")
    public List<Row> rows() { return viewer.getInput() instanceof List<?> l ? (List<Row>) l : List.of(); }

    public TableViewer viewer() { return viewer; }
}
