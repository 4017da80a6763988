package org.polyheap.model;

/**
 * The whole content of an array of primitives, as the snapshot stores it.
 *
 * @param type   the element type (never {@link FieldType#OBJECT})
 * @param length number of elements
 * @param data   the elements' bytes, {@code length × type.primitiveBytes()} of them, big-endian
 */
public record PrimitiveArray(FieldType type, int length, byte[] data) {
    public PrimitiveArray {
        if (type == FieldType.OBJECT) throw new IllegalArgumentException("not a primitive type");
        if (data.length != (long) length * type.primitiveBytes()) {
            throw new IllegalArgumentException(data.length + " bytes for " + length + " elements of " + type);
        }
    }

    /** True when every element has the bits of the first (so {@code 0.0} and {@code -0.0} differ); false when empty. */
    public boolean allOneValue() {
        int w = type.primitiveBytes();
        if (length == 0) return false;
        for (int i = w; i < data.length; i++) if (data[i] != data[i % w]) return false;
        return true;
    }
}
