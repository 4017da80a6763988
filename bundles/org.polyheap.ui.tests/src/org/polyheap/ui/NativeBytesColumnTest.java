package org.polyheap.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.swt.widgets.Table;
import org.junit.jupiter.api.Test;
import org.polyheap.testdata.TestData;
import org.polyheap.ui.editor.Format;
import org.polyheap.ui.editor.HistogramPage;
import org.polyheap.ui.editor.HistogramRows;
import org.polyheap.ui.editor.SnapshotEditor;

/**
 * Issue 21, Dart: the histogram's Native bytes column (the external sizes the Dart VM attributes to
 * objects), checked against what the independent decoder reads from the file
 * ({@code dart-sass-ia32-a-vs-d.class-diff.txt}, "external A" lines); formats without native memory
 * have no such column.
 */
class NativeBytesColumnTest extends WindowTest {

    @Test
    void dartClassesShowTheirExternalSizesSortedByAClick() throws Exception {
        Map<String, Long> expected = new HashMap<>();
        for (String line : Files.readAllLines(TestData.dart("dart-sass-ia32-a-vs-d.class-diff.txt"))) {
            String[] f = line.split("\t");
            if (f[0].equals("external") && f[1].equals("A")) expected.put(f[2], Long.parseLong(f[3]));
        }
        var editor = openShared(TestData.DART_TINY);
        editor.showPage(SnapshotEditor.HISTOGRAM);
        HistogramPage page = editor.histogram();
        Table table = page.viewer().getTable();
        int column = column(table, HistogramPage.NATIVE_COLUMN);
        table.getColumn(column).notifyListeners(org.eclipse.swt.SWT.Selection, new org.eclipse.swt.widgets.Event());
        UiTestSupport.spinUntil(page::settled, UiTestSupport.TIMEOUT_MS, "sorted by native bytes");
        assertEquals(HistogramRows.Column.NATIVE, page.rows().sortColumn());
        long sum = expected.values().stream().mapToLong(Long::longValue).sum();
        var byBytes = expected.entrySet().stream().sorted(Map.Entry.<String, Long>comparingByValue().reversed()
                .thenComparing(Map.Entry::getKey, String.CASE_INSENSITIVE_ORDER)).toList(); // ties: names A-Z
        for (int i = 0; i < byBytes.size(); i++) { // the rows as the user reads them, most native bytes first
            assertEquals(byBytes.get(i).getKey(), table.getItem(i).getText(0), "row " + i);
            assertEquals(Format.bytes(byBytes.get(i).getValue()), table.getItem(i).getText(column), byBytes.get(i).getKey());
        }
        assertEquals("", table.getItem(byBytes.size()).getText(column), "a class without native memory shows nothing");
        assertTrue(page.totals().getText().contains(", " + Format.bytes(sum) + " native bytes"), page.totals().getText());
        UiTestSupport.screenshot("dart-histogram-native-bytes");

        page.filterText().setText("Impl$"); // the totals follow the filter: the classes ending in Impl
        UiTestSupport.spinUntil(page::settled, UiTestSupport.TIMEOUT_MS, "filtered");
        long impl = expected.entrySet().stream().filter(e -> e.getKey().endsWith("Impl")).mapToLong(Map.Entry::getValue).sum();
        assertTrue(page.totals().getText().contains(", " + Format.bytes(impl) + " native bytes"), page.totals().getText());
        page.filterText().setText("");
        UiTestSupport.spinUntil(page::settled, UiTestSupport.TIMEOUT_MS, "unfiltered");
    }

    @Test
    void formatsWithoutNativeMemoryHaveNoColumn() throws Exception {
        for (var fixture : List.of(TestData.JACKSON_TREE, TestData.CHROME_TODO)) {
            var editor = openShared(fixture);
            editor.showPage(SnapshotEditor.HISTOGRAM);
            Table table = editor.histogram().viewer().getTable();
            for (var c : table.getColumns()) assertTrue(!c.getText().equals(HistogramPage.NATIVE_COLUMN), fixture + ": " + c.getText());
            assertTrue(!editor.histogram().totals().getText().contains("native"), editor.histogram().totals().getText());
        }
    }

    private static int column(Table t, String title) {
        for (int i = 0; i < t.getColumnCount(); i++) if (t.getColumn(i).getText().equals(title)) return i;
        throw new AssertionError("no column " + title);
    }
}
