package org.polyheap.parser.v8;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.polyheap.model.SnapshotFormatException;

import com.fasterxml.jackson.core.JsonToken;

/**
 * Reads one small JSON value (the {@code snapshot} header) into maps, lists, longs, doubles,
 * strings, booleans and null. Refuses values of more than {@link #MAX_TOKENS} tokens, so a hostile
 * header cannot fill the heap.
 */
final class JsonValues {
    static final int MAX_TOKENS = 1_000_000;
    private final JsonInput in;
    private int tokens;

    private JsonValues(JsonInput in) { this.in = in; }

    /** Reads the value whose first token is the current one. Cost: linear in the value's size. */
    static Object read(JsonInput in) throws IOException, SnapshotFormatException {
        return new JsonValues(in).value(in.parser().currentToken());
    }

    private Object value(JsonToken t) throws IOException, SnapshotFormatException {
        if (++tokens > MAX_TOKENS) throw in.fail(in.tokenOffset(), "snapshot header is too large");
        return switch (t) {
            case START_OBJECT -> {
                Map<String, Object> map = new LinkedHashMap<>();
                for (JsonToken n = in.next(); n != JsonToken.END_OBJECT; n = in.next()) {
                    String key = in.parser().currentName();
                    map.put(key, value(in.next()));
                }
                yield map;
            }
            case START_ARRAY -> {
                List<Object> list = new ArrayList<>();
                for (JsonToken n = in.next(); n != JsonToken.END_ARRAY; n = in.next()) list.add(value(n));
                yield list;
            }
            case VALUE_STRING -> in.text();
            case VALUE_NUMBER_INT -> in.parser().getNumberType() == com.fasterxml.jackson.core.JsonParser.NumberType.BIG_INTEGER
                    ? (Object) in.parser().getDoubleValue() : (Object) in.parser().getLongValue();
            case VALUE_NUMBER_FLOAT -> in.parser().getDoubleValue();
            case VALUE_TRUE -> Boolean.TRUE;
            case VALUE_FALSE -> Boolean.FALSE;
            case VALUE_NULL -> null;
            default -> throw in.fail(in.tokenOffset(), "unexpected " + in.describe(t));
        };
    }
}
