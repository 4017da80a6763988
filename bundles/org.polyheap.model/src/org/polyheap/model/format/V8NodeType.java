package org.polyheap.model.format;

/**
 * V8's heap-snapshot node types, in the order V8 writes them in {@code meta.node_types}. A file may
 * list them in another order or add new ones; {@link V8ObjectTypes} maps the file's list onto these.
 */
public enum V8NodeType {
    HIDDEN("hidden", "(system)"),
    ARRAY("array", "(array)"),
    STRING("string", "(string)"),
    OBJECT("object", "(object)"),
    CODE("code", "(compiled code)"),
    CLOSURE("closure", "Function"),
    REGEXP("regexp", "RegExp"),
    NUMBER("number", "(number)"),
    NATIVE("native", "(native)"),
    SYNTHETIC("synthetic", "(synthetic)"),
    CONCATENATED_STRING("concatenated string", "(concatenated string)"),
    SLICED_STRING("sliced string", "(sliced string)"),
    SYMBOL("symbol", "(symbol)"),
    BIGINT("bigint", "(bigint)"),
    OBJECT_SHAPE("object shape", "(object shape)"),
    /** A type this version does not know: treated like none of the above. */
    OTHER(null, null);

    private final String fileName;
    private final String className;

    V8NodeType(String fileName, String className) {
        this.fileName = fileName;
        this.className = className;
    }

    /** The name in {@code meta.node_types}; null for {@link #OTHER}. */
    public String fileName() { return fileName; }

    /** The class DevTools' summary groups nodes of this type under ("(synthetic)"); null for {@link #OTHER}. */
    public String summaryClass() { return className; }

    /**
     * The class DevTools' summary groups nodes of a type the file names {@code fileTypeName} under when they have no constructor name
     * of their own ("(system)" for hidden, "Function" for closures).
     */
    public static String summaryClass(String fileTypeName) {
        V8NodeType t = ofFileName(fileTypeName);
        return t == OTHER ? "(" + fileTypeName + ")" : t.className;
    }

    /** The type a file names {@code name}; {@link #OTHER} for names this version does not know. */
    public static V8NodeType ofFileName(String name) {
        for (V8NodeType t : values()) if (t != OTHER && t.fileName.equals(name)) return t;
        return OTHER;
    }

    /** Strings of any of V8's representations (flat, concatenated, sliced). */
    public boolean isString() { return this == STRING || this == CONCATENATED_STRING || this == SLICED_STRING; }
}
