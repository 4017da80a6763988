package org.polyheap.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;

import org.eclipse.swt.widgets.Label;
import org.junit.jupiter.api.Test;
import org.polyheap.analysis.DominatorTree;
import org.polyheap.testdata.TestData;
import org.polyheap.ui.editor.HistogramPage;
import org.polyheap.ui.editor.SnapshotEditor;

/**
 * Issue 19.3: a query's result (a retained set, immediate dominators) kept the histogram's earlier
 * filter, so it showed "0 of 1 rows". A result starts unfiltered, and the row count names the filter
 * whenever one applies.
 */
class HistogramFilterTest extends WindowTest {
    private static final Path HPROF = TestData.JACKSON_TREE;

    @Test
    void aQueryResultStartsUnfilteredAndTheCountNamesAnyFilter() throws Exception {
        var editor = open(HPROF);
        editor.showPage(SnapshotEditor.HISTOGRAM);
        HistogramPage page = editor.histogram();
        page.filterText().setText("no-such-class-name");
        UiTestSupport.spinUntil(() -> page.settled() && page.rows().size() == 0, UiTestSupport.TIMEOUT_MS, "the filter applied");
        Label count = countLabel(page);
        assertTrue(count.getText().endsWith("rows matching \u201cno-such-class-name\u201d"), count.getText());

        var tree = editor.snapshot().analyzed().analysis().dominatorTree();
        int biggest = tree.child(DominatorTree.VIRTUAL_ROOT, 0);
        var set = editor.snapshot().analyzed().analysis().retainedSet(new int[] {biggest}, org.polyheap.model.Progress.NONE);
        page.showScope(new HistogramPage.Scope("Retained set of the biggest object", set.objects()));
        UiTestSupport.spinUntil(() -> !page.scope().isWholeHeap() && page.settled(), UiTestSupport.TIMEOUT_MS, "the set's histogram");
        assertEquals("", page.filterText().getText(), "the result starts unfiltered");
        assertTrue(page.rows().size() > 0, "its rows show");
        assertEquals(page.rows().size(), page.rows().totalRows());
        assertFalse(count.getText().contains("matching"), count.getText());
        UiTestSupport.screenshot("histogram-query-unfiltered");
    }

    private static Label countLabel(HistogramPage page) {
        return UiTestSupport.find(page.filterText().getParent(), Label.class).stream()
                .filter(l -> l.getText().matches("[\\d,]+ of [\\d,]+ rows.*")).findFirst().orElseThrow(); // not the total line
    }
}
