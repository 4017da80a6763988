package org.polyheap.parser.dart;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.polyheap.model.ClassInfo;
import org.polyheap.model.FieldInfo;
import org.polyheap.model.FieldType;
import org.polyheap.model.GcRoot;
import org.polyheap.model.Progress;
import org.polyheap.model.RootKind;
import org.polyheap.model.SnapshotFormatException;
import org.polyheap.model.SnapshotSink;

/**
 * One parse of one {@code dartheap} file into a sink, in two passes over the stream. Pass 1 reads and
 * checks everything (header, classes, objects, external properties, identity hashes, which come last)
 * and keeps {@link ObjectTable} columns; then the classes and objects go to the sink. Pass 2 re-reads
 * the object records for their references. Nothing reaches the sink's object table before the whole file
 * has been checked. Memory: about 33 bytes per object plus the class table; not per reference.
 * Single use, not thread-safe.
 */
final class DartHeapReader {
    static final String MAGIC = "dartheap";
    /** Characters of a string or name kept as the object's label. */
    static final int LABEL_CHARS = 80;

    private final Path file;
    private final SnapshotSink sink;
    private final Progress progress;

    private String isolateGroupName;
    private long headerShallowSize;
    private long headerCapacity;
    private long headerExternalSize;
    /** Index = file class id; entry 0 is a placeholder (the file has no class 0). */
    private final List<DartClass> classes = new ArrayList<>();
    private long headerReferenceCount;
    private int objectCount;
    private long firstObjectOffset;
    private ObjectTable objects;
    private long references;
    private long omittedReferences;
    private long patchClassSize = -1;
    /** String objects written as text (the VM) or as names (a vm_service re-export such as DevTools'). */
    private long stringsAsText, stringsAsNames;
    private final Facts facts = new Facts();

    DartHeapReader(Path file, SnapshotSink sink, Progress progress) {
        this.file = file;
        this.sink = sink;
        this.progress = progress;
    }

    void read() throws IOException, SnapshotFormatException {
        sink.format("dart");
        try (DartInput in = DartInput.open(file, 0)) {
            readHeader(in);
            readClasses(in);
            readObjects(in);
            facts.readExternalProperties(in, objectCount, objects, classes);
            readIdentityHashes(in);
        }
        emitClassesAndObjects();
        try (DartInput in = DartInput.open(file, firstObjectOffset)) {
            readReferences(in);
        }
        sink.addRoot(new GcRoot(0, RootKind.DART_ROOT, -1, -1));
        emitFacts();
    }

    private void readHeader(DartInput in) throws IOException, SnapshotFormatException {
        byte[] magic = in.bytes(MAGIC.length());
        if (!Arrays.equals(magic, MAGIC.getBytes(StandardCharsets.ISO_8859_1))) {
            throw in.fail(0, "not a Dart heap snapshot: no \"dartheap\" magic");
        }
        facts.flags = in.uleb();
        isolateGroupName = in.utf8();
        headerShallowSize = in.uleb();
        headerCapacity = in.uleb();
        headerExternalSize = in.uleb();
    }

    private void readClasses(DartInput in) throws IOException, SnapshotFormatException {
        int count = (int) in.count("class count", Integer.MAX_VALUE - 8, DartClass.MIN_BYTES);
        classes.add(new DartClass("(no class)", "", "", List.of()));
        for (int i = 0; i < count; i++) {
            if ((i & 255) == 0) progress.checkCanceled();
            classes.add(DartClass.read(in));
        }
    }

    private void readObjects(DartInput in) throws IOException, SnapshotFormatException {
        headerReferenceCount = in.uleb();
        // an object record is at least 4 bytes (class, size, tag, reference count)
        objectCount = (int) in.count("object count", Integer.MAX_VALUE - 8, 4);
        if (objectCount == 0) throw in.fail(in.offset(), "no objects: a snapshot starts with the root object");
        firstObjectOffset = in.offset();
        objects = new ObjectTable(in.sizeKnown() ? objectCount : Math.min(objectCount, 1 << 16));
        int mint = classId("_Mint", "dart:core");
        int patchClass = classId("PatchClass", "");
        int oneByteString = classId("_OneByteString", "dart:core");
        int twoByteString = classId("_TwoByteString", "dart:core");
        int classCount = classes.size() - 1;
        progress.phase("Reading Dart objects", objectCount);
        for (int o = 0; o < objectCount; o++) {
            if ((o & 4095) == 0) {
                progress.checkCanceled();
                if (o > 0) progress.worked(4096);
            }
            long record = in.offset();
            long cid = in.uleb();
            if (cid < 1 || cid > classCount) {
                throw in.fail(record, "object " + (o + 1) + " has class id " + Long.toUnsignedString(cid)
                        + " outside 1.." + classCount);
            }
            long sizeAt = in.offset();
            long shallow = in.uleb();
            if (shallow < 0) throw in.fail(sizeAt, "shallow size " + Long.toUnsignedString(shallow) + " out of range");
            if (cid == patchClass && patchClassSize < 0) patchClassSize = shallow;
            long tagAt = in.offset();
            long tag = in.uleb();
            if (tag < 0 || tag > DartValue.TAG_NAME) throw in.fail(tagAt, "unknown data tag " + Long.toUnsignedString(tag));
            if (cid == oneByteString || cid == twoByteString) {
                if (tag == DartValue.TAG_NAME) stringsAsNames++;
                else if (tag == DartValue.TAG_LATIN1 || tag == DartValue.TAG_UTF16) stringsAsText++;
            }
            int label = -1;
            switch ((int) tag) {
                case DartValue.TAG_LATIN1, DartValue.TAG_UTF16, DartValue.TAG_NAME ->
                        label = sink.addString(label(DartValue.read(in, (int) tag, false)));
                case DartValue.TAG_INT -> {
                    if (cid == mint) in.sleb(); else in.uleb();
                }
                default -> DartValue.skip(in, (int) tag);
            }
            long refCount = in.count("reference count", Integer.MAX_VALUE - 8, 1);
            long zeros = 0;
            for (long r = 0; r < refCount; r++) {
                long at = in.offset();
                long target = in.uleb();
                if (target == 0) zeros++;
                else if (target < 0 || target > objectCount) {
                    throw in.fail(at, "object " + (o + 1) + " refers to object " + Long.toUnsignedString(target)
                            + " outside 1.." + objectCount);
                }
            }
            omittedReferences += zeros;
            references += refCount;
            objects.add((int) cid, shallow, record, label, (int) tag);
        }
    }

    private void readIdentityHashes(DartInput in) throws IOException, SnapshotFormatException {
        if (in.atEnd()) { // older VMs end the stream after the external properties
            facts.identityHashes = false;
            return;
        }
        facts.identityHashes = true;
        for (int o = 0; o < objectCount; o++) {
            long hash = in.uleb();
            if (hash != 0) facts.hashedObjects++;
            objects.identity(o, hash);
        }
        if (!in.atEnd()) sink.warning("Ignored bytes after the identity hashes, from byte " + in.offset());
    }

    private void emitClassesAndObjects() {
        for (DartClass c : classes) {
            var fields = c.fields().stream().map(f -> new FieldInfo(f.name(), FieldType.OBJECT, f.slot())).toList();
            sink.addClass(new ClassInfo(c.name(), -1, -1, -1, c.libraryUri(), -1, fields));
        }
        progress.phase("Storing Dart objects", objectCount);
        for (int o = 0; o < objectCount; o++) {
            if ((o & 4095) == 0) progress.checkCanceled();
            objects.emit(o, sink);
        }
    }

    private void readReferences(DartInput in) throws IOException, SnapshotFormatException {
        var names = new HashMap<String, Integer>();
        var naming = new SlotNaming[classes.size()];
        for (int c = 0; c < naming.length; c++) {
            naming[c] = SlotNaming.of(classes.get(c), s -> names.computeIfAbsent(s, sink::addString));
        }
        progress.phase("Reading Dart references", objectCount);
        for (int o = 0; o < objectCount; o++) {
            if ((o & 4095) == 0) {
                progress.checkCanceled();
                if (o > 0) progress.worked(4096);
            }
            long record = in.offset();
            long cid = in.uleb();
            if (cid != objects.classOf(o)) throw in.fail(record, "object record differs from the first pass (file changed?)");
            SlotNaming slots = naming[(int) cid];
            in.skipLeb();
            int tag = (int) in.uleb();
            DartValue.skip(in, tag);
            int refCount = (int) in.uleb();
            for (int slot = 0; slot < refCount; slot++) {
                long at = in.offset();
                long target = in.uleb();
                if (target == 0) continue; // non-pointer or omitted slot: keeps its position only
                if (target < 0 || target > objectCount) throw in.fail(at, "reference outside the objects (file changed?)");
                int field = slots.field(slot);
                sink.addReference(o, (int) target - 1, slots.kind(field), slots.name(field, slot));
            }
        }
    }

    private void emitFacts() {
        sink.fact("name", isolateGroupName);
        sink.fact("flags", Long.toString(facts.flags));
        sink.fact("headerShallowSize", Long.toUnsignedString(headerShallowSize));
        sink.fact("headerCapacity", Long.toUnsignedString(headerCapacity));
        sink.fact("externalSize", Long.toUnsignedString(headerExternalSize));
        VmLayout layout = VmLayout.ofPatchClassSize(patchClassSize);
        sink.fact("wordSize", layout == VmLayout.UNKNOWN ? "unknown" : Integer.toString(layout.wordSize()));
        sink.fact("vm", layout.description());
        sink.fact("writer", Writer.of(stringsAsText, stringsAsNames).fact());
        sink.fact("classCount", Integer.toString(classes.size() - 1));
        sink.fact("objectCount", Integer.toString(objectCount));
        sink.fact("referenceCount", Long.toString(headerReferenceCount));
        sink.fact("references", Long.toString(references - omittedReferences));
        sink.fact("omittedReferences", Long.toString(omittedReferences));
        sink.fact("shallowSizeSum", Long.toString(objects.shallowSum()));
        facts.emit(sink, classes);
        if (headerReferenceCount != references) {
            sink.warning("Header reference count " + headerReferenceCount + " differs from the " + references
                    + " references the objects list");
        }
    }

    private int classId(String name, String library) {
        for (int c = 1; c < classes.size(); c++) if (classes.get(c).is(name, library)) return c;
        return -1;
    }

    /** A short label: the text cut to {@link #LABEL_CHARS}, with "…" when cut here or by the VM. */
    static String label(DartValue value) {
        String text;
        boolean cut;
        switch (value) {
            case DartValue.Text t -> { text = t.text(); cut = t.truncated(); }
            case DartValue.Name n -> { text = n.value(); cut = false; }
            default -> throw new IllegalArgumentException("no text in " + value);
        }
        if (text.length() > LABEL_CHARS) {
            text = text.substring(0, LABEL_CHARS);
            cut = true;
        }
        return cut ? text + "…" : text;
    }

    /** Facts that need more than one field: external properties and identity hashes. */
    private static final class Facts {
        long flags;
        boolean identityHashes;
        long hashedObjects;
        long externalProperties;
        long externalPropertySize;
        final Map<String, Long> externalNames = new LinkedHashMap<>();
        long[] externalByClass;

        void readExternalProperties(DartInput in, int objectCount, ObjectTable objects, List<DartClass> classes)
                throws IOException, SnapshotFormatException {
            int count = (int) in.count("external property count", Integer.MAX_VALUE - 8, 3);
            externalByClass = new long[classes.size()];
            for (int i = 0; i < count; i++) {
                long at = in.offset();
                long oid = in.uleb();
                if (oid < 1 || oid > objectCount) {
                    throw in.fail(at, "external property of object " + Long.toUnsignedString(oid)
                            + " outside 1.." + objectCount);
                }
                long size = in.uleb();
                String name = in.utf8();
                externalProperties++;
                externalPropertySize += size;
                externalByClass[objects.classOf((int) oid - 1)] += size;
                if (externalNames.size() < 32 || externalNames.containsKey(name)) externalNames.merge(name, 1L, Long::sum);
            }
        }

        void emit(SnapshotSink sink, List<DartClass> classes) {
            sink.fact("identityHashes", identityHashes ? "present" : "absent");
            sink.fact("hashedObjects", Long.toString(hashedObjects));
            sink.fact("externalProperties", Long.toString(externalProperties));
            sink.fact("externalPropertySize", Long.toString(externalPropertySize));
            if (!externalNames.isEmpty()) {
                var sb = new StringBuilder();
                externalNames.forEach((k, v) -> sb.append(sb.isEmpty() ? "" : ", ").append(k).append(" x").append(v));
                sink.fact("externalPropertyNames", sb.toString());
            }
            var byClass = new StringBuilder();
            Integer[] order = new Integer[externalByClass.length];
            for (int i = 0; i < order.length; i++) order[i] = i;
            Arrays.sort(order, (a, b) -> Long.compare(externalByClass[b], externalByClass[a]));
            for (int i = 0; i < Math.min(10, order.length) && externalByClass[order[i]] > 0; i++) {
                DartClass c = classes.get(order[i]);
                byClass.append(byClass.isEmpty() ? "" : ", ").append(c.name())
                        .append(c.libraryUri().isEmpty() ? "" : " (" + c.libraryUri() + ")")
                        .append(": ").append(externalByClass[order[i]]);
            }
            if (!byClass.isEmpty()) sink.fact("externalSizeByClass", byClass.toString());
        }
    }
}
