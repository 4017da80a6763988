package org.polyheap.parser.hprof;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.polyheap.model.Progress;
import org.polyheap.model.RootKind;
import org.polyheap.model.SnapshotFormatException;
import org.polyheap.model.SnapshotSink;

import it.unimi.dsi.fastutil.ints.Int2LongOpenHashMap;
import it.unimi.dsi.fastutil.ints.Int2ObjectOpenHashMap;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.longs.Long2LongOpenHashMap;
import it.unimi.dsi.fastutil.longs.Long2ObjectOpenHashMap;
import it.unimi.dsi.fastutil.longs.LongArrayList;

/**
 * Pass 1: strings, class names, stack traces, GC roots, class dumps and the address of every object
 * record in file order (8 bytes per object). Skips instance and array contents.
 */
final class FirstPass extends HprofWalk {
    final Long2ObjectOpenHashMap<byte[]> strings = new Long2ObjectOpenHashMap<>();
    /** class object address → name string id, from LOAD_CLASS */
    final Long2LongOpenHashMap classNames = new Long2LongOpenHashMap();
    final Int2LongOpenHashMap classBySerial = new Int2LongOpenHashMap();
    final List<ClassDump> classDumps = new ArrayList<>();
    final LongArrayList addresses;
    final Long2ObjectOpenHashMap<StackFrame> frames = new Long2ObjectOpenHashMap<>();
    /** stack trace serial → frame ids */
    final Int2ObjectOpenHashMap<long[]> traces = new Int2ObjectOpenHashMap<>();
    // GC roots, parallel lists: object address, kind, thread serial (or 0), frame depth (or -1)
    final LongArrayList rootAddress = new LongArrayList();
    final List<RootKind> rootKind = new ArrayList<>();
    final IntArrayList rootThread = new IntArrayList();
    final IntArrayList rootDepth = new IntArrayList();
    /** thread serial → thread object address, and → stack trace serial */
    final Int2LongOpenHashMap threadObject = new Int2LongOpenHashMap();
    final Int2LongOpenHashMap threadTrace = new Int2LongOpenHashMap();
    /** bit per {@link BasicType#code} seen as a primitive array element type */
    int primitiveArrayTypes;
    long maxAddress;
    int heapDumpRecords;
    final List<String> warnings = new ArrayList<>();

    /** One STACK_FRAME record; names are string ids. */
    record StackFrame(long method, long signature, long sourceFile, int classSerial, int line) { }

    FirstPass(Path file, RecordInput in, long fileSize, Progress progress) {
        super(file, in, fileSize, progress);
        addresses = new LongArrayList(expectedObjects(fileSize, Runtime.getRuntime().maxMemory()));
    }

    /**
     * A first guess at the object count, so the address list is not copied over and over as it grows
     * (a dump's records average 60-90 bytes: 83 in a javac heap, 67 in the generated 1 GB dump); at
     * most a sixteenth of the heap, as a dump of a few huge arrays has few objects for its size.
     */
    static int expectedObjects(long fileSize, long maxHeap) {
        if (fileSize <= 0) return 1 << 10; // size unknown
        return (int) Math.max(16, Math.min(fileSize / 64, Math.min(maxHeap / 16 / Long.BYTES, Integer.MAX_VALUE - 8)));
    }

    String string(long id) {
        byte[] b = strings.get(id);
        return b == null ? null : new String(b, StandardCharsets.UTF_8);
    }

    @Override
    void topRecord(int tag, long start, long length) throws IOException, SnapshotFormatException {
        int id = in.idSize();
        switch (tag) {
            case HprofTag.UTF8 -> {
                if (length < id) throw new SnapshotFormatException(file, start, "string record shorter than an id");
                long sid = in.id();
                strings.put(sid, in.bytes((int) Math.min(length - id, Integer.MAX_VALUE - 8)));
            }
            case HprofTag.LOAD_CLASS -> {
                int serial = in.i4();
                long address = in.id();
                in.i4(); // stack trace serial
                long name = in.id();
                classNames.put(address, name);
                classBySerial.put(serial, address);
            }
            case HprofTag.STACK_FRAME -> {
                long frame = in.id();
                frames.put(frame, new StackFrame(in.id(), in.id(), in.id(), in.i4(), in.i4()));
            }
            case HprofTag.STACK_TRACE -> {
                int serial = in.i4();
                in.i4(); // thread serial
                int n = in.i4();
                if (n < 0 || (long) n * id > length - 12) throw new SnapshotFormatException(file, start, "stack trace with " + n + " frames does not fit its record");
                // grown as frames are read, not allocated from the count: a record whose length claims more
                // than the file holds (1 GB for a 119-byte file, a fuzzer's find) fails at the end of the data
                long[] ids = new long[Math.min(n, 1024)];
                for (int i = 0; i < n; i++) {
                    if (i == ids.length) ids = java.util.Arrays.copyOf(ids, (int) Math.min(n, 2L * ids.length));
                    ids[i] = in.id();
                }
                traces.put(serial, ids);
            }
            case HprofTag.HEAP_DUMP_END -> { }
            default -> {
                if (!HprofTag.isKnownTopLevel(tag)) {
                    warnings.add(String.format("skipped unknown record tag 0x%02X at byte %d (%d bytes)", tag, start, length));
                }
            }
        }
    }

    private int objectsBefore;
    private long subRecordStart = -1;

    @Override
    void truncated(long start) {
        if (start == subRecordStart) addresses.size(objectsBefore);
    }

    @Override
    void subRecord(int tag, long start, long segmentEnd) throws IOException, SnapshotFormatException {
        int id = in.idSize();
        objectsBefore = addresses.size();
        subRecordStart = start;
        switch (tag) {
            case HprofTag.CLASS_DUMP -> classDump(start, segmentEnd);
            case HprofTag.INSTANCE_DUMP -> {
                object(in.id());
                in.i4();
                in.id();
                long length = in.u4();
                checkFits(length, segmentEnd, start, "instance");
                in.skip(length);
            }
            case HprofTag.OBJ_ARRAY_DUMP -> {
                object(in.id());
                in.i4();
                int n = arrayLength(start);
                in.id();
                checkFits((long) n * id, segmentEnd, start, "object array");
                in.skip((long) n * id);
            }
            case HprofTag.PRIM_ARRAY_DUMP, HprofTag.PRIM_ARRAY_NODATA -> {
                object(in.id());
                in.i4();
                int n = arrayLength(start);
                BasicType type = basicType(in.u1(), start);
                if (type == BasicType.OBJECT) throw new SnapshotFormatException(file, start, "primitive array of type object");
                primitiveArrayTypes |= 1 << type.code;
                if (tag == HprofTag.PRIM_ARRAY_DUMP) {
                    long bytes = (long) n * type.sizeInDump(id);
                    checkFits(bytes, segmentEnd, start, "primitive array");
                    in.skip(bytes);
                }
            }
            case HprofTag.ROOT_UNKNOWN -> root(RootKind.UNKNOWN, 0, -1);
            case HprofTag.ROOT_JNI_GLOBAL -> {
                root(RootKind.JNI_GLOBAL, 0, -1);
                in.id(); // the JNI global reference's own id
            }
            case HprofTag.ROOT_JNI_LOCAL -> root(RootKind.JNI_LOCAL, in, true);
            case HprofTag.ROOT_JAVA_FRAME -> root(RootKind.JAVA_FRAME, in, true);
            case HprofTag.ROOT_NATIVE_STACK -> root(RootKind.NATIVE_STACK, in, false);
            case HprofTag.ROOT_STICKY_CLASS -> root(RootKind.STICKY_CLASS, 0, -1);
            case HprofTag.ROOT_THREAD_BLOCK -> root(RootKind.THREAD_BLOCK, in, false);
            case HprofTag.ROOT_MONITOR_USED -> root(RootKind.MONITOR_USED, 0, -1);
            case HprofTag.ROOT_THREAD_OBJECT -> {
                long address = in.id();
                int serial = in.i4();
                int trace = in.i4();
                threadObject.put(serial, address);
                threadTrace.put(serial, trace);
                rootAddress.add(address);
                rootKind.add(RootKind.THREAD_OBJECT);
                rootThread.add(0);
                rootDepth.add(-1);
            }
            case HprofTag.ROOT_INTERNED_STRING -> root(RootKind.INTERNED_STRING, 0, -1);
            case HprofTag.ROOT_FINALIZING -> root(RootKind.FINALIZING, 0, -1);
            case HprofTag.ROOT_DEBUGGER -> root(RootKind.DEBUGGER, 0, -1);
            case HprofTag.ROOT_REFERENCE_CLEANUP -> root(RootKind.REFERENCE_CLEANUP, 0, -1);
            case HprofTag.ROOT_VM_INTERNAL -> root(RootKind.VM_INTERNAL, 0, -1);
            case HprofTag.ROOT_JNI_MONITOR -> root(RootKind.JNI_MONITOR, in, true);
            case HprofTag.ROOT_UNREACHABLE -> root(RootKind.UNREACHABLE_ANDROID, 0, -1);
            case HprofTag.HEAP_DUMP_INFO -> in.skip(4L + id); // Android: heap id and name; objects follow
            default -> throw new SnapshotFormatException(file, start, String.format("unknown heap dump sub-record tag 0x%02X", tag));
        }
    }

    private void object(long address) {
        addresses.add(address);
        if (Long.compareUnsigned(address, maxAddress) > 0) maxAddress = address;
    }

    private void root(RootKind kind, int threadSerial, int depth) throws IOException, SnapshotFormatException {
        rootAddress.add(in.id());
        rootKind.add(kind);
        rootThread.add(threadSerial);
        rootDepth.add(depth);
    }

    private void root(RootKind kind, RecordInput in, boolean withDepth) throws IOException, SnapshotFormatException {
        long address = in.id();
        int thread = in.i4();
        int depth = withDepth ? in.i4() : -1;
        rootAddress.add(address);
        rootKind.add(kind);
        rootThread.add(thread);
        rootDepth.add(depth);
    }

    private void classDump(long start, long segmentEnd) throws IOException, SnapshotFormatException {
        int id = in.idSize();
        long address = in.id();
        in.i4(); // stack trace serial
        long superAddress = in.id();
        long loader = in.id();
        in.skip(4L * id); // signers, protection domain, two reserved ids
        int instanceSize = in.i4();
        int constants = in.u2();
        for (int i = 0; i < constants; i++) {
            in.u2();
            BasicType t = basicType(in.u1(), start);
            in.skip(t.sizeInDump(id));
        }
        int statics = in.u2();
        List<BasicType> staticTypes = new ArrayList<>(statics);
        for (int i = 0; i < statics; i++) {
            in.id();
            BasicType t = basicType(in.u1(), start);
            staticTypes.add(t);
            in.skip(t.sizeInDump(id));
        }
        int count = in.u2();
        List<ClassDump.Field> fields = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            long name = in.id();
            fields.add(new ClassDump.Field(name, basicType(in.u1(), start)));
        }
        if (in.position() > segmentEnd) throw new SnapshotFormatException(file, start, "class dump runs past the end of its heap dump segment");
        object(address);
        classDumps.add(new ClassDump(address, start, superAddress, loader, instanceSize, fields, staticTypes));
    }
}
