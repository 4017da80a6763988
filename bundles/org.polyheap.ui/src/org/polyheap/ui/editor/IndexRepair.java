package org.polyheap.ui.editor;

import java.util.concurrent.atomic.AtomicBoolean;

import org.eclipse.core.runtime.ILog;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.MultiStatus;
import org.eclipse.core.runtime.Status;
import org.eclipse.jface.dialogs.ErrorDialog;
import org.eclipse.ui.IWorkbenchWindow;
import org.polyheap.index.column.IndexDamagedException;
import org.polyheap.ui.OpenRequest;
import org.polyheap.ui.PolyheapUi;

/**
 * Rebuilds the index of an open snapshot when damage turns up after the open. Pages of big index
 * files are checked when first read, so a flipped byte can surface while the user browses, in
 * whichever page, view or job reads it (and however that code reports the failure). The index has
 * already invalidated the damaged part ({@link org.polyheap.index.IndexedSnapshot#onDamage}), so the
 * editor's file is opened again, which rebuilds it, and the editor is replaced by the rebuilt one, on
 * the same page: once. Damage in the rebuilt index is a clean error dialog naming the file, and the
 * editor stays as it is.
 */
public final class IndexRepair {
    /** The title of the dialog that reports damage in a rebuilt index. */
    public static final String TITLE = "Damaged index";
    /** The status line's words while the rebuild runs. */
    static final String REBUILDING = "The index is damaged: rebuilding it";

    private final IWorkbenchWindow window;
    private final OpenRequest request;
    private final SnapshotEditor editor;
    private final boolean afterRepair;
    private final AtomicBoolean heard = new AtomicBoolean();

    private IndexRepair(IWorkbenchWindow window, OpenRequest request, SnapshotEditor editor, boolean afterRepair) {
        this.window = window;
        this.request = request;
        this.editor = editor;
        this.afterRepair = afterRepair;
    }

    /**
     * Watches the index of {@code editor}'s snapshot from now on.
     *
     * @param afterRepair the snapshot was opened to repair damage: further damage is an error
     */
    static void watch(IWorkbenchWindow window, OpenRequest request, SnapshotEditor editor, boolean afterRepair) {
        var repair = new IndexRepair(window, request, editor, afterRepair);
        editor.snapshot().analyzed().snapshot().onDamage(repair::heard);
    }

    /** On the reading thread, before it throws: the first damage only, handled on the UI thread. */
    private void heard(IndexDamagedException damage) {
        if (!heard.compareAndSet(false, true)) return;
        var display = window.getWorkbench().getDisplay();
        if (!display.isDisposed()) display.asyncExec(() -> handle(damage));
    }

    private void handle(IndexDamagedException damage) {
        if (window.getShell().isDisposed() || editor.snapshot().isClosed()) return;
        if (afterRepair) {
            ILog.of(IndexRepair.class).error("The rebuilt index of " + request.file() + " is damaged too", damage);
            ErrorDialog.openError(window.getShell(), TITLE, null, failure(damage));
            return;
        }
        ILog.of(IndexRepair.class).warn("Rebuilding the index of " + request.file() + ": " + damage.getMessage());
        editor.getEditorSite().getActionBars().getStatusLineManager().setMessage(REBUILDING + " (" + damage.getMessage() + ")");
        SnapshotOpener.repair(window, request);
    }

    private MultiStatus failure(IndexDamagedException damage) {
        IStatus[] details = {
            new Status(IStatus.ERROR, PolyheapUi.PLUGIN_ID, "Problem: " + damage.getMessage()),
            new Status(IStatus.INFO, PolyheapUi.PLUGIN_ID, "Index folder: " + editor.snapshot().analyzed().snapshot().folder()),
            new Status(IStatus.INFO, PolyheapUi.PLUGIN_ID, "The index was rebuilt once in this session and is damaged again: "
                    + "the disk or the memory may be failing. Close the snapshot, delete the index folder and open the file again."),
        };
        return new MultiStatus(PolyheapUi.PLUGIN_ID, 0, details,
                request.file() + ": the rebuilt index is damaged too; its views may be incomplete", null);
    }
}
