package org.polyheap.report;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;

import org.polyheap.analysis.AnalysisOptions;
import org.polyheap.analysis.HeapAnalysis;
import org.polyheap.index.IndexedSnapshot;
import org.polyheap.index.SnapshotStore;
import org.polyheap.index.column.IndexDamagedException;
import org.polyheap.model.HeapGraph;
import org.polyheap.model.Progress;
import org.polyheap.model.SnapshotFormatException;
import org.polyheap.model.spi.ParseOptions;
import org.polyheap.model.spi.SnapshotParser;

/**
 * A snapshot file opened through its index and analysed: what the headless command, the reports and
 * the window work on. Opening reuses a valid index (no parse) or builds one; the analysis (dominator
 * tree) runs once per open. Close it to unmap the index.
 *
 * @param file     the snapshot file
 * @param snapshot the mapped index
 * @param parser   the format's parser (for lazy field values)
 * @param reused   true when the index existed and was valid
 * @param analysis dominator tree and queries
 */
public record AnalyzedSnapshot(Path file, IndexedSnapshot snapshot, SnapshotParser parser, boolean reused,
        HeapAnalysis analysis) implements AutoCloseable {

    /** Options users can set: index location, size model, contents folder, V8 sizes, process. */
    public record OpenOptions(Map<String, String> parse, Boolean devtoolsSizes, boolean javaLikeMat) {
        public static final OpenOptions DEFAULT = new OpenOptions(Map.of(), null, false);

        public ParseOptions parseOptions() { return new ParseOptions(new TreeMap<>(parse)); }
    }

    /**
     * Opens and analyses {@code file}. Index pages are checked when first read: if the analysis meets a
     * damaged one, the snapshot has already invalidated the damaged part (see
     * {@link IndexedSnapshot#verifyChecksums}), so opening once more rebuilds it.
     */
    public static AnalyzedSnapshot open(Path file, OpenOptions options, Progress progress)
            throws IOException, SnapshotFormatException {
        var store = new SnapshotStore();
        try {
            return open(store, file, options, progress);
        } catch (UncheckedIOException e) {
            if (IndexDamagedException.of(e).isEmpty()) throw e;
            return open(store, file, options, progress);
        }
    }

    private static AnalyzedSnapshot open(SnapshotStore store, Path file, OpenOptions options, Progress progress)
            throws IOException, SnapshotFormatException {
        var opened = store.open(file, Parsers.all(), options.parseOptions(), progress);
        try {
            HeapGraph graph = opened.snapshot();
            var analysisOptions = AnalysisOptions.forGraph(graph);
            if (options.devtoolsSizes() != null) analysisOptions = analysisOptions.withDevtoolsSizes(options.devtoolsSizes());
            if (options.javaLikeMat() && "hprof".equals(graph.metadata().format())) {
                analysisOptions = analysisOptions.withSemantics(org.polyheap.analysis.Semantics.JAVA_MAT);
            }
            var analysis = HeapAnalysis.run(graph, analysisOptions, progress);
            return new AnalyzedSnapshot(file, opened.snapshot(), opened.parser(), opened.reused(), analysis);
        } catch (RuntimeException | Error e) {
            opened.close();
            throw e;
        }
    }

    public HeapGraph graph() { return snapshot; }

    public String format() { return snapshot.metadata().format(); }

    @Override
    public void close() { snapshot.close(); }
}
