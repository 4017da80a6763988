package org.polyheap.parser.dart;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;

import org.polyheap.model.ClassInfo;
import org.polyheap.model.FieldInfo;
import org.polyheap.model.FieldType;
import org.polyheap.model.DataLoss;
import org.polyheap.model.GcRoot;
import org.polyheap.model.ObjectSizes;
import org.polyheap.model.Progress;
import org.polyheap.model.RootKind;
import org.polyheap.model.SnapshotFormatException;
import org.polyheap.model.SnapshotSink;
import org.polyheap.model.format.SnapshotFormat;
import org.polyheap.model.spi.SnapshotSource;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.longs.Long2IntOpenHashMap;
import it.unimi.dsi.fastutil.longs.LongArrayList;

/**
 * One parse of one {@code dartheap} file into a sink, in one streaming pass. Classes go to the sink as
 * soon as they are read, and each object's references as soon as its record is read (the sink takes
 * references before their objects); the objects themselves wait in an {@link ObjectTable} for their
 * identity hashes, which come last in the stream, and go to the sink while the hashes are read.
 * Memory: 25 bytes per object plus the class table; not per reference. Single use, not thread-safe.
 */
final class DartHeapReader {
    static final String MAGIC = "dartheap";
    /** Characters of a string or name kept as the object's label. */
    static final int LABEL_CHARS = 80;

    private final SnapshotSource source;
    private final SnapshotSink sink;
    private final Progress progress;
    private final boolean permissive;
    /**
     * Permissive: references wait here (source, target - 1, slot) until it is known which objects were
     * read, since the file may end before the objects they name; 12 bytes per reference.
     */
    private final IntArrayList heldFrom = new IntArrayList(), heldTo = new IntArrayList(), heldSlot = new IntArrayList();
    /** Permissive: the damage reading stopped at, or null. */
    private SnapshotFormatException damage;
    private int emitted;

    private String isolateGroupName;
    private long flags;
    private long headerShallowSize;
    private long headerCapacity;
    private long headerExternalSize;
    /** Index = file class id; entry 0 is a placeholder (the file has no class 0). */
    private final List<DartClass> classes = new ArrayList<>();
    private SlotNaming[] naming;
    private long headerReferenceCount;
    private int objectCount;
    private ObjectTable objects;
    private long references;
    private long omittedReferences;
    private long patchClassSize = -1;
    /** File class ids the reader treats specially, or -1 when the file has no such class. */
    private int mintClass, smiClass, patchClass, oneByteStringClass, twoByteStringClass;
    /** The _Smi objects and their written words: labelled once the word size is known (after the objects). */
    private final IntArrayList smiObjects = new IntArrayList();
    private final LongArrayList smiWords = new LongArrayList();
    /** String objects written as text (the VM) or as names (a vm_service re-export such as DevTools'). */
    private long stringsAsText, stringsAsNames;
    private ExternalProperties external;
    private boolean identityHashes;
    private long hashedObjects;

    DartHeapReader(SnapshotSource source, SnapshotSink sink, Progress progress, boolean permissive) {
        this.permissive = permissive;
        this.source = source;
        this.sink = sink;
        this.progress = progress;
    }

    void read() throws IOException, SnapshotFormatException {
        sink.format(SnapshotFormat.DART);
        try (DartInput in = DartInput.open(source)) {
            readHeader(in);
            readClasses(in);
            emitClasses();
            try {
                readObjects(in);
                labelSmis();
                external = ExternalProperties.read(in, objects, classes.size());
                readIdentityHashesAndEmitObjects(in);
            } catch (SnapshotFormatException e) {
                // permissive: the objects read before the damage, without the hashes and properties not read
                if (!permissive || objects == null || objects.size() == 0) throw e;
                damage = e;
                labelSmis(); // the Smis read before the damage (nothing when done already)
                for (int o = emitted; o < objects.size(); o++) objects.emit(o, 0, sink);
                if (external == null) external = ExternalProperties.none(classes.size());
            }
        }
        long dropped = permissive ? emitHeldReferences() : 0;
        sink.addRoot(new GcRoot(0, RootKind.DART_ROOT, -1, -1));
        emitFacts();
        external.emit(sink, classes);
        if (damage != null) {
            String missing = objects.size() < objectCount ? "" : identityHashes ? "identity hashes after the damage"
                    : "external properties and identity hashes";
            new DataLoss(damage.offset(), damage.problem(), objects.size(), objectCount, dropped, missing, true).report(sink);
        }
    }

    /** Permissive: the held references to objects that were read go to the sink; returns how many were dropped. */
    private long emitHeldReferences() {
        int n = objects.size();
        long dropped = 0;
        for (int i = 0; i < heldFrom.size(); i++) {
            int to = heldTo.getInt(i);
            int from = heldFrom.getInt(i);
            if (to >= n) {
                dropped++;
                continue;
            }
            int slot = heldSlot.getInt(i);
            SlotNaming slots = naming[objects.classOf(from)];
            sink.addReference(from, to, slots.kind(slot), slots.name(slot));
        }
        return dropped;
    }

    private void readHeader(DartInput in) throws IOException, SnapshotFormatException {
        byte[] magic = in.bytes(MAGIC.length());
        if (!Arrays.equals(magic, MAGIC.getBytes(StandardCharsets.ISO_8859_1))) {
            throw in.fail(0, "not a Dart heap snapshot: no \"dartheap\" magic");
        }
        flags = in.uleb();
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

    /** Classes and the names of their reference slots go to the sink before any object. */
    private void emitClasses() {
        var names = new HashMap<String, Integer>();
        naming = new SlotNaming[classes.size()];
        for (int c = 0; c < naming.length; c++) {
            DartClass cls = classes.get(c);
            var fields = cls.fields().stream().map(f -> new FieldInfo(f.name(), FieldType.OBJECT, f.slot())).toList();
            sink.addClass(new ClassInfo(cls.name(), -1, -1, -1, cls.libraryUri(), -1, fields));
            naming[c] = SlotNaming.of(cls, s -> names.computeIfAbsent(s, sink::addString));
        }
    }

    /** Reads every object record, checks it, keeps its columns and hands its references to the sink. */
    private void readObjects(DartInput in) throws IOException, SnapshotFormatException {
        headerReferenceCount = in.uleb();
        // an object record is at least 4 bytes (class, size, tag, reference count)
        // permissive: a cut-off file holds fewer objects than its count, which is then only a promise
        objectCount = (int) in.count("object count", Integer.MAX_VALUE - 8, permissive ? 0 : 4);
        if (objectCount == 0) throw in.fail(in.offset(), "no objects: a snapshot starts with the root object");
        objects = new ObjectTable(in.sizeKnown() ? (int) Math.min(objectCount, in.remaining() / 4 + 1) : Math.min(objectCount, 1 << 16));
        mintClass = classId("_Mint", "dart:core");
        smiClass = classId("_Smi", "dart:core");
        patchClass = classId("PatchClass", "");
        oneByteStringClass = classId("_OneByteString", "dart:core");
        twoByteStringClass = classId("_TwoByteString", "dart:core");
        progress.phase("Reading Dart objects", objectCount);
        for (int o = 0; o < objectCount; o++) {
            if ((o & 4095) == 0) {
                progress.checkCanceled();
                if (o > 0) progress.worked(4096);
            }
            readObject(in, o);
        }
    }

    /** One record (a method of its own, so the JIT compiles it early rather than the whole loop late). */
    private void readObject(DartInput in, int o) throws IOException, SnapshotFormatException {
        long record = in.offset();
        long cid = in.uleb();
        if (cid < 1 || cid >= classes.size()) {
            throw in.fail(record, "object " + (o + 1) + " has class id " + Long.toUnsignedString(cid)
                    + " outside 1.." + (classes.size() - 1));
        }
        long sizeAt = in.offset();
        long shallow = in.uleb();
        String sizeProblem = ObjectSizes.problem(shallow, objects.shallowSum());
        if (sizeProblem != null) throw in.fail(sizeAt, "shallow size: " + sizeProblem);
        if (cid == patchClass && patchClassSize < 0) patchClassSize = shallow;
        long tagAt = in.offset();
        long tag = in.uleb();
        if (tag < 0 || tag > DartValue.TAG_NAME) throw in.fail(tagAt, "unknown data tag " + Long.toUnsignedString(tag));
        if (cid == oneByteStringClass || cid == twoByteStringClass) {
            if (tag == DartValue.TAG_NAME) stringsAsNames++;
            else if (tag == DartValue.TAG_LATIN1 || tag == DartValue.TAG_UTF16) stringsAsText++;
        }
        int label = -1;
        switch ((int) tag) {
            case DartValue.TAG_LATIN1, DartValue.TAG_UTF16, DartValue.TAG_NAME ->
                    label = sink.addString(label(DartValue.read(in, (int) tag, false)));
            case DartValue.TAG_INT -> {
                if (cid == mintClass) {
                    in.sleb();
                } else if (cid == smiClass) {
                    smiObjects.add(o);
                    smiWords.add(in.uleb());
                } else {
                    in.uleb();
                }
            }
            default -> DartValue.skip(in, (int) tag);
        }
        int held = heldFrom.size();
        try {
            readReferences(in, o, naming[(int) cid]);
        } catch (SnapshotFormatException e) {
            heldFrom.size(held); // the object is not kept: nor its references
            heldTo.size(held);
            heldSlot.size(held);
            throw e;
        }
        objects.add((int) cid, shallow, record, label, (int) tag);
    }

    /**
     * Gives each _Smi object its value as label, as strings and names have theirs: a field holding a
     * small integer then shows the integer wherever the object is named (the Inspector's field value,
     * the trees). The VM writes a Smi as an unsigned machine word, so its sign needs the word size,
     * which the PatchClass objects tell; hence after the objects. 12 bytes per Smi until then.
     */
    private void labelSmis() {
        VmLayout layout = VmLayout.ofPatchClassSize(patchClassSize);
        var ids = new Long2IntOpenHashMap();
        for (int i = 0; i < smiObjects.size(); i++) {
            if (smiObjects.getInt(i) >= objects.size()) continue; // a record cut by damage (permissive)
            long value = layout.smiValue(smiWords.getLong(i));
            int label = ids.computeIfAbsent(value, v -> sink.addString(Long.toString(v)));
            objects.setLabel(smiObjects.getInt(i), label);
        }
        smiObjects.clear();
        smiWords.clear();
    }

    /** One object's reference slots: 0 is an omitted or non-pointer slot, which only keeps its position. */
    private void readReferences(DartInput in, int o, SlotNaming slots) throws IOException, SnapshotFormatException {
        int refCount = (int) in.count("reference count", Integer.MAX_VALUE - 8, 1);
        long zeros = 0;
        for (int slot = 0; slot < refCount; slot++) {
            long at = in.offset();
            long target = in.uleb();
            if (target == 0) {
                zeros++;
            } else if (target > 0 && target <= objectCount && permissive) {
                heldFrom.add(o);
                heldTo.add((int) target - 1);
                heldSlot.add(slot);
            } else if (target > 0 && target <= objectCount) {
                sink.addReference(o, (int) target - 1, slots.kind(slot), slots.name(slot));
            } else {
                throw in.fail(at, "object " + (o + 1) + " refers to object " + Long.toUnsignedString(target)
                        + " outside 1.." + objectCount);
            }
        }
        omittedReferences += zeros;
        references += refCount;
    }

    /** The identity hashes, one per object (absent in older VMs); each object goes to the sink with its hash. */
    private void readIdentityHashesAndEmitObjects(DartInput in) throws IOException, SnapshotFormatException {
        identityHashes = !in.atEnd(); // older VMs end the stream after the external properties
        progress.phase("Storing Dart objects", objectCount);
        for (int o = 0; o < objectCount; o++) {
            if ((o & 4095) == 0) progress.checkCanceled();
            long hash = identityHashes ? in.uleb() : 0;
            if (hash != 0) hashedObjects++;
            objects.emit(o, hash, sink);
            emitted = o + 1;
        }
        if (identityHashes && !in.atEnd()) sink.warning("Ignored bytes after the identity hashes, from byte " + in.offset());
    }

    private void emitFacts() {
        sink.fact("name", isolateGroupName);
        sink.fact("flags", Long.toString(flags));
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
        sink.fact("identityHashes", identityHashes ? "present" : "absent");
        sink.fact("hashedObjects", Long.toString(hashedObjects));
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
}
