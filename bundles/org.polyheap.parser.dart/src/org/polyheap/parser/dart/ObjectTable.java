package org.polyheap.parser.dart;

import java.util.Arrays;

import org.polyheap.model.SnapshotSink;

/**
 * What the reader keeps of each object until its identity hash, at the end of the stream, is read:
 * 25 bytes per object (class 4, shallow size 8, record offset 8, label 4, data tag 1). Grows with the
 * objects actually read, so a hostile object count cannot allocate ahead of the data. Not thread-safe.
 */
final class ObjectTable {
    private int size;
    private int[] classId;
    private long[] shallow;
    private long[] offset;
    private int[] label;
    private byte[] tag;
    private long shallowSum;

    ObjectTable(int initialCapacity) {
        int n = Math.max(16, initialCapacity);
        classId = new int[n];
        shallow = new long[n];
        offset = new long[n];
        label = new int[n];
        tag = new byte[n];
    }

    void add(int cls, long shallowSize, long recordOffset, int labelId, int dataTag) {
        if (size == classId.length) grow();
        classId[size] = cls;
        shallow[size] = shallowSize;
        offset[size] = recordOffset;
        label[size] = labelId;
        tag[size] = (byte) dataTag;
        shallowSum += shallowSize;
        size++;
    }

    int classOf(int object) { return classId[object]; }

    /** Sets the label of an object already added (a _Smi's value, known after the objects). */
    void setLabel(int object, int labelId) { label[object] = labelId; }

    long shallowSum() { return shallowSum; }

    int size() { return size; }

    /** Adds the object to the sink with its identity hash; the object type code is the data tag (see {@link DartValue}). */
    void emit(int object, long identity, SnapshotSink sink) {
        sink.addObject(classId[object], shallow[object], identity, offset[object], label[object], tag[object]);
    }

    private void grow() {
        int n = (int) Math.min(Integer.MAX_VALUE - 8L, classId.length * 3L / 2 + 16);
        classId = Arrays.copyOf(classId, n);
        shallow = Arrays.copyOf(shallow, n);
        offset = Arrays.copyOf(offset, n);
        label = Arrays.copyOf(label, n);
        tag = Arrays.copyOf(tag, n);
    }
}
