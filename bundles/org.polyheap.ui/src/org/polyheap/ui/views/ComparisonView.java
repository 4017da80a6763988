package org.polyheap.ui.views;

import java.util.concurrent.atomic.AtomicInteger;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.jobs.Job;
import java.util.List;

import org.eclipse.jface.viewers.ILazyContentProvider;
import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.jface.viewers.TableViewer;
import org.eclipse.jface.viewers.Viewer;
import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.SashForm;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.TableColumn;
import org.eclipse.swt.widgets.Text;
import org.eclipse.ui.part.ViewPart;
import org.polyheap.report.Queries;
import org.polyheap.report.table.Column;
import org.polyheap.report.table.Table;
import org.polyheap.ui.LoadedSnapshot;
import org.polyheap.ui.editor.ColumnFit;
import org.polyheap.ui.editor.Format;
import org.polyheap.ui.editor.ReportColumns;

/**
 * Comparison: how the class histogram changed from a baseline snapshot to another of the same format —
 * objects, shallow and retained bytes before, after and the difference per class, biggest retained
 * growth first, with a name filter and sortable columns — and, where object ids are stable across
 * snapshots (V8 node ids, Dart identity hashes), the new, removed and kept objects: counted in the line
 * above ({@link ComparisonSummary}) and listed per class below ({@link ChangedObjects}). The rows are
 * those of {@code polyheap compare BASELINE FILE}, made in a job ({@link Queries#comparison}: O(objects
 * of both)) and shown in a virtual table. Emptied when either snapshot closes or the editor of a third
 * snapshot is activated. UI thread.
 */
public final class ComparisonView extends ViewPart {
    public static final String ID = "org.polyheap.ui.views.comparison";

    private TableViewer viewer;
    private Table table;
    private Queries.Comparison comparison;
    private ComparisonRows rows;
    private List<Object[]> shown = List.of();
    private int sortColumn;
    private boolean descending = true;
    private Label summary, count;
    private Text filter;
    private SashForm sash;
    private ChangedObjects changed;
    private LoadedSnapshot baseline, current;
    private static final String HINT = "File \u25b8 Compare With Baseline\u2026 compares the active snapshot with another open one.";
    private final AtomicInteger generation = new AtomicInteger();
    private final Runnable onSnapshotClosed = this::clear;
    private ActiveSnapshot activeSnapshot;
    private ColumnFit fit;
    private List<String> columnKeys = List.of(); // of the columns the class table has

    @Override
    public void createPartControl(Composite parent) {
        var control = new Composite(parent, SWT.NONE);
        control.setLayout(new GridLayout(3, false));
        summary = new Label(control, SWT.WRAP);
        summary.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false, 3, 1));
        new Label(control, SWT.NONE).setText("Filter:");
        filter = new Text(control, SWT.SEARCH | SWT.ICON_SEARCH | SWT.ICON_CANCEL);
        filter.setMessage("class name: substring or regular expression");
        filter.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false));
        filter.addModifyListener(e -> refreshRows());
        count = new Label(control, SWT.NONE);
        count.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, false, false));
        sash = new SashForm(control, SWT.VERTICAL);
        sash.setLayoutData(new GridData(SWT.FILL, SWT.FILL, true, true, 3, 1));
        viewer = classTable();
        changed = new ChangedObjects(sash, this);
        sash.setWeights(3, 2);
        getSite().setSelectionProvider(changed.viewer()); // object rows: the Inspector and the other views follow them
        setContentDescription(HINT);
        activeSnapshot = ActiveSnapshot.watch(getSite().getPage(), editor -> {
            if (current != null && editor.snapshot() != current && editor.snapshot() != baseline) clear();
        });
    }

    /** The table of the classes, without columns: {@link #show} makes them. */
    private TableViewer classTable() {
        var v = new TableViewer(sash, SWT.VIRTUAL | SWT.FULL_SELECTION | SWT.MULTI | SWT.BORDER);
        v.getTable().setHeaderVisible(true);
        v.getTable().setLinesVisible(true);
        v.setContentProvider(new ILazyContentProvider() {
            @Override public void updateElement(int index) {
                if (index < shown.size()) v.replace(shown.get(index), index);
            }
            @Override public void inputChanged(Viewer x, Object o, Object n) { }
        });
        v.addSelectionChangedListener(e -> classSelected());
        return v;
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

    private void show(LoadedSnapshot b, LoadedSnapshot c, Queries.Comparison result) {
        watch(b, c);
        comparison = result;
        table = result.classes();
        rows = new ComparisonRows(table);
        var keys = table.columns().stream().map(Column::key).toList();
        if (!keys.equals(columnKeys) && viewer.getTable().getColumnCount() > 0) {
            // matched objects add columns (V8, Dart): the table made for the other set of columns is replaced
            sash.setMaximizedControl(null);
            viewer.getControl().dispose();
            viewer = classTable();
            viewer.getControl().moveAbove(changed.control());
            sash.setWeights(3, 2);
        }
        var t = viewer.getTable();
        t.setRedraw(false);
        try {
            if (!keys.equals(columnKeys)) {
                columnKeys = keys;
                ReportColumns.show(viewer, table, e -> e instanceof Object[] row ? row : null);
                fit = ColumnFit.install(t, 0);
                for (TableColumn column : t.getColumns()) column.addListener(SWT.Selection, e -> sortBy(t.indexOf(column)));
                t.setColumnOrder(rows.deltasFirst()); // the differences in view without scrolling; the CSV keeps the command's order
            }
            sortColumn = rows.column(ComparisonRows.DEFAULT_SORT);
            descending = true;
            fitNumbers();
            filter.setText(""); // a new comparison starts unfiltered: an old filter would hide its rows
            refreshRows();
        } finally {
            t.setRedraw(true);
        }
        var text = ComparisonSummary.of(b.analyzed().format(), result.delta(), b.graph().objectCount(), c.graph().objectCount());
        summary.setText(text.text());
        summary.setToolTipText(text.toolTip());
        sash.setMaximizedControl(result.delta() == null ? viewer.getControl() : null); // no objects to list
        changed.clear("Select a class to list its new and removed objects.");
        summary.getParent().layout(true, true);
        setContentDescription(name(b) + " \u2192 " + name(c) + ": " + Format.count(table.rows().size()) + " classes");
    }

    /**
     * Sorts the classes by the column at {@code index}; the same column again reverses. Numbers go
     * biggest first, names A–Z, as in the histogram.
     */
    public void sortBy(int index) {
        if (rows == null) return;
        descending = index == sortColumn ? !descending : rows.descendingFirst(index);
        sortColumn = index;
        refreshRows();
    }

    /** Shows the rows the filter keeps in the order asked for; names the filter in the row count. */
    private void refreshRows() {
        if (rows == null) return;
        String text = filter.getText().strip();
        shown = rows.view(text, sortColumn, descending);
        var t = viewer.getTable();
        if (t.getSortColumn() != t.getColumn(sortColumn)) {
            t.setSortColumn(t.getColumn(sortColumn));
            fit.sortColumnChanged();
        }
        t.setSortDirection(descending ? SWT.DOWN : SWT.UP);
        t.deselectAll();
        t.clearAll();
        viewer.setItemCount(shown.size());
        viewer.refresh();
        count.setText(Format.count(shown.size()) + " of " + Format.count(rows.totalRows()) + " classes"
                + (text.isEmpty() ? "" : " matching \u201c" + text + "\u201d"));
        count.getParent().layout(new org.eclipse.swt.widgets.Control[] { count });
    }

    /** A class row selected: its new and removed objects below, when objects were matched. */
    private void classSelected() {
        if (comparison == null || comparison.delta() == null) return;
        if (((IStructuredSelection) viewer.getSelection()).getFirstElement() instanceof Object[] row) {
            changed.show(baseline, current, comparison.delta(), (String) row[0]);
        }
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
        comparison = null;
        rows = null;
        shown = List.of();
        unwatch();
        baseline = current = null;
        if (!viewer.getControl().isDisposed()) {
            viewer.getTable().clearAll();
            viewer.setItemCount(0);
            summary.setText("");
            summary.setToolTipText(null);
            count.setText("");
            changed.clear("");
            setContentDescription(HINT);
        }
    }

    private static String name(LoadedSnapshot s) { return s.fileName(); }

    /** The comparison shown, as the headless command's table; null before the first or after a snapshot closed. */
    public Table table() { return table; }

    public TableViewer viewer() { return viewer; }

    /** The compared snapshots; null before the first comparison or after one closed. */
    public LoadedSnapshot baseline() { return baseline; }

    public LoadedSnapshot current() { return current; }

    /** The class rows shown, filtered and sorted as the table has them. */
    public List<Object[]> shownRows() { return shown; }

    /** The line above the classes: the objects matched, or why none are. */
    public Label summary() { return summary; }

    public Text filter() { return filter; }

    /** The row count line, naming the filter when one applies. */
    public Label rowCount() { return count; }

    /** The table of the selected class's new and removed objects. */
    public TableViewer changedObjects() { return changed.viewer(); }

    /** The line above the new and removed objects. */
    public Label changedTitle() { return changed.title(); }

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
