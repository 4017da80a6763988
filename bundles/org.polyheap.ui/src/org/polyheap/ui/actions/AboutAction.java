package org.polyheap.ui.actions;

import org.eclipse.jface.action.Action;
import org.eclipse.ui.IWorkbenchWindow;

/** Help ▸ About Polyheap. */
public final class AboutAction extends Action {
    public static final String ID = "org.polyheap.ui.about";
    private final IWorkbenchWindow window;

    public AboutAction(IWorkbenchWindow window) {
        super("&About Polyheap");
        this.window = window;
        setId(ID);
    }

    @Override
    public void run() {
        new AboutDialog(window.getShell()).open();
    }
}
