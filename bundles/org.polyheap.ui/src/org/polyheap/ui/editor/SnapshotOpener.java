package org.polyheap.ui.editor;

import java.nio.file.Path;

import org.eclipse.core.runtime.ILog;
import org.eclipse.ui.IEditorPart;
import org.eclipse.ui.IWorkbenchWindow;
import org.eclipse.ui.PartInitException;
import org.polyheap.report.OpenOption;
import org.polyheap.ui.LoadedSnapshot;
import org.polyheap.ui.OpenRequest;
import org.polyheap.ui.PolyheapUi;
import org.polyheap.ui.jobs.OpenFailure;
import org.polyheap.ui.jobs.OpenProgressDialog;
import org.polyheap.ui.recent.RecentSnapshots;
import org.polyheap.ui.jobs.OpenSnapshotJob;

/**
 * Opens snapshot files in the window: brings an open one's editor to the front, otherwise parses and
 * analyses it in an {@link OpenSnapshotJob} (reusing its index when valid) and opens the editor when
 * the job is done. Failures are shown as an error dialog with the one-line cause and the details
 * ({@link OpenFailure}); a file its format refuses can be opened again permissively from there
 * ("Open What Can Be Read"). Each snapshot that opens goes first in File ▸ Recent Snapshots. An index
 * found damaged after the open is rebuilt by opening again, once ({@link IndexRepair}). Call on the
 * UI thread.
 */
public final class SnapshotOpener {
    private SnapshotOpener() { }

    /** The scheduled job, or null when an editor for the file was already open (and is now active). */
    public static OpenSnapshotJob open(IWorkbenchWindow window, Path file) {
        return open(window, OpenRequest.of(file));
    }

    /**
     * Opens {@code request}. An editor already open on the file with the same options is brought to
     * the front (null is returned); one with other options (another Fuchsia process or contents
     * folder) is replaced when the new snapshot is ready.
     */
    public static OpenSnapshotJob open(IWorkbenchWindow window, OpenRequest request) {
        var page = window.getActivePage();
        IEditorPart existing = page == null ? null : page.findEditor(new SnapshotEditorInput(request.file()));
        if (existing != null && existing.getEditorInput() instanceof SnapshotEditorInput in && in.request().equals(request)) {
            page.activate(existing);
            return null;
        }
        return schedule(window, request);
    }

    /**
     * Opens {@code request} as File ▸ Open does: as {@link #open}, and an open that takes long shows
     * its phases in an {@link OpenProgressDialog}, where it can be canceled or sent to the background.
     */
    public static OpenSnapshotJob openShowingProgress(IWorkbenchWindow window, OpenRequest request) {
        var job = open(window, request);
        if (job != null) OpenProgressDialog.showWhenLong(window.getShell(), job);
        return job;
    }

    /**
     * Opens the editor's file again with the preferences as they are now, in a job; the editor is
     * replaced by the new one, on the same page, when the job is done, and stays as it is when it fails.
     */
    public static OpenSnapshotJob reopen(IWorkbenchWindow window, SnapshotEditor editor) {
        return schedule(window, ((SnapshotEditorInput) editor.getEditorInput()).request(), false);
    }

    /** Opens the request again after its index was found damaged ({@link IndexRepair}): damage in this one is an error. */
    static OpenSnapshotJob repair(IWorkbenchWindow window, OpenRequest request) {
        return schedule(window, request, true);
    }

    private static OpenSnapshotJob schedule(IWorkbenchWindow window, OpenRequest request) {
        return schedule(window, request, false);
    }

    private static OpenSnapshotJob schedule(IWorkbenchWindow window, OpenRequest request, boolean repair) {
        var job = new OpenSnapshotJob(request, window.getShell().getDisplay(),
                loaded -> replaceEditor(window, request, loaded, repair),
                status -> OpenFailure.show(window.getShell(), status, permissive(request) ? null
                        : () -> openShowingProgress(window, withPermissive(request))));
        job.schedule();
        return job;
    }

    private static boolean permissive(OpenRequest request) {
        return "on".equals(request.fileOptions().get(OpenOption.PERMISSIVE));
    }

    /** The same file with the same options of its own, opened permissively (MAT's permissive mode). */
    static OpenRequest withPermissive(OpenRequest request) {
        var options = new java.util.EnumMap<OpenOption, String>(OpenOption.class);
        options.putAll(request.fileOptions());
        options.put(OpenOption.PERMISSIVE, "on");
        return new OpenRequest(request.file(), options);
    }

    /** Closes the editor open on the request's file, if any, then shows {@code loaded} on the same page. */
    private static void replaceEditor(IWorkbenchWindow window, OpenRequest request, LoadedSnapshot loaded, boolean repair) {
        var page = window.getActivePage();
        IEditorPart old = page == null ? null : page.findEditor(new SnapshotEditorInput(request.file()));
        int shownPage = old instanceof SnapshotEditor e ? e.activePage() : -1;
        if (old != null) page.closeEditor(old, false);
        var editor = showEditor(window, request, loaded, repair);
        if (editor != null && shownPage >= 0) editor.showPage(shownPage);
    }

    /** Opens the editor on an opened snapshot; closes the snapshot if the editor cannot open. */
    public static SnapshotEditor showEditor(IWorkbenchWindow window, Path file, LoadedSnapshot loaded) {
        return showEditor(window, OpenRequest.of(file), loaded);
    }

    static SnapshotEditor showEditor(IWorkbenchWindow window, OpenRequest request, LoadedSnapshot loaded) {
        return showEditor(window, request, loaded, false);
    }

    /** @param repair the snapshot was opened again because its index was damaged ({@link IndexRepair}) */
    private static SnapshotEditor showEditor(IWorkbenchWindow window, OpenRequest request, LoadedSnapshot loaded, boolean repair) {
        try {
            if (window.getShell().isDisposed() || window.getActivePage() == null) {
                loaded.close();
                return null;
            }
            var part = window.getActivePage().openEditor(new SnapshotEditorInput(request, loaded), PolyheapUi.SNAPSHOT_EDITOR_ID);
            if (part instanceof SnapshotEditor editor && editor.snapshot() == loaded) {
                RecentSnapshots.instance().opened(request, loaded.analyzed().snapshot().folder());
                IndexRepair.watch(window, request, editor, repair);
                return editor;
            }
            loaded.close(); // the same file was opened twice at once: the first editor stays
            return part instanceof SnapshotEditor editor ? editor : null;
        } catch (PartInitException e) {
            loaded.close();
            ILog.of(SnapshotOpener.class).error("Cannot open " + request.file(), e);
            OpenFailure.show(window.getShell(), OpenFailure.of(request.file(), e));
            return null;
        }
    }
}
