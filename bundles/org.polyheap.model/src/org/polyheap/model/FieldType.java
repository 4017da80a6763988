package org.polyheap.model;

/** Type of a declared field. Stored as {@link #code()}: append only. */
public enum FieldType {
    OBJECT(0), BOOLEAN(1), CHAR(2), FLOAT(4), DOUBLE(8), BYTE(1), SHORT(2), INT(4), LONG(8);

    private static final FieldType[] BY_CODE = values();
    private final int primitiveBytes;

    FieldType(int primitiveBytes) { this.primitiveBytes = primitiveBytes; }

    /** Bytes of a primitive value; 0 for OBJECT (depends on the identifier size). */
    public int primitiveBytes() { return primitiveBytes; }

    public int code() { return ordinal(); }

    public static FieldType ofCode(int code) {
        if (code < 0 || code >= BY_CODE.length) {
            throw new IllegalArgumentException("unknown field type code " + code);
        }
        return BY_CODE[code];
    }
}
