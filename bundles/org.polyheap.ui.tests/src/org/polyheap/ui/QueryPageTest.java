package org.polyheap.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;

import org.eclipse.jface.viewers.StructuredSelection;
import org.junit.jupiter.api.Test;
import org.polyheap.report.ObjectNames;
import org.polyheap.testdata.TestData;
import org.polyheap.ui.editor.QueryPage;
import org.polyheap.ui.editor.SnapshotEditor;
import org.polyheap.ui.views.InspectorView;

/** The Query page: a statement run with Ctrl+Enter shows the headless command's rows; object rows act on their object; errors are one line. */
class QueryPageTest extends WindowTest {

    private static void runAndWait(QueryPage page) {
        var key = new org.eclipse.swt.widgets.Event();
        key.keyCode = org.eclipse.swt.SWT.CR;
        key.character = '\r';
        key.stateMask = org.eclipse.swt.SWT.MOD1;
        page.statement().notifyListeners(org.eclipse.swt.custom.ST.VerifyKey, key); // Ctrl+Enter, as the editor gets a key typed
        UiTestSupport.spinUntil(() -> page.job() == null && !page.status().startsWith("Running"), UiTestSupport.TIMEOUT_MS,
                "the statement to finish");
    }

    /** A result as the command's --csv writes it. */
    private static String csv(org.polyheap.report.query.QueryResult r) throws java.io.IOException {
        var columns = r.columns().stream().map(c -> org.polyheap.report.table.Column.text(c, c))
                .toArray(org.polyheap.report.table.Column[]::new);
        var b = new org.polyheap.report.table.Table.Builder("rows", columns);
        for (Object[] row : r.rows()) b.row(row);
        var out = new java.io.StringWriter();
        org.polyheap.report.table.CsvWriter.write(b.build(), out);
        return out.toString();
    }

    @Test
    void aStatementShowsTheHeadlessRowsAndObjectRowsActOnTheirObject() throws Exception {
        Path file = copy(TestData.JACKSON_TREE);
        SnapshotEditor editor = UiTestSupport.open(file);
        var inspector = (InspectorView) UiTestSupport.window().getActivePage().showView(InspectorView.ID);
        UiTestSupport.window().getActivePage().activate(editor);
        editor.showPage(SnapshotEditor.QUERY);
        QueryPage page = editor.query();

        String sql = "SELECT name, count, retained FROM classes ORDER BY retained DESC LIMIT 10";
        page.setStatement(sql);
        runAndWait(page);
        assertNotNull(page.result(), page.status());
        assertEquals(UiTestSupport.headless("query", file.toString(), sql, "--csv"), csv(page.result()),
                "the page's rows are the command's");
        var table = page.viewer().getTable();
        assertEquals(10, table.getItemCount());
        assertEquals("java.lang.Class", table.getItem(0).getText(0));
        assertTrue(page.status().startsWith("10 rows in "), page.status());

        // rows with an object id stand for the object: the views follow, the menu acts on it
        page.setStatement("SELECT id, class, retained FROM objects WHERE class = 'java.lang.String' AND retained > 5000");
        runAndWait(page);
        assertTrue(page.rows().size() > 1, page.status());
        var ids = page.rows().stream().map(r -> (String) r.cells()[0]).sorted().toList();
        var row = page.rows().get(0);
        assertNotNull(row.object());
        assertEquals(row.cells()[0], ObjectNames.id(editor.snapshot().graph(), row.object().objectId()));
        UiTestSupport.window().getActivePage().activate(editor); // as a click in the table makes the editor the active part
        UiTestSupport.drainEvents();
        page.viewer().setSelection(new StructuredSelection(row), true);
        UiTestSupport.spinUntil(() -> row.object().equals(inspector.shown()), UiTestSupport.TIMEOUT_MS, "the Inspector on the row's object");
        UiTestSupport.screenshot("query-page");

        // MAT's OQL, translated
        page.setOql(true);
        page.setStatement("SELECT s.@objectId, s.@retainedHeapSize FROM java.lang.String s WHERE s.@retainedHeapSize > 5000");
        runAndWait(page);
        assertEquals(ids, page.rows().stream().map(r -> (String) r.cells()[0]).sorted().toList(), "the same objects as the SQL");
        page.setOql(false);

        // a bad statement: one line naming the position, the caret put there
        page.setStatement("SELECT id FROM objects\nWHERE nme = 1");
        runAndWait(page);
        assertEquals("line 2, column 7: Column 'nme' not found in any table", page.status());
        assertEquals("SELECT id FROM objects\nWHERE ".length(), page.statement().getSelection().x, "the caret at the error");
        assertEquals("SELECT id FROM objects\nWHERE nme = 1", page.statement().getText(), "Ctrl+Enter broke no line");
    }
}
