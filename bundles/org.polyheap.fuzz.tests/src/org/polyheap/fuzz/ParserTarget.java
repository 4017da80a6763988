package org.polyheap.fuzz;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.polyheap.model.Progress;
import org.polyheap.model.SnapshotFormatException;
import org.polyheap.model.memory.HeapGraphBuilder;
import org.polyheap.model.spi.ParseOptions;
import org.polyheap.model.spi.SnapshotParser;
import org.polyheap.model.spi.SnapshotSource;

/**
 * One parser under fuzzing: the input's bytes, read in memory through {@link SnapshotSource} (no file
 * written per input), parsed into the in-memory builder, strictly and permissively. A {@link SnapshotFormatException} is the clean
 * answer to bad input; any other exception or error escapes and is a finding. Stateless per input.
 */
final class ParserTarget {
    private final SnapshotParser parser;
    private final String fileName;

    private static final java.util.Map<String, ParserTarget> BY_FORMAT = new java.util.concurrent.ConcurrentHashMap<>();

    /** The target of a corpus folder's parser: {@code hprof}, {@code v8}, {@code dart} or {@code fuchsia}. */
    static ParserTarget of(String format) {
        return BY_FORMAT.computeIfAbsent(format, f -> switch (f) {
            case "hprof" -> new ParserTarget(new org.polyheap.parser.hprof.HprofParser(), "input.hprof");
            case "v8" -> new ParserTarget(new org.polyheap.parser.v8.V8SnapshotParser(), "input.heapsnapshot");
            case "dart" -> new ParserTarget(new org.polyheap.parser.dart.DartSnapshotParser(), "input.dartheap");
            case "fuchsia" -> new ParserTarget(new org.polyheap.parser.fuchsia.FuchsiaHeapdumpParser(), "input.pb");
            default -> throw new IllegalArgumentException("no parser target '" + f + "' (hprof, v8, dart, fuchsia)");
        });
    }

    ParserTarget(SnapshotParser parser, String fileName) {
        this.parser = parser;
        this.fileName = fileName;
    }

    /**
     * Runs the seeds in {@code corpus/<folder>} (when this bundle is the working folder) and the empty
     * input once, ignoring what they throw (the replay test judges them): the classes they load are
     * instrumented here, before Jazzer times the first input.
     */
    void warmUp(String folder) {
        List<Path> seeds = List.of();
        try (Stream<Path> s = Files.list(Path.of("corpus", folder))) {
            seeds = s.filter(Files::isRegularFile).toList();
        } catch (IOException noCorpus) {
            // run from elsewhere: the empty input alone
        }
        try {
            run(new byte[0]);
            for (Path seed : seeds) run(Files.readAllBytes(seed));
        } catch (Exception | Error ignored) {
            // judged by CorpusReplayTest, and found again by the fuzzer if it is a bug
        }
    }

    private static final ParseOptions PERMISSIVE = ParseOptions.NONE.with(ParseOptions.PERMISSIVE, "on");

    /**
     * Parses {@code input} strictly, then permissively (which keeps what it read of a damaged input
     * and must build a consistent graph from it); returns normally for a parse or a clean refusal.
     */
    void run(byte[] input) throws IOException {
        run(input, ParseOptions.NONE);
        run(input, PERMISSIVE);
    }

    private void run(byte[] input, ParseOptions options) throws IOException {
        var sink = new HeapGraphBuilder();
        try {
            parser.parse(SnapshotSource.of(input, fileName), sink, Progress.NONE, options);
            sink.build();
        } catch (SnapshotFormatException expected) {
            // the documented answer to a bad file
        }
    }
}
