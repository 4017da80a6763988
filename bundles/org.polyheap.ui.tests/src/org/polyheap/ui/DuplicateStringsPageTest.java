package org.polyheap.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringWriter;
import java.nio.file.Path;

import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.jface.viewers.StructuredSelection;
import org.junit.jupiter.api.Test;
import org.polyheap.report.ObjectNames;
import org.polyheap.report.table.CsvWriter;
import org.polyheap.testdata.TestData;
import org.polyheap.ui.editor.DuplicatesPage;
import org.polyheap.ui.editor.Format;
import org.polyheap.ui.editor.ObjectMenu;
import org.polyheap.ui.editor.SnapshotEditor;
import org.polyheap.ui.views.InspectorView;

/** The Duplicate Strings page shows the rows of {@code polyheap duplicates}; a row acts on its example object. */
class DuplicateStringsPageTest extends WindowTest {

    @Test
    void pageShowsTheHeadlessRowsAndItsRowsActOnTheExampleObject() throws Exception {
        Path file = copy(TestData.JACKSON_TREE);
        SnapshotEditor editor = UiTestSupport.open(file);
        var inspector = (InspectorView) UiTestSupport.window().getActivePage().showView(InspectorView.ID);
        UiTestSupport.window().getActivePage().activate(editor);
        DuplicatesPage page = editor.duplicates();
        assertNull(page.table(), "nothing is read before the page is shown");

        editor.showPage(SnapshotEditor.DUPLICATES);
        UiTestSupport.waitFor(page.compute());
        var csv = new StringWriter();
        CsvWriter.write(page.table(), csv);
        assertEquals(UiTestSupport.headless("duplicates", file.toString(), "--csv"), csv.toString(),
                "the page's rows are the headless command's, row for row");

        var widget = page.viewer().getTable();
        assertEquals(page.table().rows().size(), widget.getItemCount());
        assertTrue(widget.getItemCount() > 5, "jackson-tree has many duplicate strings: " + widget.getItemCount());
        Object[] first = page.table().rows().getFirst();
        assertEquals(Format.count(((Number) first[1]).longValue()), widget.getItem(0).getText(1), "objects, as the user reads them");
        assertEquals(first[5], widget.getItem(0).getText(5), "the example's id");
        UiTestSupport.screenshot("hprof-duplicate-strings");

        // a row stands for its example: the views follow it, and the context menu acts on it
        var row = page.rows().get(1);
        assertEquals(row.cells()[5], ObjectNames.id(editor.snapshot().graph(), row.object().objectId()));
        page.viewer().setSelection(new StructuredSelection(row), true);
        UiTestSupport.spinUntil(() -> row.object().equals(inspector.shown()), UiTestSupport.TIMEOUT_MS, "the Inspector on the example");
        UiTestSupport.clickMenu(widget, ObjectMenu.OPEN_IN_TREE);
        assertEquals(SnapshotEditor.DOMINATORS, editor.activePage());
        assertEquals(row.object(), ((IStructuredSelection) editor.dominators().viewer().getSelection()).getFirstElement());
    }
}
