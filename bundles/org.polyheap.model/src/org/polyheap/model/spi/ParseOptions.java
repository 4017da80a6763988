package org.polyheap.model.spi;

import java.util.Map;
import java.util.TreeMap;

/**
 * Named options for a parse, e.g. {@code sizeModel=compressed-oops}, {@code contents=/path}. Part of
 * the index manifest: a change of options rebuilds the index. Immutable; keys sorted.
 */
public record ParseOptions(Map<String, String> values) {
    public static final ParseOptions NONE = new ParseOptions(Map.of());

    public ParseOptions {
        values = java.util.Collections.unmodifiableMap(new TreeMap<>(values == null ? Map.of() : values));
    }

    public String get(String key, String fallback) { return values.getOrDefault(key, fallback); }

    public ParseOptions with(String key, String value) {
        var copy = new TreeMap<>(values);
        copy.put(key, value);
        return new ParseOptions(copy);
    }
}
