package org.polyheap.ui.editor;

import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.jface.viewers.ColumnLabelProvider;
import org.eclipse.jface.viewers.ILazyContentProvider;
import org.eclipse.jface.viewers.ColumnViewer;
import org.eclipse.jface.viewers.TableViewer;
import org.eclipse.jface.viewers.TableViewerColumn;
import org.eclipse.jface.viewers.Viewer;
import org.eclipse.swt.SWT;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Combo;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Link;
import org.eclipse.swt.widgets.Table;
import org.eclipse.swt.widgets.TableColumn;
import org.eclipse.swt.widgets.Text;
import org.polyheap.analysis.Grouping;
import org.polyheap.analysis.HistogramRow;
import org.polyheap.analysis.NativeSizes;
import org.polyheap.analysis.ObjectSets;
import org.polyheap.analysis.PackageTree;
import org.polyheap.analysis.Reachability;
import org.polyheap.ui.LoadedSnapshot;
import org.polyheap.ui.jobs.MonitorProgress;

/**
 * The Histogram page: one row per class (or package, loader, library) with object count, shallow
 * and retained bytes and the bytes that are not strongly reachable, in a virtual table that asks a {@link HistogramRows.View} for the rows it
 * shows. It counts the whole heap or, after a query (Retained Set, Immediate Dominators), a set of
 * objects ({@link Scope}), of every object or of one reachability class. Histograms of up to {@value #IN_PLACE} rows are filtered and sorted on
 * the UI thread (under a few ms); bigger ones in a job, the latest request winning, and the table's
 * row count follows in steps ({@link GradualItemCount}), so typing in the filter of a 100 k-class
 * histogram never holds the window. A grouping or scope change recomputes the rows in a job. Grouped
 * by package (formats with packages), a {@link PackageTreePart} takes the table's place; it is
 * filtered and sorted on the UI thread (one pass over the packages and classes).
 */
public final class HistogramPage implements EditorPage {
    static final String[] GROUPINGS = java.util.Arrays.stream(Grouping.values()).map(Grouping::key).toArray(String[]::new);
    /** Histograms with at most this many rows are filtered and sorted on the UI thread. */
    static final int IN_PLACE = 5_000;

    /** What the histogram counts: the whole heap ({@link #WHOLE_HEAP}) or a set of objects a query gave. */
    public record Scope(String title, int[] objects) {
        public static final Scope WHOLE_HEAP = new Scope("", null);

        public boolean isWholeHeap() { return objects == null; }
    }

    /**
     * What the page shows, for the navigation history: restoring it shows the same rows without recomputing.
     * {@code reachability} is the class the rows count, null for every object.
     */
    public record State(Scope scope, Grouping grouping, Reachability reachability, HistogramRows.View view,
            PackageTreeRows packages) {
        public State(Scope scope, Grouping grouping, Reachability reachability, HistogramRows.View view) {
            this(scope, grouping, reachability, view, null);
        }
    }

    /** Why the page changed, for the navigation history. */
    public enum Change { FILTER, GROUPING, SCOPE, REACHABILITY }

    private final LoadedSnapshot snapshot;
    private Composite control;
    private Link scopeLine;
    private Text filterText;
    private Combo grouping;
    private Combo reachability;
    private Label count;
    private Label totals;
    private TableViewer viewer;
    private String[] groupings;                 // the groupings this snapshot's format offers
    private Composite rowsHolder;               // shows the table, or the package tree
    private PackageTreePart packageTree;
    private PackageTreeRows packages;           // the package tree of the rows shown, when grouped by package as a tree
    private GradualItemCount itemCount;
    private ColumnFit columnFit;
    private Consumer<Change> changes = c -> { };
    private boolean restoring;

    private Scope scope = Scope.WHOLE_HEAP;
    private Grouping currentGrouping = Grouping.CLASS;
    private Reachability currentReachability; // null: every object
    private HistogramRows base;                 // the rows of scope and grouping
    private HistogramRows.View view;            // what the table shows of them
    private Change pendingChange;               // told to the listener when the view it led to is shown
    private HistogramRows.Column sortColumn = HistogramRows.Column.RETAINED; // asked for; the view follows
    private boolean descending = true;
    private final ViewJob viewJob = new ViewJob();
    private Job rowsJob;

    public HistogramPage(LoadedSnapshot snapshot) {
        this.snapshot = snapshot;
    }

    @Override
    public Composite create(Composite parent) {
        control = new Composite(parent, SWT.NONE);
        control.setLayout(new GridLayout(7, false));
        scopeLine = new Link(control, SWT.NONE);
        scopeLine.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false, 7, 1));
        scopeLine.addListener(SWT.Selection, e -> showScope(Scope.WHOLE_HEAP));
        new Label(control, SWT.NONE).setText("Filter:");
        filterText = new Text(control, SWT.SEARCH | SWT.ICON_SEARCH | SWT.ICON_CANCEL);
        filterText.setMessage("class name: substring or regular expression (Ctrl+F)");
        filterText.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false));
        filterText.addModifyListener(e -> filterChanged());
        new Label(control, SWT.NONE).setText("Group by:");
        grouping = new Combo(control, SWT.READ_ONLY);
        var format = snapshot.graph().metadata().format();
        groupings = java.util.Arrays.stream(Grouping.values()) // V8 and Fuchsia names have no packages
                .filter(g -> g != Grouping.PACKAGE || PackageTree.offered(format)).map(Grouping::key)
                .toArray(String[]::new);
        grouping.setItems(groupings);
        grouping.select(0);
        grouping.addListener(SWT.Selection, e -> regroup(groupings[grouping.getSelectionIndex()]));
        new Label(control, SWT.NONE).setText("Objects:");
        reachability = new Combo(control, SWT.READ_ONLY);
        reachability.setItems(reachabilityChoices());
        reachability.select(0);
        reachability.addListener(SWT.Selection, e -> showReachability(reachabilityAt(reachability.getSelectionIndex())));
        count = new Label(control, SWT.NONE);
        count.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, false, false));

        rowsHolder = new Composite(control, SWT.NONE);
        rowsHolder.setLayoutData(new GridData(SWT.FILL, SWT.FILL, true, true, 7, 1));
        rowsHolder.setLayout(new org.eclipse.swt.custom.StackLayout());
        viewer = new TableViewer(rowsHolder, SWT.VIRTUAL | SWT.FULL_SELECTION | SWT.MULTI | SWT.BORDER);
        Table table = viewer.getTable();
        table.setHeaderVisible(true);
        table.setLinesVisible(true);
        ((org.eclipse.swt.custom.StackLayout) rowsHolder.getLayout()).topControl = table;
        column("Class", 270, SWT.LEFT, HistogramRows.Column.NAME, r -> r.name().isEmpty() ? "(none)" : r.name());
        column("Objects", 110, SWT.RIGHT, HistogramRows.Column.OBJECTS, r -> Format.count(r.objects()));
        column("Shallow bytes", 140, SWT.RIGHT, HistogramRows.Column.SHALLOW, r -> Format.bytes(r.shallow()));
        column("Retained bytes", 150, SWT.RIGHT, HistogramRows.Column.RETAINED,
                r -> Format.bytes(r.retained(), r.retainedIsLowerBound()));
        column("% of heap", 90, SWT.RIGHT, HistogramRows.Column.PERCENT,
                r -> (r.retainedIsLowerBound() ? "\u2265 " : "") + Format.percent(r.retained(), snapshot.heapBytes()));
        column("Not strongly reachable", 150, SWT.RIGHT, HistogramRows.Column.NOT_STRONG,
                r -> r.notStrong() == 0 ? "" : Format.bytes(r.notStrong()));
        boolean nativeMemory = NativeSizes.recorded(snapshot.graph()); // Dart external sizes: a column only where recorded
        if (nativeMemory) {
            column(NATIVE_COLUMN, 120, SWT.RIGHT, HistogramRows.Column.NATIVE, r -> {
                long n = view == null ? 0 : view.rows().nativeBytes(r);
                return n == 0 ? "" : Format.bytes(n);
            });
            table.getColumn(6).setToolTipText("Native (external) memory the runtime attributes to the objects, outside their"
                    + " shallow size: Dart's external sizes (an external typed array's buffer, a finalizable handle's peer)");
        }
        String bytes = Format.bytes(snapshot.heapBytes(), true); // no row's sum exceeds the heap's
        columnFit = ColumnFit.install(table, 0).number(1, Format.count(snapshot.graph().objectCount())).number(2, bytes).number(3, bytes)
                .number(4, "\u2265 " + Format.percent(1, 1)).number(5, bytes);
        if (nativeMemory) columnFit.number(6, Format.bytes(NativeSizes.total(snapshot.graph())));
        // no hash lookup: rows leave the table a thousand at a time (GradualItemCount), which JFace's map would not see
        viewer.setContentProvider(new ILazyContentProvider() {
            @Override public void updateElement(int index) {
                if (view != null && index < view.size()) viewer.replace(view.row(index), index);
            }
            @Override public void inputChanged(Viewer v, Object oldInput, Object newInput) { }
        });
        viewer.setInput(snapshot);
        packageTree = new PackageTreePart(snapshot);
        packageTree.create(rowsHolder, this::sortBy);
        totals = new Label(control, SWT.NONE);
        totals.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false, 7, 1));
        itemCount = new GradualItemCount(table);
        show(Scope.WHOLE_HEAP, Grouping.CLASS, null, snapshot.classRows(), null);
        return control;
    }

    private void column(String title, int width, int align, HistogramRows.Column sortKey,
            java.util.function.Function<HistogramRow, String> text) {
        var c = new TableViewerColumn(viewer, align);
        TableColumn tc = c.getColumn();
        tc.setText(title);
        tc.setWidth(width);
        tc.setMoveable(true);
        tc.setData(sortKey);
        c.setLabelProvider(new ColumnLabelProvider() {
            @Override public String getText(Object element) {
                return element instanceof HistogramRow r ? text.apply(r) : "";
            }
        });
        tc.addListener(SWT.Selection, e -> sortBy(tc));
    }

    /** Tells {@code listener} of filter, grouping and scope changes the user made (not of restores). */
    public void onChange(Consumer<Change> listener) { this.changes = listener; }

    /** Sorts by the column whose header was clicked; again reverses. */
    public void sortBy(TableColumn column) {
        sortBy((HistogramRows.Column) column.getData());
    }

    /** Sorts by a column, as a click on its header does (the table's or the package tree's). */
    public void sortBy(HistogramRows.Column c) {
        descending = c == sortColumn ? !descending : c != HistogramRows.Column.NAME;
        sortColumn = c;
        request();
    }

    private void filterChanged() {
        if (base == null || restoring) return;
        if (pendingChange == null) pendingChange = Change.FILTER;
        request();
    }

    /** Computes the view for the filter and sort asked for: here when small, else in the view job. */
    private void request() {
        String text = filterText.getText();
        if (text.isBlank() && sortColumn == base.initial().sortColumn() && descending == base.initial().descending()) {
            viewJob.cancelPending();
            setView(base.initial()); // made with the rows, off the UI thread
        } else if (base.totalRows() <= IN_PLACE) {
            viewJob.cancelPending();
            setView(base.view(text, sortColumn, descending));
        } else {
            viewJob.compute(base, text, sortColumn, descending);
        }
    }

    private void setView(HistogramRows.View v) {
        view = v;
        Change change = pendingChange;
        pendingChange = null;
        Table table = viewer.getTable();
        if (table.getSortColumn() != columnOf(v.sortColumn())) {
            table.setSortColumn(columnOf(v.sortColumn()));
            columnFit.sortColumnChanged();
        }
        table.setSortDirection(v.descending() ? SWT.DOWN : SWT.UP);
        table.clearAll(); // the rows on screen ask for their new contents
        itemCount.setTarget(v.size());
        String filter = filterText.getText().strip();
        count.setText(Format.count(v.size()) + " of " + Format.count(v.totalRows()) + " rows"
                + (filter.isEmpty() ? "" : " matching \u201c" + filter + "\u201d")); // name the filter whenever one applies
        count.getParent().layout(new org.eclipse.swt.widgets.Control[] { count });
        totals.setText(totalsText(v));
        if (packages != null) showPackages();
        if (change != null && !restoring) changes.accept(change);
    }

    /** Shows the package tree for the filter and sort asked for, with its own counts. O(packages · log) on the UI thread. */
    private void showPackages() {
        var pv = packages.view(filterText.getText(), sortColumn, descending);
        packageTree.show(pv);
        String filter = filterText.getText().strip();
        count.setText(Format.count(pv.classes()) + " of " + Format.count(packages.view("", sortColumn, descending).classes())
                + " classes" + (filter.isEmpty() ? "" : " matching \u201c" + filter + "\u201d"));
        count.getParent().layout(new org.eclipse.swt.widgets.Control[] { count });
        totals.setText(packageTotalsText(pv));
    }

    /** The totals line of the package tree: the kept classes' objects and shallow bytes (they add up). */
    static String packageTotalsText(PackageTreeRows.View v) {
        return "Total: " + Format.count(v.classes()) + " classes, " + Format.count(v.objects()) + " objects, "
                + Format.bytes(v.shallow()) + " shallow bytes";
    }

    /** MAT's total row, in words: counts, shallow and native bytes add up over rows, retained sizes do not. */
    static String totalsText(HistogramRows.View v) {
        var t = v.totals();
        return "Total: " + Format.count(v.size()) + " of " + Format.count(v.totalRows()) + " rows, "
                + Format.count(t.objects()) + " objects, " + Format.bytes(t.shallow()) + " shallow bytes"
                + (v.rows().hasNative() ? ", " + Format.bytes(v.nativeTotal()) + " native bytes" : "")
                + " (retained sizes are not summed: the rows' retained sets may overlap)";
    }

    /** The title of the native bytes column, which snapshots recording native memory per object have. */
    public static final String NATIVE_COLUMN = "Native bytes";

    /**
     * The native bytes per group of the objects counted ({@code members}, or with null every object of
     * reachability {@code only}, or with both null every object); null when the snapshot records none.
     * O(objects holding native memory), plus a bit per object given.
     */
    private Map<String, Long> nativeBytes(Grouping g, int[] members, Reachability only) {
        var graph = snapshot.graph();
        if (!NativeSizes.recorded(graph)) return null;
        java.util.function.IntPredicate member = null;
        if (members != null) {
            var set = new java.util.BitSet(graph.objectCount());
            for (int o : members) set.set(o);
            member = set::get;
        } else if (only != null) {
            var tree = snapshot.analyzed().analysis().dominatorTree();
            member = o -> tree.reachabilityOf(o) == only;
        }
        return NativeSizes.byGroup(graph, g, member);
    }

    /** The totals line under the table, for the rows shown. */
    public Label totals() { return totals; }

    private TableColumn columnOf(HistogramRows.Column c) {
        for (TableColumn t : viewer.getTable().getColumns()) if (t.getData() == c) return t;
        return null;
    }

    /** Shows new rows (a grouping or a scope) with the filter and sort asked for; {@code tree}: the package tree, or null. */
    private void show(Scope s, Grouping g, Reachability only, HistogramRows rows, PackageTreeRows tree) {
        setScope(s, g, only, rows, tree);
        request();
    }

    static final String ALL_OBJECTS = "all objects";

    /** "all objects", then the classes this snapshot has objects of. */
    private String[] reachabilityChoices() {
        var choices = new java.util.ArrayList<String>(List.of(ALL_OBJECTS));
        for (Reachability r : present()) choices.add(r.label());
        return choices.toArray(String[]::new);
    }

    private List<Reachability> present() {
        var totals = snapshot.analyzed().analysis().dominatorTree().totals();
        return java.util.Arrays.stream(Reachability.values()).filter(r -> totals.objects(r) > 0).toList();
    }

    private Reachability reachabilityAt(int index) { return index <= 0 ? null : present().get(index - 1); }

    /** Counts only the objects of one reachability class (null: every object); recomputed off the UI thread. */
    public Job showReachability(Reachability only) {
        return load(scope, currentGrouping, only, Change.REACHABILITY);
    }

    private void setScope(Scope s, Grouping g, Reachability only, HistogramRows rows, PackageTreeRows tree) {
        scope = s;
        base = rows;
        packages = tree;
        var stack = (org.eclipse.swt.custom.StackLayout) rowsHolder.getLayout();
        stack.topControl = tree == null ? viewer.getControl() : packageTree.viewer().getControl();
        rowsHolder.layout();
        currentGrouping = g;
        currentReachability = only;
        reachability.select(java.util.Arrays.asList(reachabilityChoices()).indexOf(only == null ? ALL_OBJECTS : only.label()));
        grouping.select(java.util.Arrays.asList(groupings).indexOf(g.key()));
        viewer.getTable().getColumn(0).setText(g.title());
        String objects = only == null ? "" : " (" + only.label() + ")";
        scopeLine.setText(s.isWholeHeap() ? (only == null ? "Every object of the snapshot, whatever its reachability" : "The objects of the snapshot" + objects)
                : s.title() + objects + "    <a>Show the whole heap</a>");
        scopeLine.getParent().layout(new org.eclipse.swt.widgets.Control[] { scopeLine });
    }

    /** Switches the grouping ("class", "package", "loader", "library"); recomputed off the UI thread. */
    public Job regroup(String by) {
        return load(scope, Grouping.ofKey(by), currentReachability, Change.GROUPING);
    }

    /** Counts a set of objects (or the whole heap) instead, in the current grouping; computed off the UI thread. */
    public Job showScope(Scope s) {
        if (!s.isWholeHeap() && !filterText.getText().isEmpty()) {
            restoring = true; // a query's result starts unfiltered: an old filter would hide it ("0 of 1 rows")
            try {
                filterText.setText("");
            } finally {
                restoring = false;
            }
        }
        return load(s, currentGrouping, currentReachability, Change.SCOPE);
    }

    /** Makes the rows of a scope and grouping in a job, then shows them. Returns the job, or null when there was none to run. */
    private Job load(Scope s, Grouping g, Reachability only, Change change) {
        if (rowsJob != null) rowsJob.cancel();
        if (s.isWholeHeap() && g == Grouping.CLASS && only == null) {
            pendingChange = change;
            show(s, g, null, snapshot.classRows(), null);
            return null;
        }
        var job = new Job(s.isWholeHeap() ? "Histogram by " + g.name().toLowerCase(java.util.Locale.ROOT) : s.title()) {
            @Override protected IStatus run(IProgressMonitor monitor) {
                var progress = MonitorProgress.begin(monitor, getName());
                try {
                    var analysis = snapshot.analyzed().analysis();
                    var tree = analysis.dominatorTree();
                    int[] members = s.isWholeHeap() || only == null ? s.objects()
                            : java.util.Arrays.stream(s.objects()).filter(o -> tree.reachabilityOf(o) == only).toArray();
                    var reachable = only == null ? null : java.util.EnumSet.of(only);
                    List<HistogramRow> list = s.isWholeHeap()
                            ? analysis.histogram(g, null, reachable, progress)
                            : ObjectSets.histogram(snapshot.graph(), tree, members, g, progress);
                    var rows = new HistogramRows(list, nativeBytes(g, members, only));
                    PackageTreeRows packageRows = g != Grouping.PACKAGE || !PackageTree.offered(snapshot.graph().metadata().format())
                            ? null
                            : new PackageTreeRows(s.isWholeHeap() ? PackageTree.ofHeap(snapshot.graph(), tree, reachable, progress)
                                    : PackageTree.ofSet(snapshot.graph(), tree, members, progress));
                    control.getDisplay().asyncExec(() -> {
                        if (control.isDisposed() || monitor.isCanceled()) return;
                        pendingChange = change;
                        show(s, g, only, rows, packageRows);
                    });
                    return Status.OK_STATUS;
                } catch (java.util.concurrent.CancellationException e) {
                    return Status.CANCEL_STATUS;
                } finally {
                    monitor.done();
                }
            }
        };
        rowsJob = job;
        job.schedule();
        return job;
    }

    /** What the page shows now. */
    public State state() {
        return new State(scope, currentGrouping, currentReachability, view, packages);
    }

    /** What the page shows when it opens: the whole heap by class, biggest retained first, no filter. */
    public State initialState() {
        return new State(Scope.WHOLE_HEAP, Grouping.CLASS, null, snapshot.classRows().initial());
    }

    /** Shows a state again (navigation history): rows, filter and sort as they were; no recomputation. */
    public void restore(State state) {
        if (rowsJob != null) rowsJob.cancel();
        viewJob.cancelPending();
        restoring = true;
        try {
            pendingChange = null;
            sortColumn = state.view().sortColumn();
            descending = state.view().descending();
            filterText.setText(state.view().filterText());
            setScope(state.scope(), state.grouping(), state.reachability(), state.view().rows(), state.packages());
            setView(state.view());
        } finally {
            restoring = false;
        }
    }

    public void focusFilter() {
        filterText.setFocus();
        filterText.selectAll();
    }

    /** True when the table shows the rows last asked for (no filter or sort still computing, row count reached). */
    public boolean settled() {
        return !viewJob.pending() && itemCount.settled() && (rowsJob == null || rowsJob.getResult() != null);
    }

    public TableViewer viewer() { return viewer; }

    /** The package tree (shown instead of the table when the rows are grouped by package). */
    public PackageTreePart packageTree() { return packageTree; }

    /** The package tree of the rows shown, or null when the table shows them. */
    public PackageTreeRows packages() { return packages; }

    /** The rows shown now (filter and sort applied). */
    public HistogramRows.View rows() { return view; }

    public Grouping grouping() { return currentGrouping; }

    public Scope scope() { return scope; }

    public Text filterText() { return filterText; }

    public Reachability reachability() { return currentReachability; }

    /**
     * Computes views of big histograms off the UI thread. One job, rescheduled per request: while it
     * runs, newer requests replace the pending one, so typing fast computes only the latest text.
     */
    private final class ViewJob extends Job {
        private record Request(HistogramRows rows, String filter, HistogramRows.Column column, boolean descending) { }

        private volatile Request latest;

        ViewJob() {
            super("Filtering the histogram");
            setSystem(true);
        }

        void compute(HistogramRows rows, String filter, HistogramRows.Column column, boolean descending) {
            latest = new Request(rows, filter, column, descending);
            schedule();
        }

        void cancelPending() { latest = null; }

        boolean pending() { return latest != null; }

        @Override
        protected IStatus run(IProgressMonitor monitor) {
            Request r = latest;
            if (r == null) return Status.OK_STATUS;
            var v = r.rows().view(r.filter(), r.column(), r.descending());
            control.getDisplay().asyncExec(() -> {
                if (control.isDisposed() || latest != r) return; // a newer request is on its way
                latest = null;
                setView(v);
            });
            return Status.OK_STATUS;
        }
    }

    @Override
    public List<? extends ColumnViewer> viewers() { return List.of(viewer, packageTree.viewer()); }
}
