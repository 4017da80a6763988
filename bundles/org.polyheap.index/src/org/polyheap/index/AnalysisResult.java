package org.polyheap.index;

import java.util.Map;

import org.polyheap.index.column.IntIndexReader;
import org.polyheap.index.column.LongIndexReader;
import org.polyheap.index.column.OneToManyIndex;
import org.polyheap.model.IntColumn;
import org.polyheap.model.LongColumn;

/**
 * A committed result group, mapped in its snapshot's arena (unmapped when the snapshot closes); found
 * through {@link ResultStore#result}. Immutable and thread-safe; lookups cost a map access.
 */
public final class AnalysisResult {
    private final String group;
    private final int version;
    private final Map<String, String> facts;
    private final Map<String, Object> columns;

    AnalysisResult(String group, int version, Map<String, String> facts, Map<String, Object> columns) {
        this.group = group;
        this.version = version;
        this.facts = Map.copyOf(facts);
        this.columns = Map.copyOf(columns);
    }

    public String group() { return group; }

    public int version() { return version; }

    public Map<String, String> facts() { return facts; }

    public IntColumn intColumn(String name) { return column(name, IntIndexReader.class); }

    public LongColumn longColumn(String name) { return column(name, LongIndexReader.class); }

    /** A 1:N result; {@link OneToManyIndex#starts()} and {@link OneToManyIndex#values()} are its CSR columns. */
    public OneToManyIndex oneToMany(String name) { return column(name, OneToManyIndex.class); }

    /** A bytes column ({@link ResultWriter#bytes}), read-only, checked whole when its group was opened. */
    public java.lang.foreign.MemorySegment bytes(String name) { return column(name, java.lang.foreign.MemorySegment.class); }

    private <T> T column(String name, Class<T> type) {
        Object c = columns.get(name);
        if (!type.isInstance(c)) throw new IllegalArgumentException("result " + group + " has no " + type.getSimpleName() + " named " + name);
        return type.cast(c);
    }
}
