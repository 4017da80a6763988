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
import org.eclipse.swt.graphics.Point;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.ui.part.ViewPart;
import org.polyheap.report.CollectionQueries;
import org.polyheap.report.table.Table;
import org.polyheap.ui.LoadedSnapshot;
import org.polyheap.ui.ObjectRef;
import org.polyheap.ui.editor.Format;
import org.polyheap.ui.editor.ObjectMenu;
import org.polyheap.ui.editor.ReportColumns;

/**
 * Entries: a Java map's keys and values, or a list's, set's, deque's or array's elements, in iteration
 * order (MAT's hash_entries and extract_list_values) — the rows of {@code polyheap entries FILE --object
 * ID}, read in a job (one read of the collection, one per shown value). A row stands for its value, or
 * for its key when the key's columns were clicked last: selecting it shows that object in the other
 * views and the object menu acts on it. Emptied when the snapshot closes. UI thread.
 */
public final class EntriesView extends ViewPart {
    public static final String ID = "org.polyheap.ui.views.entries";

    /** One entry; {@link #object()} is the key or the value, as the view's last click chose. */
    public record Row(Object[] cells, ObjectRef key, ObjectRef value, EntriesView view) implements ObjectRef.Holder {
        @Override public ObjectRef object() { return view.keySide && key != null ? key : value; }
    }

    private TableViewer viewer;
    private LoadedSnapshot snapshot;
    private final AtomicInteger generation = new AtomicInteger();
    private final Runnable onSnapshotClosed = this::clear;
    private volatile Job job;
    /** True when the key's columns were clicked last (a map's). */
    private boolean keySide;
    private int firstValueColumn = 1;

    @Override
    public void createPartControl(Composite parent) {
        viewer = new TableViewer(parent, SWT.FULL_SELECTION | SWT.MULTI);
        viewer.getTable().setHeaderVisible(true);
        viewer.getTable().setLinesVisible(true);
        viewer.setContentProvider(ArrayContentProvider.getInstance());
        // which object a row stands for follows the column pressed on, before the selection and the menu
        viewer.getTable().addListener(SWT.MouseDown, e -> chooseSide(new Point(e.x, e.y)));
        viewer.getTable().addListener(SWT.MenuDetect, e -> chooseSide(viewer.getTable().toControl(e.x, e.y)));
        getSite().setSelectionProvider(viewer);
        new ObjectMenu(this, viewer).install();
    }

    private void chooseSide(Point at) {
        var cell = viewer.getCell(at);
        if (cell != null) keySide = cell.getColumnIndex() > 0 && cell.getColumnIndex() < firstValueColumn;
    }

    /** Lists the entries of a collection (in a job). */
    public Job show(ObjectRef collection) {
        int mine = generation.incrementAndGet();
        LoadedSnapshot s = collection.snapshot();
        String what = collection.className() + " " + collection.displayId();
        setContentDescription(what + ": reading\u2026");
        var display = viewer.getControl().getDisplay();
        var j = new Job("Entries of " + what) {
            @Override protected IStatus run(IProgressMonitor monitor) {
                try {
                    var entries = CollectionQueries.entries(s.analyzed(), collection.objectId(), CollectionQueries.ENTRIES_TOP);
                    display.asyncExec(() -> {
                        if (viewer.getControl().isDisposed() || generation.get() != mine || s.isClosed()) return;
                        setSnapshot(s);
                        show(what, entries);
                    });
                } catch (IllegalStateException closed) {
                    return Status.CANCEL_STATUS;
                } catch (java.io.IOException e) {
                    display.asyncExec(() -> {
                        if (!viewer.getControl().isDisposed()) setContentDescription(what + ": cannot read it: " + e.getMessage());
                    });
                }
                return Status.OK_STATUS;
            }
        };
        job = j;
        j.schedule();
        return j;
    }

    private void show(String what, CollectionQueries.Entries entries) {
        if (entries == null) {
            viewer.setInput(List.of());
            setContentDescription(what + " is no Java list, map, set or array of references");
            return;
        }
        Table t = entries.table();
        firstValueColumn = entries.isMap() ? 4 : 1;
        keySide = false;
        var rows = new ArrayList<Row>();
        for (int i = 0; i < t.rows().size(); i++) {
            rows.add(new Row(t.rows().get(i), ref(entries.keys()[i]), ref(entries.values()[i]), this));
        }
        ReportColumns.show(viewer, t, e -> e instanceof Row r ? r.cells() : null);
        viewer.setInput(rows);
        for (var column : viewer.getTable().getColumns()) column.pack(); // ids, classes and short values: fit their text
        int n = rows.size();
        setContentDescription(what + ": " + Format.count(n) + (entries.isMap() ? " entries" : " elements")
                + (n >= CollectionQueries.ENTRIES_TOP ? " (the first " + Format.count(n) + ")" : "")
                + (entries.isMap() ? "; the menu acts on the key or the value, as clicked" : ""));
    }

    private ObjectRef ref(int object) { return object < 0 ? null : new ObjectRef(snapshot, object); }

    private void setSnapshot(LoadedSnapshot s) {
        if (snapshot == s) return;
        if (snapshot != null) snapshot.removeOnClose(onSnapshotClosed);
        snapshot = s;
        s.onClose(onSnapshotClosed);
    }

    private void clear() {
        generation.incrementAndGet();
        if (snapshot != null) snapshot.removeOnClose(onSnapshotClosed);
        snapshot = null;
        if (!viewer.getControl().isDisposed()) {
            viewer.setInput(List.of());
            setContentDescription("");
        }
    }

    /** The rows shown. */
    @SuppressWarnings("unchecked")
    public List<Row> rows() { return viewer.getInput() instanceof List<?> l ? (List<Row>) l : List.of(); }

    public Job job() { return job; }

    public TableViewer viewer() { return viewer; }

    /** Makes the rows stand for their keys ({@code true}) or values, as a click on those columns does. */
    public void chooseKeys(boolean keys) { keySide = keys; }

    @Override
    public void setFocus() { viewer.getControl().setFocus(); }

    @Override
    public void dispose() {
        if (snapshot != null) snapshot.removeOnClose(onSnapshotClosed);
        super.dispose();
    }
}
