package org.polyheap.parser.hprof;

import java.io.IOException;
import java.nio.file.Path;

import org.polyheap.model.Progress;
import org.polyheap.model.ReferenceKind;
import org.polyheap.model.SnapshotFormatException;
import org.polyheap.model.SnapshotSink;

import it.unimi.dsi.fastutil.ints.IntArrayList;

/**
 * Pass 2: every object record in file order becomes a sink object (id = its rank), followed by its
 * references: its class, then fields in dump order, array elements, or a class's links and statics.
 */
final class SecondPass extends HprofWalk {
    private final SnapshotSink sink;
    private final FirstPass scan;
    private final AddressIndex index;
    private final ClassTable classes;
    private final SizeModel model;
    private final StringPool names;
    private final int classRef, superRef, loaderRef, signersRef, domainRef;
    private final IntArrayList pendingTo = new IntArrayList();
    private final IntArrayList pendingName = new IntArrayList();
    private final java.util.List<ReferenceKind> pendingKind = new java.util.ArrayList<>();
    private int next;
    long unresolved;
    long lengthMismatches;
    long undumpedClassObjects;

    SecondPass(Path file, RecordInput in, long fileSize, Progress progress, SnapshotSink sink, FirstPass scan,
            AddressIndex index, ClassTable classes, SizeModel model, StringPool names) {
        super(file, in, fileSize, progress);
        this.sink = sink;
        this.scan = scan;
        this.index = index;
        this.classes = classes;
        this.model = model;
        this.names = names;
        classRef = names.id("<class>");
        superRef = names.id("<super>");
        loaderRef = names.id("<classloader>");
        signersRef = names.id("<signers>");
        domainRef = names.id("<protection domain>");
    }

    int objectsAdded() { return next; }

    @Override
    void topRecord(int tag, long start, long length) { }

    @Override
    void subRecord(int tag, long start, long segmentEnd) throws IOException, SnapshotFormatException {
        int id = in.idSize();
        switch (tag) {
            case HprofTag.INSTANCE_DUMP -> instance(start, segmentEnd);
            case HprofTag.OBJ_ARRAY_DUMP -> {
                long address = in.id();
                in.i4();
                int n = arrayLength(start);
                long classAddress = in.id();
                checkFits((long) n * id, segmentEnd, start, "object array");
                int cls = classOf(classAddress);
                int self = add(cls, model.arraySize(BasicType.OBJECT, n), address, start);
                classReference(self, cls);
                for (int i = 0; i < n; i++) {
                    long target = in.id();
                    if (target != 0) reference(self, target, ReferenceKind.ELEMENT, i);
                }
            }
            case HprofTag.PRIM_ARRAY_DUMP, HprofTag.PRIM_ARRAY_NODATA -> {
                long address = in.id();
                in.i4();
                int n = arrayLength(start);
                BasicType type = basicType(in.u1(), start);
                int cls = classes.primitiveArrayClass(type);
                int self = add(cls, model.arraySize(type, n), address, start);
                classReference(self, cls);
                if (tag == HprofTag.PRIM_ARRAY_DUMP) in.skip((long) n * type.sizeInDump(id));
            }
            case HprofTag.CLASS_DUMP -> classDump(start);
            default -> {
                if (!skipRoot(tag)) throw new SnapshotFormatException(file, start, String.format("unknown heap dump sub-record tag 0x%02X", tag));
            }
        }
    }

    private void instance(long start, long segmentEnd) throws IOException, SnapshotFormatException {
        int id = in.idSize();
        long address = in.id();
        in.i4();
        long classAddress = in.id();
        long length = in.u4();
        checkFits(length, segmentEnd, start, "instance");
        int cls = classOf(classAddress);
        ClassTable.Layout layout = classes.layout(cls);
        long size = layout.shallowSize() >= 0 ? layout.shallowSize() : model.instanceSize(length);
        if (layout.shallowSize() >= 0 && layout.dataBytes() != length) lengthMismatches++;
        int self = add(cls, size, address, start);
        classReference(self, cls);
        byte[] data;
        int base;
        boolean inBuffer = length <= in.bufferSize(); // decided once: require and bytes may grow the buffer
        if (inBuffer) {
            in.require((int) length);
            data = in.buffer();
            base = in.bufferPos();
        } else {
            data = in.bytes((int) length);
            base = 0;
        }
        int[] offsets = layout.offsets();
        for (int f = 0; f < offsets.length; f++) {
            int at = offsets[f];
            if (at + id > length) break;
            long target = readId(data, base + at, id);
            if (target != 0) reference(self, target, layout.kinds()[f], layout.names()[f]);
        }
        if (inBuffer) in.advance((int) length);
    }

    private void classDump(long start) throws IOException, SnapshotFormatException {
        int id = in.idSize();
        long address = in.id();
        in.i4();
        long superAddress = in.id();
        long loader = in.id();
        long signers = in.id();
        long domain = in.id();
        in.skip(2L * id);
        in.i4();
        pending(classes.javaLangClassObject, ReferenceKind.CLASS, classRef);
        pending(superAddress, ReferenceKind.CLASS, superRef);
        pending(loader, ReferenceKind.LOADER, loaderRef);
        pending(signers, ReferenceKind.LOADER, signersRef);
        pending(domain, ReferenceKind.LOADER, domainRef);
        int constants = in.u2();
        for (int i = 0; i < constants; i++) {
            int slot = in.u2();
            BasicType t = basicType(in.u1(), start);
            if (t == BasicType.OBJECT) pending(in.id(), ReferenceKind.STATIC, names.id("<constant pool[" + slot + "]>"));
            else in.skip(t.sizeInDump(id));
        }
        long staticBytes = 0;
        int statics = in.u2();
        for (int i = 0; i < statics; i++) {
            long nameId = in.id();
            BasicType t = basicType(in.u1(), start);
            staticBytes += model.fieldSize(t);
            if (t == BasicType.OBJECT) {
                String name = scan.string(nameId);
                pending(in.id(), ReferenceKind.STATIC, names.id(name == null ? "<static " + nameId + ">" : name));
            } else {
                in.skip(t.sizeInDump(id));
            }
        }
        int fields = in.u2();
        in.skip((long) fields * (id + 1));
        // HotSpot keeps static fields inside the java.lang.Class instance (the mirror). Its label is the
        // class it stands for, so a row reads "java.lang.Class 0x… JacksonTree" as MAT's "class JacksonTree".
        int described = classes.idOf(address);
        int label = described >= 0 ? sink.addString(classes.info(described).name()) : -1;
        int self = add(classes.javaLangClass, SizeModel.align(classes.classInstanceSize + staticBytes), address, start, label);
        for (int i = 0; i < pendingTo.size(); i++) {
            int to = pendingTo.getInt(i);
            if (to >= 0) sink.addReference(self, to, pendingKind.get(i), pendingName.getInt(i));
        }
        pendingTo.clear();
        pendingKind.clear();
        pendingName.clear();
    }

    /** Queues a class dump's reference by address (the class object is added after its record is read). */
    private void pending(long address, ReferenceKind kind, int name) {
        if (address == 0) return;
        int to = index.idOf(address);
        if (to < 0) unresolved++;
        pendingTo.add(to);
        pendingKind.add(kind);
        pendingName.add(name);
    }

    private void pending(int objectId, ReferenceKind kind, int name) {
        if (objectId < 0) return;
        pendingTo.add(objectId);
        pendingKind.add(kind);
        pendingName.add(name);
    }

    private long lastClassAddress = -1;
    private int lastClass;

    private int classOf(long classAddress) {
        if (classAddress == lastClassAddress) return lastClass; // instances of one class often come in runs
        int cls = classes.idOf(classAddress);
        lastClass = cls >= 0 ? cls : classes.placeholder(classAddress);
        lastClassAddress = classAddress;
        return lastClass;
    }

    private int add(int cls, long size, long address, long offset) throws SnapshotFormatException {
        return add(cls, size, address, offset, -1);
    }

    private int add(int cls, long size, long address, long offset, int label) throws SnapshotFormatException {
        int self = sink.addObject(cls, size, address, offset, label, 0);
        if (self != next++) throw new IllegalStateException("sink gave object id " + self + ", expected " + (next - 1));
        if (next > index.size()) throw new SnapshotFormatException(file, offset, "file changed between the two passes");
        return self;
    }

    private void classReference(int self, int cls) {
        int target = classes.info(cls).classObject();
        if (target >= 0) sink.addReference(self, target, ReferenceKind.CLASS, classRef);
        else undumpedClassObjects++;
    }

    private void reference(int self, long address, ReferenceKind kind, int name) {
        int to = index.idOf(address);
        if (to < 0) unresolved++;
        else sink.addReference(self, to, kind, name);
    }

    private static long readId(byte[] b, int at, int idSize) {
        long v = 0;
        for (int i = 0; i < idSize; i++) v = (v << 8) | (b[at + i] & 0xff);
        return v;
    }
}
