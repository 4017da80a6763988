package org.polyheap.report;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.Map;
import java.util.TreeMap;

import org.polyheap.analysis.AnalysisOptions;
import org.polyheap.analysis.HeapAnalysis;
import org.polyheap.analysis.Semantics;
import org.polyheap.index.IndexedSnapshot;
import org.polyheap.index.SnapshotStore;
import org.polyheap.index.column.IndexDamagedException;
import org.polyheap.model.HeapGraph;
import org.polyheap.model.Progress;
import org.polyheap.model.SnapshotFormatException;
import org.polyheap.model.format.SnapshotFormat;
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

    /**
     * The options of one open: a value per {@link OpenOption} the user set (every other at its default).
     * Immutable; {@link #with} makes a changed copy.
     */
    public record OpenOptions(Map<OpenOption, String> values) {
        public static final OpenOptions DEFAULT = new OpenOptions(Map.of());

        public OpenOptions {
            values = Map.copyOf(values);
        }

        /**
         * These options with {@code option} set to {@code value} (null: back to the default).
         *
         * @throws IllegalArgumentException a value the option does not take
         */
        public OpenOptions with(OpenOption option, String value) {
            var m = new EnumMap<OpenOption, String>(OpenOption.class);
            m.putAll(values);
            if (value == null) m.remove(option);
            else m.put(option, option.check(value));
            return new OpenOptions(m);
        }

        /** The option's value: set, or its default (null for one without a default). */
        public String value(OpenOption option) { return values.getOrDefault(option, option.defaultValue()); }

        /**
         * What the parser of a {@code format} file gets: the index location always, every other option
         * only when it concerns the format and differs from its default, so equal choices give equal
         * indexes (the index records its parse options). {@code format} null: every option set.
         */
        public ParseOptions parseOptions(SnapshotFormat format) {
            var m = new TreeMap<String, String>();
            m.put(OpenOption.INDEX_DIR.parseKey(), value(OpenOption.INDEX_DIR));
            for (var e : values.entrySet()) {
                OpenOption o = e.getKey();
                if (o.parseKey() != null && (format == null || o.concerns(format)) && !e.getValue().equals(o.defaultValue())) {
                    m.put(o.parseKey(), e.getValue());
                }
            }
            return new ParseOptions(m);
        }

        /** The analysis of {@code graph} these options ask for: the format's defaults, changed by the options that concern it. */
        public AnalysisOptions analysisOptions(HeapGraph graph) {
            var a = AnalysisOptions.forGraph(graph);
            SnapshotFormat format = graph.metadata().format();
            if (OpenOption.V8_SIZES.concerns(format)) a = a.withDevtoolsSizes(value(OpenOption.V8_SIZES).equals("devtools"));
            if (OpenOption.JAVA_REFERENTS.concerns(format) && value(OpenOption.JAVA_REFERENTS).equals("strong")) {
                a = a.withSemantics(Semantics.JAVA_MAT);
            }
            if (OpenOption.STACK_ROOTS.concerns(format)) a = a.withStackRootsUnderThread(value(OpenOption.STACK_ROOTS).equals("thread"));
            return a;
        }
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
        SnapshotFormat format;
        try {
            format = Parsers.detect(file);
        } catch (IOException unreadable) {
            format = null; // the store's open reports it, as it reports every other fault
        }
        var opened = store.open(file, Parsers.all(), options.parseOptions(format), progress);
        try {
            HeapGraph graph = opened.snapshot();
            var analysis = HeapAnalysis.run(graph, opened.snapshot().results(), options.analysisOptions(graph), progress);
            return new AnalyzedSnapshot(file, opened.snapshot(), opened.parser(), opened.reused(), analysis);
        } catch (RuntimeException | Error e) {
            opened.close();
            throw e;
        }
    }

    public HeapGraph graph() { return snapshot; }

    public SnapshotFormat format() { return snapshot.metadata().format(); }

    @Override
    public void close() { snapshot.close(); }
}
