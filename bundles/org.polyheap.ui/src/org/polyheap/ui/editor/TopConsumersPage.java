package org.polyheap.ui.editor;

import java.util.ArrayList;
import java.util.List;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.jface.viewers.TableViewer;
import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.SashForm;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;
import org.polyheap.analysis.Grouping;
import org.polyheap.analysis.HistogramRow;
import org.polyheap.model.Progress;
import org.polyheap.report.Documents;
import org.polyheap.report.Queries;
import org.polyheap.report.table.Table;
import org.polyheap.ui.LoadedSnapshot;
import org.polyheap.ui.ObjectRef;

/**
 * The Top Consumers page, MAT's Top Consumers live: the biggest objects, classes and packages (Java) or
 * libraries (V8 scripts, Dart libraries, Fuchsia modules) by retained size, with their share of the
 * heap, {@link Documents#TOP_ROWS} of each ({@link Queries#topConsumers}). Made in a job the first time
 * the page is shown (the histograms are usually stored with the index, so it is quick). Object rows
 * select their object and have the object menu; class and group rows have the Histogram's row menu.
 * UI thread.
 */
public final class TopConsumersPage extends LazyPage<Queries.Consumers> {
    /** A row of the objects table. */
    public record ObjectRow(Object[] cells, ObjectRef object) implements ObjectRef.Holder { }

    /** A row of the classes or groups table. */
    public record ClassRow(Object[] cells, ClassRef classRef) implements ClassRef.Holder { }

    private Section objects, classes, groups;
    private Queries.Consumers consumers;

    /** A heading and its table. */
    private record Section(Label heading, TableViewer viewer) { }

    public TopConsumersPage(LoadedSnapshot snapshot) {
        super(snapshot);
    }

    @Override protected String waitingText() { return "The top consumers are listed when this page is first shown."; }

    @Override
    protected String workingText() { return "Finding the biggest objects, classes and " + plural(snapshotGrouping()) + "\u2026"; }

    @Override protected String jobName() { return "Top consumers"; }

    @Override protected String failureText() { return "Cannot list the top consumers"; }

    @Override
    protected void createContent(Composite parent) {
        var sash = new SashForm(parent, SWT.VERTICAL); // objects above, classes and groups side by side below
        sash.setLayoutData(new GridData(SWT.FILL, SWT.FILL, true, true));
        objects = section(sash, "Biggest objects");
        var below = new SashForm(sash, SWT.HORIZONTAL);
        classes = section(below, "Biggest classes");
        groups = section(below, "Biggest " + plural(snapshotGrouping()));
    }

    private static Section section(Composite parent, String title) {
        var box = new Composite(parent, SWT.NONE);
        var layout = new GridLayout(1, false);
        layout.marginWidth = 0;
        box.setLayout(layout);
        var heading = new Label(box, SWT.NONE);
        heading.setText(title);
        heading.setFont(org.eclipse.jface.resource.JFaceResources.getBannerFont());
        var viewer = tableViewer(box);
        return new Section(heading, viewer);
    }

    /** "packages", "libraries": a grouping's rows in a heading. */
    private static String plural(Grouping grouping) {
        return switch (grouping) {
            case CLASS -> "classes";
            case PACKAGE -> "packages";
            case CLASS_LOADER -> "class loaders";
            case LIBRARY -> "libraries";
        };
    }

    @Override
    protected Queries.Consumers find(Progress progress, IProgressMonitor monitor) {
        return Queries.topConsumers(snapshot.analyzed(), Documents.TOP_ROWS, progress);
    }

    private Grouping snapshotGrouping() { return org.polyheap.analysis.TopConsumers.groupingFor(snapshot.graph()); }

    @Override
    protected void show(Queries.Consumers found) {
        consumers = found;
        var objectRows = new ArrayList<ObjectRow>();
        for (int i = 0; i < found.objectIds().length; i++) {
            objectRows.add(new ObjectRow(found.objects().rows().get(i), new ObjectRef(snapshot, found.objectIds()[i])));
        }
        fill(objects, found.objects(), objectRows, 1);
        fill(classes, found.classes(), groupRows(found.classes(), found.classRows(), Grouping.CLASS), 0);
        fill(groups, found.groups(), groupRows(found.groups(), found.groupRows(), found.grouping()), 0);
        groups.heading().setText("Biggest " + plural(found.grouping()));
        done("By retained size, biggest first, " + Documents.TOP_ROWS + " of each; synthetic containers left out. A class's or "
                + (found.grouping() == Grouping.PACKAGE ? "package's" : "library's") + " retained bytes are a lower bound, as on the Histogram"
                + " (what its objects that no other of its objects dominates retain).");
    }

    private static List<ClassRow> groupRows(Table table, List<HistogramRow> rows, Grouping grouping) {
        var out = new ArrayList<ClassRow>();
        for (int i = 0; i < rows.size(); i++) {
            Object[] cells = table.rows().get(i).clone();
            if ("".equals(cells[0])) cells[0] = "(none)"; // as the Histogram shows a class without a package or library
            out.add(new ClassRow(cells, new ClassRef(grouping, rows.get(i).name())));
        }
        return out;
    }

    /** Shows a table's columns and rows, the number columns fitted to the widest value they can show. */
    private void fill(Section section, Table table, List<?> rows, int nameColumn) {
        var viewer = section.viewer();
        ReportColumns.show(viewer, table, e -> switch (e) {
            case ObjectRow r -> r.cells();
            case ClassRow r -> r.cells();
            default -> null;
        });
        viewer.setInput(rows);
        String bytes = Format.bytes(snapshot.heapBytes());
        var fit = ColumnFit.install(viewer.getTable(), nameColumn);
        for (int i = 0; i < table.columns().size(); i++) {
            switch (table.columns().get(i).kind()) {
                case BYTES -> fit.number(i, bytes);
                case COUNT -> fit.number(i, Format.count(snapshot.graph().objectCount()));
                case PERCENT -> fit.number(i, Format.percent(1, 1));
                default -> { }
            }
        }
        if (nameColumn != 0) { // the objects: id and value beside the class, which takes the free width
            viewer.getTable().getColumn(0).setWidth(120);
            viewer.getTable().getColumn(2).setWidth(200);
        }
    }

    /** The tables' data; null until made. */
    public Queries.Consumers consumers() { return consumers; }

    public TableViewer objectsViewer() { return objects.viewer(); }

    public TableViewer classesViewer() { return classes.viewer(); }

    public TableViewer groupsViewer() { return groups.viewer(); }

    /** The three tables, objects, classes and groups. */
    @Override
    public List<TableViewer> viewers() { return List.of(objects.viewer(), classes.viewer(), groups.viewer()); }
}
