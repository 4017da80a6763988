package org.polyheap.model;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

import org.polyheap.model.format.SnapshotFormat;

/**
 * What a parser says about the snapshot as a whole.
 *
 * @param format   the snapshot's format
 * @param facts    ordered key/value facts for the overview, e.g. {@code sizeModel}, {@code idSize},
 *                 {@code headerShallowSize}; keys are camelCase, values plain text
 */
public record SnapshotMetadata(SnapshotFormat format, Map<String, String> facts) {
    public SnapshotMetadata {
        if (format == null) throw new IllegalArgumentException("format required");
        facts = Collections.unmodifiableMap(new LinkedHashMap<>(facts == null ? Map.of() : facts));
    }

    public String fact(String key, String fallback) {
        return facts.getOrDefault(key, fallback);
    }
}
