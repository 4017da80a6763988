package org.polyheap.model;

import java.util.List;

/**
 * One entry of the class table. What a "class" is depends on the format: a Java class, a V8
 * constructor or DevTools Summary group, a Dart class, a Fuchsia allocation site.
 *
 * @param name          display name as the format's own tools show it ({@code java.util.HashMap$Node}, {@code byte[]})
 * @param superClass    class id of the super class, or -1
 * @param classObject   object id of the class's own heap object (Java class objects), or -1
 * @param loaderObject  object id of the defining class loader (Java), or -1
 * @param library       grouping the format provides besides the name: Dart library URI, V8 script, Fuchsia module; may be ""
 * @param instanceSize  bytes of an instance as declared by the format (HPROF CLASS_DUMP), or -1
 * @param fields        declared instance fields in layout order (may be empty)
 */
public record ClassInfo(String name, int superClass, int classObject, int loaderObject, String library,
        int instanceSize, List<FieldInfo> fields) {
    public ClassInfo {
        if (name == null) throw new IllegalArgumentException("class name required");
        library = library == null ? "" : library;
        fields = fields == null ? List.of() : List.copyOf(fields);
    }

    /** A class with a name only: V8 groups, synthetic classes. */
    public static ClassInfo named(String name) {
        return new ClassInfo(name, -1, -1, -1, "", -1, List.of());
    }
}
