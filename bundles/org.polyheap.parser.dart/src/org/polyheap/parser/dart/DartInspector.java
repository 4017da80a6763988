package org.polyheap.parser.dart;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.polyheap.model.ClassInfo;
import org.polyheap.model.FieldInfo;
import org.polyheap.model.FieldType;
import org.polyheap.model.FieldValue;
import org.polyheap.model.HeapGraph;
import org.polyheap.model.ObjectInspector;
import org.polyheap.model.SnapshotFormatException;
import org.polyheap.model.spi.SnapshotSource;

/**
 * Reads an object's record again, at its {@link HeapGraph#sourceOffset()}, for the values the graph does
 * not keep. Each call reads one record (a few bytes to a few KB) with positional reads: thread-safe.
 * For a gzip snapshot {@link #open} decompresses it once ({@link SnapshotSource#openRandomAccess}), into a
 * temporary file deleted by {@link #close}.
 */
final class DartInspector implements ObjectInspector {
    private static final int ISOLATE_CLASS = 3; // the writer's synthetic Isolate class: its fields are statics

    private final SnapshotSource source;
    private final SnapshotSource.RandomAccess content;
    private final HeapGraph graph;
    private final VmLayout layout;

    /** A record as the inspector needs it; {@code refs} holds file object ids, 0 for an omitted slot. */
    record ObjectRecord(int classId, long shallowSize, DartValue value, long[] refs) { }

    private DartInspector(SnapshotSource source, SnapshotSource.RandomAccess content, HeapGraph graph) {
        this.source = source;
        this.content = content;
        this.graph = graph;
        this.layout = VmLayout.ofWordSizeFact(graph.metadata().fact("wordSize", "unknown"));
    }

    static DartInspector open(Path file, HeapGraph graph) throws IOException {
        var source = SnapshotSource.of(file);
        return new DartInspector(source, source.openRandomAccess(), graph);
    }

    /** Reads the object's record; cost: one record of file I/O. */
    ObjectRecord record(int objectId) throws IOException {
        long offset = graph.sourceOffset().get(objectId);
        try {
            var in = new DartInput(source, content.streamAt(offset, 4096), offset, content.size(), 1024);
            int classId = (int) in.uleb();
            if (classId < 1 || classId >= graph.classes().size()) throw in.fail(offset, "class id " + classId + " unknown");
            long shallow = in.uleb();
            int tag = (int) in.uleb();
            if (tag < 0 || tag > DartValue.TAG_NAME) throw in.fail(offset, "unknown data tag " + tag);
            ClassInfo cls = graph.classes().get(classId);
            DartValue value = DartValue.read(in, tag, is(cls, "_Mint"));
            if (value instanceof DartValue.Int(long written) && is(cls, "_Smi")) value = new DartValue.Int(layout.smiValue(written));
            long refCount = in.count("reference count", Integer.MAX_VALUE - 8, 1);
            long[] refs = new long[(int) refCount];
            for (int i = 0; i < refs.length; i++) refs[i] = in.uleb();
            return new ObjectRecord(classId, shallow, value, refs);
        } catch (SnapshotFormatException e) {
            throw new IOException(e.getMessage(), e);
        }
    }

    /**
     * The object's value (a string's text, an int, a double, a length or a name), then its non-omitted
     * reference slots: declared fields by name, element slots as {@code [i]}; the Isolate's fields are
     * static fields.
     */
    @Override
    public List<FieldValue> fields(int objectId) throws IOException {
        ObjectRecord r = record(objectId);
        var out = new ArrayList<FieldValue>();
        switch (r.value()) {
            case DartValue.Bool(boolean b) -> out.add(new FieldValue("value", FieldType.BOOLEAN, b, false));
            case DartValue.Int(long v) -> out.add(new FieldValue("value", FieldType.LONG, v, false));
            case DartValue.Dbl(double d) -> out.add(new FieldValue("value", FieldType.DOUBLE, d, false));
            case DartValue.Text t -> {
                out.add(new FieldValue("value", FieldType.OBJECT, t.text(), false));
                out.add(new FieldValue("length", FieldType.LONG, t.length(), false));
                if (t.truncated()) out.add(new FieldValue("truncated", FieldType.BOOLEAN, true, false));
            }
            case DartValue.Length(long n) -> out.add(new FieldValue("length", FieldType.LONG, n, false));
            case DartValue.Name(String n) -> out.add(new FieldValue("name", FieldType.OBJECT, n, false));
            case DartValue.Null n -> out.add(new FieldValue("value", FieldType.OBJECT, null, false));
            case DartValue.None n -> { }
        }
        List<FieldInfo> declared = graph.classes().get(r.classId()).fields();
        Map<Integer, String> bySlot = new HashMap<>();
        int firstElement = 0;
        for (FieldInfo f : declared) {
            bySlot.put(f.slot(), f.name());
            firstElement = Math.max(firstElement, f.slot() + 1);
        }
        boolean statics = r.classId() == ISOLATE_CLASS;
        for (int slot = 0; slot < r.refs().length; slot++) {
            long target = r.refs()[slot];
            if (target <= 0 || target > graph.objectCount()) continue;
            String name = bySlot.get(slot);
            if (name == null) name = "[" + (slot >= firstElement ? slot - firstElement : slot) + "]";
            out.add(new FieldValue(name, FieldType.OBJECT, new FieldValue.ObjectRef((int) target - 1), statics));
        }
        return out;
    }

    /** A string's text ("…" when cut here or by the VM), a number, {@code length n}, or a name. */
    @Override
    public Optional<String> valueHint(int objectId, int maxChars) throws IOException {
        return switch (record(objectId).value()) {
            case DartValue.Text t -> Optional.of(cut(t.text(), maxChars, t.truncated()));
            case DartValue.Name(String n) -> Optional.of(cut(n, maxChars, false));
            case DartValue.Int(long v) -> Optional.of(Long.toString(v));
            case DartValue.Dbl(double d) -> Optional.of(Double.toString(d));
            case DartValue.Bool(boolean b) -> Optional.of(Boolean.toString(b));
            case DartValue.Length(long n) -> Optional.of("length " + n);
            case DartValue.Null n -> Optional.of("null");
            case DartValue.None n -> Optional.empty();
        };
    }

    private static String cut(String text, int maxChars, boolean truncated) {
        if (maxChars >= 0 && text.length() > maxChars) return text.substring(0, Math.max(0, maxChars)) + "…";
        return truncated ? text + "…" : text;
    }

    private static boolean is(ClassInfo cls, String name) {
        return cls.name().equals(name) && cls.library().equals("dart:core");
    }

    @Override
    public void close() throws IOException { content.close(); }
}
