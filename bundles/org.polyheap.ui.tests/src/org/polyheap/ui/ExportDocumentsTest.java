package org.polyheap.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Combo;
import org.junit.jupiter.api.Test;
import org.polyheap.analysis.Grouping;
import org.polyheap.testdata.TestData;
import org.polyheap.ui.editor.SnapshotEditor;
import org.polyheap.ui.export.ExportAction;
import org.polyheap.ui.export.SnapshotExport;

/**
 * Issue 17.3: the window's JSON exports are the headless command's documents, key for key and row
 * for row ("groupBy": "loader", not "class_loader"; the dominator tree's default rows, not 1,000).
 */
class ExportDocumentsTest extends WindowTest {

    @Test
    void theHistogramByLoaderIsTheCommandsDocument() throws Exception {
        Path file = copy(TestData.JACKSON_TREE);
        var editor = UiTestSupport.open(file);
        editor.showPage(SnapshotEditor.HISTOGRAM);
        var page = editor.histogram();
        Combo grouping = UiTestSupport.find(page.filterText().getParent().getParent(), Combo.class).stream()
                .filter(c -> c.indexOf(Grouping.CLASS_LOADER.key()) >= 0).findFirst().orElseThrow();
        grouping.select(grouping.indexOf(Grouping.CLASS_LOADER.key())); // as a user picks it
        grouping.notifyListeners(SWT.Selection, new org.eclipse.swt.widgets.Event());
        UiTestSupport.spinUntil(() -> page.grouping() == Grouping.CLASS_LOADER && page.settled(), UiTestSupport.TIMEOUT_MS,
                "the histogram by class loader");
        UiTestSupport.screenshot("export-histogram-by-loader");

        Path json = dir.resolve("window.json");
        UiTestSupport.waitFor(ExportAction.export(editor, SnapshotExport.What.HISTOGRAM_JSON, json));
        String window = Files.readString(json);
        assertTrue(window.contains("\"groupBy\": \"loader\""), window.substring(0, Math.min(200, window.length())));
        assertEquals(UiTestSupport.headless("histogram", file.toString(), "--by", "loader", "--json"), window);
    }

    @Test
    void theDominatorTreeExportIsTheCommandsDefaultListing() throws Exception {
        Path file = copy(TestData.JACKSON_TREE);
        var editor = UiTestSupport.open(file);
        Path json = dir.resolve("window.json");
        UiTestSupport.waitFor(ExportAction.export(editor, SnapshotExport.What.DOMINATORS_JSON, json));
        assertEquals(UiTestSupport.headless("dominators", file.toString(), "--json"), Files.readString(json));
        Path csv = dir.resolve("window.csv");
        UiTestSupport.waitFor(ExportAction.export(editor, SnapshotExport.What.DOMINATORS_CSV, csv));
        String headless = UiTestSupport.headless("dominators", file.toString(), "--csv");
        assertEquals(headless, Files.readString(csv));
        assertEquals(26, headless.lines().count(), "a header and the command's 25 default rows");
    }
}
