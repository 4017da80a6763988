package org.polyheap.acquire;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The small JSON reader and writer the protocols need: objects as {@code Map<String, Object>}, arrays as
 * {@code List<Object>}, numbers as {@code Long} or {@code Double}, strings, booleans and null. Messages
 * are bounded (a protocol message, an inspector's target list), never a whole snapshot.
 */
final class Json {
    private final CharSequence s;
    private int i;

    private Json(CharSequence s) { this.s = s; }

    /** Parses one JSON value; {@link IllegalArgumentException} with the offset on malformed input. */
    static Object parse(CharSequence text) {
        var p = new Json(text);
        p.skipSpace();
        Object v = p.value();
        p.skipSpace();
        if (p.i != text.length()) throw p.error("text after the value");
        return v;
    }

    /** {@code text} as a JSON object; {@link IllegalArgumentException} when it is another value. */
    @SuppressWarnings("unchecked")
    static Map<String, Object> object(CharSequence text) {
        if (parse(text) instanceof Map<?, ?> m) return (Map<String, Object>) m;
        throw new IllegalArgumentException("not a JSON object");
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> map(Object o) {
        return o instanceof Map<?, ?> m ? (Map<String, Object>) m : Map.of();
    }

    static String string(Map<String, Object> m, String key) {
        return m.get(key) instanceof String s ? s : "";
    }

    private IllegalArgumentException error(String what) {
        return new IllegalArgumentException("malformed JSON at offset " + i + ": " + what);
    }

    private void skipSpace() {
        while (i < s.length() && (s.charAt(i) == ' ' || s.charAt(i) == '\n' || s.charAt(i) == '\r' || s.charAt(i) == '\t')) i++;
    }

    private Object value() {
        if (i >= s.length()) throw error("unexpected end");
        char c = s.charAt(i);
        switch (c) {
            case '{': {
                i++;
                var m = new LinkedHashMap<String, Object>();
                skipSpace();
                if (peek('}')) { i++; return m; }
                while (true) {
                    skipSpace();
                    if (!peek('"')) throw error("expected a key");
                    String k = string();
                    skipSpace();
                    expect(':');
                    skipSpace();
                    m.put(k, value());
                    skipSpace();
                    if (peek(',')) { i++; continue; }
                    expect('}');
                    return m;
                }
            }
            case '[': {
                i++;
                var l = new ArrayList<Object>();
                skipSpace();
                if (peek(']')) { i++; return l; }
                while (true) {
                    skipSpace();
                    l.add(value());
                    skipSpace();
                    if (peek(',')) { i++; continue; }
                    expect(']');
                    return l;
                }
            }
            case '"': return string();
            case 't': word("true"); return Boolean.TRUE;
            case 'f': word("false"); return Boolean.FALSE;
            case 'n': word("null"); return null;
            default: return number();
        }
    }

    private boolean peek(char c) { return i < s.length() && s.charAt(i) == c; }

    private void expect(char c) {
        if (!peek(c)) throw error("expected '" + c + "'");
        i++;
    }

    private void word(String w) {
        for (int k = 0; k < w.length(); k++) {
            if (i + k >= s.length() || s.charAt(i + k) != w.charAt(k)) throw error("expected " + w);
        }
        i += w.length();
    }

    private Object number() {
        int start = i;
        boolean real = false;
        while (i < s.length()) {
            char c = s.charAt(i);
            if (c >= '0' && c <= '9' || c == '-' || c == '+') i++;
            else if (c == '.' || c == 'e' || c == 'E') { real = true; i++; }
            else break;
        }
        if (start == i) throw error("unexpected '" + s.charAt(i) + "'");
        String t = s.subSequence(start, i).toString();
        try {
            return real ? (Object) Double.parseDouble(t) : (Object) Long.parseLong(t);
        } catch (NumberFormatException e) {
            return Double.parseDouble(t);
        }
    }

    private String string() {
        expect('"');
        var b = new StringBuilder();
        while (true) {
            if (i >= s.length()) throw error("unterminated string");
            char c = s.charAt(i++);
            if (c == '"') return b.toString();
            if (c != '\\') { b.append(c); continue; }
            if (i >= s.length()) throw error("unterminated escape");
            char e = s.charAt(i++);
            switch (e) {
                case 'n' -> b.append('\n');
                case 't' -> b.append('\t');
                case 'r' -> b.append('\r');
                case 'b' -> b.append('\b');
                case 'f' -> b.append('\f');
                case 'u' -> {
                    if (i + 4 > s.length()) throw error("short \\u escape");
                    b.append((char) Integer.parseInt(s.subSequence(i, i + 4).toString(), 16));
                    i += 4;
                }
                default -> b.append(e); // \" \\ \/
            }
        }
    }

    /** {@code value} written as JSON (maps, lists, strings, numbers, booleans, null). */
    static String write(Object value) {
        var b = new StringBuilder();
        write(value, b);
        return b.toString();
    }

    private static void write(Object v, StringBuilder b) {
        if (v == null) b.append("null");
        else if (v instanceof String str) quote(str, b);
        else if (v instanceof Number || v instanceof Boolean) b.append(v);
        else if (v instanceof Map<?, ?> m) {
            b.append('{');
            boolean first = true;
            for (var e : m.entrySet()) {
                if (!first) b.append(',');
                first = false;
                quote(String.valueOf(e.getKey()), b);
                b.append(':');
                write(e.getValue(), b);
            }
            b.append('}');
        } else if (v instanceof List<?> l) {
            b.append('[');
            for (int k = 0; k < l.size(); k++) {
                if (k > 0) b.append(',');
                write(l.get(k), b);
            }
            b.append(']');
        } else throw new IllegalArgumentException("not a JSON value: " + v.getClass());
    }

    private static void quote(String str, StringBuilder b) {
        b.append('"');
        for (int k = 0; k < str.length(); k++) {
            char c = str.charAt(k);
            switch (c) {
                case '"' -> b.append("\\\"");
                case '\\' -> b.append("\\\\");
                case '\n' -> b.append("\\n");
                case '\r' -> b.append("\\r");
                case '\t' -> b.append("\\t");
                default -> {
                    if (c < 0x20) b.append(String.format("\\u%04x", (int) c));
                    else b.append(c);
                }
            }
        }
        b.append('"');
    }
}
