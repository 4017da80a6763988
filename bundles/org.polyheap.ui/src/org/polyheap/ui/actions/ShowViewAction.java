package org.polyheap.ui.actions;

import org.eclipse.core.runtime.ILog;
import org.eclipse.jface.action.Action;
import org.eclipse.ui.IWorkbenchWindow;
import org.eclipse.ui.PartInitException;
import org.polyheap.ui.Icons;

/** Window ▸ Show View ▸ a Polyheap view (and its toolbar button): opens or activates it. */
public final class ShowViewAction extends Action {
    private final IWorkbenchWindow window;
    private final String viewId;

    public ShowViewAction(IWorkbenchWindow window, String viewId, String title, String icon) {
        super(title);
        this.window = window;
        this.viewId = viewId;
        setId("org.polyheap.ui.show." + viewId);
        setToolTipText("Show the " + title.replace("&", "") + " view");
        setImageDescriptor(Icons.descriptor(icon));
    }

    @Override
    public void run() {
        try {
            if (window.getActivePage() != null) window.getActivePage().showView(viewId);
        } catch (PartInitException e) {
            ILog.of(ShowViewAction.class).error("Cannot show " + viewId, e);
        }
    }
}
