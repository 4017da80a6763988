package org.polyheap.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;

import org.eclipse.jface.viewers.StructuredSelection;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Event;
import org.junit.jupiter.api.Test;
import org.polyheap.report.ObjectNames;
import org.polyheap.report.table.CsvWriter;
import org.polyheap.ui.editor.CollectionsPage;
import org.polyheap.ui.editor.ObjectMenu;
import org.polyheap.ui.editor.SnapshotEditor;
import org.polyheap.ui.views.EntriesView;
import org.polyheap.ui.views.InspectorView;
import org.polyheap.ui.views.ObjectsView;

/**
 * The Collections page shows the rows of {@code polyheap collections} for a live dump of the report
 * tests' {@code KnownCollections.java}; a row opens its collections in the Objects view, and Show Entries
 * on one lists its entries, whose rows act on their key or value.
 */
class CollectionsPageTest extends WindowTest {
    private static final String PROGRAM = "../../org.polyheap.report.tests/data/live/KnownCollections";

    @Test
    void pageShowsTheHeadlessFiguresRowsOpenTheirCollectionsAndEntriesActOnKeysAndValues() throws Exception {
        Path file = UiTestSupport.javaHeapDump(PROGRAM, classDir.resolve("collections.hprof"));
        SnapshotEditor editor = UiTestSupport.open(file);
        var page = UiTestSupport.window().getActivePage();
        var inspector = (InspectorView) page.showView(InspectorView.ID);
        page.activate(editor);
        CollectionsPage collections = editor.collections();
        assertNull(collections.found(), "nothing is read before the page is shown");

        editor.showPage(SnapshotEditor.COLLECTIONS);
        UiTestSupport.waitFor(collections.compute());
        UiTestSupport.drainEvents();
        var csv = new StringWriter();
        CsvWriter.write(collections.found().classes(), csv);
        assertEquals(UiTestSupport.headless("collections", file.toString(), "--csv"), csv.toString(),
                "the page's rows are the headless command's, row for row");
        var widget = collections.viewers().getFirst().getTable();
        int three = indexOf(collections.rows(0), "KnownCollections$ThreeEntries");
        assertEquals("1,000", widget.getItem(three).getText(2), "1,000 maps of three entries");
        assertEquals("1,000", widget.getItem(three).getText(5), "all of size 2-10");
        assertEquals("18.8 %", widget.getItem(three).getText(9), "3 of 16 slots");
        int empties = indexOf(collections.rows(1), "KnownCollections$NeverUsed");
        assertEquals("500", collections.viewers().get(1).getTable().getItem(empties).getText(1));
        page.activate(editor); // the bundled sample, opened at start-up, may have come on top meanwhile
        editor.showPage(SnapshotEditor.COLLECTIONS);
        page.toggleZoom(page.getReference(editor)); // the figures' columns want the window's width
        UiTestSupport.drainEvents();
        UiTestSupport.screenshot("hprof-collections");
        page.toggleZoom(page.getReference(editor));

        // opening a row lists its collections in the Objects view
        var sortedRow = collections.rows(0).get(indexOf(collections.rows(0), "KnownCollections$SortedFive"));
        open(collections.viewers().getFirst().getTable(), indexOf(collections.rows(0), "KnownCollections$SortedFive"));
        var objects = (ObjectsView) page.findView(ObjectsView.ID);
        UiTestSupport.waitFor(objects.listJob());
        UiTestSupport.spinUntil(() -> objects.objects().length == 1, UiTestSupport.TIMEOUT_MS, "the one SortedFive listed");
        assertEquals(sortedRow.objects()[0], objects.objects()[0]);

        // Show Entries on it: its keys in order, the menu on the key or the value as clicked
        var map = new ObjectRef(editor.snapshot(), objects.objects()[0]);
        objects.viewer().setSelection(new StructuredSelection(map), true);
        UiTestSupport.drainEvents();
        UiTestSupport.clickMenu(objects.viewer().getTable(), ObjectMenu.SHOW_ENTRIES);
        var entries = (EntriesView) page.findView(EntriesView.ID);
        UiTestSupport.waitFor(entries.job());
        UiTestSupport.spinUntil(() -> entries.rows().size() == 5, UiTestSupport.TIMEOUT_MS, "the five entries");
        var table = entries.viewer().getTable();
        assertEquals(List.of("a", "b", "c", "d", "e"), List.of(0, 1, 2, 3, 4).stream().map(i -> table.getItem(i).getText(3)).toList(),
                "key values in the tree's order");
        assertEquals("java.lang.Integer", table.getItem(2).getText(5), "the values are boxed ints");
        assertTrue(table.getItem(0).getText(1).equals(ObjectNames.id(editor.snapshot().graph(), entries.rows().get(0).key().objectId())));
        page.activate(editor);
        page.activate(entries);
        UiTestSupport.drainEvents();
        UiTestSupport.screenshot("hprof-entries");

        var row = entries.rows().get(2);
        entries.chooseKeys(true); // as a click on the key's columns does
        entries.viewer().setSelection(new StructuredSelection(row), true);
        UiTestSupport.spinUntil(() -> row.key().equals(inspector.shown()), UiTestSupport.TIMEOUT_MS, "the Inspector on the key");
        assertTrue(UiTestSupport.menuTexts(table.getMenu()).contains(ObjectMenu.PATHS), "the object menu on the key");
        entries.chooseKeys(false);
        entries.viewer().setSelection(StructuredSelection.EMPTY);
        entries.viewer().setSelection(new StructuredSelection(row), true);
        UiTestSupport.spinUntil(() -> row.value().equals(inspector.shown()), UiTestSupport.TIMEOUT_MS, "the Inspector on the value");
        assertEquals("java.lang.Integer", row.value().className());
    }

    private static int indexOf(List<CollectionsPage.Row> rows, String className) {
        for (int i = 0; i < rows.size(); i++) if (rows.get(i).cells()[0].equals(className)) return i;
        throw new AssertionError("no row of " + className);
    }

    /** Enter on a table row. */
    private static void open(org.eclipse.swt.widgets.Table widget, int index) {
        widget.setSelection(index);
        var enter = new Event();
        enter.item = widget.getItem(index);
        widget.notifyListeners(SWT.DefaultSelection, enter);
        UiTestSupport.drainEvents();
    }
}
