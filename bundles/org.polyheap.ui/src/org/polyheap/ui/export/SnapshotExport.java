package org.polyheap.ui.export;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

import org.polyheap.analysis.DominatorTree;
import org.polyheap.analysis.Grouping;
import org.polyheap.analysis.HistogramRow;
import org.polyheap.analysis.Reachability;
import org.polyheap.model.Progress;
import org.polyheap.report.Documents;
import org.polyheap.report.ObjectNames;
import org.polyheap.report.Queries;
import org.polyheap.report.html.HtmlReport;
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
        DOMINATORS_CSV("Dominator tree, top level (biggest " + Documents.TOP_ROWS + "), as CSV", "csv"),
        DOMINATORS_JSON("Dominator tree, top level (biggest " + Documents.TOP_ROWS + "), as JSON", "json"),
        HTML_REPORT("Full HTML report", "html");

        public final String title;
        public final String extension;

        What(String title, String extension) {
            this.title = title;
            this.extension = extension;
        }
    }

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
     * Writes {@code what} to {@code file}: the histogram by {@code grouping} of the objects of class
     * {@code only} (null: every object) matching {@code filter} (null: all rows), as the Histogram page
     * shows it, or {@code set}'s rows when it is not null (the JSON then names the set in {@code "scope"});
     * the other exports as {@code polyheap dominators} and {@code report} write them by default.
     */
    public static void write(LoadedSnapshot s, What what, Grouping grouping, Reachability only, Pattern filter, SetRows set,
            Path file, Progress progress) throws IOException {
        try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            switch (what) {
                case HISTOGRAM_CSV -> Documents.writeCsv(histogram(s, grouping, only, filter, set, progress), w);
                case HISTOGRAM_JSON -> Documents.writeJson(histogram(s, grouping, only, filter, set, progress), w);
                case DOMINATORS_CSV -> Documents.writeCsv(dominators(s, progress), w);
                case DOMINATORS_JSON -> Documents.writeJson(dominators(s, progress), w);
                case HTML_REPORT -> HtmlReport.write(Queries.report(s.analyzed(), Documents.TOP_ROWS, progress), w);
            }
        }
    }

    private static Map<String, Object> histogram(LoadedSnapshot s, Grouping grouping, Reachability only, Pattern filter,
            SetRows set, Progress progress) {
        Table t = set != null ? Queries.histogramTable(set.rows())
                : Queries.histogram(s.analyzed(), grouping, filter, only == null ? null : EnumSet.of(only), Integer.MAX_VALUE,
                        false, progress);
        return Documents.histogram(t, grouping, only == null ? null : only.word(), set == null ? null : set.title());
    }

    private static Map<String, Object> dominators(LoadedSnapshot s, Progress progress) {
        Table t = Queries.dominators(s.analyzed(), DominatorTree.VIRTUAL_ROOT, Documents.TOP_ROWS, progress);
        return Documents.dominators(t, ObjectNames.ROOT);
    }
}
