package org.polyheap.ui.application;

import org.eclipse.jface.action.GroupMarker;
import org.eclipse.jface.action.IAction;
import org.eclipse.jface.action.ICoolBarManager;
import org.eclipse.jface.action.IMenuManager;
import org.eclipse.jface.action.IStatusLineManager;
import org.eclipse.jface.action.IToolBarManager;
import org.eclipse.jface.action.MenuManager;
import org.eclipse.jface.action.Separator;
import org.eclipse.jface.action.ToolBarContributionItem;
import org.eclipse.jface.action.ToolBarManager;
import org.eclipse.swt.SWT;
import org.eclipse.ui.IWorkbenchActionConstants;
import org.eclipse.ui.IWorkbenchWindow;
import org.eclipse.ui.actions.ActionFactory;
import org.eclipse.ui.application.ActionBarAdvisor;
import org.eclipse.ui.application.IActionBarConfigurer;
import org.polyheap.ui.Icons;
import org.polyheap.ui.actions.AboutAction;
import org.polyheap.ui.actions.OpenSnapshotAction;
import org.polyheap.ui.actions.ShowPageAction;
import org.polyheap.ui.actions.ShowViewAction;
import org.polyheap.ui.editor.SnapshotEditor;
import org.polyheap.ui.export.ExportAction;
import org.polyheap.ui.jobs.HeapStatus;
import org.polyheap.ui.navigation.NavigationAction;
import org.polyheap.ui.views.InspectorView;
import org.polyheap.ui.views.PathsView;
import org.polyheap.ui.views.ReferencesView;

/**
 * Menus: File (Open…, Recent Snapshots, Export…, Compare With Baseline…, Exit), Navigate (Back, Forward, Go to Object…, Show Page), Window (Show View, Preferences…) and
 * Help (About Polyheap); the main toolbar (open and export; back and forward; the active snapshot's
 * pages; the views); the status line's heap use. Each toolbar group is its own tool bar, so other groups can be added beside them.
 */
public final class PolyheapActionBarAdvisor extends ActionBarAdvisor {
    /** Toolbar ids, in their order on the main toolbar. */
    public static final String FILE_TOOLBAR = "org.polyheap.ui.toolbar.file";
    public static final String NAVIGATION_TOOLBAR = "org.polyheap.ui.navigation";
    public static final String PAGES_TOOLBAR = "org.polyheap.ui.toolbar.pages";
    public static final String VIEWS_TOOLBAR = "org.polyheap.ui.toolbar.views";

    private IAction open;
    private IAction export;
    private IAction exit;
    private IAction about;
    private IAction back, forward; // navigation history (Alt+← / Alt+→)
    private IAction preferences;
    private IAction[] pages;
    private IAction[] views;
    private IAction objectsView;
    private IAction compare;
    private IAction comparisonView;
    private IAction[] v8Views;

    public PolyheapActionBarAdvisor(IActionBarConfigurer configurer) {
        super(configurer);
    }

    @Override
    protected void makeActions(IWorkbenchWindow window) {
        open = new OpenSnapshotAction(window);
        register(open);
        export = new ExportAction(window);
        register(export);
        compare = new org.polyheap.ui.actions.CompareAction(window);
        exit = ActionFactory.QUIT.create(window);
        register(exit);
        about = new AboutAction(window);
        register(about);
        // handlers of the workbench's back/forward history commands (Alt+← / Alt+→)
        back = NavigationAction.back(window);
        register(back);
        forward = NavigationAction.forward(window);
        register(forward);
        makeWindowActions(window);
    }

    /** Preferences, the snapshot pages and the views, for the Window menu and the toolbar. */
    private void makeWindowActions(IWorkbenchWindow window) {
        preferences = ActionFactory.PREFERENCES.create(window);
        preferences.setImageDescriptor(Icons.descriptor(Icons.PREFERENCES));
        register(preferences);
        pages = new IAction[SnapshotEditor.pageCount()]; // every page of the editor, in its tabs' order
        for (int page = 0; page < pages.length; page++) {
            pages[page] = new ShowPageAction(window, page, SnapshotEditor.pageTitle(page), SnapshotEditor.pageIcon(page));
        }
        views = new IAction[] {
                new ShowViewAction(window, InspectorView.ID, "&Inspector", Icons.INSPECTOR),
                new ShowViewAction(window, PathsView.ID, "&Paths to GC Roots", Icons.PATHS),
                new ShowViewAction(window, ReferencesView.ID, "&References", Icons.REFERENCES) };
        objectsView = new ShowViewAction(window, org.polyheap.ui.views.ObjectsView.ID, "&Objects", Icons.HISTOGRAM); // menu only: List Objects opens it
        comparisonView = new ShowViewAction(window, org.polyheap.ui.views.ComparisonView.ID, "&Comparison", Icons.OVERVIEW); // menu only
        v8Views = new IAction[] { // menu only: V8 snapshots
                new ShowViewAction(window, org.polyheap.ui.views.DetachedElementsView.ID, "&Detached Elements (V8)", Icons.LEAK_SUSPECTS),
                new ShowViewAction(window, org.polyheap.ui.views.ClosuresView.ID, "C&losures (V8)", Icons.HISTOGRAM),
                new ShowViewAction(window, org.polyheap.ui.views.LeaksView.ID, "Lea&ks Between Snapshots (V8)", Icons.LEAK_SUSPECTS) };
    }

    @Override
    protected void fillMenuBar(IMenuManager menuBar) {
        MenuManager file = new MenuManager("&File", IWorkbenchActionConstants.M_FILE);
        file.add(open);
        file.add(org.polyheap.ui.recent.RecentSnapshotsMenu.create(getActionBarConfigurer().getWindowConfigurer().getWindow()));
        file.add(new Separator());
        file.add(export);
        file.add(compare);
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
        navigate.add(new Separator());
        navigate.add(goToObject());
        navigate.add(new Separator());
        MenuManager showPage = new MenuManager("Show &Page", "org.polyheap.ui.showPage"); // the active snapshot's pages, as the toolbar
        for (IAction p : pages) showPage.add(p);
        navigate.add(showPage);
        menuBar.add(navigate);

        menuBar.add(new GroupMarker(IWorkbenchActionConstants.MB_ADDITIONS));
        menuBar.add(windowMenu());
        menuBar.add(help);
    }

    /** Navigate ▸ Go to Object…: the command (plugin.xml), so the menu shows its key, Ctrl+G. */
    private org.eclipse.ui.menus.CommandContributionItem goToObject() {
        var p = new org.eclipse.ui.menus.CommandContributionItemParameter(getActionBarConfigurer().getWindowConfigurer().getWindow(),
                null, org.polyheap.ui.editor.GoToObjectHandler.COMMAND_ID, org.eclipse.ui.menus.CommandContributionItem.STYLE_PUSH);
        p.label = "&Go to Object\u2026";
        return new org.eclipse.ui.menus.CommandContributionItem(p);
    }

    private MenuManager windowMenu() {
        MenuManager window = new MenuManager("&Window", IWorkbenchActionConstants.M_WINDOW);
        MenuManager showView = new MenuManager("Show &View", "org.polyheap.ui.showView");
        for (IAction v : views) showView.add(v);
        showView.add(objectsView);
        showView.add(comparisonView);
        for (IAction v : v8Views) showView.add(v);
        window.add(showView);
        window.add(new Separator());
        window.add(preferences);
        return window;
    }

    @Override
    protected void fillCoolBar(ICoolBarManager coolBar) {
        coolBar.add(toolBar(FILE_TOOLBAR, open, export));
        coolBar.add(toolBar(NAVIGATION_TOOLBAR, back, forward));
        coolBar.add(toolBar(PAGES_TOOLBAR, pages));
        coolBar.add(toolBar(VIEWS_TOOLBAR, views));
        coolBar.add(new GroupMarker(IWorkbenchActionConstants.MB_ADDITIONS));
    }

    private static ToolBarContributionItem toolBar(String id, IAction... actions) {
        IToolBarManager bar = new ToolBarManager(SWT.FLAT);
        for (IAction a : actions) bar.add(a);
        return new ToolBarContributionItem(bar, id);
    }

    @Override
    protected void fillStatusLine(IStatusLineManager statusLine) {
        statusLine.add(new HeapStatus());
    }

    @Override
    public void dispose() {
        if (pages != null) for (IAction p : pages) ((ShowPageAction) p).dispose();
        super.dispose();
    }
}
