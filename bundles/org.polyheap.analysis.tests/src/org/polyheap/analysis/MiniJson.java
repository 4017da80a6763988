package org.polyheap.analysis;

import java.io.IOException;
import java.io.Reader;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import it.unimi.dsi.fastutil.longs.LongArrayList;

/** A small streaming JSON reader for test data: generic values, plus number arrays read without boxing. */
final class MiniJson {
    private final Reader in;
    private final char[] buffer = new char[1 << 16]; // own buffer: Reader.read() per char takes a lock each time
    private int position, limit;

    MiniJson(Reader in) { this.in = in; }

    int peek() throws IOException {
        if (position == limit) {
            limit = in.read(buffer, 0, buffer.length);
            position = 0;
            if (limit <= 0) {
                limit = 0;
                return -1;
            }
        }
        return buffer[position];
    }

    int next() throws IOException {
        int c = peek();
        if (c >= 0) position++;
        return c;
    }

    int skipSpace() throws IOException {
        while (Character.isWhitespace(peek())) next();
        return peek();
    }

    void expect(char c) throws IOException {
        int got = skipSpace();
        if (got != c) throw new IOException("expected '" + c + "', got '" + (char) got + "'");
        next();
    }

    String string() throws IOException {
        expect('"');
        var sb = new StringBuilder();
        for (int c = next(); c != '"'; c = next()) {
            if (c < 0) throw new IOException("end of input in a string");
            if (c == '\\') {
                int e = next();
                switch (e) {
                    case 'n' -> sb.append('\n');
                    case 't' -> sb.append('\t');
                    case 'r' -> sb.append('\r');
                    case 'b' -> sb.append('\b');
                    case 'f' -> sb.append('\f');
                    case 'u' -> {
                        char[] h = new char[4];
                        for (int i = 0; i < 4; i++) h[i] = (char) next();
                        sb.append((char) Integer.parseInt(new String(h), 16));
                    }
                    default -> sb.append((char) e);
                }
            } else {
                sb.append((char) c);
            }
        }
        return sb.toString();
    }

    /** A number array, e.g. V8's nodes or edges. */
    LongArrayList numbers() throws IOException {
        var out = new LongArrayList();
        expect('[');
        if (skipSpace() == ']') {
            next();
            return out;
        }
        while (true) {
            skipSpace();
            long v = 0;
            boolean neg = false;
            int c = peek();
            if (c == '-') {
                neg = true;
                next();
            }
            while ((c = peek()) >= '0' && c <= '9') {
                v = v * 10 + (c - '0');
                next();
            }
            out.add(neg ? -v : v);
            int d = skipSpace();
            next();
            if (d == ']') return out;
            if (d != ',') throw new IOException("bad number array");
        }
    }

    /** Any value: Map, List, String, Double/Long, Boolean or null. */
    Object value() throws IOException {
        int c = skipSpace();
        switch (c) {
            case '{' -> {
                next();
                Map<String, Object> map = new LinkedHashMap<>();
                if (skipSpace() == '}') {
                    next();
                    return map;
                }
                while (true) {
                    String k = string();
                    expect(':');
                    map.put(k, value());
                    int d = skipSpace();
                    next();
                    if (d == '}') return map;
                }
            }
            case '[' -> {
                next();
                List<Object> list = new ArrayList<>();
                if (skipSpace() == ']') {
                    next();
                    return list;
                }
                while (true) {
                    list.add(value());
                    int d = skipSpace();
                    next();
                    if (d == ']') return list;
                }
            }
            case '"' -> { return string(); }
            default -> {
                var sb = new StringBuilder();
                while (true) {
                    int d = peek();
                    if (d < 0 || d == ',' || d == ']' || d == '}' || Character.isWhitespace(d)) break;
                    sb.append((char) next());
                }
                String s = sb.toString();
                return switch (s) {
                    case "true" -> Boolean.TRUE;
                    case "false" -> Boolean.FALSE;
                    case "null" -> null;
                    default -> s.contains(".") || s.contains("e") || s.contains("E") ? (Object) Double.valueOf(s)
                            : (Object) Long.valueOf(s);
                };
            }
        }
    }
}
