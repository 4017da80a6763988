package org.polyheap.parser.v8;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.polyheap.model.SnapshotFormatException;
import org.polyheap.model.spi.SnapshotSource;

/**
 * Reads one small JSON value (the {@code snapshot} header) into maps, lists, longs, doubles,
 * strings, booleans and null. Refuses values of more than {@link #MAX_TOKENS} tokens, more than
 * {@link #MAX_BYTES} bytes or nested deeper than {@link #MAX_DEPTH}, so a hostile header cannot
 * fill the heap or the stack. Not thread-safe.
 */
final class JsonValues {
    static final int MAX_TOKENS = 1_000_000;
    static final int MAX_BYTES = 16 << 20;
    static final int MAX_DEPTH = 1000;
    private final JsonScanner in;
    private final long start;
    private int tokens;

    private JsonValues(JsonScanner in) throws SnapshotFormatException {
        this.in = in;
        in.peek();
        this.start = in.offset();
    }

    /** Reads the value at the scanner's position. Cost: linear in the value's size. */
    static Object read(JsonScanner in) throws SnapshotFormatException {
        return new JsonValues(in).value(0);
    }

    /** Reads the one JSON value a whole file (plain or gzip) holds; for reference answers. */
    static Object read(Path file) throws IOException, SnapshotFormatException {
        try (var in = JsonScanner.open(SnapshotSource.of(file), 0)) {
            return read(in);
        }
    }

    private Object value(int depth) throws SnapshotFormatException {
        int c = in.peek();
        if (++tokens > MAX_TOKENS || in.offset() - start > MAX_BYTES) throw in.fail(in.offset(), "snapshot header is too large");
        if (depth > MAX_DEPTH) throw in.fail(in.offset(), "snapshot header is nested too deeply");
        return switch (c) {
            case '{' -> {
                in.expect('{', "an object");
                Map<String, Object> map = new LinkedHashMap<>();
                if (in.peek() == '}') {
                    in.expect('}', "'}'");
                    yield map;
                }
                do {
                    String key = in.string();
                    in.expect(':', "':' after \"" + key + "\"");
                    map.put(key, value(depth + 1));
                } while (separator('}'));
                yield map;
            }
            case '[' -> {
                in.expect('[', "an array");
                List<Object> list = new ArrayList<>();
                if (in.peek() == ']') {
                    in.expect(']', "']'");
                    yield list;
                }
                do list.add(value(depth + 1)); while (separator(']'));
                yield list;
            }
            case '"' -> in.string();
            case -1 -> throw in.fail(in.offset(), "the file ends inside the JSON (truncated?)");
            default -> in.scalar();
        };
    }

    /** Consumes ',' (true: another element follows) or the closing bracket (false). */
    private boolean separator(char close) throws SnapshotFormatException {
        int c = in.peek();
        if (c == ',' || c == close) {
            in.expect((char) c, "'" + (char) c + "'");
            return c == ',';
        }
        throw in.fail(in.offset(), c == -1 ? "the file ends inside the JSON (truncated?)"
                : "not valid JSON: expected ',' or '" + close + "' but found " + in.describeNext());
    }
}
