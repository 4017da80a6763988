package org.polyheap.parser.v8;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

import org.polyheap.model.Progress;
import org.polyheap.model.SnapshotFormatException;

import com.fasterxml.jackson.core.JsonToken;

/**
 * First pass over a snapshot: reads the header, strings, nodes and locations, whatever order the
 * top-level sections come in, skips the sections it does not know ({@code samples},
 * {@code trace_tree}, {@code scopes}...), and notes where {@code edges} start so later passes
 * can jump there. Nodes or locations that come before the header are read again from their
 * offset. Memory: the node columns and the strings. Single-threaded.
 */
final class SectionScan {
    final Path file;
    final boolean gzip;
    SnapshotMeta meta;
    long metaOffset = -1;
    NodeTable nodes;
    Locations locations = new Locations();
    final List<String> strings = new ArrayList<>();
    long edgesOffset = -1;
    private long nodesOffset = -1, locationsOffset = -1, stringsOffset = -1;

    private SectionScan(Path file, boolean gzip) {
        this.file = file;
        this.gzip = gzip;
    }

    /**
     * Scans the file. Each string is passed to {@code onString} in file order (string id = call
     * index). Cost: one streaming pass, plus a partial one when nodes precede the header.
     */
    static SectionScan scan(Path file, Progress progress, Consumer<String> onString)
            throws IOException, SnapshotFormatException {
        var s = new SectionScan(file, JsonInput.isGzip(file));
        long budget = s.gzip ? Long.MAX_VALUE : Files.size(file);
        try (var in = JsonInput.open(file)) {
            JsonToken first;
            try {
                first = in.next();
            } catch (SnapshotFormatException e) {
                throw in.fail(0, "not a V8 heap snapshot (not JSON): " + e.problem());
            }
            if (first != JsonToken.START_OBJECT) throw in.fail(in.tokenOffset(), "not a V8 heap snapshot: the file is not a JSON object");
            for (JsonToken t = in.next(); t != JsonToken.END_OBJECT; t = in.next()) {
                String key = in.parser().currentName();
                long keyOffset = in.tokenOffset();
                JsonToken value = in.next();
                switch (key) {
                    case "snapshot" -> {
                        if (s.meta != null) throw in.fail(keyOffset, "second \"snapshot\" section");
                        s.metaOffset = in.tokenOffset();
                        s.meta = SnapshotMeta.of(JsonValues.read(in), file, s.metaOffset);
                    }
                    case "nodes" -> {
                        s.nodesOffset = s.arrayStart(in, key, s.nodesOffset);
                        if (s.meta != null) s.nodes = NodeTable.read(in, s.meta, budget, progress);
                        else in.skipValue();
                    }
                    case "edges" -> {
                        s.edgesOffset = s.arrayStart(in, key, s.edgesOffset);
                        in.skipValue();
                    }
                    case "locations" -> {
                        s.locationsOffset = s.arrayStart(in, key, s.locationsOffset);
                        if (s.meta != null) s.locations = Locations.read(in, s.meta);
                        else in.skipValue();
                    }
                    case "strings" -> {
                        s.stringsOffset = s.arrayStart(in, key, s.stringsOffset);
                        for (JsonToken e = in.next(); e != JsonToken.END_ARRAY; e = in.next()) {
                            if (e != JsonToken.VALUE_STRING) throw in.fail(in.tokenOffset(), "strings holds " + in.describe(e));
                            String text = in.text();
                            s.strings.add(text);
                            onString.accept(text);
                            if ((s.strings.size() & 0xFFFF) == 0) progress.checkCanceled();
                        }
                    }
                    default -> in.skipValue(); // sections DevTools reads but the graph does not need
                }
                progress.checkCanceled();
            }
            if (s.meta == null) throw in.fail(in.tokenOffset(), "not a V8 heap snapshot: no \"snapshot\" header");
            for (var missing : new Object[][] {{s.nodesOffset, "nodes"}, {s.edgesOffset, "edges"}, {s.stringsOffset, "strings"}}) {
                if ((long) missing[0] < 0) throw in.fail(in.tokenOffset(), "not a V8 heap snapshot: no \"" + missing[1] + "\" section");
            }
        }
        if (s.nodes == null) {
            try (var in = JsonInput.openAt(file, s.nodesOffset, s.gzip)) {
                in.expect(JsonToken.START_ARRAY, "the nodes array");
                s.nodes = NodeTable.read(in, s.meta, budget, progress);
            }
        }
        if (s.locationsOffset >= 0 && s.locations.size() == 0 && !s.meta.locationFields().isEmpty()) {
            try (var in = JsonInput.openAt(file, s.locationsOffset, s.gzip)) {
                in.expect(JsonToken.START_ARRAY, "the locations array");
                s.locations = Locations.read(in, s.meta);
            }
        }
        s.checkNames();
        return s;
    }

    private long arrayStart(JsonInput in, String key, long earlier) throws SnapshotFormatException {
        if (earlier >= 0) throw in.fail(in.tokenOffset(), "second \"" + key + "\" section");
        if (in.parser().currentToken() != JsonToken.START_ARRAY) {
            throw in.fail(in.tokenOffset(), "\"" + key + "\" is " + in.describe(in.parser().currentToken()) + ", not an array");
        }
        return in.tokenOffset();
    }

    private void checkNames() throws SnapshotFormatException {
        int n = strings.size();
        for (int i = 0; i < nodes.count; i++) {
            if (nodes.name[i] >= n) {
                throw new SnapshotFormatException(file, nodes.sectionOffset, "node " + i + " (id " + nodes.identity(i)
                        + ") has name " + nodes.name[i] + " but there are only " + n + " strings");
            }
        }
    }
}
