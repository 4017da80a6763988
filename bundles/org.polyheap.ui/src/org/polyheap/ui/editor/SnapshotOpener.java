package org.polyheap.ui.editor;

import java.nio.file.Path;

import org.eclipse.core.runtime.ILog;
import org.eclipse.jface.dialogs.MessageDialog;
import org.eclipse.ui.IEditorPart;
import org.eclipse.ui.IWorkbenchWindow;
import org.eclipse.ui.PartInitException;
import org.polyheap.ui.PolyheapUi;

/** Opens (or brings to front) the snapshot editor for a file. Call on the UI thread. */
public final class SnapshotOpener {
    private SnapshotOpener() { }

    /** The editor, or null when it could not open (the user has been told why). */
    public static IEditorPart open(IWorkbenchWindow window, Path file) {
        try {
            return window.getActivePage().openEditor(new SnapshotEditorInput(file), PolyheapUi.SNAPSHOT_EDITOR_ID);
        } catch (PartInitException e) {
            ILog.of(SnapshotOpener.class).error("Cannot open " + file, e);
            MessageDialog.openError(window.getShell(), "Polyheap", "Cannot open " + file + ":\n" + e.getMessage());
            return null;
        }
    }
}
