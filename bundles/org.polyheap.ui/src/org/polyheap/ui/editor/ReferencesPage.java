package org.polyheap.ui.editor;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.jface.viewers.ColumnViewer;
import org.eclipse.jface.viewers.TreeViewer;
import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.SashForm;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.widgets.Composite;
import org.polyheap.analysis.DominatorTree;
import org.polyheap.analysis.JavaReferences;
import org.polyheap.model.Progress;
import org.polyheap.model.format.SnapshotFormat;
import org.polyheap.report.ByteSizes;
import org.polyheap.report.ReferenceQueries;
import org.polyheap.report.ReferenceQueries.FinalizerState;
import org.polyheap.ui.LoadedSnapshot;
import org.polyheap.ui.ObjectRef;

/**
 * The Reference Kinds page (Java heap dumps): the rows of {@code polyheap references FILE} as two
 * trees. Above, per kind (soft, weak, finalizer, phantom) what clearing its references would free, under
 * it the referents by class, under a class its biggest referents (what each keeps among the freed
 * objects) and under a referent the {@code Reference} objects that point at it. Below, the finalizer
 * queue: the finalizer thread, then the objects in processing, ready, pending and alive. Finding them
 * marks the whole graph five times, so it runs in a job the first time the page is shown. Object rows
 * have the object menu. UI thread.
 */
public final class ReferencesPage extends LazyPage<ReferencesPage.Found> {
    /** Referents (or finalizable objects) listed under one row; the rest is counted in a last row. */
    static final int OBJECTS_SHOWN = 100;

    /** What the job found: the query and its rows, or nothing for a snapshot of another format. */
    public record Found(ReferenceQueries.References references, List<FigureRow> kinds, List<FigureRow> queue) { }

    private TreeViewer kindsViewer;
    private TreeViewer queueViewer;
    private Found found;

    public ReferencesPage(LoadedSnapshot snapshot) {
        super(snapshot);
    }

    @Override protected String waitingText() { return "The references are counted when this page is first shown."; }

    @Override protected String workingText() { return "Marking what each kind of reference keeps alive\u2026"; }

    @Override protected String jobName() { return "References by kind"; }

    @Override protected String failureText() { return "Cannot count the references"; }

    @Override
    protected void createContent(Composite parent) {
        var sash = new SashForm(parent, SWT.VERTICAL);
        sash.setLayoutData(new GridData(SWT.FILL, SWT.FILL, true, true));
        String heap = Format.bytes(snapshot.heapBytes()), objects = Format.count(snapshot.graph().objectCount());
        kindsViewer = treeViewer(sash, FigureRow.class, FigureRow::children);
        treeColumn(kindsViewer, "Kind, referent class, referent, its reference", SWT.LEFT, FigureRow.class, FigureRow::text);
        FigureRow.numberColumn(kindsViewer, "References", 0);
        FigureRow.numberColumn(kindsViewer, "Referents", 1);
        FigureRow.numberColumn(kindsViewer, "Held otherwise", 2);
        FigureRow.numberColumn(kindsViewer, "Freed objects", 3);
        FigureRow.numberColumn(kindsViewer, "Freed bytes", 4);
        treeColumn(kindsViewer, "% of heap", SWT.RIGHT, FigureRow.class,
                r -> r.number(4) < 0 ? "" : Format.percent(r.number(4), snapshot.heapBytes()));
        ColumnFit.install(kindsViewer.getTree(), 0).number(1, objects).number(2, objects).number(3, objects)
                .number(4, objects).number(5, heap).number(6, Format.percent(1, 1));
        queueViewer = treeViewer(sash, FigureRow.class, FigureRow::children);
        treeColumn(queueViewer, "Finalizer queue: state, object", SWT.LEFT, FigureRow.class, FigureRow::text);
        FigureRow.numberColumn(queueViewer, "Objects", 0);
        FigureRow.numberColumn(queueViewer, "Shallow bytes", 1);
        FigureRow.numberColumn(queueViewer, "Retained bytes", 2);
        treeColumn(queueViewer, "% of heap", SWT.RIGHT, FigureRow.class,
                r -> r.number(2) < 0 ? "" : Format.percent(r.number(2), snapshot.heapBytes()));
        ColumnFit.install(queueViewer.getTree(), 0).number(1, objects).number(2, heap).number(3, heap).number(4, Format.percent(1, 1));
        sash.setWeights(2, 1);
    }

    @Override
    protected Found find(Progress progress, IProgressMonitor monitor) throws IOException {
        if (snapshot.graph().metadata().format() != SnapshotFormat.HPROF) return new Found(null, List.of(), List.of());
        var r = ReferenceQueries.references(snapshot.analyzed(), null, progress);
        return new Found(r, kindRows(r), queueRows(r));
    }

    /** Kind → referent class → referent (at most {@link #OBJECTS_SHOWN}) → its reference objects. */
    private List<FigureRow> kindRows(ReferenceQueries.References r) {
        var rows = new ArrayList<FigureRow>();
        for (var k : r.figures().kinds()) {
            var classes = new ArrayList<FigureRow>();
            for (var c : k.classes()) {
                var referents = new ArrayList<FigureRow>();
                for (int i = 0; i < Math.min(OBJECTS_SHOWN, c.objects().length); i++) {
                    int o = c.objects()[i];
                    var refs = new ArrayList<FigureRow>();
                    for (int ref : k.referencesTo(o)) refs.add(objectRow(ref, new long[0]));
                    long held = c.objectFreed()[i] == 0 ? 1 : -1;
                    referents.add(new FigureRow(new ObjectRef(snapshot, o).label(), new long[] {c.objectReferences()[i], -1, held, -1,
                        c.objectFreed()[i]}, new ObjectRef(snapshot, o), List.copyOf(refs)));
                }
                if (c.objects().length > OBJECTS_SHOWN) referents.add(more(c.objects().length - OBJECTS_SHOWN, "referents"));
                classes.add(new FigureRow(c.className(), new long[] {c.references(), c.referents(), c.heldOtherwise(), c.freedObjects(),
                    c.freedBytes()}, null, List.copyOf(referents)));
            }
            String title = k.kind().title() + (k.cleared() > 0 ? " (" + Format.count(k.cleared()) + " cleared)" : "");
            rows.add(new FigureRow(title, new long[] {k.references(), k.referents(), k.heldOtherwise(), k.freedObjects(), k.freedBytes()},
                    null, List.copyOf(classes)));
        }
        return List.copyOf(rows);
    }

    /** The finalizer thread, then a row per state with its objects (at most {@link #OBJECTS_SHOWN}). */
    private List<FigureRow> queueRows(ReferenceQueries.References r) {
        DominatorTree tree = snapshot.analyzed().analysis().dominatorTree();
        var q = r.figures().finalizers();
        var rows = new ArrayList<FigureRow>();
        if (q.thread() >= 0) {
            var thread = new ObjectRef(snapshot, q.thread());
            rows.add(new FigureRow("Finalizer thread: " + thread.label(), new long[] {-1, tree.shallow().get(q.thread()),
                tree.retained().get(q.thread())}, thread, List.of()));
        }
        for (FinalizerState state : FinalizerState.values()) {
            int[] objects = state.of(q);
            var children = new ArrayList<FigureRow>();
            long shallow = 0;
            for (int i = 0; i < objects.length; i++) {
                long size = tree.shallow().get(objects[i]);
                shallow += size;
                if (i < OBJECTS_SHOWN) children.add(objectRow(objects[i], new long[] {-1, size, tree.retained().get(objects[i])}));
            }
            if (objects.length > OBJECTS_SHOWN) children.add(more(objects.length - OBJECTS_SHOWN, "objects"));
            String title = state.word().substring(0, 1).toUpperCase(Locale.ROOT) + state.word().substring(1) + ": " + state.meaning();
            rows.add(new FigureRow(title, new long[] {objects.length, shallow, ReferenceQueries.retained(tree, objects)}, null,
                    List.copyOf(children)));
        }
        return List.copyOf(rows);
    }

    private FigureRow objectRow(int object, long[] numbers) {
        var ref = new ObjectRef(snapshot, object);
        return new FigureRow(ref.label(), numbers, ref, List.of());
    }

    private static FigureRow more(int n, String what) {
        return new FigureRow("\u2026 and " + Format.count(n) + " more " + what, new long[0], null, List.of());
    }

    @Override
    protected void show(Found f) {
        found = f;
        kindsViewer.setInput(f.kinds());
        queueViewer.setInput(f.queue());
        if (f.references() == null) {
            done("References by kind are Java's: this is a " + snapshot.graph().metadata().format().title() + ".");
            return;
        }
        var freed = new StringBuilder();
        for (var k : f.references().figures().kinds()) {
            freed.append(freed.isEmpty() ? "" : ", ").append(k.kind().word()).append(' ').append(ByteSizes.human(k.freedBytes()));
        }
        var q = f.references().figures().finalizers();
        done("Clearing the references of a kind would free: " + freed + ". Finalizer queue: " + Format.count(q.inProcessing().length)
                + " in processing, " + Format.count(q.ready().length) + " ready"
                + (f.references().queueLength() < 0 ? "" : " (the JDK counts " + Format.count(f.references().queueLength()) + ")")
                + ", " + Format.count(q.pending().length) + " pending, " + Format.count(q.alive().length) + " alive.");
    }

    /** What was found; null until then. */
    public Found found() { return found; }

    public TreeViewer kindsViewer() { return kindsViewer; }

    public TreeViewer queueViewer() { return queueViewer; }

    /** The two trees: references by kind, the finalizer queue. */
    @Override
    public List<? extends ColumnViewer> viewers() { return List.of(kindsViewer, queueViewer); }

    /** The kind row of {@code kind}; null until found. */
    public FigureRow kindRow(JavaReferences.Kind kind) {
        return found == null || found.kinds().isEmpty() ? null : found.kinds().get(kind.ordinal());
    }

    /** Java's only: HPROF dumps. */
    @Override
    public boolean appliesTo(org.polyheap.model.format.SnapshotFormat format) {
        return format == org.polyheap.model.format.SnapshotFormat.HPROF;
    }

}
