package org.polyheap.report.query;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;

import org.polyheap.analysis.DuplicateStrings;
import org.polyheap.analysis.PathsToRoots;
import org.polyheap.model.FieldValue;
import org.polyheap.report.Queries;
import org.polyheap.report.ReportData.PathStep;
import org.polyheap.report.ReportData.RootPath;

import it.unimi.dsi.fastutil.ints.IntArrayList;

/**
 * The SQL functions of every snapshot (docs/query.md). Calcite calls them as static methods; they find
 * their snapshot in {@link HeapContext#CURRENT}, set for the thread that runs the query. Each takes an
 * object id as the format writes it and answers null for a null or unknown id.
 */
public final class HeapFunctions {
    private HeapFunctions() { }

    /**
     * {@code field(id, 'name')}: the value of the object's field of that name: a HPROF instance field (or a
     * static field of a class object), a V8 property or other edge, a Dart field. Numbers come as numbers
     * (BIGINT for whole ones, DOUBLE for others), booleans as booleans, characters and strings as text, a
     * reference as the target's id; null when there is no such field or it holds null. A field holding a
     * Dart Smi gives the integer. Name {@code a.b.c} follows references field by field. One source read per
     * step (a few KB), so use it on rows already narrowed down.
     */
    public static Object field(String id, String name) {
        HeapContext heap = HeapContext.current();
        int o = heap.find(id);
        if (o < 0 || name == null) return null;
        Object value = null;
        String[] steps = name.split("\\.", -1);
        for (int i = 0; i < steps.length; i++) {
            value = fieldOf(heap, o, steps[i]);
            if (i == steps.length - 1) break;
            if (!(value instanceof FieldValue.ObjectRef ref)) return null; // navigating through a null or a value
            o = ref.objectId();
        }
        return value instanceof FieldValue.ObjectRef ref ? objectValue(heap, ref.objectId()) : number(value);
    }

    private static Object fieldOf(HeapContext heap, int o, String name) {
        try {
            for (FieldValue f : heap.inspector().fields(o)) {
                if (f.name().equals(name)) return f.value();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        // a reference of that name the inspector does not list as a field (a class's super class, loader ...)
        var g = heap.graph;
        for (long p = g.outStart().get(o), end = g.outStart().get(o + 1L); p < end; p++) {
            if (name.equals(heap.refName(g.outKind().get(p), g.outName().get(p)))) return new FieldValue.ObjectRef(g.outTarget().get(p));
        }
        return null;
    }

    /** A referenced object as a value: a Dart Smi's integer, else its id. */
    private static Object objectValue(HeapContext heap, int o) {
        if (org.polyheap.report.ObjectNames.isSmi(heap.graph, o)) {
            String label = heap.label(o);
            try {
                return label == null ? null : Long.parseLong(label.trim());
            } catch (NumberFormatException e) {
                return label;
            }
        }
        return heap.id(o);
    }

    private static Object number(Object v) {
        return switch (v) {
            case null -> null;
            case Byte b -> (long) b;
            case Short s -> (long) s;
            case Integer i -> (long) i;
            case Float f -> (double) f;
            case Character c -> String.valueOf(c);
            default -> v;
        };
    }

    /**
     * {@code text(id)}: the text of a string object (Java {@code String}, V8 strings, Dart strings),
     * complete up to 1 M characters; null for any other object.
     */
    public static String text(String id) {
        HeapContext heap = HeapContext.current();
        int o = heap.find(id);
        if (o < 0 || !DuplicateStrings.isStringClass(heap.classNames[heap.graph.objectClass().get(o)])) return null;
        try {
            var t = heap.inspector().valueHint(o, DuplicateStrings.MAX_CHARS);
            if (t.isPresent()) return t.get();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return heap.label(o);
    }

    /**
     * {@code retained_set_size(id)}: the number of objects in the object's retained set (itself and every
     * object it dominates). O(size of that set).
     */
    public static Long retained_set_size(String id) {
        HeapContext heap = HeapContext.current();
        int o = heap.findNode(id);
        if (o == -3) return null;
        var tree = heap.tree;
        long count = 0;
        var stack = new IntArrayList();
        stack.add(o);
        while (!stack.isEmpty()) {
            int n = stack.popInt();
            if (n >= 0 && n < heap.objectCount()) count++;
            for (int c : tree.children(n)) stack.add(c);
            if ((count & 0xffff) == 0) heap.checkCanceled();
        }
        return count;
    }

    /**
     * {@code path_to_root(id)}: the shortest path from the object to a GC root that passes no weak, soft,
     * phantom or finalizer reference, written from the object up to the root:
     * {@code 0x7f01 char[] <-[value]- 0x7e00 java.lang.String <-[name]- 0x6a00 Gen (root: System class)}; null when there is none.
     */
    public static String path_to_root(String id) {
        HeapContext heap = HeapContext.current();
        int o = heap.find(id);
        if (o < 0) return null;
        List<RootPath> paths = Queries.paths(heap.snapshot, o, PathsToRoots.WEAK_KINDS, 1);
        if (paths.isEmpty()) return null;
        RootPath p = paths.get(0);
        var sb = new StringBuilder();
        for (int i = 0; i < p.steps().size(); i++) {
            PathStep s = p.steps().get(i);
            if (i > 0) {
                String edge = s.edge(); // how this step holds the one before it
                sb.append(edge == null ? " <- " : " <-[" + edge + "]- ");
            }
            sb.append(s.id()).append(' ').append(s.className());
        }
        return sb.append(" (root: ").append(p.rootKind()).append(')').toString();
    }

    /** {@code matches_regex(text, 'regex')}: true when the whole text matches the Java regular expression (MAT's OQL LIKE). */
    public static Boolean matches_regex(String text, String regex) {
        if (text == null || regex == null) return null;
        return PATTERNS.get().computeIfAbsent(regex, java.util.regex.Pattern::compile).matcher(text).matches();
    }

    /** Compiled patterns of the query running on this thread: a pattern is compiled once, not once per row. */
    private static final ThreadLocal<java.util.Map<String, java.util.regex.Pattern>> PATTERNS =
            ThreadLocal.withInitial(() -> new java.util.LinkedHashMap<String, java.util.regex.Pattern>(16, 0.75f, true) {
                @Override
                protected boolean removeEldestEntry(java.util.Map.Entry<String, java.util.regex.Pattern> e) { return size() > 64; }
            });

    /**
     * {@code to_string(id)}: what MAT's {@code toString()} gives for the object: a string's text, else the
     * object's label (a V8 node's name, a Dart value), else null.
     */
    public static String to_string(String id) {
        HeapContext heap = HeapContext.current();
        int o = heap.find(id);
        if (o < 0) return null;
        String t = text(id);
        return t != null ? t : heap.label(o);
    }

    /** {@code display_name(id)}: the class, the id and the value, as one line: {@code java.lang.String @ 0x7f01  hello}. */
    public static String display_name(String id) {
        HeapContext heap = HeapContext.current();
        int o = heap.find(id);
        if (o < 0) return null;
        String name = heap.classNames[heap.graph.objectClass().get(o)] + " @ " + heap.id(o);
        String value = to_string(id);
        return value == null || value.isEmpty() ? name : name + "  " + (value.length() > 200 ? value.substring(0, 199) + "…" : value);
    }

    /** {@code array_length(id)}: the number of slots of an array object; null for other objects. */
    public static Long array_length(String id) {
        HeapContext heap = HeapContext.current();
        int o = heap.find(id);
        if (o < 0) return null;
        try {
            var n = heap.inspector().arrayLength(o);
            return n.isPresent() ? (long) n.getAsInt() : null;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** {@code address_of(id)}: the object's identity as a number (HPROF and Fuchsia address, V8 node id, Dart hash). */
    public static Long address_of(String id) {
        HeapContext heap = HeapContext.current();
        int o = heap.find(id);
        return o < 0 ? null : heap.graph.identity().get(o);
    }

    /** {@code shallow_size(id)}: the object's shallow size (the {@code shallow} column), for ids a function gave. */
    public static Long shallow_size(String id) {
        HeapContext heap = HeapContext.current();
        int o = heap.find(id);
        return o < 0 ? null : heap.graph.shallowSize().get(o);
    }

    /** {@code retained_size(id)}: the object's retained size (the {@code retained} column), for ids a function gave. */
    public static Long retained_size(String id) {
        HeapContext heap = HeapContext.current();
        int o = heap.find(id);
        return o < 0 ? null : heap.tree.retained().get(o);
    }
}
