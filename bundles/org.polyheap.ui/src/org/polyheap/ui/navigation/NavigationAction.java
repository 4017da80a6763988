package org.polyheap.ui.navigation;

import org.eclipse.jface.action.Action;
import org.eclipse.ui.IWorkbenchCommandConstants;
import org.eclipse.ui.IWorkbenchWindow;
import org.polyheap.ui.Icons;

/**
 * Navigate ▸ Back (Alt+←) and Forward (Alt+→), in the menu and the tool bar. They handle the
 * workbench's own history commands, whose key bindings the workbench defines.
 */
public final class NavigationAction extends Action {
    private final NavigationHistory history;
    private final boolean back;

    private NavigationAction(IWorkbenchWindow window, boolean back) {
        super(back ? "&Back" : "&Forward");
        this.history = NavigationHistory.of(window);
        this.back = back;
        setId(back ? IWorkbenchCommandConstants.NAVIGATE_BACKWARD_HISTORY : IWorkbenchCommandConstants.NAVIGATE_FORWARD_HISTORY);
        setActionDefinitionId(getId());
        setImageDescriptor(Icons.descriptor(back ? Icons.BACK : Icons.FORWARD)); // JFace greys it when disabled
        history.addListener(this::update);
        update();
    }

    public static NavigationAction back(IWorkbenchWindow window) { return new NavigationAction(window, true); }

    public static NavigationAction forward(IWorkbenchWindow window) { return new NavigationAction(window, false); }

    private void update() {
        setEnabled(back ? history.canGoBack() : history.canGoForward());
        String step = back ? history.backStep() : history.forwardStep();
        setToolTipText((back ? "Back" : "Forward") + (step == null ? "" : " to " + step));
    }

    @Override
    public void run() {
        if (back) history.back(); else history.forward();
    }
}
