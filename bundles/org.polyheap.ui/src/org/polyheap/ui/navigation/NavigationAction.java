package org.polyheap.ui.navigation;

import org.eclipse.jface.action.Action;
import org.eclipse.ui.ISharedImages;
import org.eclipse.ui.IWorkbenchCommandConstants;
import org.eclipse.ui.IWorkbenchWindow;

/**
 * Navigate ▸ Back (Alt+←) and Forward (Alt+→), in the menu and the tool bar. They handle the
 * workbench's own history commands, whose key bindings the workbench defines. The icons are the
 * workbench's shared arrows, placeholders until the SVG icon set has its own.
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
        var images = window.getWorkbench().getSharedImages();
        setImageDescriptor(images.getImageDescriptor(back ? ISharedImages.IMG_TOOL_BACK : ISharedImages.IMG_TOOL_FORWARD));
        setDisabledImageDescriptor(images.getImageDescriptor(back ? ISharedImages.IMG_TOOL_BACK_DISABLED : ISharedImages.IMG_TOOL_FORWARD_DISABLED));
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
