package org.polyheap.parser.hprof;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.polyheap.model.ClassInfo;
import org.polyheap.model.FieldInfo;
import org.polyheap.model.FieldType;
import org.polyheap.model.FieldValue;
import org.polyheap.model.HeapGraph;
import org.polyheap.model.ObjectInspector;
import org.polyheap.model.PrimitiveArray;
import org.polyheap.model.SnapshotFormatException;
import org.polyheap.model.spi.SnapshotSource;

import it.unimi.dsi.fastutil.longs.Long2ObjectOpenHashMap;

/**
 * Field values and value hints read from the dump at each object's source offset. The first call
 * builds an address → id table from the graph's identity column (14 bytes per object, a sort);
 * the first static-field read loads the dump's strings (the records before the heap dump). Each
 * call then reads one record, a few KB (for gzip: decodes at most about 1 MiB from the checkpoint
 * before it, see {@link DumpReader}; the first inspector of a gzip dump finds the checkpoints with one
 * pass over the file and keeps them in the graph's {@link HeapGraph#sourceCache()}, beside the index).
 * Thread-safe: calls are serialized.
 */
final class HprofInspector implements ObjectInspector {
    /** Array slots returned by {@link #fields}; longer arrays are cut (the hint gives the length). */
    static final int MAX_ELEMENTS = 1000;
    private static final int MAX_STRING_BYTES = 1 << 20;
    private final HeapGraph graph;
    private final SnapshotSource source;
    private final DumpReader reader;
    private final int idSize;
    private AddressIndex addresses;
    private Long2ObjectOpenHashMap<String> symbols;

    HprofInspector(Path file, HeapGraph graph) throws IOException {
        this.graph = graph;
        this.source = SnapshotSource.of(file);
        this.reader = new DumpReader(source, graph.sourceCache());
        this.idSize = Integer.parseInt(graph.metadata().fact("idSize", "8"));
    }

    @Override
    public synchronized List<FieldValue> fields(int objectId) throws IOException {
        try {
            return readFields(objectId);
        } catch (SnapshotFormatException e) { // damaged gzip data, met again
            throw new IOException(e.getMessage(), e);
        }
    }

    @Override
    public synchronized Optional<String> valueHint(int objectId, int maxChars) throws IOException {
        try {
            return readValueHint(objectId, maxChars);
        } catch (SnapshotFormatException e) {
            throw new IOException(e.getMessage(), e);
        }
    }

    @Override
    public synchronized java.util.OptionalInt arrayLength(int objectId) throws IOException {
        try {
            RecordInput in = recordAt(objectId);
            if (in == null) return java.util.OptionalInt.empty();
            int tag = in.u1();
            if (tag != HprofTag.OBJ_ARRAY_DUMP && tag != HprofTag.PRIM_ARRAY_DUMP && tag != HprofTag.PRIM_ARRAY_NODATA) {
                return java.util.OptionalInt.empty();
            }
            in.id();
            in.i4();
            return java.util.OptionalInt.of(in.i4());
        } catch (SnapshotFormatException e) {
            throw new IOException(e.getMessage(), e);
        }
    }

    @Override
    public synchronized Optional<PrimitiveArray> primitiveArray(int objectId) throws IOException {
        try {
            RecordInput in = recordAt(objectId);
            if (in == null || in.u1() != HprofTag.PRIM_ARRAY_DUMP) return Optional.empty();
            in.id();
            in.i4();
            int n = in.i4();
            BasicType t = BasicType.ofCode(in.u1());
            if (t == null || t == BasicType.OBJECT) return Optional.empty();
            long bytes = (long) n * t.fieldType.primitiveBytes();
            if (n < 0 || bytes > Integer.MAX_VALUE - 16) return Optional.empty();
            return Optional.of(new PrimitiveArray(t.fieldType, n, in.bytes((int) bytes)));
        } catch (SnapshotFormatException e) {
            throw new IOException(e.getMessage(), e);
        }
    }

    private List<FieldValue> readFields(int objectId) throws IOException, SnapshotFormatException {
        RecordInput in = recordAt(objectId);
        if (in == null) return List.of();
        int tag = in.u1();
        in.id();
        return switch (tag) {
            case HprofTag.INSTANCE_DUMP -> {
                in.i4();
                in.id();
                int length = (int) Math.min(in.u4(), MAX_STRING_BYTES);
                yield instanceFields(graph.objectClass().get(objectId), in.bytes(length));
            }
            case HprofTag.OBJ_ARRAY_DUMP -> {
                in.i4();
                int n = in.i4();
                in.id();
                List<FieldValue> out = new ArrayList<>();
                for (int i = 0; i < Math.min(n, MAX_ELEMENTS); i++) out.add(new FieldValue("[" + i + "]", FieldType.OBJECT, ref(in.id()), false));
                yield out;
            }
            case HprofTag.PRIM_ARRAY_DUMP -> {
                in.i4();
                int n = in.i4();
                BasicType t = BasicType.ofCode(in.u1());
                List<FieldValue> out = new ArrayList<>();
                for (int i = 0; i < Math.min(n, MAX_ELEMENTS) && t != null; i++) out.add(new FieldValue("[" + i + "]", t.fieldType, value(t, in), false));
                yield out;
            }
            case HprofTag.CLASS_DUMP -> staticFields(in);
            default -> List.of();
        };
    }

    private Optional<String> readValueHint(int objectId, int maxChars) throws IOException, SnapshotFormatException {
        RecordInput in = recordAt(objectId);
        if (in == null) return Optional.empty();
        int tag = in.u1();
        in.id();
        in.i4();
        switch (tag) {
            case HprofTag.OBJ_ARRAY_DUMP, HprofTag.PRIM_ARRAY_DUMP, HprofTag.PRIM_ARRAY_NODATA -> {
                return Optional.of("length " + in.i4());
            }
            case HprofTag.INSTANCE_DUMP -> {
                int cls = graph.objectClass().get(objectId);
                if (!graph.classes().get(cls).name().equals("java.lang.String")) return Optional.empty();
                in.id();
                int length = (int) Math.min(in.u4(), MAX_STRING_BYTES);
                return stringValue(instanceFields(cls, in.bytes(length)), maxChars);
            }
            default -> {
                return Optional.empty();
            }
        }
    }

    /** JDK 9+: {@code byte[] value} with {@code coder} 0 = Latin-1, 1 = UTF-16; JDK 8 and older: {@code char[] value}. */
    private Optional<String> stringValue(List<FieldValue> fields, int maxChars) throws IOException, SnapshotFormatException {
        FieldValue.ObjectRef value = null;
        int coder = 0;
        for (FieldValue f : fields) {
            if (f.name().equals("value") && f.value() instanceof FieldValue.ObjectRef r) value = r;
            if (f.name().equals("coder") && f.value() instanceof Byte b) coder = b;
        }
        if (value == null) return Optional.empty();
        RecordInput in = recordAt(value.objectId());
        if (in == null || in.u1() != HprofTag.PRIM_ARRAY_DUMP) return Optional.empty();
        in.id();
        in.i4();
        int n = in.i4();
        BasicType t = BasicType.ofCode(in.u1());
        int chars = Math.min(maxChars, t == BasicType.CHAR || coder == 1 && t == BasicType.BYTE ? n / (t == BasicType.CHAR ? 1 : 2) : n);
        StringBuilder s = new StringBuilder(chars);
        for (int i = 0; i < chars; i++) {
            if (t == BasicType.CHAR) s.append((char) in.u2());
            else if (coder == 0) s.append((char) in.u1());
            else s.append((char) (in.u1() | in.u1() << 8)); // UTF-16 bytes in the writer's native order: little-endian (x86, AArch64)
        }
        return Optional.of(s.toString());
    }

    private List<FieldValue> instanceFields(int classId, byte[] data) throws IOException {
        List<ClassInfo> classes = graph.classes();
        List<ClassInfo> chain = new ArrayList<>();
        for (int c = classId; c >= 0 && chain.size() < 1000; c = classes.get(c).superClass()) chain.add(classes.get(c));
        // dump data: own fields first, then up the chain; shown from java.lang.Object down
        int[] start = new int[chain.size()];
        int at = 0;
        for (int i = 0; i < chain.size(); i++) {
            start[i] = at;
            for (FieldInfo f : chain.get(i).fields()) at += BasicType.of(f.type()).sizeInDump(idSize);
        }
        List<FieldValue> out = new ArrayList<>();
        for (int i = chain.size() - 1; i >= 0; i--) {
            int pos = start[i];
            for (FieldInfo f : chain.get(i).fields()) {
                BasicType t = BasicType.of(f.type());
                int size = t.sizeInDump(idSize);
                if (pos + size > data.length) return out;
                long bits = 0;
                for (int b = 0; b < size; b++) bits = (bits << 8) | (data[pos + b] & 0xff);
                out.add(new FieldValue(f.name(), f.type(), t == BasicType.OBJECT ? ref(bits) : value(t, bits), false));
                pos += size;
            }
        }
        return out;
    }

    private List<FieldValue> staticFields(RecordInput in) throws IOException, SnapshotFormatException {
        in.i4();
        in.skip(6L * idSize + 4);
        int constants = in.u2();
        for (int i = 0; i < constants; i++) {
            in.u2();
            BasicType t = BasicType.ofCode(in.u1());
            if (t == null) return List.of();
            in.skip(t.sizeInDump(idSize));
        }
        Long2ObjectOpenHashMap<String> names = symbols();
        int statics = in.u2();
        List<FieldValue> out = new ArrayList<>();
        for (int i = 0; i < statics; i++) {
            long name = in.id();
            BasicType t = BasicType.ofCode(in.u1());
            if (t == null) break;
            Object v = t == BasicType.OBJECT ? ref(in.id()) : value(t, in);
            out.add(new FieldValue(names.getOrDefault(name, "<static " + name + ">"), t.fieldType, v, true));
        }
        return out;
    }

    private Object ref(long address) {
        if (address == 0) return null;
        int id = addresses().idOf(address);
        return id >= 0 ? new FieldValue.ObjectRef(id) : "unresolved 0x" + Long.toHexString(address);
    }

    private static Object value(BasicType t, RecordInput in) throws IOException, SnapshotFormatException {
        return value(t, t == BasicType.OBJECT ? in.id() : switch (t.fieldType.primitiveBytes()) {
            case 1 -> in.u1();
            case 2 -> in.u2();
            case 4 -> in.u4();
            default -> in.i8();
        });
    }

    /** A primitive from its big-endian bits. */
    private static Object value(BasicType t, long bits) {
        return switch (t) {
            case BOOLEAN -> bits != 0;
            case CHAR -> (char) bits;
            case FLOAT -> Float.intBitsToFloat((int) bits);
            case DOUBLE -> Double.longBitsToDouble(bits);
            case BYTE -> (byte) bits;
            case SHORT -> (short) bits;
            case INT -> (int) bits;
            case LONG, OBJECT -> bits;
        };
    }

    private RecordInput recordAt(int objectId) throws IOException {
        long offset = graph.sourceOffset().get(objectId);
        if (offset < 0) return null;
        RecordInput in = new RecordInput(source, new StreamAt(offset), offset, 8192);
        in.idSize(idSize);
        return in;
    }

    private AddressIndex addresses() {
        if (addresses == null) {
            long[] ids = graph.identity().toArray();
            addresses = AddressIndex.of(ids, ids.length);
        }
        return addresses;
    }

    /** The dump's UTF8 records, read from the start up to the first heap dump record (HotSpot writes them first). */
    private Long2ObjectOpenHashMap<String> symbols() throws IOException {
        if (symbols != null) return symbols;
        symbols = new Long2ObjectOpenHashMap<>();
        RecordInput in = new RecordInput(source, new StreamAt(0), 0, 1 << 16);
        try {
            HprofHeader.read(in, null);
            while (!in.atEnd()) {
                int tag = in.u1();
                in.i4();
                long length = in.u4();
                if (tag == HprofTag.HEAP_DUMP || tag == HprofTag.HEAP_DUMP_SEGMENT) break;
                if (tag == HprofTag.UTF8 && length >= idSize && length - idSize <= MAX_STRING_BYTES) {
                    long id = in.id();
                    symbols.put(id, new String(in.bytes((int) (length - idSize)), StandardCharsets.UTF_8));
                } else {
                    in.skip(length);
                }
            }
        } catch (SnapshotFormatException | java.io.EOFException e) {
            // names stay unknown; values are still shown
        }
        return symbols;
    }

    /** An InputStream over the dump from a decompressed offset, through the shared reader. */
    private final class StreamAt extends InputStream {
        private long position;

        StreamAt(long position) { this.position = position; }

        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            return read(one, 0, 1) < 1 ? -1 : one[0] & 0xff;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            if (len == 0) return 0;
            byte[] tmp = off == 0 ? b : new byte[len];
            int n = reader.read(position, tmp, len);
            if (n <= 0) return -1;
            if (tmp != b) System.arraycopy(tmp, 0, b, off, n);
            position += n;
            return n;
        }
    }

    @Override
    public synchronized void close() throws IOException { reader.close(); }
}
