package org.polyheap.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

import org.eclipse.jface.dialogs.IDialogConstants;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Event;
import org.eclipse.swt.widgets.Menu;
import org.eclipse.swt.widgets.MenuItem;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.swt.widgets.Table;
import org.junit.jupiter.api.Test;
import org.polyheap.testdata.TestData;
import org.polyheap.ui.recent.RecentSnapshots;
import org.polyheap.ui.recent.RecentSnapshotsDialog;
import org.polyheap.ui.recent.RecentSnapshotsMenu;

/**
 * File ▸ Recent Snapshots: the files opened, most recent first, each opening again from the menu; the
 * Manage dialog's index folders and sizes, and Delete Index, which deletes the folder only, refuses
 * while the snapshot is open, and leaves a snapshot that opens again (parsed anew).
 */
class RecentSnapshotsTest extends WindowTest {

    /** The File menu's Recent Snapshots submenu, shown as a click shows it. */
    private static Menu recentMenu() {
        Menu bar = UiTestSupport.window().getShell().getMenuBar();
        MenuItem file = List.of(bar.getItems()).stream().filter(i -> i.getText().replace("&", "").equals("File")).findFirst().orElseThrow();
        file.getMenu().notifyListeners(SWT.Show, new Event());
        String label = RecentSnapshotsMenu.LABEL.replace("&", "");
        MenuItem recent = List.of(file.getMenu().getItems()).stream().filter(i -> i.getText().replace("&", "").equals(label)).findFirst()
                .orElseThrow(() -> new AssertionError("no " + label + " in " + UiTestSupport.menuTexts(file.getMenu())));
        recent.getMenu().notifyListeners(SWT.Show, new Event());
        return recent.getMenu();
    }

    @Test
    void theMenuListsOpenedFilesMostRecentFirstAndOpensOne() throws Exception {
        Path first = copy(TestData.JACKSON_TREE);
        Path second = copy(TestData.DART_TINY);
        UiTestSupport.open(first);
        UiTestSupport.open(second);
        UiTestSupport.closeAllEditors();

        var items = new ArrayList<MenuItem>(List.of(recentMenu().getItems()));
        assertTrue(items.size() >= 3, "two files, a separator and Manage…");
        assertEquals("1 dart-sass-ia32-a-tiny.dartheap.gz  " + dir, items.get(0).getText().replace("&", ""));
        assertEquals("2 jackson-tree.hprof.gz  " + dir, items.get(1).getText().replace("&", ""));
        assertEquals(RecentSnapshotsMenu.MANAGE.replace("&", ""), items.getLast().getText().replace("&", ""));

        items.get(1).notifyListeners(SWT.Selection, new Event()); // opens the file again
        UiTestSupport.spinUntil(() -> UiTestSupport.editorOf(first) != null, UiTestSupport.TIMEOUT_MS, "the editor of " + first);
        assertTrue(UiTestSupport.editorOf(first).snapshot().analyzed().reused(), "its index is reused");
        UiTestSupport.drainEvents();
        assertEquals(first, RecentSnapshots.instance().entries().getFirst().file(), "first again");
    }

    /** The dialog's rows as texts, cells joined by " | ". */
    private static List<String> rows(Shell dialog) {
        Table table = UiTestSupport.find(dialog, Table.class).getFirst();
        var rows = new ArrayList<String>();
        for (var item : table.getItems()) {
            var cells = new ArrayList<String>();
            for (int c = 0; c < table.getColumnCount(); c++) cells.add(item.getText(c));
            rows.add(String.join(" | ", cells));
        }
        return rows;
    }

    /** Selects the dialog's row of {@code file} as a click does; its index. */
    private static int select(Shell dialog, Path file) {
        Table table = UiTestSupport.find(dialog, Table.class).getFirst();
        var rows = rows(dialog);
        for (int i = 0; i < rows.size(); i++) {
            if (rows.get(i).startsWith(file.getFileName() + " | ") && table.getItem(i).getText(2).startsWith(file.getParent().toString())) {
                table.setSelection(i);
                table.notifyListeners(SWT.Selection, new Event());
                return i;
            }
        }
        throw new AssertionError("no row of " + file + " in " + rows);
    }

    @Test
    void deleteIndexRefusesWhileOpenThenDeletesTheFolderOnly() throws Exception {
        Path file = copy(TestData.JACKSON_TREE);
        Path index = file.resolveSibling(file.getFileName() + ".polyheap");
        UiTestSupport.open(file);
        assertTrue(Files.isDirectory(index));

        // while the snapshot is open, Delete Index says why not and deletes nothing
        var refused = new AtomicReference<String>();
        UiTestSupport.whenShellOpens(RecentSnapshotsDialog.TITLE, dialog -> {
            int row = select(dialog, file);
            assertTrue(rows(dialog).get(row).endsWith(" | open"), rows(dialog).get(row));
            UiTestSupport.whenShellOpens(RecentSnapshotsDialog.DELETE_TITLE, info -> {
                refused.set(UiTestSupport.find(info, org.eclipse.swt.widgets.Label.class).stream()
                        .map(org.eclipse.swt.widgets.Label::getText).filter(t -> t.contains("is open")).findFirst().orElse("?"));
                UiTestSupport.press(info, IDialogConstants.OK_ID);
            });
            UiTestSupport.press(dialog, RecentSnapshotsDialog.DELETE_ID);
            UiTestSupport.press(dialog, IDialogConstants.CLOSE_ID);
        });
        new RecentSnapshotsDialog(UiTestSupport.window()).open();
        assertEquals("jackson-tree.hprof.gz is open. Close its editor first: its index is in use.", refused.get());
        assertTrue(Files.isDirectory(index), "still there");

        // closed: the row shows the file, its size, the index folder and its size; Delete asks, then deletes
        UiTestSupport.closeAllEditors();
        var before = new AtomicReference<String>();
        var after = new AtomicReference<String>();
        UiTestSupport.whenShellOpens(RecentSnapshotsDialog.TITLE, dialog -> {
            int row = select(dialog, file);
            before.set(rows(dialog).get(row));
            UiTestSupport.whenShellOpens(RecentSnapshotsDialog.DELETE_TITLE, confirm -> UiTestSupport.press(confirm, IDialogConstants.OK_ID));
            UiTestSupport.press(dialog, RecentSnapshotsDialog.DELETE_ID);
            UiTestSupport.spinUntil(() -> rows(dialog).get(row).endsWith(" | no index"), UiTestSupport.TIMEOUT_MS, "the index deleted");
            select(dialog, file);
            try {
                UiTestSupport.screenshot(dialog, "recent-snapshots-dialog");
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
            after.set(rows(dialog).get(row));
            UiTestSupport.press(dialog, IDialogConstants.CLOSE_ID);
        });
        new RecentSnapshotsDialog(UiTestSupport.window()).open();
        assertNotNull(before.get());
        String[] cells = before.get().split(" \\| ", -1);
        assertEquals(List.of("jackson-tree.hprof.gz", org.polyheap.ui.editor.Format.human(Files.size(file)), index.toString()),
                List.of(cells[0], cells[1], cells[2]), before.get());
        assertTrue(cells[3].endsWith("MiB") || cells[3].endsWith("KiB"), "the index's size: " + before.get());
        assertEquals("", cells[4], "neither open nor gone");
        assertTrue(after.get().endsWith(" |  | no index"), after.get());

        assertFalse(Files.exists(index), "the index folder is gone");
        assertFalse(Files.exists(index.resolveSibling(index.getFileName() + ".lock")), "and its lock file");
        assertTrue(Files.isRegularFile(file), "the snapshot stays");
        var again = UiTestSupport.open(file);
        assertFalse(again.snapshot().analyzed().reused(), "parsed anew");
        assertTrue(Files.isDirectory(index));
    }
}
