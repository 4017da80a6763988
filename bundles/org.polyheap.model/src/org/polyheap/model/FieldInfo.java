package org.polyheap.model;

/**
 * A declared field of a class.
 *
 * @param name the field name
 * @param type its type
 * @param slot format-specific position: Dart reference-slot index, else -1
 */
public record FieldInfo(String name, FieldType type, int slot) {
    public FieldInfo {
        if (name == null || type == null) throw new IllegalArgumentException("field name and type required");
    }

    public FieldInfo(String name, FieldType type) { this(name, type, -1); }
}
