package org.polyheap.parser.hprof;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Reads the reference tools' JSON answers: objects, arrays, strings, numbers (as Double), booleans, null. */
final class Json {
    private final String s;
    private int p;

    private Json(String s) { this.s = s; }

    static Object parse(String text) {
        Json j = new Json(text);
        Object v = j.value();
        j.space();
        if (j.p != text.length()) throw new IllegalArgumentException("trailing text at " + j.p);
        return v;
    }

    private Object value() {
        space();
        char c = s.charAt(p);
        switch (c) {
            case '{': {
                p++;
                Map<String, Object> m = new LinkedHashMap<>();
                space();
                if (s.charAt(p) == '}') { p++; return m; }
                while (true) {
                    space();
                    String k = string();
                    space();
                    expect(':');
                    m.put(k, value());
                    space();
                    if (s.charAt(p++) == '}') return m;
                }
            }
            case '[': {
                p++;
                List<Object> l = new ArrayList<>();
                space();
                if (s.charAt(p) == ']') { p++; return l; }
                while (true) {
                    l.add(value());
                    space();
                    if (s.charAt(p++) == ']') return l;
                }
            }
            case '"': return string();
            case 't': p += 4; return Boolean.TRUE;
            case 'f': p += 5; return Boolean.FALSE;
            case 'n': p += 4; return null;
            default: {
                int start = p;
                while (p < s.length() && "+-0123456789.eE".indexOf(s.charAt(p)) >= 0) p++;
                return Double.parseDouble(s.substring(start, p));
            }
        }
    }

    private String string() {
        expect('"');
        StringBuilder b = new StringBuilder();
        while (true) {
            char c = s.charAt(p++);
            if (c == '"') return b.toString();
            if (c != '\\') { b.append(c); continue; }
            char e = s.charAt(p++);
            switch (e) {
                case 'n' -> b.append('\n');
                case 't' -> b.append('\t');
                case 'r' -> b.append('\r');
                case 'b' -> b.append('\b');
                case 'f' -> b.append('\f');
                case 'u' -> { b.append((char) Integer.parseInt(s.substring(p, p + 4), 16)); p += 4; }
                default -> b.append(e);
            }
        }
    }

    private void expect(char c) {
        if (s.charAt(p++) != c) throw new IllegalArgumentException("expected " + c + " at " + (p - 1));
    }

    private void space() {
        while (p < s.length() && Character.isWhitespace(s.charAt(p))) p++;
    }
}
