package org.polyheap.ui.editor;

import java.nio.file.Path;

import org.eclipse.core.runtime.ILog;
import org.eclipse.jface.dialogs.MessageDialog;
import org.eclipse.ui.IEditorPart;
import org.eclipse.ui.IWorkbenchWindow;
import org.eclipse.ui.PartInitException;
import org.polyheap.ui.LoadedSnapshot;
import org.polyheap.ui.PolyheapUi;
import org.polyheap.ui.jobs.OpenSnapshotJob;

/**
 * Opens snapshot files in the window: brings an open one's editor to the front, otherwise parses and
 * analyses it in an {@link OpenSnapshotJob} (reusing its index when valid) and opens the editor when
 * the job is done. Failures are shown as a dialog with the one-line cause. Call on the UI thread.
 */
public final class SnapshotOpener {
    private SnapshotOpener() { }

    /** The scheduled job, or null when an editor for the file was already open (and is now active). */
    public static OpenSnapshotJob open(IWorkbenchWindow window, Path file) {
        var page = window.getActivePage();
        IEditorPart existing = page == null ? null : page.findEditor(new SnapshotEditorInput(file));
        if (existing != null) {
            page.activate(existing);
            return null;
        }
        var job = new OpenSnapshotJob(file.toAbsolutePath().normalize(), window.getShell().getDisplay(),
                loaded -> showEditor(window, file, loaded),
                problem -> {
                    if (!window.getShell().isDisposed()) MessageDialog.openError(window.getShell(), "Cannot open snapshot", problem);
                });
        job.schedule();
        return job;
    }

    /** Opens the editor on an opened snapshot; closes the snapshot if the editor cannot open. */
    public static SnapshotEditor showEditor(IWorkbenchWindow window, Path file, LoadedSnapshot loaded) {
        try {
            if (window.getShell().isDisposed() || window.getActivePage() == null) {
                loaded.close();
                return null;
            }
            var part = window.getActivePage().openEditor(new SnapshotEditorInput(file, loaded), PolyheapUi.SNAPSHOT_EDITOR_ID);
            if (part instanceof SnapshotEditor editor && editor.snapshot() == loaded) return editor;
            loaded.close(); // the same file was opened twice at once: the first editor stays
            return part instanceof SnapshotEditor editor ? editor : null;
        } catch (PartInitException e) {
            loaded.close();
            ILog.of(SnapshotOpener.class).error("Cannot open " + file, e);
            MessageDialog.openError(window.getShell(), "Cannot open snapshot", file + ": " + e.getMessage());
            return null;
        }
    }
}
