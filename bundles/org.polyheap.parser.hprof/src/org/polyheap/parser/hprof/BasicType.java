package org.polyheap.parser.hprof;

import org.polyheap.model.FieldType;

/** HPROF's basic type codes (the {@code u1} before a field or array element) and their sizes in the dump. */
enum BasicType {
    OBJECT(2, FieldType.OBJECT, "Object"),
    BOOLEAN(4, FieldType.BOOLEAN, "boolean"),
    CHAR(5, FieldType.CHAR, "char"),
    FLOAT(6, FieldType.FLOAT, "float"),
    DOUBLE(7, FieldType.DOUBLE, "double"),
    BYTE(8, FieldType.BYTE, "byte"),
    SHORT(9, FieldType.SHORT, "short"),
    INT(10, FieldType.INT, "int"),
    LONG(11, FieldType.LONG, "long");

    private static final BasicType[] BY_CODE = new BasicType[12];
    static {
        for (BasicType t : values()) BY_CODE[t.code] = t;
    }

    final int code;
    final FieldType fieldType;
    final String javaName;

    BasicType(int code, FieldType fieldType, String javaName) {
        this.code = code;
        this.fieldType = fieldType;
        this.javaName = javaName;
    }

    /** The type for a code, or null when the code is not a basic type. */
    static BasicType ofCode(int code) {
        return code >= 0 && code < BY_CODE.length ? BY_CODE[code] : null;
    }

    /** Bytes of one value in the dump: primitives at their size, references at the id size. */
    int sizeInDump(int idSize) {
        return this == OBJECT ? idSize : fieldType.primitiveBytes();
    }

    static BasicType of(FieldType type) {
        for (BasicType t : values()) if (t.fieldType == type) return t;
        throw new IllegalArgumentException(type.toString());
    }
}
