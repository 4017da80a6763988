package org.polyheap.ui.editor;

import java.util.ArrayList;
import java.util.List;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.jface.viewers.ColumnViewer;
import org.eclipse.jface.viewers.TreeViewer;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Composite;
import org.polyheap.analysis.Grouping;
import org.polyheap.analysis.LeakSuspect;
import org.polyheap.analysis.LeakSuspects;
import org.polyheap.analysis.PathsToRoots;
import org.polyheap.analysis.RootPathTree;
import org.polyheap.model.Progress;
import org.polyheap.report.Documents;
import org.polyheap.report.Queries;
import org.polyheap.ui.LoadedSnapshot;
import org.polyheap.ui.ObjectRef;

/**
 * The Leak Suspects page, MAT's leak suspects live: each suspect (a top-level object, or the instances
 * of a class, retaining at least 10 % of the heap; {@link LeakSuspects}) with its size and share, a
 * class's biggest instances, the accumulation point, and under it the shortest paths to it from the GC
 * roots, merged as in Paths to GC Roots. Found in a job the first time the page is shown: the
 * suspects at once (O(top-level objects)), then each accumulation point's paths, which may wait for
 * the path index. Object rows select their object and have the object menu; a class suspect's row has
 * the class menu. UI thread.
 */
public final class LeakSuspectsPage extends LazyPage<LeakSuspectsPage.Found> {
    /** Paths merged under an accumulation point (MAT's report shows a few). */
    public static final int MAX_PATHS = 5;
    /** Instances of a class suspect listed under it. */
    public static final int MAX_INSTANCES = Documents.TOP_ROWS;
    /** How deep the first path opens: all of it, as Paths to GC Roots opens the shortest. */
    private static final int SHORTEST_PATH_LEVELS = 30;

    /** The suspects, biggest first, and each one's instances (a class suspect's, biggest first; else empty). */
    record Found(List<LeakSuspect> suspects, List<int[]> instances) { }

    private TreeViewer viewer;
    private List<LeakSuspect> suspects;
    private final List<SuspectRow> rows = new ArrayList<>();
    private int pathsShown;

    public LeakSuspectsPage(LoadedSnapshot snapshot) {
        super(snapshot);
    }

    @Override protected String waitingText() { return "Leak suspects are looked for when this page is first shown."; }

    @Override protected String workingText() { return "Looking for leak suspects\u2026"; }

    @Override protected String jobName() { return "Leak suspects"; }

    @Override protected String failureText() { return "Cannot look for leak suspects"; }

    @Override
    protected void createContent(Composite parent) {
        viewer = treeViewer(parent, SuspectRow.class, SuspectRow::children);
        treeColumn(viewer, "Suspect, accumulation point, paths from GC roots", SWT.LEFT, SuspectRow.class, SuspectRow::text);
        treeColumn(viewer, "Shallow bytes", SWT.RIGHT, SuspectRow.class, r -> r.shallow() < 0 ? "" : Format.bytes(r.shallow()));
        treeColumn(viewer, "Retained bytes", SWT.RIGHT, SuspectRow.class, r -> r.retained() < 0 ? "" : Format.bytes(r.retained()));
        treeColumn(viewer, "% of heap", SWT.RIGHT, SuspectRow.class,
                r -> r.retained() < 0 ? "" : Format.percent(r.retained(), snapshot.heapBytes()));
        String bytes = Format.bytes(snapshot.heapBytes());
        ColumnFit.install(viewer.getTree(), 0).number(1, bytes).number(2, bytes).number(3, Format.percent(1, 1));
    }

    /** The suspects at once (O(top-level objects)); their paths come in {@link #findMore}. */
    @Override
    protected Found find(Progress progress, IProgressMonitor monitor) {
        var analysis = snapshot.analyzed().analysis();
        var found = analysis.leakSuspects();
        var instances = new ArrayList<int[]>();
        for (var s : found) instances.add(analysis.suspectInstances(s));
        return new Found(found, instances);
    }

    /** Each accumulation point's paths from the GC roots, which may wait for the path index. */
    @Override
    protected void findMore(Found found, Progress progress, IProgressMonitor monitor) {
        var analysis = snapshot.analyzed().analysis();
        for (int i = 0; i < found.suspects().size() && !monitor.isCanceled(); i++) {
            int point = found.suspects().get(i).accumulationPoint();
            var paths = analysis.pathsToRoots(point, PathsToRoots.WEAK_KINDS, progress);
            var merged = RootPathTree.merge(snapshot.graph(), point, paths, MAX_PATHS, monitor::isCanceled);
            int suspect = i;
            inUi(() -> showPaths(suspect, merged));
        }
    }

    @Override
    protected void show(Found f) {
        show(f.suspects(), f.instances());
    }

    private void show(List<LeakSuspect> found, List<int[]> instances) {
        suspects = found;
        var g = snapshot.graph();
        for (int i = 0; i < found.size(); i++) {
            LeakSuspect s = found.get(i);
            String title = "Suspect " + (i + 1) + ": " + Queries.suspectTitle(g, s);
            SuspectRow row;
            if (s.kind() == LeakSuspect.Kind.OBJECT) {
                var ref = new ObjectRef(snapshot, s.object());
                // the object's label after the title's class name: its id, and its value when it has one ("JacksonTree")
                row = SuspectRow.suspect(title + ref.label().substring(ref.className().length()) + " retains " + Format.human(s.retained()),
                        ref, null, s.retained());
            } else {
                var cls = new ClassRef(Grouping.CLASS, g.classes().get(s.classId()).name());
                row = SuspectRow.suspect(title + " retain " + Format.human(s.retained()) + " together", null, cls, s.retained());
            }
            var point = SuspectRow.object(SuspectRow.Kind.ACCUMULATION_POINT, s.accumulationPoint() == s.object()
                    ? "Accumulation point (the " + (s.kind() == LeakSuspect.Kind.OBJECT ? "suspect" : "biggest instance")
                            + " itself: nothing it holds keeps 70 % of it): "
                    : s.kind() == LeakSuspect.Kind.OBJECT ? "Accumulation point: " : "Accumulation point in the biggest instance: ",
                    new ObjectRef(snapshot, s.accumulationPoint()));
            point.add(SuspectRow.note(SuspectRow.Kind.NOTE, "Searching the shortest paths from the GC roots\u2026"));
            row.add(point);
            if (s.kind() == LeakSuspect.Kind.CLASS) { // below the point and its paths, closed: they are many
                int[] objects = instances.get(i);
                int listed = Math.min(MAX_INSTANCES, objects.length);
                var list = SuspectRow.note(SuspectRow.Kind.INSTANCES, "Biggest instances: " + Format.count(listed) + " of "
                        + Format.count(objects.length));
                for (int k = 0; k < listed; k++) list.add(SuspectRow.object(SuspectRow.Kind.INSTANCE, "", new ObjectRef(snapshot, objects[k])));
                row.add(list);
            }
            rows.add(row);
        }
        viewer.setInput(rows);
        for (var row : rows) {
            viewer.expandToLevel(row, 1);
            viewer.expandToLevel(accumulationPoint(row), 1);
        }
        done(found.isEmpty() ? "No object, and no class with its instances together, retains 10 % of the heap or more."
                : Format.count(found.size()) + (found.size() == 1 ? " suspect retains" : " suspects retain")
                        + " 10 % of the heap or more, biggest first (MAT's rule). Under each accumulation point, the shortest paths to it"
                        + " from the GC roots (up to " + MAX_PATHS + ", weak, soft and phantom references not followed): each row holds the row above.");
    }

    private void showPaths(int suspect, RootPathTree.Result merged) {
        if (suspect >= rows.size()) return;
        SuspectRow point = accumulationPoint(rows.get(suspect));
        point.setPaths(merged.top());
        if (merged.paths() == 0) {
            point.add(SuspectRow.note(SuspectRow.Kind.NOTE, merged.top().rootKinds() != null
                    ? "It is a GC root itself (" + merged.top().rootKinds() + ")" : "No path to a GC root without weak references"));
        }
        pathsShown++;
        viewer.refresh(point);
        viewer.expandToLevel(point, 1);
        if (!point.children().isEmpty()) viewer.expandToLevel(point.children().getFirst(), SHORTEST_PATH_LEVELS);
    }

    private static SuspectRow accumulationPoint(SuspectRow suspect) {
        return suspect.children().stream().filter(r -> r.kind() == SuspectRow.Kind.ACCUMULATION_POINT).findFirst().orElseThrow();
    }

    /** The suspects found, biggest first; null until found. */
    public List<LeakSuspect> suspects() { return suspects; }

    /** The suspects' rows (their children below), as shown. */
    public List<SuspectRow> rows() { return rows; }

    /** True when every suspect's paths are in (or there is no suspect). */
    public boolean pathsDone() {
        return suspects != null && pathsShown == suspects.size();
    }

    public TreeViewer viewer() { return viewer; }

    @Override
    public List<? extends ColumnViewer> viewers() { return List.of(viewer); }
}
