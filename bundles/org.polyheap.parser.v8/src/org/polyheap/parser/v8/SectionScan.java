package org.polyheap.parser.v8;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

import org.polyheap.model.Progress;
import org.polyheap.model.SnapshotFormatException;
import org.polyheap.model.spi.SnapshotSource;

/**
 * First pass over a snapshot: reads the header, strings, nodes and locations, whatever order the
 * top-level sections come in, skips the sections it does not know ({@code samples},
 * {@code trace_tree}, {@code scopes}...) and the edges, noting where {@code edges} start so the
 * second pass can jump there. Nodes or locations that come before the header are read again from
 * their offset. In a plain file, nodes and locations are read on threads of their own from their
 * offsets while this pass skips them and goes on. Memory: the node columns, the locations and the strings.
 */
final class SectionScan {
    final SnapshotSource source;
    final Path file;
    SnapshotMeta meta;
    long metaOffset = -1;
    NodeTable nodes;
    Locations locations = new Locations();
    final List<String> strings = new ArrayList<>();
    long edgesOffset = -1;
    /** Permissive: the first damage met (nodes, locations, strings or the sections around them), or null. */
    SnapshotFormatException damage;
    /** Strings read from the file; permissive adds {@link org.polyheap.model.DataLoss#NAME_MISSING} after them. */
    int stringsRead;
    /** Permissive: node names that were never read, given the placeholder. */
    long namesMissing;
    private final boolean permissive;
    private long nodesOffset = -1, locationsOffset = -1, stringsOffset = -1;

    private SectionScan(SnapshotSource source, boolean permissive) {
        this.permissive = permissive;
        this.source = source;
        this.file = source.file();
    }

    /**
     * Scans the file. Each string is passed to {@code onString} in file order (string id = call
     * index). Cost: one streaming pass, plus a partial one when nodes precede the header.
     * {@code permissive}: once the header is read, damage ends the pass with what was read before it
     * (kept in {@link #damage}); a file without nodes still fails.
     */
    static SectionScan scan(SnapshotSource source, Progress progress, Consumer<String> onString, boolean permissive)
            throws IOException, SnapshotFormatException {
        var s = new SectionScan(source, permissive);
        long budget = source.size() < 0 ? Long.MAX_VALUE : source.size();
        // plain content: nodes and locations are read on threads of their own beside the rest of the pass (not a small one)
        BackgroundRead<NodeTable> nodeRead = null;
        BackgroundRead<Locations> locationRead = null;
        try (var in = JsonScanner.open(source, 0)) {
            int first = in.peek();
            if (first == -1) throw in.fail(0, "not a V8 heap snapshot (not JSON): the file is empty");
            if (first != '{') throw in.fail(in.offset(), "not a V8 heap snapshot: the file is not a JSON object");
            in.expect('{', "an object");
            boolean more = in.peek() != '}';
            while (more) {
              try {
                long keyOffset = in.offset();
                String key = in.string();
                in.expect(':', "':' after \"" + key + "\"");
                switch (key) {
                    case "snapshot" -> {
                        if (s.meta != null) throw in.fail(keyOffset, "second \"snapshot\" section");
                        s.metaOffset = in.offset();
                        s.meta = SnapshotMeta.of(JsonValues.read(in), source.file(), s.metaOffset);
                    }
                    case "nodes" -> {
                        s.nodesOffset = s.arrayStart(in, key, s.nodesOffset);
                        if (s.meta != null && !source.gzip() && !SmallContent.is(source)) {
                            var meta = s.meta;
                            long at = s.nodesOffset;
                            nodeRead = new BackgroundRead<>("polyheap-v8-nodes", () -> {
                                try (var nodes = JsonScanner.open(source, at)) {
                                    return NodeTable.read(nodes, meta, budget, progress, permissive);
                                }
                            });
                            in.skipValue();
                        } else if (s.meta != null) {
                            s.nodes = NodeTable.read(in, s.meta, budget, progress, permissive);
                        } else {
                            in.skipValue();
                        }
                    }
                    case "edges" -> {
                        s.edgesOffset = s.arrayStart(in, key, s.edgesOffset);
                        in.skipValue();
                    }
                    case "locations" -> {
                        s.locationsOffset = s.arrayStart(in, key, s.locationsOffset);
                        if (s.meta != null && !source.gzip() && !SmallContent.is(source)) {
                            var meta = s.meta;
                            long at = s.locationsOffset;
                            locationRead = new BackgroundRead<>("polyheap-v8-locations", () -> {
                                try (var locations = JsonScanner.open(source, at)) {
                                    return s.locations(locations, meta);
                                }
                            });
                            in.skipValue();
                        } else if (s.meta != null) {
                            s.locations = s.locations(in, s.meta);
                        } else {
                            in.skipValue();
                        }
                    }
                    case "strings" -> {
                        s.stringsOffset = s.arrayStart(in, key, s.stringsOffset);
                        s.readStrings(in, onString, progress);
                    }
                    default -> in.skipValue(); // sections DevTools reads but the graph does not need
                }
                progress.checkCanceled();
                int next = in.peek();
                if (next == ',') {
                    in.expect(',', "','");
                } else if (next == '}') {
                    more = false;
                } else {
                    throw in.fail(in.offset(), next == -1 ? "the file ends inside the JSON (truncated?)"
                            : "not valid JSON: expected ',' or '}' after the \"" + key + "\" section but found " + in.describeNext());
                }
              } catch (SnapshotFormatException e) {
                  // permissive: what was read before the damage stays; a file without its header is no snapshot
                  if (!permissive || s.meta == null || s.nodesOffset < 0) throw e;
                  s.damaged(e);
                  more = false;
              }
            }
            if (s.meta == null) throw in.fail(in.offset(), "not a V8 heap snapshot: no \"snapshot\" header");
            for (var missing : new Object[][] {{s.nodesOffset, "nodes"}, {s.edgesOffset, "edges"}, {s.stringsOffset, "strings"}}) {
                if ((long) missing[0] < 0 && !(s.damage != null && !missing[1].equals("nodes"))) {
                    throw in.fail(in.offset(), "not a V8 heap snapshot: no \"" + missing[1] + "\" section");
                }
            }
            if (nodeRead != null) s.nodes = nodeRead.join();
            if (locationRead != null) s.locations = locationRead.join();
        } catch (IOException | SnapshotFormatException | RuntimeException e) {
            if (nodeRead != null) nodeRead.cancel();
            if (locationRead != null) locationRead.cancel();
            throw e;
        }
        if (s.nodes == null) {
            try (var in = JsonScanner.open(source, s.nodesOffset)) {
                s.nodes = NodeTable.read(in, s.meta, budget, progress, permissive);
            }
        }
        if (s.locationsOffset >= 0 && s.locations.size() == 0 && !s.meta.locationFields().isEmpty()) {
            try (var in = JsonScanner.open(source, s.locationsOffset)) {
                s.locations = s.locations(in, s.meta);
            }
        }
        s.stringsRead = s.strings.size();
        if (permissive) {
            if (s.nodes.damage != null) s.damaged(s.nodes.damage);
            if (s.nodes.count == 0) throw s.damage != null ? s.damage : new SnapshotFormatException(s.file, s.nodesOffset, "no nodes");
            s.locations = s.locations.below(s.nodes.count);
            s.strings.add(org.polyheap.model.DataLoss.NAME_MISSING); // names never read point here
            onString.accept(org.polyheap.model.DataLoss.NAME_MISSING);
        }
        s.checkNames();
        return s;
    }

    /** Keeps the earliest damage: what follows it may only be its consequence. */
    private synchronized void damaged(SnapshotFormatException e) {
        if (damage == null || e.offset() < damage.offset()) damage = e;
    }

    /** Reads the locations; permissive, a damaged section gives none (they only place closures in scripts). */
    private Locations locations(JsonScanner in, SnapshotMeta meta) throws IOException, SnapshotFormatException {
        try {
            return Locations.read(in, meta, source.size() < 0 ? Long.MAX_VALUE : source.size());
        } catch (SnapshotFormatException e) {
            if (!permissive) throw e;
            damaged(e);
            return new Locations();
        }
    }

    private void readStrings(JsonScanner in, Consumer<String> onString, Progress progress) throws SnapshotFormatException {
        in.expect('[', "the strings array");
        if (in.peek() == ']') {
            in.expect(']', "']'");
            return;
        }
        while (true) {
            int c = in.peek();
            if (c != '"') throw in.fail(in.offset(), "strings holds " + in.describeNext());
            String text = in.string();
            strings.add(text);
            onString.accept(text);
            if ((strings.size() & 0xFFFF) == 0) progress.checkCanceled();
            c = in.peek();
            if (c == ']') {
                in.expect(']', "']'");
                return;
            }
            in.expect(',', "',' or ']' in the strings array");
        }
    }

    /** Checks the value is an array and returns its offset; the array is not consumed. */
    private long arrayStart(JsonScanner in, String key, long earlier) throws SnapshotFormatException {
        int c = in.peek();
        if (earlier >= 0) throw in.fail(in.offset(), "second \"" + key + "\" section");
        if (c != '[') throw in.fail(in.offset(), "\"" + key + "\" is " + in.describeNext() + ", not an array");
        return in.offset();
    }

    private void checkNames() throws SnapshotFormatException {
        int n = stringsRead;
        for (int i = 0; i < nodes.count; i++) {
            if (nodes.name[i] >= n && permissive) {
                nodes.name[i] = n; // the placeholder
                namesMissing++;
            } else if (nodes.name[i] >= n) {
                throw new SnapshotFormatException(file, nodes.sectionOffset, "node " + i + " (id " + nodes.identity(i)
                        + ") has name " + nodes.name[i] + " but there are only " + n + " strings");
            }
        }
    }
}
