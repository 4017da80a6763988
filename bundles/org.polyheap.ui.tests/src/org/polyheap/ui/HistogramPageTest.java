package org.polyheap.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;

import org.eclipse.swt.widgets.Table;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.polyheap.analysis.HistogramRow;
import org.polyheap.ui.editor.Format;
import org.polyheap.ui.editor.HistogramPage;
import org.polyheap.ui.editor.HistogramRows;
import org.polyheap.ui.editor.SnapshotEditor;

/** The Histogram page on a real snapshot of each format: its rows are the analysis's; sorting and filtering act on the table. */
class HistogramPageTest extends WindowTest {

    /** The Histogram page shown on the class's copy of a fixture, its table, and the rows the analysis computed. */
    private record Shown(HistogramPage page, Table table, List<HistogramRow> expected) {
        static Shown of(Path fixture) throws Exception {
            var editor = openShared(fixture);
            editor.showPage(SnapshotEditor.HISTOGRAM);
            return new Shown(editor.histogram(), editor.histogram().viewer().getTable(), editor.snapshot().classHistogram());
        }
    }

    /** Rows match the analysis, biggest retained first, as the user reads them in the widget. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("org.polyheap.ui.WindowTest#formats")
    void rowsAreTheAnalysisBiggestRetainedFirst(String format, Path fixture, boolean fields) throws Exception {
        var shown = Shown.of(fixture);
        assertEquals(shown.expected().size(), shown.table().getItemCount());
        assertTrue(shown.expected().size() > 5, "classes: " + shown.expected().size());
        // the widget's first rows, read as the user sees them
        var sorted = shown.expected().stream().sorted(byRetainedThenName()).toList();
        for (int i = 0; i < 5; i++) {
            String name = sorted.get(i).name();
            assertEquals(name.isEmpty() ? "(none)" : name, shown.table().getItem(i).getText(0));
        }
        long previous = Long.MAX_VALUE;
        for (int i = 0; i < shown.page().rows().size(); i++) {
            assertTrue(shown.page().rows().row(i).retained() <= previous, "retained descending at row " + i);
            previous = shown.page().rows().row(i).retained();
        }
        UiTestSupport.screenshot(format + "-histogram");
    }

    /** A click on "Objects" puts the biggest count first, a second click the smallest; "Name" sorts by name. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("org.polyheap.ui.WindowTest#formats")
    void clickingAColumnSortsByItBothWays(String format, Path fixture, boolean fields) throws Exception {
        var shown = Shown.of(fixture);
        shown.page().sortBy(shown.table().getColumn(1));
        assertEquals(shown.expected().stream().mapToLong(HistogramRow::objects).max().orElseThrow(), shown.page().rows().row(0).objects());
        assertEquals(Format.count(shown.page().rows().row(0).objects()), shown.table().getItem(0).getText(1));
        shown.page().sortBy(shown.table().getColumn(1));
        assertEquals(shown.expected().stream().mapToLong(HistogramRow::objects).min().orElseThrow(), shown.page().rows().row(0).objects());
        shown.page().sortBy(shown.table().getColumn(0));
        for (int i = 1; i < shown.page().rows().size(); i++) {
            assertTrue(String.CASE_INSENSITIVE_ORDER.compare(shown.page().rows().row(i - 1).name(), shown.page().rows().row(i).name()) <= 0, "names sorted");
        }
    }

    /** A filter as typed: every shown row matches, the count is what a plain scan finds, and clearing it shows every row. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("org.polyheap.ui.WindowTest#formats")
    void typedFilterShowsTheMatchingRows(String format, Path fixture, boolean fields) throws Exception {
        var shown = Shown.of(fixture);
        String probe = shown.expected().getFirst().name();
        String piece = probe.length() > 4 ? probe.substring(1, 4) : probe;
        shown.page().filterText().setText(piece);
        long matching = shown.expected().stream().filter(r -> r.name().toLowerCase().contains(piece.toLowerCase())
                || HistogramRows.compile(piece).matcher(r.name()).find()).count();
        assertEquals(matching, shown.table().getItemCount(), "rows matching '" + piece + "'");
        for (int i = 0; i < shown.page().rows().size(); i++) assertTrue(HistogramRows.compile(piece).matcher(shown.page().rows().row(i).name()).find());
        shown.page().filterText().setText("");
        assertEquals(shown.expected().size(), shown.table().getItemCount());
    }

    private static Comparator<HistogramRow> byRetainedThenName() {
        return Comparator.comparingLong(HistogramRow::retained).reversed().thenComparing(HistogramRow::name);
    }

    /**
     * In a wide window the class column takes the width the number columns leave (they keep theirs).
     * The table is made small and then grown (its page is built before it is laid out): GTK stretched
     * the last column over the new width, and the class column kept its minimum.
     */
    @org.junit.jupiter.api.Test
    void classNamesTakeTheFreeWidth() throws Exception {
        var editor = open(org.polyheap.testdata.TestData.JACKSON_TREE);
        editor.showPage(SnapshotEditor.HISTOGRAM);
        Table table = editor.histogram().viewer().getTable();
        UiTestSupport.spinUntil(() -> table.getItemCount() > 0, UiTestSupport.TIMEOUT_MS, "histogram rows");
        UiTestSupport.drainEvents();
        int others = 0;
        var widths = new StringBuilder();
        for (int i = 0; i < table.getColumnCount(); i++) {
            widths.append(table.getColumn(i).getText()).append('=').append(table.getColumn(i).getWidth()).append(' ');
            if (i > 0) others += table.getColumn(i).getWidth();
        }
        int free = table.getClientArea().width - others;
        assertTrue(free > org.polyheap.ui.editor.ColumnFit.MIN_NAME_WIDTH, "a wide window: " + table.getClientArea() + " " + widths);
        assertTrue(Math.abs(table.getColumn(0).getWidth() - free) <= 2, "client " + table.getClientArea() + ": " + widths);
    }
}
