package org.polyheap.analysis;

import org.polyheap.model.ClassInfo;
import org.polyheap.model.HeapGraph;

/** How histogram rows are formed from classes. */
public enum Grouping {
    /** One row per class-table entry. */
    CLASS,
    /** Java: the package of the class ({@code java.util} for {@code java.util.HashMap$Node[]}); "" = default package. */
    PACKAGE,
    /** Java: the defining class loader object; the bootstrap loader is "&lt;system class loader&gt;". */
    CLASS_LOADER,
    /** {@link ClassInfo#library()}: Dart library, V8 script, Fuchsia module; "" when the format gives none. */
    LIBRARY;

    /** The group name of a class under this grouping. */
    String groupOf(HeapGraph graph, ClassInfo c) {
        return switch (this) {
            case CLASS -> c.name();
            case PACKAGE -> packageOf(c.name());
            case CLASS_LOADER -> c.loaderObject() < 0 ? "<system class loader>" : loaderName(graph, c.loaderObject());
            case LIBRARY -> c.library();
        };
    }

    static String packageOf(String className) {
        String s = className;
        int bracket = s.indexOf('[');
        if (bracket >= 0) s = s.substring(0, bracket); // array of a class: its element class's package
        int dot = s.lastIndexOf('.');
        return dot < 0 ? "" : s.substring(0, dot);
    }

    private static String loaderName(HeapGraph graph, int loader) {
        int c = graph.objectClass().get(loader);
        return graph.classes().get(c).name() + " @ 0x" + Long.toHexString(graph.identity().get(loader));
    }
}
