package org.polyheap.ui.application;

import org.eclipse.jface.action.GroupMarker;
import org.eclipse.jface.action.ICoolBarManager;
import org.eclipse.jface.action.IToolBarManager;
import org.eclipse.jface.action.ToolBarContributionItem;
import org.eclipse.jface.action.ToolBarManager;
import org.eclipse.jface.action.IAction;
import org.eclipse.jface.action.IStatusLineManager;
import org.eclipse.jface.action.IMenuManager;
import org.eclipse.jface.action.MenuManager;
import org.eclipse.jface.action.Separator;
import org.eclipse.swt.SWT;
import org.eclipse.ui.IWorkbenchActionConstants;
import org.eclipse.ui.IWorkbenchWindow;
import org.eclipse.ui.actions.ActionFactory;
import org.eclipse.ui.application.ActionBarAdvisor;
import org.eclipse.ui.application.IActionBarConfigurer;
import org.polyheap.ui.actions.AboutAction;
import org.polyheap.ui.actions.OpenSnapshotAction;
import org.polyheap.ui.export.ExportAction;
import org.polyheap.ui.jobs.HeapStatus;
import org.polyheap.ui.navigation.NavigationAction;

/**
 * Menus: File (Open…, Export…, Exit), Navigate (Back, Forward) and Help (About Polyheap); the tool
 * bar's Back and Forward; the status line's heap use.
 */
public final class PolyheapActionBarAdvisor extends ActionBarAdvisor {
    private IAction open;
    private IAction export;
    private IAction exit;
    private IAction about;
    // navigation history (Alt+← / Alt+→)
    private IAction back;
    private IAction forward;

    public PolyheapActionBarAdvisor(IActionBarConfigurer configurer) {
        super(configurer);
    }

    @Override
    protected void makeActions(IWorkbenchWindow window) {
        open = new OpenSnapshotAction(window);
        register(open);
        export = new ExportAction(window);
        register(export);
        exit = ActionFactory.QUIT.create(window);
        register(exit);
        about = new AboutAction(window);
        register(about);

        // navigation history: handlers of the workbench's back/forward history commands (Alt+← / Alt+→)
        back = NavigationAction.back(window);
        register(back);
        forward = NavigationAction.forward(window);
        register(forward);
    }

    @Override
    protected void fillMenuBar(IMenuManager menuBar) {
        MenuManager file = new MenuManager("&File", IWorkbenchActionConstants.M_FILE);
        file.add(open);
        file.add(export);
        file.add(new GroupMarker(IWorkbenchActionConstants.OPEN_EXT));
        file.add(new Separator(IWorkbenchActionConstants.MB_ADDITIONS));
        file.add(new Separator());
        file.add(exit);

        MenuManager help = new MenuManager("&Help", IWorkbenchActionConstants.M_HELP);
        help.add(new GroupMarker(IWorkbenchActionConstants.HELP_START));
        help.add(about);

        menuBar.add(file);

        // navigation history
        MenuManager navigate = new MenuManager("&Navigate", IWorkbenchActionConstants.M_NAVIGATE);
        navigate.add(back);
        navigate.add(forward);
        menuBar.add(navigate);

        menuBar.add(new GroupMarker(IWorkbenchActionConstants.MB_ADDITIONS));
        menuBar.add(help);
    }

    @Override
    protected void fillCoolBar(ICoolBarManager coolBar) {
        // navigation history
        IToolBarManager navigation = new ToolBarManager(SWT.FLAT | SWT.RIGHT);
        navigation.add(back);
        navigation.add(forward);
        coolBar.add(new ToolBarContributionItem(navigation, "org.polyheap.ui.navigation"));
    }

    @Override
    protected void fillStatusLine(IStatusLineManager statusLine) {
        statusLine.add(new HeapStatus());
    }
}
