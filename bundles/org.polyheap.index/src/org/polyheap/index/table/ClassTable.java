package org.polyheap.index.table;

import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.polyheap.index.column.IndexDamagedException;
import org.polyheap.index.column.IndexOutput;
import org.polyheap.model.ClassInfo;
import org.polyheap.model.FieldInfo;
import org.polyheap.model.FieldType;

/**
 * The class table file: written once at the end of a build, read whole when a snapshot opens.
 * <pre>
 * int magic 'PHCT', int count, then per class:
 *   str name, int superClass, int classObject, int loaderObject, str library, int instanceSize,
 *   int fieldCount, per field: str name, byte typeCode, int slot
 * str = int byte length + UTF-8 bytes; all numbers big-endian
 * </pre>
 */
public final class ClassTable {
    static final int MAGIC = 0x50484354; // "PHCT"

    private ClassTable() { }

    public static void write(Path file, List<ClassInfo> classes) throws IOException {
        try (var out = new IndexOutput(file)) {
            out.writeInt(MAGIC);
            out.writeInt(classes.size());
            for (ClassInfo c : classes) {
                out.writeString(c.name());
                out.writeInt(c.superClass());
                out.writeInt(c.classObject());
                out.writeInt(c.loaderObject());
                out.writeString(c.library());
                out.writeInt(c.instanceSize());
                out.writeInt(c.fields().size());
                for (FieldInfo f : c.fields()) {
                    out.writeString(f.name());
                    out.writeByte(f.type().code());
                    out.writeInt(f.slot());
                }
            }
        }
    }

    /** Reads every class; costs one pass over the file. */
    public static List<ClassInfo> read(MemorySegment file) throws IndexDamagedException {
        var in = new SegmentInput(file, "class table");
        in.expectMagic(MAGIC);
        int n = in.readCount(28);
        List<ClassInfo> classes = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            String name = in.readString();
            int superClass = in.readInt(), classObject = in.readInt(), loader = in.readInt();
            String library = in.readString();
            int instanceSize = in.readInt();
            int fieldCount = in.readCount(9);
            List<FieldInfo> fields = new ArrayList<>(fieldCount);
            for (int f = 0; f < fieldCount; f++) {
                String fieldName = in.readString();
                int code = in.readByte();
                if (code >= FieldType.values().length) throw new IndexDamagedException("class table has field type " + code);
                fields.add(new FieldInfo(fieldName, FieldType.ofCode(code), in.readInt()));
            }
            classes.add(new ClassInfo(name, superClass, classObject, loader, library, instanceSize, fields));
        }
        in.expectEnd();
        return List.copyOf(classes);
    }
}
