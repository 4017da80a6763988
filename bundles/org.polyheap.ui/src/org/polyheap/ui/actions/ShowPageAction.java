package org.polyheap.ui.actions;

import org.eclipse.jface.action.Action;
import org.eclipse.ui.IPartListener2;
import org.eclipse.ui.IWorkbenchPartReference;
import org.eclipse.ui.IWorkbenchWindow;
import org.polyheap.ui.Icons;
import org.polyheap.ui.editor.SnapshotEditor;

/**
 * A main-toolbar button and Navigate ▸ Show Page item that shows one page (Overview, Histogram, ...,
 * Top Consumers) of the active snapshot editor, as MAT's editor toolbar does; enabled while a snapshot
 * editor is active.
 */
public final class ShowPageAction extends Action implements IPartListener2 {
    private final IWorkbenchWindow window;
    private final int page;

    public ShowPageAction(IWorkbenchWindow window, int page, String title, String icon) {
        super(title);
        this.window = window;
        this.page = page;
        setId("org.polyheap.ui.page." + page);
        setToolTipText(title.replace("&", "") + " of the active snapshot");
        setImageDescriptor(Icons.descriptor(icon));
        window.getPartService().addPartListener(this);
        update();
    }

    @Override
    public void run() {
        if (window.getActivePage() != null && window.getActivePage().getActiveEditor() instanceof SnapshotEditor editor) {
            editor.showPage(page);
            window.getActivePage().activate(editor);
        }
    }

    private void update() {
        var p = window.getActivePage();
        setEnabled(p != null && p.getActiveEditor() instanceof SnapshotEditor editor && editor.hasPage(page));
    }

    @Override public void partActivated(IWorkbenchPartReference ref) { update(); }
    @Override public void partClosed(IWorkbenchPartReference ref) { update(); }
    @Override public void partOpened(IWorkbenchPartReference ref) { update(); }

    /** Stops following the window's parts. */
    public void dispose() { window.getPartService().removePartListener(this); }
}
