package org.polyheap.ui.export;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

import org.polyheap.analysis.DominatorTree;
import org.polyheap.analysis.Grouping;
import org.polyheap.analysis.HistogramRow;
import org.polyheap.model.Progress;
import org.polyheap.report.Queries;
import org.polyheap.report.html.HtmlReport;
import org.polyheap.report.table.CsvWriter;
import org.polyheap.report.table.JsonWriter;
import org.polyheap.report.table.Table;
import org.polyheap.ui.LoadedSnapshot;

/**
 * What File ▸ Export… writes, through the report bundle's queries and writers, so a file from the
 * window equals the headless command's output for the same query ({@code polyheap histogram FILE
 * --csv}, {@code dominators}, {@code report}); a histogram of a set of objects is written as the page
 * shows it ({@link SetRows}). Each call is O(objects) at most; run it off the UI thread.
 */
public final class SnapshotExport {
    /** What to export. */
    public enum What {
        HISTOGRAM_CSV("Histogram as CSV", "csv"),
        HISTOGRAM_JSON("Histogram as JSON", "json"),
        DOMINATORS_CSV("Dominator tree, top level, as CSV", "csv"),
        DOMINATORS_JSON("Dominator tree, top level, as JSON", "json"),
        HTML_REPORT("Full HTML report", "html");

        public final String title;
        public final String extension;

        What(String title, String extension) {
            this.title = title;
            this.extension = extension;
        }
    }

    /** Rows of the dominator export, as {@code polyheap dominators --top} takes by default. */
    public static final int DOMINATOR_ROWS = 1000;
    /** Top consumers and suspects in the HTML report, as {@code polyheap report}. */
    public static final int REPORT_TOP = 25;

    private SnapshotExport() { }

    /**
     * The Histogram page's rows when it shows a set of objects (a retained set, immediate dominators):
     * the set's title and its rows as shown, filtered and sorted. The whole heap's histogram is made
     * again by the export itself, so that it equals the headless command's.
     */
    public record SetRows(String title, List<HistogramRow> rows) {
        public SetRows {
            rows = List.copyOf(rows);
        }
    }

    /**
     * Writes {@code what} to {@code file}. The histogram uses {@code grouping} and {@code filter}
     * (null: all rows), as the Histogram page shows them.
     */
    public static void write(LoadedSnapshot s, What what, Grouping grouping, Pattern filter, Path file, Progress progress)
            throws IOException {
        write(s, what, grouping, filter, null, file, progress);
    }

    /**
     * As {@link #write(LoadedSnapshot, What, Grouping, Pattern, Path, Progress)}; a histogram export
     * writes {@code set}'s rows when it is not null (the JSON then names the set in {@code "scope"}).
     */
    public static void write(LoadedSnapshot s, What what, Grouping grouping, Pattern filter, SetRows set, Path file,
            Progress progress) throws IOException {
        try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            switch (what) {
                case HISTOGRAM_CSV -> CsvWriter.write(set != null ? Queries.histogramTable(set.rows()) : histogram(s, grouping, filter, progress), w);
                case HISTOGRAM_JSON -> {
                    var doc = new LinkedHashMap<String, Object>();
                    doc.put("groupBy", grouping.name().toLowerCase(Locale.ROOT));
                    if (set != null) doc.put("scope", set.title());
                    Table t = set != null ? Queries.histogramTable(set.rows()) : histogram(s, grouping, filter, progress);
                    doc.put(t.name(), t);
                    JsonWriter.write(doc, w, true);
                }
                case DOMINATORS_CSV -> CsvWriter.write(dominators(s, progress), w);
                case DOMINATORS_JSON -> {
                    var doc = new LinkedHashMap<String, Object>();
                    doc.put("of", Queries.ROOT);
                    Table t = dominators(s, progress);
                    doc.put(t.name(), t);
                    JsonWriter.write(doc, w, true);
                }
                case HTML_REPORT -> HtmlReport.write(Queries.report(s.analyzed(), REPORT_TOP, progress), w);
            }
        }
    }

    public static Table histogram(LoadedSnapshot s, Grouping grouping, Pattern filter, Progress progress) {
        return Queries.histogram(s.analyzed(), grouping, filter, Integer.MAX_VALUE, false, progress);
    }

    public static Table dominators(LoadedSnapshot s, Progress progress) {
        return Queries.dominators(s.analyzed(), DominatorTree.VIRTUAL_ROOT, DOMINATOR_ROWS, progress);
    }
}
