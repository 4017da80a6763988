package org.polyheap.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.polyheap.analysis.DominatorTree;
import org.polyheap.analysis.Grouping;
import org.polyheap.analysis.HistogramRow;
import org.polyheap.model.format.SnapshotFormat;
import org.polyheap.report.cli.Main;
import org.polyheap.testdata.TestData;
import org.polyheap.ui.editor.FocusFilterHandler;
import org.polyheap.ui.editor.SnapshotEditor;

/**
 * The snapshot editor as a whole on real snapshots: each format opens with its parser, the Overview
 * charts the biggest objects, Ctrl+F goes to the filter, the Dart histogram groups by library. The
 * pages and views have their own tests ({@link HistogramPageTest}, {@link DominatorTreePageTest},
 * {@link LinkedViewsTest}, {@link ExportTest}). Runs on the UI thread inside the application.
 */
class SnapshotWindowTest extends WindowTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource({ "hprof, hprof/jackson-tree.hprof.gz", "dart, dart/dart-sass-ia32-a-tiny.dartheap.gz" })
    void eachFormatOpensWithItsParser(String format, String fixture) throws Exception {
        var editor = open(TestData.folder().resolve(fixture));
        assertEquals(format, editor.snapshot().analyzed().format().key());
    }

    @Test
    void overviewChartsTheBiggestObjectsAndNamesTheFormat() throws Exception {
        var editor = open(PolyheapUi.sampleSnapshot());
        editor.showPage(SnapshotEditor.OVERVIEW);
        assertTrue(editor.overview().objectsChart().bars().size() >= 3, "overview chart of biggest objects");
        assertTrue(editor.overview().values().stream().anyMatch(v -> v.contains("V8")), "format named: " + editor.overview().values());
        UiTestSupport.screenshot("v8-overview");
    }

    @Test
    void ctrlFShowsTheHistogramFilter() throws Exception {
        var editor = open(PolyheapUi.sampleSnapshot());
        editor.showPage(SnapshotEditor.DOMINATORS);
        UiTestSupport.window().getActivePage().activate(editor);
        var handlers = UiTestSupport.window().getService(org.eclipse.ui.handlers.IHandlerService.class);
        handlers.executeCommand(FocusFilterHandler.COMMAND_ID, null);
        UiTestSupport.drainEvents();
        assertEquals(SnapshotEditor.HISTOGRAM, editor.activePage());
        var bindings = UiTestSupport.window().getService(org.eclipse.ui.keys.IBindingService.class);
        assertEquals("Ctrl+F", bindings.getBestActiveBindingFormattedFor(FocusFilterHandler.COMMAND_ID));
    }

    @Test
    void dartHistogramGroupsByLibrary() throws Exception {
        var editor = open(TestData.DART_TINY);
        var page = editor.histogram();
        UiTestSupport.waitFor(page.regroup("library"));
        // the job hands its rows over with asyncExec: on a loaded machine that may take more than one turn
        UiTestSupport.spinUntil(() -> page.grouping() == Grouping.LIBRARY, 10_000, "rows by library");
        assertTrue(page.rows().totalRows() > 0 && page.rows().totalRows() < editor.snapshot().classHistogram().size(),
                "libraries are fewer than classes: " + page.rows().totalRows());
        editor.showPage(SnapshotEditor.HISTOGRAM);
        UiTestSupport.screenshot("dart-histogram-by-library");
    }
}
