package org.polyheap.parser.hprof;

import java.util.ArrayList;
import java.util.List;

import org.polyheap.model.ClassInfo;
import org.polyheap.model.FieldInfo;
import org.polyheap.model.ReferenceKind;
import org.polyheap.model.SnapshotSink;

import it.unimi.dsi.fastutil.longs.Long2IntOpenHashMap;

/**
 * The classes of the dump as the sink knows them, plus what the second pass needs per class: the
 * instance shallow size and where the reference fields sit in an INSTANCE_DUMP's data. Built between
 * the passes; classes found missing in pass 2 are added on demand. One thread.
 */
final class ClassTable {
    /** Reference fields of instances of one class (all classes of the chain), by offset in the dump data. */
    record Layout(long shallowSize, int dataBytes, int[] offsets, int[] names, ReferenceKind[] kinds) { }

    private final SnapshotSink sink;
    private final Long2IntOpenHashMap idByAddress = new Long2IntOpenHashMap();
    private final List<Layout> layouts = new ArrayList<>();
    private final List<ClassInfo> infos = new ArrayList<>();
    private final int[] primitiveArrayClass = new int[12];
    final int javaLangClass;
    /** Object id of java.lang.Class's own class object, or -1. */
    final int javaLangClassObject;
    /** Shallow size of a class object without its statics (java.lang.Class instance size). */
    final long classInstanceSize;

    ClassTable(FirstPass scan, AddressIndex index, SizeModel model, StringPool names, SnapshotSink sink) {
        this.sink = sink;
        idByAddress.defaultReturnValue(-1);
        List<ClassDump> dumps = scan.classDumps;
        for (int i = 0; i < dumps.size(); i++) {
            ClassDump d = dumps.get(i);
            if (idByAddress.putIfAbsent(d.address(), i) >= 0) {
                scan.warnings.add("class 0x" + Long.toHexString(d.address()) + " dumped twice; the first dump is used");
            }
        }
        int classClass = -1;
        for (ClassDump d : dumps) {
            long nameId = scan.classNames.getOrDefault(d.address(), 0L);
            String internal = scan.classNames.containsKey(d.address()) ? scan.string(nameId) : null;
            String name = internal == null ? "<class 0x" + Long.toHexString(d.address()) + ">" : JavaNames.display(internal);
            List<FieldInfo> fields = new ArrayList<>(d.fields().size());
            for (ClassDump.Field f : d.fields()) {
                String fieldName = scan.string(f.name());
                fields.add(new FieldInfo(fieldName == null ? "<field " + f.name() + ">" : fieldName, f.type().fieldType));
            }
            int loader = d.loader() == 0 ? -1 : index.idOf(d.loader());
            var info = new ClassInfo(name, idByAddress.get(d.superAddress()), index.idOf(d.address()), loader, "",
                    d.instanceSize(), fields);
            int id = sink.addClass(info);
            infos.add(info);
            if (name.equals("java.lang.Class") && classClass < 0) classClass = id;
            if (name.endsWith("[]") && name.indexOf('[') == name.length() - 2) {
                for (BasicType t : BasicType.values()) {
                    if (t != BasicType.OBJECT && name.equals(t.javaName + "[]") && primitiveArrayClass[t.code] == 0) {
                        primitiveArrayClass[t.code] = id + 1;
                    }
                }
            }
        }
        for (int i = 0; i < dumps.size(); i++) layouts.add(layout(dumps, i, model, names, scan));
        classInstanceSize = classClass >= 0 ? layouts.get(classClass).shallowSize() : model.instanceSize(0);
        if (classClass < 0) classClass = addSynthetic(ClassInfo.named("java.lang.Class"));
        javaLangClass = classClass;
        javaLangClassObject = infos.get(classClass).classObject();
        for (BasicType t : BasicType.values()) {
            if (t != BasicType.OBJECT && (scan.primitiveArrayTypes & (1 << t.code)) != 0 && primitiveArrayClass[t.code] == 0) {
                primitiveArrayClass[t.code] = addSynthetic(ClassInfo.named(t.javaName + "[]")) + 1;
            }
        }
    }

    /** Class id of the class object at an address, or -1. */
    int idOf(long classAddress) { return idByAddress.get(classAddress); }

    /** Class id for an instance or object array of an undumped class: a placeholder named by address. */
    int placeholder(long classAddress) {
        int id = idByAddress.get(classAddress);
        if (id < 0) {
            id = addSynthetic(ClassInfo.named("<unknown class 0x" + Long.toHexString(classAddress) + ">"));
            idByAddress.put(classAddress, id);
        }
        return id;
    }

    int primitiveArrayClass(BasicType type) { return primitiveArrayClass[type.code] - 1; }

    ClassInfo info(int classId) { return infos.get(classId); }

    Layout layout(int classId) { return layouts.get(classId); }

    private int addSynthetic(ClassInfo info) {
        int id = sink.addClass(info);
        infos.add(info);
        layouts.add(new Layout(-1, 0, new int[0], new int[0], new ReferenceKind[0]));
        return id;
    }

    private Layout layout(List<ClassDump> dumps, int classId, SizeModel model, StringPool names, FirstPass scan) {
        ReferenceKind referentKind = referentKind(classId);
        int dataBytes = 0;
        long fieldBytes = 0;
        var offsets = new it.unimi.dsi.fastutil.ints.IntArrayList();
        var nameIds = new it.unimi.dsi.fastutil.ints.IntArrayList();
        var kinds = new ArrayList<ReferenceKind>();
        int depth = 0;
        // INSTANCE_DUMP data holds the class's own fields first, then its super class's, up the chain
        // a real chain visits each class once: a longer one loops (a damaged file), and is cut there
        int maxDepth = Math.min(1000, dumps.size());
        for (int c = classId; c >= 0 && c < dumps.size() && depth++ < maxDepth; c = infos.get(c).superClass()) {
            ClassInfo info = infos.get(c);
            boolean isReference = info.name().equals("java.lang.ref.Reference");
            List<ClassDump.Field> fields = dumps.get(c).fields();
            for (int f = 0; f < fields.size(); f++) {
                BasicType t = fields.get(f).type();
                if (t == BasicType.OBJECT) {
                    String name = info.fields().get(f).name();
                    offsets.add(dataBytes);
                    nameIds.add(names.id(name));
                    kinds.add(isReference && referentKind != null && name.equals("referent") ? referentKind : ReferenceKind.FIELD);
                }
                dataBytes += t.sizeInDump(scan.header.idSize());
                fieldBytes += model.fieldSize(t);
            }
        }
        return new Layout(model.instanceSize(fieldBytes), dataBytes, offsets.toIntArray(), nameIds.toIntArray(),
                kinds.toArray(ReferenceKind[]::new));
    }

    /** The kind of {@code Reference.referent} for instances of this class, or null when it is no Reference. */
    private ReferenceKind referentKind(int classId) {
        int depth = 0;
        for (int c = classId; c >= 0 && depth++ < Math.min(1000, infos.size()); c = infos.get(c).superClass()) {
            switch (infos.get(c).name()) {
                case "java.lang.ref.WeakReference": return ReferenceKind.JAVA_WEAK;
                case "java.lang.ref.SoftReference": return ReferenceKind.SOFT;
                case "java.lang.ref.PhantomReference": return ReferenceKind.PHANTOM;
                case "java.lang.ref.FinalReference": return ReferenceKind.FINAL;
                default: break;
            }
        }
        return null;
    }
}
