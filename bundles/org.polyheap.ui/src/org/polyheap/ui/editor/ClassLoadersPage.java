package org.polyheap.ui.editor;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.jface.viewers.ColumnViewer;
import org.eclipse.jface.viewers.TreeViewer;
import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.SashForm;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.widgets.Composite;
import org.polyheap.analysis.JavaClassLoaders;
import org.polyheap.model.Progress;
import org.polyheap.model.format.SnapshotFormat;
import org.polyheap.report.LoaderQueries;
import org.polyheap.ui.LoadedSnapshot;
import org.polyheap.ui.ObjectRef;

/**
 * The Class Loaders page (Java heap dumps; MAT's Class Loader Explorer and Duplicate Classes): the rows of
 * {@code polyheap loaders FILE} as two trees. Above, each class loader with its parent, the classes it
 * defined, their instances and what they retain, and the loader object's own retained size; under it the
 * classes, most instances first. Below, the class names several classes share, under each the classes of
 * that name with their loader — a name two loaders define is the trace of a redeployed application whose
 * old loader lives on. Found in a job the first time the page is shown (a pass over the objects and one
 * over the dominator tree). Loader and class rows stand for the loader and the {@code java.lang.Class}
 * object: the object menu. UI thread.
 */
public final class ClassLoadersPage extends LazyPage<ClassLoadersPage.Found> {
    /** What the job found: the query and its rows, or nothing for a snapshot of another format. */
    public record Found(LoaderQueries.Loaders loaders, List<FigureRow> loaderRows, List<FigureRow> duplicateRows) { }

    private TreeViewer loadersViewer;
    private TreeViewer duplicatesViewer;
    private Found found;

    public ClassLoadersPage(LoadedSnapshot snapshot) {
        super(snapshot);
    }

    @Override protected String waitingText() { return "The class loaders are listed when this page is first shown."; }

    @Override protected String workingText() { return "Counting each class loader's classes and instances\u2026"; }

    @Override protected String jobName() { return "Class loaders"; }

    @Override protected String failureText() { return "Cannot list the class loaders"; }

    @Override
    protected void createContent(Composite parent) {
        var sash = new SashForm(parent, SWT.VERTICAL);
        sash.setLayoutData(new GridData(SWT.FILL, SWT.FILL, true, true));
        String heap = Format.bytes(snapshot.heapBytes()), objects = Format.count(snapshot.graph().objectCount());
        loadersViewer = treeViewer(sash, FigureRow.class, FigureRow::children);
        treeColumn(loadersViewer, "Class loader: its parent, its classes", SWT.LEFT, FigureRow.class, FigureRow::text);
        FigureRow.numberColumn(loadersViewer, "Defined classes", 0);
        FigureRow.numberColumn(loadersViewer, "Instances", 1);
        FigureRow.numberColumn(loadersViewer, "Instances' retained bytes", 2);
        FigureRow.numberColumn(loadersViewer, "Retained bytes", 3);
        ColumnFit.install(loadersViewer.getTree(), 0).number(1, "1,000,000").number(2, objects).number(3, heap).number(4, heap);
        duplicatesViewer = treeViewer(sash, FigureRow.class, FigureRow::children);
        treeColumn(duplicatesViewer, "Class name defined more than once: each class and its loader", SWT.LEFT, FigureRow.class,
                FigureRow::text);
        FigureRow.numberColumn(duplicatesViewer, "Classes", 0);
        FigureRow.numberColumn(duplicatesViewer, "Loaders", 1);
        FigureRow.numberColumn(duplicatesViewer, "Instances", 2);
        FigureRow.numberColumn(duplicatesViewer, "Instances' retained bytes", 3);
        ColumnFit.install(duplicatesViewer.getTree(), 0).number(1, "1,000,000").number(2, "1,000,000").number(3, objects).number(4, heap);
        sash.setWeights(2, 1);
    }

    @Override
    protected Found find(Progress progress, IProgressMonitor monitor) throws IOException {
        if (snapshot.graph().metadata().format() != SnapshotFormat.HPROF) return new Found(null, List.of(), List.of());
        var l = LoaderQueries.loaders(snapshot.analyzed(), progress);
        var loaderRows = new ArrayList<FigureRow>();
        for (var loader : l.figures().loaders()) {
            var children = new ArrayList<FigureRow>();
            if (loader.parent() >= 0) {
                children.add(new FigureRow("parent: " + l.title(loader.parent()), new long[0], new ObjectRef(snapshot, loader.parent()), List.of()));
            }
            for (var c : loader.classes()) children.add(classRow(c, "", new long[] {-1, c.instances(), c.retained()}));
            loaderRows.add(new FigureRow(l.title(loader.object()), new long[] {loader.classes().size(), loader.instances(),
                loader.instancesRetained(), loader.retained()}, loader.object() < 0 ? null : new ObjectRef(snapshot, loader.object()),
                    List.copyOf(children)));
        }
        var duplicateRows = new ArrayList<FigureRow>();
        for (var d : l.figures().duplicates()) {
            var classes = d.classes().stream().map(c -> classRow(c, " of " + l.title(l.figures().loaderOf(c.classId())),
                    new long[] {-1, -1, c.instances(), c.retained()})).toList();
            long retained = d.classes().stream().mapToLong(JavaClassLoaders.DefinedClass::retained).sum();
            duplicateRows.add(new FigureRow(d.name(), new long[] {d.classes().size(), d.loaders(), d.instances(), retained}, null, classes));
        }
        return new Found(l, List.copyOf(loaderRows), List.copyOf(duplicateRows));
    }

    /** A class as a row: its name and class object (when the dump has one), then {@code suffix}. */
    private FigureRow classRow(JavaClassLoaders.DefinedClass c, String suffix, long[] numbers) {
        ObjectRef ref = c.classObject() < 0 ? null : new ObjectRef(snapshot, c.classObject());
        return new FigureRow(c.name() + (ref == null ? "" : " " + ref.displayId()) + suffix, numbers, ref, List.of());
    }

    @Override
    protected void show(Found f) {
        found = f;
        loadersViewer.setInput(f.loaderRows());
        duplicatesViewer.setInput(f.duplicateRows());
        if (f.loaders() == null) {
            done("Class loaders are Java's: this is a " + snapshot.graph().metadata().format().title() + ".");
            return;
        }
        long severalLoaders = f.loaders().figures().duplicates().stream().filter(d -> d.loaders() > 1).count();
        int names = f.duplicateRows().size();
        done(Format.count(f.loaderRows().size()) + " class loaders, most defined classes first. " + Format.count(names)
                + (names == 1 ? " class name is" : " class names are") + " defined more than once, " + Format.count(severalLoaders)
                + " by several loaders (a loader that outlives its application leaves its classes beside the new ones).");
    }

    /** What was found; null until then. */
    public Found found() { return found; }

    public TreeViewer loadersViewer() { return loadersViewer; }

    public TreeViewer duplicatesViewer() { return duplicatesViewer; }

    /** The two trees: loaders, duplicate class names. */
    @Override
    public List<? extends ColumnViewer> viewers() { return List.of(loadersViewer, duplicatesViewer); }

    /** Java's only: HPROF dumps. */
    @Override
    public boolean appliesTo(org.polyheap.model.format.SnapshotFormat format) {
        return format == org.polyheap.model.format.SnapshotFormat.HPROF;
    }

}
