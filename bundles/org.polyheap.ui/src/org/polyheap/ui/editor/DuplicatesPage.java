package org.polyheap.ui.editor;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.jface.viewers.ColumnViewer;
import org.eclipse.jface.viewers.TableViewer;
import org.eclipse.swt.widgets.Composite;
import org.polyheap.model.Progress;
import org.polyheap.report.Documents;
import org.polyheap.report.Queries;
import org.polyheap.report.table.Table;
import org.polyheap.ui.LoadedSnapshot;
import org.polyheap.ui.ObjectRef;

/**
 * The Duplicate Strings page: strings held by at least {@link Documents#DUPLICATES_MIN} objects,
 * biggest waste first, the top {@link Documents#DUPLICATES_TOP} — the rows of {@code polyheap
 * duplicates FILE}. Finding them reads every string object's value from the snapshot file, so it runs
 * in a job the first time the page is shown, not when the editor opens. A row stands for its example
 * object: selecting it shows that object in the views, and its context menu acts on it. UI thread.
 */
public final class DuplicatesPage extends LazyPage<Queries.Duplicates> {
    /** A row of the table and the object in its "Example" column. */
    public record Row(Object[] cells, ObjectRef object) implements ObjectRef.Holder { }

    private TableViewer viewer;
    private Table table;

    public DuplicatesPage(LoadedSnapshot snapshot) {
        super(snapshot);
    }

    @Override
    protected String waitingText() {
        return "Strings held by at least " + Documents.DUPLICATES_MIN + " objects are looked for when this page is first shown.";
    }

    @Override protected String workingText() { return "Reading the strings of the snapshot\u2026"; }

    @Override protected String jobName() { return "Duplicate strings"; }

    @Override protected String failureText() { return "Cannot read the strings"; }

    @Override
    protected void createContent(Composite parent) {
        viewer = tableViewer(parent);
    }

    @Override
    protected Queries.Duplicates find(Progress progress, IProgressMonitor monitor) throws IOException {
        return Queries.duplicates(snapshot.analyzed(), Documents.DUPLICATES_MIN, Documents.DUPLICATES_TOP, progress);
    }

    @Override
    protected void show(Queries.Duplicates found) {
        table = found.table();
        var rows = new ArrayList<Row>();
        for (int i = 0; i < table.rows().size(); i++) rows.add(new Row(table.rows().get(i), new ObjectRef(snapshot, found.examples()[i])));
        ReportColumns.show(viewer, table, e -> e instanceof Row r ? r.cells() : null);
        viewer.setInput(rows);
        done(rows.isEmpty() ? "No string is held by " + Documents.DUPLICATES_MIN + " objects or more."
                : "The " + Format.count(rows.size()) + " strings held by at least " + Documents.DUPLICATES_MIN
                        + " objects that waste the most bytes (a row acts on its example object)");
    }

    /** The rows shown, as the headless command's table; null until found. */
    public Table table() { return table; }

    /** The rows of the widget. */
    @SuppressWarnings("unchecked")
    public List<Row> rows() { return viewer.getInput() instanceof List<?> l ? (List<Row>) l : List.of(); }

    public TableViewer viewer() { return viewer; }

    @Override
    public List<? extends ColumnViewer> viewers() { return List.of(viewer); }
}
