package org.polyheap.analysis;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.zip.GZIPInputStream;

import org.polyheap.model.HeapGraph;
import org.polyheap.model.Progress;
import org.polyheap.model.SnapshotFormatException;
import org.polyheap.model.memory.HeapGraphBuilder;
import org.polyheap.parser.v8.V8SnapshotParser;

/**
 * Real V8 snapshots of the shared test data ({@code TestData.v8}) as the real parser reads them, and
 * the reference answers stored beside them. Parsed graphs are cached per file: several tests share one parse.
 */
final class ParsedFixtures {
    private ParsedFixtures() { }

    private static final Map<Path, HeapGraph> LOADED = new java.util.concurrent.ConcurrentHashMap<>();

    /** The V8 snapshot as the V8 parser reads it into an in-memory graph. */
    static synchronized HeapGraph load(Path gz) throws IOException {
        HeapGraph g = LOADED.get(gz);
        if (g == null) {
            var b = new HeapGraphBuilder();
            try {
                new V8SnapshotParser().parse(gz, b, Progress.NONE);
            } catch (SnapshotFormatException e) {
                throw new IOException(e);
            }
            g = b.build();
            LOADED.put(gz, g);
        }
        return g;
    }

    /** A reference answer (JSON), plain or gzip. */
    static Map<String, Object> reference(Path json) throws IOException {
        try (Reader r = json.toString().endsWith(".gz")
                ? new java.io.InputStreamReader(new GZIPInputStream(Files.newInputStream(json)), java.nio.charset.StandardCharsets.UTF_8)
                : Files.newBufferedReader(json)) {
            @SuppressWarnings("unchecked")
            Map<String, Object> m = (Map<String, Object>) new MiniJson(new java.io.BufferedReader(r)).value();
            return m;
        }
    }
}
