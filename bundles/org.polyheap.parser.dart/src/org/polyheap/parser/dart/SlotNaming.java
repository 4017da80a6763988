package org.polyheap.parser.dart;

import java.util.Arrays;
import java.util.function.ToIntFunction;

import org.polyheap.model.ReferenceKind;

/**
 * Kind and name of each reference slot of one class: a declared field's slot is a {@link ReferenceKind#FIELD}
 * named by the field; a slot past the last declared field is an {@link ReferenceKind#ELEMENT} whose name
 * is its position after the fields (so a {@code _List}'s {@code [0]} is its first element, after
 * {@code type_arguments_} and {@code length_}). Weak slots follow Dart's own tools (DevTools,
 * {@code pkg/heap_snapshot}). Immutable, thread-safe; {@link #kind} and {@link #name} are array lookups
 * (the reader calls them once per reference): 8 bytes per slot up to the last declared field (at most
 * twice the field count plus 64 slots; declared slots beyond that are found by binary search).
 */
final class SlotNaming {
    private final ReferenceKind[] kinds; // by slot, below denseEnd
    private final int[] names;           // string ids by slot; an undeclared slot between fields: its number
    /** Declared slots at or above the dense table (only in odd files), sorted, with their kinds and names. */
    private final int[] sparseSlots;
    private final ReferenceKind[] sparseKinds;
    private final int[] sparseNames;
    private final int firstElement;

    private SlotNaming(ReferenceKind[] kinds, int[] names, int[] sparseSlots, ReferenceKind[] sparseKinds,
            int[] sparseNames, int firstElement) {
        this.kinds = kinds;
        this.names = names;
        this.sparseSlots = sparseSlots;
        this.sparseKinds = sparseKinds;
        this.sparseNames = sparseNames;
        this.firstElement = firstElement;
    }

    /**
     * @param nameId interns a field name into the sink's string table
     */
    static SlotNaming of(DartClass cls, ToIntFunction<String> nameId) {
        var fields = cls.fields().stream().sorted((a, b) -> Integer.compare(a.slot(), b.slot())).toList();
        int firstElement = fields.isEmpty() ? 0 : fields.getLast().slot() + 1;
        // the VM numbers a class's slots densely; a table sized by the field count keeps a hostile slot
        // number from allocating memory the file does not hold
        int dense = Math.min(firstElement, 2 * fields.size() + 64);
        var kinds = new ReferenceKind[dense];
        int[] names = new int[dense];
        Arrays.fill(kinds, ReferenceKind.ELEMENT); // the VM does not write undeclared slots between fields
        for (int slot = 0; slot < dense; slot++) names[slot] = slot;
        int sparse = (int) fields.stream().filter(f -> f.slot() >= dense).count();
        int[] sparseSlots = new int[sparse];
        var sparseKinds = new ReferenceKind[sparse];
        int[] sparseNames = new int[sparse];
        int k = 0;
        for (DartClass.Field f : fields) {
            // unnamed entries (the Isolate's first static) still get a readable name
            int name = nameId.applyAsInt(f.name().isEmpty() ? "<slot " + f.slot() + ">" : f.name());
            ReferenceKind kind = kindOf(cls, f.name());
            if (f.slot() < dense) {
                names[f.slot()] = name;
                kinds[f.slot()] = kind;
            } else {
                sparseSlots[k] = f.slot();
                sparseNames[k] = name;
                sparseKinds[k++] = kind;
            }
        }
        return new SlotNaming(kinds, names, sparseSlots, sparseKinds, sparseNames, firstElement);
    }

    /** Kind of a declared field: weak holders as Dart's tools see them, every other field strong. */
    static ReferenceKind kindOf(DartClass cls, String field) {
        boolean weakReference = cls.is("_WeakReference", "dart:core") || cls.is("_WeakReferenceImpl", "dart:core");
        boolean weakProperty = cls.is("_WeakProperty", "dart:core");
        boolean finalizerEntry = cls.is("FinalizerEntry", "dart:_internal");
        if (!weakReference && !weakProperty && !finalizerEntry) return ReferenceKind.FIELD; // nearly every class
        String f = trimUnderscores(field);
        // the VM calls it _WeakReference; DevTools and pkg/heap_snapshot name it _WeakReferenceImpl
        if (weakReference && f.equals("target")) return ReferenceKind.WEAK;
        if (weakProperty) {
            if (f.equals("key")) return ReferenceKind.WEAK;
            if (f.equals("value")) return ReferenceKind.EPHEMERON; // alive only while the key is
        }
        if (finalizerEntry && (f.equals("value") || f.equals("detach"))) return ReferenceKind.WEAK;
        return ReferenceKind.FIELD;
    }

    /** {@code _target_} → {@code target}: the VM's field names carry leading and trailing underscores. */
    private static String trimUnderscores(String name) {
        int from = 0, to = name.length();
        while (from < to && name.charAt(from) == '_') from++;
        while (to > from && name.charAt(to - 1) == '_') to--;
        return name.substring(from, to);
    }

    /** The slot's kind: its field's, or {@link ReferenceKind#ELEMENT} past the declared fields. */
    ReferenceKind kind(int slot) {
        if (slot < kinds.length) return kinds[slot];
        if (slot >= firstElement) return ReferenceKind.ELEMENT;
        int i = Arrays.binarySearch(sparseSlots, slot);
        return i < 0 ? ReferenceKind.ELEMENT : sparseKinds[i];
    }

    /**
     * The field's string id, or for an element slot its index after the declared fields (an undeclared
     * slot between fields, which the VM does not write, keeps its absolute slot number).
     */
    int name(int slot) {
        if (slot < names.length) return names[slot];
        if (slot >= firstElement) return slot - firstElement;
        int i = Arrays.binarySearch(sparseSlots, slot);
        return i < 0 ? slot : sparseNames[i];
    }

    /** First slot after the declared fields. */
    int firstElement() { return firstElement; }
}
