package org.polyheap.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.polyheap.testdata.TestData;
import org.polyheap.ui.editor.Format;
import org.polyheap.ui.editor.HistogramPage;
import org.polyheap.ui.editor.SnapshotEditor;

/** The Histogram page's total line sums the rows the filter keeps, read from the table as the user sees them. */
class HistogramTotalsTest extends WindowTest {

    @Test
    void totalsAreTheSumsOfTheFilteredRowsAndFollowTheFilter() throws Exception {
        var editor = open(TestData.JACKSON_TREE);
        editor.showPage(SnapshotEditor.HISTOGRAM);
        HistogramPage page = editor.histogram();
        int all = page.viewer().getTable().getItemCount();

        page.filterText().setText("java.util");
        UiTestSupport.spinUntil(page::settled, UiTestSupport.TIMEOUT_MS, "the filtered rows");
        int shown = page.viewer().getTable().getItemCount();
        assertTrue(shown > 1 && shown < all, shown + " of " + all + " rows kept");
        assertEquals(expected(page, shown, all), page.totals().getText());
        UiTestSupport.screenshot("hprof-histogram-totals");

        page.filterText().setText("java.util.HashMap");
        UiTestSupport.spinUntil(page::settled, UiTestSupport.TIMEOUT_MS, "the narrower rows");
        int fewer = page.viewer().getTable().getItemCount();
        assertTrue(fewer < shown, fewer + " rows after narrowing");
        assertEquals(expected(page, fewer, all), page.totals().getText(), "the totals follow the filter");
    }

    /** The line the widget's rows call for: their objects and shallow bytes, parsed from the cells and added up. */
    private static String expected(HistogramPage page, int shown, int all) {
        var table = page.viewer().getTable();
        long objects = 0, shallow = 0;
        for (int i = 0; i < shown; i++) {
            objects += Long.parseLong(table.getItem(i).getText(1).replace(",", ""));
            shallow += Long.parseLong(table.getItem(i).getText(2).replace(",", ""));
        }
        return "Total: " + Format.count(shown) + " of " + Format.count(all) + " rows, " + Format.count(objects) + " objects, "
                + Format.count(shallow) + " shallow bytes (retained sizes are not summed: the rows' retained sets may overlap)";
    }
}
