package org.polyheap.ui.editor;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.jface.viewers.TableViewer;
import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.SashForm;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.PartInitException;
import org.polyheap.analysis.Grouping;
import org.polyheap.model.Progress;
import org.polyheap.report.CollectionQueries;
import org.polyheap.report.table.Table;
import org.polyheap.ui.LoadedSnapshot;
import org.polyheap.ui.views.ObjectsView;

/**
 * The Collections page of a Java heap dump: the rows of {@code polyheap collections FILE} in three
 * tables — per collection class (count, size buckets, fill, unused capacity, collision ratio), the empty
 * collections per class, the arrays of primitives holding one value. Finding them reads every
 * collection's fields and every primitive array from the snapshot file, so it runs in a job the first
 * time the page is shown. Opening a row (double-click, Enter) lists its objects in the Objects view,
 * whose rows have the object menu; a collection class row also has the Histogram row's menu. UI thread.
 */
public final class CollectionsPage extends LazyPage<CollectionQueries.Collections> {
    /** A row of one of the tables and the objects it stands for; a collection class row is its class too. */
    public record Row(Object[] cells, String what, int[] objects, ClassRef classRef) implements ClassRef.Holder { }

    private final TableViewer[] viewers = new TableViewer[3];
    private CollectionQueries.Collections found;

    public CollectionsPage(LoadedSnapshot snapshot) {
        super(snapshot);
    }

    @Override protected String waitingText() { return "The collections are read when this page is first shown."; }

    @Override protected String workingText() { return "Reading the collections and arrays of the snapshot\u2026"; }

    @Override protected String jobName() { return "Collections"; }

    @Override protected String failureText() { return "Cannot read the collections"; }

    @Override
    protected void createContent(Composite parent) {
        var sash = new SashForm(parent, SWT.VERTICAL);
        sash.setLayoutData(new GridData(SWT.FILL, SWT.FILL, true, true));
        for (int i = 0; i < viewers.length; i++) {
            var viewer = tableViewer(sash);
            viewer.addOpenListener(e -> listObjects((IStructuredSelection) e.getSelection()));
            viewers[i] = viewer;
        }
        sash.setWeights(3, 1, 1);
    }

    @Override
    protected CollectionQueries.Collections find(Progress progress, IProgressMonitor monitor) throws IOException {
        return CollectionQueries.collections(snapshot.analyzed(), null, progress);
    }

    @Override
    protected void show(CollectionQueries.Collections c) {
        found = c;
        show(viewers[0], c.classes(), c.classObjects(), "", true);
        show(viewers[1], c.empty(), c.emptyObjects(), "empty ", false);
        show(viewers[2], c.constantArrays(), c.arrayObjects(), "one-value ", false);
        done(c.classes().rows().isEmpty() ? "No Java collection in this snapshot."
                : Format.count(c.classes().rows().size()) + " collection classes, " + Format.count(c.empty().rows().size())
                        + " with empty ones, " + Format.count(c.constantArrays().rows().size())
                        + " array classes with arrays holding one value. Open a row to list its objects.");
    }

    private void show(TableViewer viewer, Table table, List<int[]> objects, String what, boolean isClass) {
        var rows = new ArrayList<Row>();
        for (int i = 0; i < table.rows().size(); i++) {
            Object[] cells = table.rows().get(i);
            String name = (String) cells[0];
            rows.add(new Row(cells, what + name, objects.get(i), isClass ? new ClassRef(Grouping.CLASS, name) : null));
        }
        ReportColumns.show(viewer, table, e -> e instanceof Row r ? r.cells() : null);
        viewer.setInput(rows);
        // numbers as wide as their biggest value can be, the class name the rest
        var fit = ColumnFit.install(viewer.getTable(), 0);
        String bytes = Format.bytes(snapshot.heapBytes()), count = Format.count(snapshot.graph().objectCount());
        for (int i = 1; i < table.columns().size(); i++) {
            switch (table.columns().get(i).kind()) {
                case BYTES -> fit.number(i, bytes);
                case COUNT -> fit.number(i, count);
                case PERCENT -> fit.number(i, "100.0 %");
                default -> fit.number(i, table.columns().get(i).key().equals("kind") ? "concurrent hash map" : "0x00000000000");
            }
        }
    }

    /** Lists the objects of the first selected row in the Objects view. */
    private void listObjects(IStructuredSelection selection) {
        if (!(selection.getFirstElement() instanceof Row row)) return;
        IWorkbenchPage page = control.getShell().isDisposed() ? null
                : org.eclipse.ui.PlatformUI.getWorkbench().getActiveWorkbenchWindow().getActivePage();
        if (page == null) return;
        try {
            var view = (ObjectsView) page.showView(ObjectsView.ID);
            view.show(snapshot, row.what(), row::objects);
        } catch (PartInitException e) {
            org.eclipse.core.runtime.ILog.of(CollectionsPage.class).error("Cannot show the Objects view", e);
        }
    }

    /** What was found, as the headless command's tables; null until found. */
    public CollectionQueries.Collections found() { return found; }

    /** The three tables: collection classes, empty collections, arrays holding one value. */
    @Override
    public List<TableViewer> viewers() { return List.of(viewers); }

    /** The rows of one table's widget. */
    @SuppressWarnings("unchecked")
    public List<Row> rows(int table) { return viewers[table].getInput() instanceof List<?> l ? (List<Row>) l : List.of(); }

    /** Java's only: HPROF dumps. */
    @Override
    public boolean appliesTo(org.polyheap.model.format.SnapshotFormat format) {
        return format == org.polyheap.model.format.SnapshotFormat.HPROF;
    }

}
