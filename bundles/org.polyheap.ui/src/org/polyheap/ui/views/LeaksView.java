package org.polyheap.ui.views;

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
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Combo;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;
import org.eclipse.ui.part.ViewPart;
import org.polyheap.analysis.LeakClusters;
import org.polyheap.report.Documents;
import org.polyheap.report.V8Queries;
import org.polyheap.report.table.Table;
import org.polyheap.ui.LoadedSnapshot;
import org.polyheap.ui.ObjectRef;
import org.polyheap.ui.editor.Format;
import org.polyheap.ui.editor.ObjectMenu;
import org.polyheap.ui.editor.ReportColumns;
import org.polyheap.ui.editor.SnapshotEditor;
import org.polyheap.ui.jobs.MonitorProgress;

/**
 * Leaks between snapshots (memlab's find-leaks): three open V8 snapshots of one process chosen as
 * baseline, target and final, and the clusters of objects allocated between the first two that the
 * final one still holds — the rows of {@code polyheap leaks}. A row stands for its cluster's biggest
 * object in the final snapshot (object menu, Inspector). UI thread.
 */
public final class LeaksView extends ViewPart {
    public static final String ID = "org.polyheap.ui.views.leaks";
    private static final String[] ROLES = { "Baseline", "Target", "Final" };

    private final Combo[] combos = new Combo[3];
    private final List<LoadedSnapshot> choices = new ArrayList<>();
    private Label status;
    private TableViewer viewer;
    private Table table;
    private volatile Job job;

    @Override
    public void createPartControl(Composite parent) {
        var control = new Composite(parent, SWT.NONE);
        control.setLayout(new GridLayout(7, false));
        for (int i = 0; i < 3; i++) {
            new Label(control, SWT.NONE).setText(ROLES[i] + ":");
            combos[i] = new Combo(control, SWT.READ_ONLY | SWT.DROP_DOWN);
            combos[i].setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false));
            combos[i].addListener(SWT.MouseDown, e -> refreshChoices()); // the open snapshots as they are now
        }
        var find = new Button(control, SWT.PUSH);
        find.setText("Find Leaks");
        find.addListener(SWT.Selection, e -> find());
        status = new Label(control, SWT.WRAP);
        status.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false, 7, 1));
        status.setText("Choose three V8 snapshots of one process: before, after the step under test, and after the steps that should free it.");
        viewer = new TableViewer(control, SWT.FULL_SELECTION | SWT.MULTI | SWT.BORDER);
        viewer.getTable().setHeaderVisible(true);
        viewer.getTable().setLinesVisible(true);
        viewer.getTable().setLayoutData(new GridData(SWT.FILL, SWT.FILL, true, true, 7, 1));
        viewer.setContentProvider(ArrayContentProvider.getInstance());
        getSite().setSelectionProvider(viewer);
        new ObjectMenu(this, viewer).install();
        refreshChoices();
    }

    /** Lists the open V8 snapshots in each drop-down, in the order their editors were opened, keeping each choice. */
    public void refreshChoices() {
        var chosen = new LoadedSnapshot[3];
        for (int i = 0; i < 3; i++) chosen[i] = chosen(i);
        choices.clear();
        for (var ref : getSite().getPage().getEditorReferences()) {
            if (ref.getEditor(false) instanceof SnapshotEditor e && !e.snapshot().isClosed() && V8Queries.applies(e.snapshot().analyzed())) {
                choices.add(e.snapshot());
            }
        }
        for (int i = 0; i < 3; i++) {
            combos[i].setItems(choices.stream().map(LoadedSnapshot::fileName).toArray(String[]::new));
            int k = chosen[i] == null ? Math.min(i, choices.size() - 1) : choices.indexOf(chosen[i]);
            if (k >= 0) combos[i].select(k);
        }
    }

    private LoadedSnapshot chosen(int role) {
        int k = combos[role].getSelectionIndex();
        return k < 0 || k >= choices.size() ? null : choices.get(k);
    }

    /** Chooses the snapshots by role (baseline, target, final). */
    public void choose(LoadedSnapshot baseline, LoadedSnapshot target, LoadedSnapshot last) {
        refreshChoices();
        var wanted = new LoadedSnapshot[] { baseline, target, last };
        for (int i = 0; i < 3; i++) combos[i].select(choices.indexOf(wanted[i]));
    }

    /** Finds the leaks of the chosen snapshots in a job; that job, or null when a choice is missing. */
    public Job find() {
        var chosen = new LoadedSnapshot[3];
        for (int i = 0; i < 3; i++) {
            chosen[i] = chosen(i);
            if (chosen[i] == null || chosen[i].isClosed()) {
                status.setText("Choose the " + ROLES[i].toLowerCase(java.util.Locale.ROOT) + " snapshot (open V8 snapshots only).");
                return null;
            }
        }
        status.setText("Looking for leaks\u2026");
        viewer.setInput(List.of());
        var display = status.getDisplay();
        var j = new Job("Leaks in " + chosen[2].fileName()) {
            @Override protected IStatus run(IProgressMonitor monitor) {
                try {
                    var leaks = V8Queries.leaks(chosen[0].analyzed(), chosen[1].analyzed(), chosen[2].analyzed(),
                            LeakClusters.Filter.OBJECTS, Documents.LEAKS_TOP, MonitorProgress.begin(monitor, getName()));
                    display.asyncExec(() -> show(chosen[2], leaks));
                    return Status.OK_STATUS;
                } catch (IllegalStateException closed) { // cancelled, or a snapshot closed
                    return Status.CANCEL_STATUS;
                } catch (Exception e) {
                    display.asyncExec(() -> { if (!status.isDisposed()) status.setText(e.getMessage()); });
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

    private void show(LoadedSnapshot last, V8Queries.Leaks leaks) {
        if (viewer.getControl().isDisposed() || last.isClosed()) return;
        table = leaks.clusters();
        var rows = new ArrayList<SnapshotTablesView.Row>();
        for (int r = 0; r < table.rows().size(); r++) rows.add(new SnapshotTablesView.Row(table.rows().get(r), new ObjectRef(last, leaks.examples()[r])));
        ReportColumns.show(viewer, table, e -> e instanceof SnapshotTablesView.Row row ? row.cells() : null);
        viewer.setInput(rows);
        var f = leaks.figures();
        status.setText(Format.count((Long) f.get("allocatedAndAlive")) + " objects allocated between the baseline and the target are alive in "
                + last.fileName() + "; " + Format.count((Long) f.get("leakedObjects")) + " are leaks (JS objects, as memlab's"
                + " --trace-all-objects) in " + Format.count((Long) f.get("clusterCount")) + " clusters by retainer path");
        status.getParent().layout(true, true);
    }

    /** The clusters shown, as the headless command's table; null until found. */
    public Table table() { return table; }

    /** The rows of the table. */
    @SuppressWarnings("unchecked")
    public List<SnapshotTablesView.Row> rows() { return viewer.getInput() instanceof List<?> l ? (List<SnapshotTablesView.Row>) l : List.of(); }

    public TableViewer viewer() { return viewer; }

    public Job job() { return job; }

    @Override
    public void setFocus() { viewer.getControl().setFocus(); }
}
