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
}
