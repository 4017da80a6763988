package org.polyheap.ui.editor;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.polyheap.analysis.HistogramRow;

class HistogramRowsTest {
    private static final List<HistogramRow> ROWS = List.of(
            new HistogramRow("java.util.HashMap", 10, 480, 9000, false),
            new HistogramRow("byte[]", 300, 12000, 12000, false),
            new HistogramRow("java.lang.String", 250, 6000, 18000, true),
            new HistogramRow("com.example.Cache", 1, 16, 20000, false),
            new HistogramRow("java.util.HashMap$Node", 40, 1280, 1280, false));

    private static List<String> names(HistogramRows.View r) {
        var out = new ArrayList<String>();
        for (int i = 0; i < r.size(); i++) out.add(r.row(i).name());
        return out;
    }

    @Test
    void startsBiggestRetainedFirstAndSortsEachColumnBothWays() {
        var rows = new HistogramRows(ROWS).initial();
        assertEquals(List.of("com.example.Cache", "java.lang.String", "byte[]", "java.util.HashMap", "java.util.HashMap$Node"), names(rows));
        rows = rows.sortBy(HistogramRows.Column.OBJECTS);
        assertEquals("byte[]", rows.row(0).name());
        rows = rows.sortBy(HistogramRows.Column.OBJECTS);
        assertEquals("com.example.Cache", rows.row(0).name());
        rows = rows.sortBy(HistogramRows.Column.NAME);
        assertEquals(List.of("byte[]", "com.example.Cache", "java.lang.String", "java.util.HashMap", "java.util.HashMap$Node"), names(rows));
        rows = rows.sortBy(HistogramRows.Column.SHALLOW);
        assertEquals("byte[]", rows.row(0).name());
    }

    @Test
    void filterIsARegexOrElseASubstringAndKeepsTheSortOrder() {
        var all = new HistogramRows(ROWS).initial();
        assertEquals(List.of("java.util.HashMap", "java.util.HashMap$Node"), names(all.filter("hashmap")));
        assertEquals(List.of("java.util.HashMap"), names(all.filter("Map$")));
        assertEquals(List.of("byte[]"), names(all.filter("[]")));        // invalid regex: matched literally
        assertEquals(ROWS.size(), all.filter("  ").size());
        var byName = all.sortBy(HistogramRows.Column.NAME).filter("java");
        assertEquals(List.of("java.lang.String", "java.util.HashMap", "java.util.HashMap$Node"), names(byName));
        assertEquals("java", byName.filterText());
    }

    @Test
    void viewsAreIndependent() {
        var all = new HistogramRows(ROWS).initial();
        var filtered = all.filter("hashmap");
        var sorted = all.sortBy(HistogramRows.Column.NAME);
        assertEquals(ROWS.size(), all.size());
        assertEquals("com.example.Cache", all.row(0).name()); // unchanged by the views made from it
        assertEquals(2, filtered.size());
        assertEquals("byte[]", sorted.row(0).name());
    }
}
