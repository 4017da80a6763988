package org.polyheap.ui;

import java.io.IOException;
import java.util.List;
import java.util.Map;

import org.polyheap.analysis.Grouping;
import org.polyheap.analysis.HistogramRow;
import org.polyheap.analysis.TopConsumers;
import org.polyheap.model.Progress;
import org.polyheap.report.Queries;

import org.polyheap.model.FieldValue;
import org.polyheap.model.HeapGraph;
import org.polyheap.model.ObjectInspector;
import org.polyheap.report.AnalyzedSnapshot;
import org.polyheap.ui.editor.HistogramRows;
import org.polyheap.report.ObjectNames;

/**
 * A snapshot the window has open: the analysed index plus the parser's field reader, opened on first
 * use and closed with the snapshot. Shared by the editor and the views; thread-safe.
 */
public final class LoadedSnapshot implements AutoCloseable {
    /** How many of the biggest objects and classes the overview charts. */
    public static final int TOP = 12;

    private final AnalyzedSnapshot analyzed;
    private final Map<String, Object> overview;
    private final TopConsumers top;
    private final List<HistogramRow> classHistogram;
    private final HistogramRows classRows;
    private final org.polyheap.analysis.V8Distances distances; // V8 only, else null
    private final org.polyheap.analysis.V8Statistics statistics; // V8 only, else null
    private ObjectInspector inspector;
    private boolean closed;
    private final List<Runnable> closeListeners = new java.util.concurrent.CopyOnWriteArrayList<>();

    private LoadedSnapshot(AnalyzedSnapshot analyzed, Map<String, Object> overview, TopConsumers top,
            List<HistogramRow> classHistogram, org.polyheap.analysis.V8Statistics statistics) {
        this.analyzed = analyzed;
        this.overview = overview;
        this.top = top;
        this.classHistogram = classHistogram;
        this.classRows = new HistogramRows(classHistogram, org.polyheap.analysis.NativeSizes.recorded(analyzed.graph())
                ? org.polyheap.analysis.NativeSizes.byGroup(analyzed.graph(), Grouping.CLASS, null) : null);
        this.distances = analyzed.graph().metadata().format() == org.polyheap.model.format.SnapshotFormat.V8
                ? analyzed.analysis().v8Distances() : null; // computed in the open job, not when a row is painted
        this.statistics = statistics;
    }

    /**
     * Computes what the editor shows first (overview facts, top consumers, class histogram and its
     * name order), so the editor opens without work on the UI thread. O(objects + classes · log
     * classes); call it in the open job.
     */
    public static LoadedSnapshot of(AnalyzedSnapshot analyzed, Progress progress) {
        var overview = Queries.overview(analyzed);
        var top = analyzed.analysis().topConsumers(TOP, progress);
        var histogram = analyzed.analysis().histogram(Grouping.CLASS, null, progress);
        var statistics = org.polyheap.report.V8Queries.applies(analyzed) ? org.polyheap.report.V8Queries.statistics(analyzed, progress) : null;
        return new LoadedSnapshot(analyzed, overview, top, histogram, statistics);
    }

    /** DevTools' Statistics of a V8 snapshot (the Overview page's breakdown); null for other formats. */
    public org.polyheap.analysis.V8Statistics v8Statistics() { return statistics; }

    /** DevTools' Distance of each node of a V8 snapshot; null for other formats. */
    public org.polyheap.analysis.V8Distances distances() { return distances; }

    /** Overview facts in {@link Queries#overview} order. */
    public Map<String, Object> overview() { return overview; }

    /** Biggest objects and classes by retained size. */
    public TopConsumers top() { return top; }

    /**
     * The class histogram, biggest retained first. Package-private: the pages use {@link #classRows()};
     * the window tests (same package) compare what the pages show with it.
     */
    List<HistogramRow> classHistogram() { return classHistogram; }

    /** The class histogram as the Histogram page filters and sorts it. */
    public HistogramRows classRows() { return classRows; }

    /** Every object's bytes, whatever its reachability: the 100 % of "% of heap" (what the virtual root retains). */
    public long heapBytes() { return Math.max(1, analyzed.analysis().dominatorTree().totalBytes()); }

    public AnalyzedSnapshot analyzed() { return analyzed; }

    /** The snapshot file's name ("jackson-tree.hprof.gz"): how views say which snapshot they show. */
    public String fileName() { return analyzed.file().getFileName().toString(); }

    public HeapGraph graph() { return analyzed.graph(); }

    /** Field values of one object: file I/O (a few KB), so call it off the UI thread. */
    public synchronized List<FieldValue> fields(int objectId) throws IOException {
        return closed ? List.of() : inspector().fields(objectId);
    }

    /** Format-specific facts of one object (V8: its source location); see {@link ObjectInspector#facts}. */
    public synchronized Map<String, String> facts(int objectId) throws IOException {
        return closed ? Map.of() : inspector().facts(objectId);
    }

    /** The parser's inspector, opened on first use; call with the lock held. */
    private ObjectInspector inspector() throws IOException {
        if (inspector == null) inspector = analyzed.parser().inspector(analyzed.file(), analyzed.graph());
        return inspector;
    }

    /**
     * The object's value as text: its label from the index (V8 and Dart names and strings), else the
     * parser's hint read from the file (a Java string's text, "length 12" for an array); "" when it
     * has none. Up to {@code maxChars}; file I/O of a few KB at most.
     */
    public synchronized String value(int objectId, int maxChars) throws IOException {
        String label = ObjectNames.label(analyzed.graph(), objectId);
        if (!label.isEmpty() || closed) return label;
        if (inspector == null) inspector = analyzed.parser().inspector(analyzed.file(), analyzed.graph());
        return inspector.valueHint(objectId, maxChars).orElse("");
    }

    public synchronized boolean isClosed() { return closed; }

    /** Runs {@code r} (on the closing thread, the UI thread for editors) before the index is unmapped. */
    public void onClose(Runnable r) { closeListeners.add(r); }

    public void removeOnClose(Runnable r) { closeListeners.remove(r); }

    @Override
    public void close() {
        synchronized (this) {
            if (closed) return;
            closed = true;
        }
        for (Runnable r : closeListeners) r.run(); // views drop rows that would read the unmapped index
        closeInspectorAndIndex();
    }

    private synchronized void closeInspectorAndIndex() {
        try {
            if (inspector != null) inspector.close();
        } catch (IOException ignored) {
            // nothing left to read from; the index below is what holds resources
        }
        analyzed.close();
    }
}
