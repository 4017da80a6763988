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

    private static List<String> names(HistogramRows r) {
        var out = new ArrayList<String>();
        for (int i = 0; i < r.size(); i++) out.add(r.row(i).name());
        return out;
    }

    @Test
    void startsBiggestRetainedFirstAndSortsEachColumnBothWays() {
        var rows = new HistogramRows(ROWS);
        assertEquals(List.of("com.example.Cache", "java.lang.String", "byte[]", "java.util.HashMap", "java.util.HashMap$Node"), names(rows));
        rows.sortBy(HistogramRows.Column.OBJECTS);
        assertEquals("byte[]", rows.row(0).name());
        rows.sortBy(HistogramRows.Column.OBJECTS);
        assertEquals("com.example.Cache", rows.row(0).name());
        rows.sortBy(HistogramRows.Column.NAME);
        assertEquals(List.of("byte[]", "com.example.Cache", "java.lang.String", "java.util.HashMap", "java.util.HashMap$Node"), names(rows));
        rows.sortBy(HistogramRows.Column.SHALLOW);
        assertEquals("byte[]", rows.row(0).name());
    }

    @Test
    void filterIsARegexOrElseASubstringAndKeepsTheSortOrder() {
        var rows = new HistogramRows(ROWS);
        rows.filter("hashmap");
        assertEquals(List.of("java.util.HashMap", "java.util.HashMap$Node"), names(rows));
        rows.filter("Map$");
        assertEquals(List.of("java.util.HashMap"), names(rows));
        rows.filter("[]");        // invalid regex: matched literally
        assertEquals(List.of("byte[]"), names(rows));
        rows.filter("  ");
        assertEquals(ROWS.size(), rows.size());
    }
}
