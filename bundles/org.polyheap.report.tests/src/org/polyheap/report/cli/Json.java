package org.polyheap.report.cli;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;

/** Reads the command's JSON output into maps and lists with jackson-core, failing on invalid JSON. */
final class Json {
    private Json() { }

    static Object parse(String text) throws IOException {
        try (JsonParser p = new JsonFactory().createParser(text)) {
            p.nextToken();
            Object v = value(p);
            if (p.nextToken() != null) throw new IOException("trailing content after the JSON value");
            return v;
        }
    }

    private static Object value(JsonParser p) throws IOException {
        JsonToken t = p.currentToken();
        return switch (t) {
            case START_OBJECT -> {
                var m = new LinkedHashMap<String, Object>();
                while (p.nextToken() != JsonToken.END_OBJECT) {
                    String key = p.currentName();
                    p.nextToken();
                    m.put(key, value(p));
                }
                yield m;
            }
            case START_ARRAY -> {
                var l = new ArrayList<Object>();
                while (p.nextToken() != JsonToken.END_ARRAY) l.add(value(p));
                yield l;
            }
            case VALUE_STRING -> p.getText();
            case VALUE_NUMBER_INT -> p.getLongValue();
            case VALUE_NUMBER_FLOAT -> p.getDoubleValue();
            case VALUE_TRUE -> true;
            case VALUE_FALSE -> false;
            case VALUE_NULL -> null;
            default -> throw new IOException("unexpected " + t);
        };
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> object(Object o) { return (Map<String, Object>) o; }

    @SuppressWarnings("unchecked")
    static List<Object> array(Object o) { return (List<Object>) o; }
}
