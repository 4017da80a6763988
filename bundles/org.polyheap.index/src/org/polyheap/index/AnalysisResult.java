package org.polyheap.index;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

import org.polyheap.index.column.IndexDamagedException;
import org.polyheap.index.column.IntIndexReader;
import org.polyheap.index.column.LongIndexReader;
import org.polyheap.index.column.OneToManyIndex;
import org.polyheap.model.IntColumn;
import org.polyheap.model.LongColumn;

/**
 * A committed result group, mapped in its snapshot's arena (unmapped when the snapshot closes).
 * Immutable and thread-safe; lookups cost a map access.
 */
public final class AnalysisResult {
    private final String group;
    private final int version;
    private final Map<String, String> facts;
    private final Map<String, Object> columns;

    private AnalysisResult(String group, int version, Map<String, String> facts, Map<String, Object> columns) {
        this.group = group;
        this.version = version;
        this.facts = Map.copyOf(facts);
        this.columns = Map.copyOf(columns);
    }

    static Optional<AnalysisResult> open(IndexedSnapshot snapshot, Path results, String group, int version) throws IOException {
        Path mf = results.resolve(group + ".manifest");
        if (!Files.isRegularFile(mf)) return Optional.empty();
        var m = ResultManifest.read(mf);
        if (m.formatVersion() != Manifest.FORMAT_VERSION || m.version() != version || !m.group().equals(group)) return Optional.empty();
        Path dir = results.resolve(m.folder());
        Map<String, Object> columns = new HashMap<>();
        for (var e : m.entries()) {
            Path f = dir.resolve(e.name() + ".index");
            if (!Files.isRegularFile(f) || Files.size(f) != e.size()) throw new IndexDamagedException(f, "missing or of the wrong size");
            if (e.size() <= IndexedSnapshot.verifyOnOpenBytes() && Checksums.crc32c(f) != e.crc32c()) {
                throw new IndexDamagedException(f, "checksum mismatch");
            }
            var seg = snapshot.mapResult(f);
            columns.put(e.name(), switch (e.kind()) {
                case INT -> IntIndexReader.open(seg, snapshot.origin(f));
                case LONG -> LongIndexReader.open(seg, snapshot.origin(f));
                case ONE_TO_MANY -> OneToManyIndex.open(seg, snapshot.origin(f));
            });
        }
        return Optional.of(new AnalysisResult(group, version, m.facts(), columns));
    }

    public String group() { return group; }

    public int version() { return version; }

    public Map<String, String> facts() { return facts; }

    public IntColumn intColumn(String name) { return column(name, IntIndexReader.class); }

    public LongColumn longColumn(String name) { return column(name, LongIndexReader.class); }

    /** A 1:N result; {@link OneToManyIndex#starts()} and {@link OneToManyIndex#values()} are its CSR columns. */
    public OneToManyIndex oneToMany(String name) { return column(name, OneToManyIndex.class); }

    private <T> T column(String name, Class<T> type) {
        Object c = columns.get(name);
        if (!type.isInstance(c)) throw new IllegalArgumentException("result " + group + " has no " + type.getSimpleName() + " named " + name);
        return type.cast(c);
    }
}
