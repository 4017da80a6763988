package org.polyheap.ui.views;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

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
import org.polyheap.model.LongColumn;
import org.polyheap.ui.LoadedSnapshot;
import org.polyheap.ui.ObjectRef;
import org.polyheap.ui.editor.ColumnFit;
import org.polyheap.ui.editor.Format;
import org.polyheap.ui.editor.ObjectMenu;

/**
 * Objects: a set of objects as a list, biggest retained size first — a histogram row's objects
 * (List Objects, as MAT has it), within the set the Histogram page shows. The set is made and sorted
 * in a job into a virtual table, so a class with a million instances lists at once; 12 bytes per
 * listed object while sorting, 4 after. Rows are objects: the object context menu, and a selected row
 * shows in the Inspector and the other views. Its description names the snapshot; emptied when that
 * snapshot closes or the editor of another snapshot is activated. UI thread.
 */
public final class ObjectsView extends ViewPart {
    public static final String ID = "org.polyheap.ui.views.objects";

    private TableViewer viewer;
    private LoadedSnapshot snapshot;
    private org.polyheap.ui.editor.ValueHints hints; // of snapshot
    private int[] objects = new int[0];
    private final AtomicInteger generation = new AtomicInteger();
    private volatile Job listJob;
    private final Runnable onSnapshotClosed = this::clear;
    private ActiveSnapshot activeSnapshot;
    private ColumnFit fit;

    @Override
    public void createPartControl(Composite parent) {
        viewer = new TableViewer(parent, SWT.VIRTUAL | SWT.FULL_SELECTION | SWT.MULTI);
        viewer.getTable().setHeaderVisible(true);
        viewer.getTable().setLinesVisible(true);
        column("Object", 480, SWT.LEFT, r -> hints != null && r.snapshot() == snapshot ? hints.label(r) : r.label());
        column("Shallow bytes", 110, SWT.RIGHT, r -> Format.bytes(r.shallow()));
        column("Retained bytes", 120, SWT.RIGHT, r -> Format.bytes(r.retained()));
        column("% of heap", 80, SWT.RIGHT, r -> Format.percent(r.retained(), r.snapshot().heapBytes()));
        fit = ColumnFit.install(viewer.getTable(), 0);
        viewer.setUseHashlookup(true);
        viewer.setContentProvider(new ILazyContentProvider() {
            @Override public void updateElement(int index) {
                if (snapshot != null && index < objects.length) viewer.replace(new ObjectRef(snapshot, objects[index]), index);
            }
            @Override public void inputChanged(Viewer v, Object o, Object n) { }
        });
        getSite().setSelectionProvider(viewer);
        new ObjectMenu(this, viewer).install();
        activeSnapshot = ActiveSnapshot.watch(getSite().getPage(), editor -> {
            if (snapshot != null && editor.snapshot() != snapshot) clear();
        });
    }

    private void column(String title, int width, int align, java.util.function.Function<ObjectRef, String> text) {
        TextColumns.add(viewer, title, width, align, ObjectRef.class, text);
    }

    /**
     * Lists the objects {@code members} makes (in a job: it may scan every object), biggest retained
     * first; {@code what} names them ("java.lang.String", "java.util") for the view's description.
     */
    public Job show(LoadedSnapshot s, String what, Supplier<int[]> members) {
        int mine = generation.incrementAndGet();
        setContentDescription(s.fileName() + " \u2014 " + what + ": listing\u2026");
        var display = viewer.getControl().getDisplay();
        var job = new Job("Objects of " + what) {
            @Override protected IStatus run(IProgressMonitor monitor) {
                int[] list;
                try {
                    list = members.get();
                    sortByRetainedDescending(list, s.analyzed().analysis().dominatorTree().retained());
                } catch (IllegalStateException closed) {
                    if (s.isClosed()) return Status.CANCEL_STATUS; // the editor was closed meanwhile
                    throw closed;
                }
                display.asyncExec(() -> {
                    if (viewer.getControl().isDisposed() || generation.get() != mine || s.isClosed()) return;
                    setSnapshot(s);
                    objects = list;
                    viewer.getTable().clearAll();
                    viewer.setItemCount(list.length);
                    viewer.refresh();
                    setContentDescription(s.fileName() + " \u2014 " + Format.count(list.length) + (list.length == 1 ? " object of " : " objects of ") + what
                            + ", biggest retained size first");
                });
                return Status.OK_STATUS;
            }
        };
        job.setUser(true);
        listJob = job;
        job.schedule();
        return job;
    }

    /** Sorts object ids by retained size, biggest first (ties by id): one read of each object's size. */
    static void sortByRetainedDescending(int[] ids, LongColumn retained) {
        long[] size = new long[ids.length];
        for (int i = 0; i < ids.length; i++) size[i] = retained.get(ids[i]);
        it.unimi.dsi.fastutil.Arrays.quickSort(0, ids.length,
                (a, b) -> size[a] != size[b] ? Long.compare(size[b], size[a]) : Integer.compare(ids[a], ids[b]),
                (a, b) -> {
                    long t = size[a]; size[a] = size[b]; size[b] = t;
                    int u = ids[a]; ids[a] = ids[b]; ids[b] = u;
                });
    }

    private void setSnapshot(LoadedSnapshot s) {
        if (snapshot == s) return;
        if (snapshot != null) snapshot.removeOnClose(onSnapshotClosed);
        snapshot = s;
        hints = new org.polyheap.ui.editor.ValueHints(s, viewer);
        String bytes = Format.bytes(s.heapBytes());
        fit.number(1, bytes).number(2, bytes).number(3, Format.percent(1, 1));
        s.onClose(onSnapshotClosed);
    }

    private void clear() {
        generation.incrementAndGet();
        objects = new int[0];
        if (snapshot != null) snapshot.removeOnClose(onSnapshotClosed);
        snapshot = null;
        hints = null;
        if (!viewer.getControl().isDisposed()) {
            viewer.getTable().clearAll();
            viewer.setItemCount(0);
            setContentDescription("");
        }
    }

    /** The listed object ids, in the table's order. */
    public int[] objects() { return objects; }

    public Job listJob() { return listJob; }

    public TableViewer viewer() { return viewer; }

    @Override
    public void setFocus() { viewer.getControl().setFocus(); }

    @Override
    public void dispose() {
        if (activeSnapshot != null) activeSnapshot.stop();
        if (snapshot != null) snapshot.removeOnClose(onSnapshotClosed);
        super.dispose();
    }
}
