package org.polyheap.parser.dart;

import java.util.Arrays;
import java.util.List;
import java.util.function.ToIntFunction;

import org.polyheap.model.ReferenceKind;

/**
 * Kind and name of each reference slot of one class: a declared field's slot is a {@link ReferenceKind#FIELD}
 * named by the field; a slot past the last declared field is an {@link ReferenceKind#ELEMENT} whose name
 * is its position after the fields (so a {@code _List}'s {@code [0]} is its first element, after
 * {@code type_arguments_} and {@code length_}). Weak slots follow Dart's own tools (DevTools,
 * {@code pkg/heap_snapshot}). Immutable, thread-safe; {@link #kind} and {@link #name} cost a binary search
 * over the declared fields.
 */
final class SlotNaming {
    private final int[] slots;      // sorted
    private final ReferenceKind[] kinds; // by position in slots
    private final int[] names;      // string ids, by position in slots
    private final int firstElement;

    private SlotNaming(int[] slots, ReferenceKind[] kinds, int[] names) {
        this.slots = slots;
        this.kinds = kinds;
        this.names = names;
        this.firstElement = slots.length == 0 ? 0 : slots[slots.length - 1] + 1;
    }

    /**
     * @param nameId interns a field name into the sink's string table
     */
    static SlotNaming of(DartClass cls, ToIntFunction<String> nameId) {
        List<DartClass.Field> fields = cls.fields().stream()
                .sorted((a, b) -> Integer.compare(a.slot(), b.slot())).toList();
        int n = fields.size();
        int[] slots = new int[n];
        ReferenceKind[] kinds = new ReferenceKind[n];
        int[] names = new int[n];
        for (int i = 0; i < n; i++) {
            var f = fields.get(i);
            slots[i] = f.slot();
            // unnamed entries (the Isolate's first static) still get a readable name
            names[i] = nameId.applyAsInt(f.name().isEmpty() ? "<slot " + f.slot() + ">" : f.name());
            kinds[i] = kindOf(cls, f.name());
        }
        return new SlotNaming(slots, kinds, names);
    }

    /** Kind of a declared field: weak holders as Dart's tools see them, every other field strong. */
    static ReferenceKind kindOf(DartClass cls, String field) {
        String f = field.replaceAll("^_+|_+$", "");
        // the VM calls it _WeakReference; DevTools and pkg/heap_snapshot name it _WeakReferenceImpl
        if ((cls.is("_WeakReference", "dart:core") || cls.is("_WeakReferenceImpl", "dart:core")) && f.equals("target")) {
            return ReferenceKind.WEAK;
        }
        if (cls.is("_WeakProperty", "dart:core")) {
            if (f.equals("key")) return ReferenceKind.WEAK;
            if (f.equals("value")) return ReferenceKind.EPHEMERON; // alive only while the key is
        }
        if (cls.is("FinalizerEntry", "dart:_internal") && (f.equals("value") || f.equals("detach"))) {
            return ReferenceKind.WEAK;
        }
        return ReferenceKind.FIELD;
    }

    /** Position of the slot among the declared fields, or -1 for an element slot. */
    int field(int slot) {
        if (slot >= firstElement) return -1;
        int i = Arrays.binarySearch(slots, slot);
        return i < 0 ? -1 : i;
    }

    ReferenceKind kind(int field) { return field < 0 ? ReferenceKind.ELEMENT : kinds[field]; }

    /**
     * The field's string id, or for an element slot its index after the declared fields (an undeclared
     * slot between fields, which the VM does not write, keeps its absolute slot number).
     */
    int name(int field, int slot) {
        if (field >= 0) return names[field];
        return slot >= firstElement ? slot - firstElement : slot;
    }

    /** First slot after the declared fields. */
    int firstElement() { return firstElement; }

    /** Number of declared fields. */
    int fieldCount() { return slots.length; }
}
