package org.polyheap.model;

/**
 * One field of an object as the Inspector shows it.
 *
 * @param name     field name, or "[i]" for an array slot
 * @param type     declared type
 * @param value    Boolean, Character, Byte, Short, Integer, Long, Float, Double, String (already
 *                 decoded text), {@link ObjectRef} for a reference, or null for a null reference
 * @param isStatic true for a class's static field
 */
public record FieldValue(String name, FieldType type, Object value, boolean isStatic) {

    /** A reference to another object of the same snapshot, by object id. */
    public record ObjectRef(int objectId) { }
}
