package org.polyheap.report.table;

import java.io.IOException;
import java.io.Writer;
import java.util.List;
import java.util.Map;

/**
 * Writes a value tree as JSON for the headless command's documented output: null, Boolean, Number,
 * CharSequence, Map (keys as strings, in iteration order), List, Object[], and {@link Table} (an
 * array of objects keyed by column key). Integers are exact; strings are escaped per RFC 8259 with
 * lone surrogates replaced. Recursion depth is that of the caller's tree (a few levels).
 */
public final class JsonWriter {
    private final Writer out;
    private final boolean pretty;

    private JsonWriter(Writer out, boolean pretty) {
        this.out = out;
        this.pretty = pretty;
    }

    public static void write(Object value, Writer out, boolean pretty) throws IOException {
        var w = new JsonWriter(out, pretty);
        w.value(value, 0);
        if (pretty) out.write('\n');
        out.flush();
    }

    public static String toString(Object value) {
        var sw = new java.io.StringWriter();
        try {
            write(value, sw, false);
        } catch (IOException e) {
            throw new IllegalStateException(e); // a StringWriter does not fail
        }
        return sw.toString();
    }

    private void value(Object v, int depth) throws IOException {
        switch (v) {
            case null -> out.write("null");
            case Boolean b -> out.write(b.toString());
            case Double d -> out.write(d.isNaN() || d.isInfinite() ? "null" : Double.toString(d));
            case Float f -> value(f.doubleValue(), depth);
            case Number n -> out.write(n.toString());
            case CharSequence s -> out.write(quote(s));
            case Map<?, ?> m -> {
                out.write('{');
                boolean first = true;
                for (var e : m.entrySet()) {
                    first = separator(first, depth + 1);
                    out.write(quote(String.valueOf(e.getKey())));
                    out.write(pretty ? ": " : ":");
                    value(e.getValue(), depth + 1);
                }
                close(first, depth, '}');
            }
            case List<?> l -> {
                out.write('[');
                boolean first = true;
                for (Object o : l) {
                    first = separator(first, depth + 1);
                    value(o, depth + 1);
                }
                close(first, depth, ']');
            }
            case Object[] a -> value(List.of(a), depth);
            case Table t -> {
                out.write('[');
                boolean first = true;
                for (Object[] row : t.rows()) {
                    first = separator(first, depth + 1);
                    var m = new java.util.LinkedHashMap<String, Object>();
                    for (int i = 0; i < row.length; i++) m.put(t.columns().get(i).key(), row[i]);
                    value(m, depth + 1);
                }
                close(first, depth, ']');
            }
            default -> out.write(quote(v.toString()));
        }
    }

    private boolean separator(boolean first, int depth) throws IOException {
        if (!first) out.write(',');
        if (pretty) indent(depth);
        return false;
    }

    private void close(boolean empty, int depth, char c) throws IOException {
        if (pretty && !empty) indent(depth);
        out.write(c);
    }

    private void indent(int depth) throws IOException {
        out.write('\n');
        for (int i = 0; i < depth; i++) out.write("  ");
    }

    static String quote(CharSequence s) {
        StringBuilder b = new StringBuilder(s.length() + 2).append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> b.append("\\\"");
                case '\\' -> b.append("\\\\");
                case '\n' -> b.append("\\n");
                case '\r' -> b.append("\\r");
                case '\t' -> b.append("\\t");
                default -> {
                    if (c < 0x20 || c == 0x2028 || c == 0x2029) {
                        b.append(String.format("\\u%04x", (int) c));
                    } else if (Character.isSurrogate(c)) {
                        boolean paired = Character.isHighSurrogate(c) && i + 1 < s.length()
                                && Character.isLowSurrogate(s.charAt(i + 1));
                        if (paired) b.append(c).append(s.charAt(++i));
                        else b.append('\ufffd'); // a lone surrogate cannot be written as UTF-8
                    } else {
                        b.append(c);
                    }
                }
            }
        }
        return b.append('"').toString();
    }
}
