package org.polyheap.ui.recent;

import java.nio.file.Path;

import org.eclipse.jface.action.Action;
import org.eclipse.jface.action.IMenuManager;
import org.eclipse.jface.action.MenuManager;
import org.eclipse.jface.action.Separator;
import org.eclipse.ui.IWorkbenchWindow;
import org.polyheap.ui.editor.SnapshotOpener;

/**
 * File ▸ Recent Snapshots: the recently opened files, most recent first, numbered as Eclipse numbers
 * its recent files ("1 heap.hprof  /tmp/dumps"); choosing one opens it with the options it had. A file
 * that is gone is listed but disabled. Below, <b>Manage…</b> opens {@link RecentSnapshotsDialog} (index
 * folders and their sizes, Delete Index). Filled each time it is shown, from {@link RecentSnapshots}.
 */
public final class RecentSnapshotsMenu {
    public static final String ID = "org.polyheap.ui.recentSnapshots";
    public static final String LABEL = "Recent S&napshots";
    public static final String MANAGE = "&Manage Recent Snapshots\u2026";

    private RecentSnapshotsMenu() { }

    /** The submenu for {@code window}. */
    public static MenuManager create(IWorkbenchWindow window) {
        var menu = new MenuManager(LABEL, ID);
        menu.setRemoveAllWhenShown(true);
        menu.addMenuListener(m -> fill(m, window));
        return menu;
    }

    private static void fill(IMenuManager menu, IWorkbenchWindow window) {
        var entries = RecentSnapshots.instance().entries();
        if (entries.isEmpty()) {
            var none = new Action("(none yet)") { };
            none.setEnabled(false);
            menu.add(none);
        }
        for (int i = 0; i < entries.size(); i++) {
            var entry = entries.get(i);
            String number = i < 9 ? "&" + (i + 1) : Integer.toString(i + 1);
            Path parent = entry.file().getParent();
            var open = new Action(number + " " + escape(entry.file().getFileName() + "  " + (parent == null ? "" : parent))) {
                @Override public void run() { SnapshotOpener.openShowingProgress(window, entry.request()); }
            };
            open.setToolTipText(entry.file().toString());
            open.setEnabled(java.nio.file.Files.exists(entry.file()));
            menu.add(open);
        }
        menu.add(new Separator());
        menu.add(new Action(MANAGE) {
            @Override public void run() { new RecentSnapshotsDialog(window).open(); }
        });
    }

    /** A file name's '&' is no mnemonic. */
    private static String escape(String text) { return text.replace("&", "&&"); }
}
