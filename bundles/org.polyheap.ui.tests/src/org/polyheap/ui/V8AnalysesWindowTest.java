package org.polyheap.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
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
import org.polyheap.ui.editor.ObjectMenu;
import org.polyheap.ui.editor.SnapshotEditor;
import org.polyheap.ui.views.ClosuresView;
import org.polyheap.ui.views.DetachedElementsView;
import org.polyheap.ui.views.InspectorView;

/**
 * The V8 analyses in the window: DevTools' Statistics on the Overview page, the Detached Elements and
 * Closures views — the headless command's rows, rows that act on their object, a line saying why for
 * snapshots the analysis does not apply to.
 */
class V8AnalysesWindowTest extends WindowTest {

    @Test
    void overviewChartsTheStatisticsOfTheCommand() throws Exception {
        Path file = copy(TestData.CHROME_TODO);
        SnapshotEditor editor = UiTestSupport.open(file);
        var chart = editor.overview().statisticsChart();
        assertNotNull(chart, "a V8 snapshot has the Statistics chart");
        String csv = UiTestSupport.headless("v8stats", file.toString(), "--csv");
        var lines = csv.strip().lines().skip(1).toList(); // category,bytes,percent; the last is the total
        assertEquals(lines.size() - 1, chart.bars().size());
        for (int i = 0; i < chart.bars().size(); i++) {
            String[] cells = lines.get(i).split(",");
            assertEquals(cells[0], chart.bars().get(i).name());
            assertEquals(Long.parseLong(cells[1]), chart.bars().get(i).bytes());
        }
        UiTestSupport.window().getActivePage().activate(editor);
        UiTestSupport.screenshot("v8-overview-statistics");
        SnapshotEditor java = open(TestData.JACKSON_TREE);
        assertNull(java.overview().statisticsChart(), "no Statistics for a Java heap dump");
    }

    @Test
    void detachedElementsViewListsTheCommandsRowsAndActsOnTheRoot() throws Exception {
        Path file = copy(TestData.v8("chrome-detached.heapsnapshot.gz"));
        SnapshotEditor editor = UiTestSupport.open(file);
        var page = UiTestSupport.window().getActivePage();
        var inspector = (InspectorView) page.showView(InspectorView.ID);
        var view = (DetachedElementsView) page.showView(DetachedElementsView.ID);
        UiTestSupport.spinUntil(() -> view.table(0) != null, UiTestSupport.TIMEOUT_MS, "the detached elements found");
        var csv = new StringWriter();
        CsvWriter.write(view.table(0), csv);
        assertEquals(UiTestSupport.headless("detached", file.toString(), "--csv"), csv.toString(), "the command's rows");
        assertEquals(2, view.viewer(0).getTable().getItemCount());
        assertEquals("Detached <section>", view.viewer(0).getTable().getItem(0).getText(0));
        assertEquals(2, view.viewer(1).getTable().getItemCount(), "both roots listed with their retainers");
        assertTrue(view.viewer(1).getTable().getItem(0).getText(5).contains("Array"), view.viewer(1).getTable().getItem(0).getText(5));
        UiTestSupport.screenshot("v8-detached-elements");

        var row = view.rows(0).get(0);
        assertEquals(row.cells()[6], ObjectNames.id(editor.snapshot().graph(), row.object().objectId()), "a group row is its biggest root");
        view.viewer(0).setSelection(new StructuredSelection(row), true);
        UiTestSupport.spinUntil(() -> row.object().equals(inspector.shown()), UiTestSupport.TIMEOUT_MS, "the Inspector on the root");
        UiTestSupport.clickMenu(view.viewer(0).getTable(), ObjectMenu.OPEN_IN_TREE);
        assertEquals(SnapshotEditor.DOMINATORS, editor.activePage());
        assertEquals(row.object(), ((IStructuredSelection) editor.dominators().viewer().getSelection()).getFirstElement());

        // a Node.js snapshot has no DOM; a Java heap dump is no V8 snapshot
        open(TestData.NODE_SESSIONS_BEFORE); // Node.js marks some BindingData detached: no DOM all the same
        UiTestSupport.spinUntil(() -> view.status().contains("records no DOM"), UiTestSupport.TIMEOUT_MS, "no DOM: " + view.status());
        assertEquals(0, view.viewer(0).getTable().getItemCount());
        open(TestData.JACKSON_TREE);
        UiTestSupport.spinUntil(() -> view.status().contains("V8 snapshots of web pages"), UiTestSupport.TIMEOUT_MS, "not V8: " + view.status());
    }

    /** node-sessions.js adds 2,000 Session objects to a cache's Map between its two snapshots. */
    @Test
    void leaksViewListsTheCommandsClustersOfThreeOpenSnapshots() throws Exception {
        Path a = copy(TestData.NODE_SESSIONS_BEFORE), b = copy(TestData.NODE_SESSIONS_AFTER);
        SnapshotEditor before = UiTestSupport.open(a), after = UiTestSupport.open(b);
        var view = (org.polyheap.ui.views.LeaksView) UiTestSupport.window().getActivePage().showView(org.polyheap.ui.views.LeaksView.ID);
        view.choose(before.snapshot(), after.snapshot(), after.snapshot());
        UiTestSupport.waitFor(view.find());
        UiTestSupport.spinUntil(() -> view.table() != null, UiTestSupport.TIMEOUT_MS, "the leaks found");
        var csv = new StringWriter();
        CsvWriter.write(view.table(), csv);
        assertEquals(UiTestSupport.headless("leaks", a.toString(), b.toString(), b.toString(), "--csv"), csv.toString(), "the command's rows");
        var row = view.rows().get(0);
        assertEquals("Session", row.cells()[0]);
        assertEquals(2000L, row.cells()[1]);
        assertEquals(after.snapshot(), row.object().snapshot(), "a row is an object of the final snapshot");
        assertEquals("Session", row.object().className());
        UiTestSupport.screenshot("v8-leaks-between-snapshots");
    }

    @Test
    void closuresViewListsTheCommandsRows() throws Exception {
        Path file = copy(TestData.CHROME_TODO);
        SnapshotEditor editor = UiTestSupport.open(file);
        UiTestSupport.window().getActivePage().activate(editor);
        var view = (ClosuresView) UiTestSupport.window().getActivePage().showView(ClosuresView.ID);
        UiTestSupport.spinUntil(() -> view.table(0) != null, UiTestSupport.TIMEOUT_MS, "the closures grouped");
        var csv = new StringWriter();
        CsvWriter.write(view.table(0), csv);
        assertEquals(UiTestSupport.headless("closures", file.toString(), "--csv"), csv.toString(), "the command's rows");
        assertTrue(view.viewer(0).getTable().getItemCount() > 10, "a page has many functions: " + view.viewer(0).getTable().getItemCount());
        var row = view.rows(0).get(0);
        assertEquals(row.cells()[6], row.object().displayId(), "a row is its biggest closure");
        UiTestSupport.screenshot("v8-closures");
    }
}
