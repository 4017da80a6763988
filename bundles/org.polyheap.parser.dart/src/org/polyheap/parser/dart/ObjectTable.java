package org.polyheap.parser.dart;

import java.util.Arrays;

import org.polyheap.model.SnapshotSink;

/**
 * What pass 1 keeps of each object until the identity hashes, at the end of the stream, are known:
 * 33 bytes per object (class, shallow size, record offset, label, data tag, identity). Grows with the
 * objects actually read, so a hostile object count cannot allocate ahead of the data. Not thread-safe.
 */
final class ObjectTable {
    private int size;
    private int[] classId;
    private long[] shallow;
    private long[] offset;
    private int[] label;
    private byte[] tag;
    private long[] identity;
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

    void identity(int object, long hash) {
        if (identity == null) identity = new long[size];
        identity[object] = hash;
    }

    int classOf(int object) { return classId[object]; }

    long shallowSum() { return shallowSum; }

    /** Adds the object to the sink; the object type code is the data tag (see {@link DartValue}). */
    void emit(int object, SnapshotSink sink) {
        sink.addObject(classId[object], shallow[object], identity == null ? 0 : identity[object], offset[object],
                label[object], tag[object]);
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
