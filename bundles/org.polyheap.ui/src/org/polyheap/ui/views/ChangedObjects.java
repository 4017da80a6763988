package org.polyheap.ui.views;

import org.eclipse.jface.viewers.ILazyContentProvider;
import org.eclipse.jface.viewers.TableViewer;
import org.eclipse.jface.viewers.Viewer;
import org.eclipse.swt.SWT;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;
import org.eclipse.ui.IWorkbenchPart;
import org.polyheap.analysis.SnapshotComparison;
import org.polyheap.ui.LoadedSnapshot;
import org.polyheap.ui.ObjectRef;
import org.polyheap.ui.editor.ColumnFit;
import org.polyheap.ui.editor.Format;
import org.polyheap.ui.editor.ObjectMenu;

/**
 * The Comparison view's lower table: one class's new objects (of the newer snapshot) and removed
 * objects (of the baseline), each biggest retained first. Rows are {@link ObjectRef}s of the snapshot
 * the object lives in, so the object menu, the Inspector and Paths to GC Roots act on the right one.
 * Virtual; listing a class reads its class of every new or removed object once (O(those objects)) and
 * sorts the class's. UI thread.
 */
final class ChangedObjects {
    static final String NEW = "new", REMOVED = "removed";

    private final Composite control;
    private final Label title;
    private final TableViewer viewer;
    private final ColumnFit fit;
    private ObjectRef[] rows = new ObjectRef[0];
    private LoadedSnapshot after;

    ChangedObjects(Composite parent, IWorkbenchPart part) {
        control = new Composite(parent, SWT.NONE);
        var layout = new GridLayout(1, false);
        layout.marginWidth = layout.marginHeight = 0;
        control.setLayout(layout);
        title = new Label(control, SWT.NONE);
        title.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false));
        viewer = new TableViewer(control, SWT.VIRTUAL | SWT.FULL_SELECTION | SWT.MULTI | SWT.BORDER);
        viewer.getTable().setHeaderVisible(true);
        viewer.getTable().setLinesVisible(true);
        viewer.getTable().setLayoutData(new GridData(SWT.FILL, SWT.FILL, true, true));
        TextColumns.add(viewer, "Change", 80, SWT.LEFT, ObjectRef.class, r -> r.snapshot() == after ? NEW : REMOVED);
        TextColumns.add(viewer, "Object", 400, SWT.LEFT, ObjectRef.class, ObjectRef::label);
        TextColumns.add(viewer, "Shallow bytes", 110, SWT.RIGHT, ObjectRef.class, r -> Format.bytes(r.shallow()));
        TextColumns.add(viewer, "Retained bytes", 120, SWT.RIGHT, ObjectRef.class, r -> Format.bytes(r.retained()));
        fit = ColumnFit.install(viewer.getTable(), 1).number(0, REMOVED);
        viewer.setContentProvider(new ILazyContentProvider() {
            @Override public void updateElement(int index) {
                if (index < rows.length) viewer.replace(rows[index], index);
            }
            @Override public void inputChanged(Viewer v, Object o, Object n) { }
        });
        new ObjectMenu(part, viewer).install();
        clear("Select a class to list its new and removed objects.");
    }

    /** Lists the objects of class {@code name} that {@code delta} found new in {@code after} or removed from {@code before}. */
    void show(LoadedSnapshot before, LoadedSnapshot after, SnapshotComparison.ObjectDelta delta, String name) {
        this.after = after;
        int[] added = SnapshotComparison.ofClass(after.graph(), delta.added(), name);
        int[] removed = SnapshotComparison.ofClass(before.graph(), delta.removed(), name);
        ObjectsView.sortByRetainedDescending(added, after.analyzed().analysis().dominatorTree().retained());
        ObjectsView.sortByRetainedDescending(removed, before.analyzed().analysis().dominatorTree().retained());
        var list = new ObjectRef[added.length + removed.length];
        for (int i = 0; i < added.length; i++) list[i] = new ObjectRef(after, added[i]);
        for (int i = 0; i < removed.length; i++) list[added.length + i] = new ObjectRef(before, removed[i]);
        String bytes = Format.bytes(Math.max(before.heapBytes(), after.heapBytes()));
        fit.number(2, bytes).number(3, bytes);
        setRows(list);
        title.setText((name.isEmpty() ? "(none)" : name) + ": " + Format.count(added.length) + " new in " + after.fileName()
                + ", " + Format.count(removed.length) + " removed from " + before.fileName() + " \u2014 biggest retained first");
    }

    void clear(String message) {
        after = null;
        setRows(new ObjectRef[0]);
        title.setText(message);
    }

    private void setRows(ObjectRef[] list) {
        rows = list;
        if (viewer.getControl().isDisposed()) return;
        viewer.getTable().clearAll();
        viewer.setItemCount(list.length);
        viewer.refresh();
    }

    Composite control() { return control; }

    TableViewer viewer() { return viewer; }

    Label title() { return title; }

    ObjectRef[] rows() { return rows; }
}
