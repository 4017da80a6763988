package org.polyheap.parser.hprof;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * Writes small HPROF files by hand for the cases real JVMs do not produce on demand: 4-byte ids,
 * other versions, Android's extra sub-records, unknown records, and broken files. Offsets of
 * interesting places are kept for the tests.
 */
final class SyntheticDump {
    static final long OBJECT = 0x1000, CLASS = 0x1100, FOO = 0x1200, BYTES = 0x1300, OBJECTS = 0x1400;
    static final long A = 0x2000, B = 0x2100, BYTE_ARRAY = 0x2200, NODATA = 0x2300, ARRAY = 0x2400, DANGLING = 0x9999;
    final int idSize;
    final String version;
    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private final DataOutputStream out = new DataOutputStream(bytes);
    /** Offset of the length field of the heap dump segment, and of the byte array's length field. */
    int segmentLengthAt, arrayLengthAt, utf8LengthAt;

    SyntheticDump(int idSize, String version) { this.idSize = idSize; this.version = version; }

    /** Writes and returns this, for the recorded offsets. */
    SyntheticDump withWrite() throws IOException {
        write();
        return this;
    }

    byte[] write() throws IOException {
        out.write(("JAVA PROFILE " + version).getBytes(StandardCharsets.ISO_8859_1));
        out.write(0);
        out.writeInt(idSize);
        out.writeLong(1_700_000_000_000L);
        String[] names = {"java/lang/Object", "java/lang/Class", "Foo", "[B", "[Ljava/lang/Object;", "next", "value", "count", "main"};
        for (int i = 0; i < names.length; i++) {
            byte[] b = names[i].getBytes(StandardCharsets.UTF_8);
            record(0x01, idSize + b.length);
            if (i == 0) utf8LengthAt = bytes.size() - 4;
            id(i + 1);
            out.write(b);
        }
        long[] classes = {OBJECT, CLASS, FOO, BYTES, OBJECTS};
        for (int i = 0; i < classes.length; i++) {
            record(0x02, 8 + 2 * idSize);
            out.writeInt(i + 1);
            id(classes[i]);
            out.writeInt(0);
            id(i + 1);
        }
        record(0x50, 3); // a tag no writer uses: skipped with a warning
        out.write(new byte[3]);

        ByteArrayOutputStream heap = new ByteArrayOutputStream();
        DataOutputStream h = new DataOutputStream(heap);
        h.write(0xFE); h.writeInt(1); idTo(h, 9);                        // Android HEAP_DUMP_INFO
        classDump(h, OBJECT, 0, new long[0], new int[0], false);
        classDump(h, CLASS, OBJECT, new long[0], new int[0], false);
        classDump(h, FOO, OBJECT, new long[] {6, 7}, new int[] {2, 10}, true);
        classDump(h, BYTES, OBJECT, new long[0], new int[0], false);
        classDump(h, OBJECTS, OBJECT, new long[0], new int[0], false);
        h.write(0x05); idTo(h, FOO);                                     // sticky class
        instance(h, A, B, 1);
        instance(h, B, 0, 2);
        h.write(0x01); idTo(h, A); idTo(h, 0x77);                        // JNI global
        h.write(0x08); idTo(h, B); h.writeInt(1); h.writeInt(0);         // thread object, serial 1
        h.write(0x03); idTo(h, A); h.writeInt(1); h.writeInt(0);         // Java frame of thread 1
        for (int tag : new int[] {0x89, 0x8A, 0x8B, 0x8C, 0x8D, 0x90, 0xFF}) { h.write(tag); idTo(h, A); }
        h.write(0x8E); idTo(h, B); h.writeInt(1); h.writeInt(2);         // JNI monitor
        h.write(0x23); idTo(h, BYTE_ARRAY); h.writeInt(0);
        int arrayAt = heap.size();
        h.writeInt(3); h.write(8); h.write(new byte[] {'a', 'b', 'c'});
        h.write(0xC3); idTo(h, NODATA); h.writeInt(0); h.writeInt(10); h.write(10); // int[10] without data
        h.write(0x22); idTo(h, ARRAY); h.writeInt(0); h.writeInt(4); idTo(h, OBJECTS);
        idTo(h, A); idTo(h, B); idTo(h, 0); idTo(h, DANGLING);
        record(0x1C, heap.size());
        segmentLengthAt = bytes.size() - 4;
        arrayLengthAt = bytes.size() + arrayAt;
        out.write(heap.toByteArray());
        record(0x2C, 0);
        return bytes.toByteArray();
    }

    private void classDump(DataOutputStream h, long address, long superAddress, long[] fieldNames, int[] fieldTypes, boolean withStatic)
            throws IOException {
        h.write(0x20);
        idTo(h, address);
        h.writeInt(0);
        idTo(h, superAddress);
        for (int i = 0; i < 5; i++) idTo(h, 0); // loader, signers, protection domain, reserved x2
        h.writeInt(idSize + 4);
        h.writeShort(0);
        h.writeShort(withStatic ? 1 : 0);
        if (withStatic) { idTo(h, 8); h.write(10); h.writeInt(5); }     // static int count = 5
        h.writeShort(fieldNames.length);
        for (int i = 0; i < fieldNames.length; i++) { idTo(h, fieldNames[i]); h.write(fieldTypes[i]); }
    }

    private void instance(DataOutputStream h, long address, long next, int value) throws IOException {
        h.write(0x21);
        idTo(h, address);
        h.writeInt(0);
        idTo(h, FOO);
        h.writeInt(idSize + 4);
        idTo(h, next);
        h.writeInt(value);
    }

    private void record(int tag, int length) throws IOException {
        out.write(tag);
        out.writeInt(0);
        out.writeInt(length);
    }

    private void id(long v) throws IOException { idTo(out, v); }

    private void idTo(DataOutputStream o, long v) throws IOException {
        if (idSize == 8) o.writeLong(v);
        else o.writeInt((int) v);
    }
}
