package org.polyheap.model.spi;

import java.util.Map;
import java.util.TreeMap;

/**
 * Named options for a parse, e.g. {@code sizeModel=compressed-oops}, {@code contents=/path}. Part of
 * the index manifest: a change of options rebuilds the index. Immutable; keys sorted.
 */
public record ParseOptions(Map<String, String> values) {
    public static final ParseOptions NONE = new ParseOptions(Map.of());
    /**
     * {@code permissive=on}: a damaged or cut-off file gives the snapshot read up to the last consistent
     * point, its loss recorded as an {@link org.polyheap.model.DataLoss}, instead of a
     * {@link org.polyheap.model.SnapshotFormatException}. Every parser takes it.
     */
    public static final String PERMISSIVE = "permissive";

    public ParseOptions {
        values = java.util.Collections.unmodifiableMap(new TreeMap<>(values == null ? Map.of() : values));
    }

    public String get(String key, String fallback) { return values.getOrDefault(key, fallback); }

    /** Whether {@link #PERMISSIVE} is on. */
    public boolean permissive() { return "on".equals(values.get(PERMISSIVE)); }

    public ParseOptions with(String key, String value) {
        var copy = new TreeMap<>(values);
        copy.put(key, value);
        return new ParseOptions(copy);
    }
}
