package org.polyheap.ui.editor;

import java.nio.file.Path;

import org.eclipse.core.runtime.ILog;
import org.eclipse.ui.IEditorPart;
import org.eclipse.ui.IWorkbenchWindow;
import org.eclipse.ui.PartInitException;
import org.polyheap.ui.PolyheapUi;

/** Opens (or brings to front) the snapshot editor for a file. Call on the UI thread. Never modal. */
public final class SnapshotOpener {
    private SnapshotOpener() { }

    /**
     * The editor, or null when the workbench refused to open it (logged). A file that cannot be read
     * still gets an editor, which says why.
     */
    public static IEditorPart open(IWorkbenchWindow window, Path file) {
        try {
            return window.getActivePage().openEditor(new SnapshotEditorInput(file), PolyheapUi.SNAPSHOT_EDITOR_ID);
        } catch (PartInitException e) {
            ILog.of(SnapshotOpener.class).error("Cannot open " + file, e);
            return null;
        }
    }
}
