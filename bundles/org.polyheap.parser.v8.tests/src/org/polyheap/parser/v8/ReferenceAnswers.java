package org.polyheap.parser.v8;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/** Reads the reference JSON files of the V8 test data (plain or gzip) into maps and lists. */
final class ReferenceAnswers {
    private ReferenceAnswers() { }

    @SuppressWarnings("unchecked")
    static Map<String, Object> read(Path file) throws Exception {
        return (Map<String, Object>) JsonValues.read(file);
    }

    @SuppressWarnings("unchecked")
    static List<Map<String, Object>> list(Map<String, Object> map, String key) {
        return (List<Map<String, Object>>) map.get(key);
    }

    static long number(Map<String, Object> map, String key) {
        return ((Number) map.get(key)).longValue();
    }
}
