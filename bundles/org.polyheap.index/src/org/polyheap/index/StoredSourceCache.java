package org.polyheap.index;

import java.io.IOException;
import java.lang.foreign.MemorySegment;

import org.polyheap.model.spi.SourceCache;

/**
 * The index's {@link SourceCache}: entry {@code <name>} is the result group {@code source-<name>} with one
 * bytes column, so it is checked, published atomically and discarded as every result group is
 * ({@link ResultGroups}). A folder this process cannot write to still serves: each call then makes the
 * bytes in memory. Thread-safe; makes are serialized.
 */
final class StoredSourceCache implements SourceCache {
    static final String GROUP_PREFIX = "source-";
    private static final String COLUMN = "bytes";
    private final ResultStore results;

    StoredSourceCache(ResultStore results) { this.results = results; }

    @Override
    public synchronized MemorySegment bytes(String name, int version, Maker maker) throws IOException {
        String group = GROUP_PREFIX + name;
        var stored = stored(group, version);
        if (stored != null) return stored;
        ResultWriter writer;
        try {
            writer = results.writer(group, version);
        } catch (IOException cannotWrite) { // a read-only index folder
            return NONE.bytes(name, version, maker);
        }
        try {
            writer.bytes(COLUMN, maker::writeTo).commit();
        } catch (IOException | RuntimeException e) {
            writer.abort();
            throw e;
        }
        stored = stored(group, version);
        if (stored == null) throw new IOException(results + ": " + group + " reads back as damaged right after it was written");
        return stored;
    }

    private MemorySegment stored(String group, int version) {
        var r = results.result(group, version);
        if (r.isEmpty()) return null;
        try {
            return r.get().bytes(COLUMN);
        } catch (IllegalArgumentException notOurs) { // a group of that name without the column: written by something else
            results.discard(group);
            return null;
        }
    }

    @Override
    public void discard(String name) { results.discard(GROUP_PREFIX + name); }
}
