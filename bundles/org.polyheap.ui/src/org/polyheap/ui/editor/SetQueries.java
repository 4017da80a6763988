package org.polyheap.ui.editor;

import java.util.function.Function;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.jobs.Job;
import org.polyheap.analysis.Grouping;
import org.polyheap.analysis.ObjectSets;
import org.polyheap.model.Progress;
import org.polyheap.ui.LoadedSnapshot;
import org.polyheap.ui.jobs.MonitorProgress;

/**
 * The queries that answer with a histogram of a set of objects: the Retained Set and the Immediate
 * Dominators of the selected objects or of a histogram row's objects. The set is computed in a job
 * (a retained set marks the whole graph: O(objects + references)); the editor then shows it on its
 * Histogram page, a step in the navigation history. Call from the UI thread.
 */
public final class SetQueries {
    private SetQueries() { }

    /** Objects to ask about: given, or those of a histogram row (computed in the job). */
    public record Subject(String name, int[] objects, Grouping grouping, String rowName, int[] within) {
        /** The selected objects, named for the title ("java.util.HashMap 0x1a2b", "3 objects"). */
        public static Subject of(String name, int[] objects) { return new Subject(name, objects, null, null, null); }

        /** The objects of a histogram row of the given grouping, within a set ({@code within}) or the whole heap (null). */
        public static Subject row(Grouping grouping, String rowName, int[] within) {
            return new Subject(rowName, null, grouping, rowName, within);
        }

        int[] objects(LoadedSnapshot s) {
            return objects != null ? objects
                    : ObjectSets.members(s.graph(), s.analyzed().analysis().dominatorTree(), grouping, rowName, within);
        }

        String describe(int count) {
            return objects != null ? name : Format.count(count) + (count == 1 ? " object of " : " objects of ")
                    + (rowName.isEmpty() ? "(none)" : rowName);
        }
    }

    /** Shows what the subject's objects retain together, as a histogram. */
    public static Job retainedSet(SnapshotEditor editor, Subject subject) {
        return run(editor, "Retained set of " + subject.name(), s -> {
            int[] objects = subject.objects(s);
            var set = s.analyzed().analysis().retainedSet(objects, Progress.NONE);
            String title = "Retained set of " + subject.describe(objects.length) + ": " + Format.count(set.objects().length)
                    + " objects, " + Format.bytes(set.bytes()) + " bytes";
            return new HistogramPage.Scope(title, set.objects());
        });
    }

    /** Shows the objects that immediately dominate the subject's objects, as a histogram. */
    public static Job immediateDominators(SnapshotEditor editor, Subject subject) {
        return run(editor, "Immediate dominators of " + subject.name(), s -> {
            int[] objects = subject.objects(s);
            var d = ObjectSets.immediateDominators(s.analyzed().analysis().dominatorTree(), objects);
            String title = "Immediate dominators of " + subject.describe(objects.length) + ": " + Format.count(d.objects().length)
                    + (d.objects().length == 1 ? " object" : " objects")
                    + (d.underRoots() == 0 ? "" : " (" + Format.count(d.underRoots()) + " held by the GC roots alone)");
            return new HistogramPage.Scope(title, d.objects());
        });
    }

    private static Job run(SnapshotEditor editor, String name, Function<LoadedSnapshot, HistogramPage.Scope> query) {
        var snapshot = editor.snapshot();
        var display = editor.getSite().getShell().getDisplay();
        var job = new Job(name) {
            @Override protected IStatus run(IProgressMonitor monitor) {
                MonitorProgress.begin(monitor, getName());
                try {
                    var scope = query.apply(snapshot);
                    display.asyncExec(() -> {
                        if (snapshot.isClosed() || monitor.isCanceled()) return;
                        editor.showPage(SnapshotEditor.HISTOGRAM);
                        editor.histogram().showScope(scope);
                    });
                    return Status.OK_STATUS;
                } catch (IllegalStateException closed) {
                    if (snapshot.isClosed()) return Status.CANCEL_STATUS; // the editor was closed meanwhile
                    throw closed;
                } finally {
                    monitor.done();
                }
            }
        };
        job.setUser(true);
        job.schedule();
        return job;
    }
}
