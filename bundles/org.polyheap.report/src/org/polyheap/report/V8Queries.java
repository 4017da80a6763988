package org.polyheap.report;

import java.util.LinkedHashMap;
import java.util.Map;

import org.polyheap.analysis.V8Statistics;
import org.polyheap.model.Progress;
import org.polyheap.model.format.SnapshotFormat;
import org.polyheap.report.table.Column;
import org.polyheap.report.table.Table;

/**
 * The queries only V8 snapshots answer (the Chrome DevTools Memory panel's views): the Statistics
 * breakdown, detached DOM, closures by source location. Each turns analysis results into a
 * {@link Table} or plain values for the command, the exports and the window. None runs on a UI thread.
 */
public final class V8Queries {
    private V8Queries() { }

    /** True for a V8 snapshot, the only format these queries answer. */
    public static boolean applies(AnalyzedSnapshot s) { return s.format() == SnapshotFormat.V8; }

    /**
     * DevTools' Statistics ({@link V8Statistics}) on the analysis's self sizes. O(objects + references).
     *
     * @throws IllegalArgumentException for a snapshot of another format
     */
    public static V8Statistics statistics(AnalyzedSnapshot s, Progress progress) {
        requireV8(s, "statistics");
        return V8Statistics.of(s.graph(), s.analysis().dominatorTree().shallow(), progress);
    }

    /** The pie's slices in DevTools' order, each with its bytes and its share of the total. */
    public static Table statisticsTable(V8Statistics st) {
        var b = new Table.Builder("categories", Column.text("category", "Category"), Column.bytes("bytes", "Bytes"),
                Column.percent("percent", "% of total"));
        double total = Math.max(1, st.total());
        Object[][] rows = {{"Code", st.code()}, {"Strings", st.strings()}, {"JS arrays", st.jsArrays()},
                {"Typed arrays", st.typedArrays()}, {"System objects", st.system()}, {"Other JS objects", st.otherJs()},
                {"Other non-JS objects", st.otherNative()}};
        for (Object[] r : rows) b.row(r[0], r[1], (Long) r[1] * 100.0 / total);
        b.row("Total", st.total(), 100.0);
        return b.build();
    }

    /** DevTools' own statistics object ({@code total}, {@code native}, {@code v8heap}), key for key. */
    public static Map<String, Object> statisticsFigures(V8Statistics st) {
        var nativeBytes = new LinkedHashMap<String, Object>();
        nativeBytes.put("total", st.nativeTotal());
        nativeBytes.put("typedArrays", st.typedArrays());
        var heap = new LinkedHashMap<String, Object>();
        heap.put("total", st.v8Heap());
        heap.put("code", st.code());
        heap.put("jsArrays", st.jsArrays());
        heap.put("strings", st.strings());
        heap.put("system", st.system());
        var m = new LinkedHashMap<String, Object>();
        m.put("total", st.total());
        m.put("native", nativeBytes);
        m.put("v8heap", heap);
        return m;
    }

    static void requireV8(AnalyzedSnapshot s, String what) {
        if (!applies(s)) throw new IllegalArgumentException(what + " are V8's: this is a " + s.format().title());
    }
}
