package org.polyheap.parser.dart;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

import org.polyheap.model.SnapshotFormatException;

/**
 * One class entry of the stream. File class ids start at 1 and are the VM class id + 3: the writer
 * puts the synthetic {@code Root}, {@code Read-Only Pages} and {@code Isolate} classes first.
 *
 * @param fields reference-slot fields in file order; {@link Field#slot()} indexes the object's reference list
 */
record DartClass(String name, String libraryName, String libraryUri, List<Field> fields) {

    record Field(int slot, String name) { }

    /** Smallest class record: flags, four empty texts, field count. */
    static final int MIN_BYTES = 6;
    /** Smallest field record: flags, index, two empty texts. */
    static final int MIN_FIELD_BYTES = 4;

    /** Reads one class record. Cost: the record's bytes; fields are checked against the file size. */
    static DartClass read(DartInput in) throws IOException, SnapshotFormatException {
        in.skipLeb(); // flags, always 0
        String name = in.utf8();
        String libraryName = in.utf8();
        String libraryUri = in.utf8();
        in.skipUtf8(); // reserved
        int fieldCount = (int) in.count("field count", Integer.MAX_VALUE - 8, MIN_FIELD_BYTES);
        var fields = new ArrayList<Field>(Math.min(fieldCount, 4096));
        for (int i = 0; i < fieldCount; i++) {
            in.skipLeb(); // flags: 1 = strong
            long at = in.offset();
            long slot = in.uleb();
            if (slot < 0 || slot > Integer.MAX_VALUE - 8) throw in.fail(at, "field slot " + slot + " out of range");
            String fieldName = in.utf8();
            in.skipUtf8(); // reserved
            fields.add(new Field((int) slot, fieldName));
        }
        return new DartClass(name, libraryName, libraryUri, List.copyOf(fields));
    }

    boolean is(String className, String library) {
        return name.equals(className) && libraryUri.equals(library);
    }
}
