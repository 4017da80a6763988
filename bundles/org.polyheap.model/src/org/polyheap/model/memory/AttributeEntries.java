package org.polyheap.model.memory;

import java.util.LinkedHashMap;
import java.util.Map;

import org.polyheap.model.ObjectAttribute;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.longs.LongArrayList;
import it.unimi.dsi.fastutil.longs.LongArrays;

/**
 * Collects the {@link org.polyheap.model.SnapshotSink#addAttribute} calls of one parse, in any
 * order, and hands each attribute out sorted by object with one value per object (the last one
 * set wins). 12 bytes per entry while collecting, 8 more while sorting. Not thread-safe.
 */
public final class AttributeEntries {
    /** The entries of one attribute, sorted by object. */
    public record Sorted(String name, int[] objects, long[] values) {
        public ObjectAttribute attribute() { return ObjectAttribute.of(name, objects, values); }
    }

    private final Map<String, IntArrayList> objects = new LinkedHashMap<>();
    private final Map<String, LongArrayList> values = new LinkedHashMap<>();
    private String lastName; // the attribute of the last add(), by identity, and its lists
    private IntArrayList lastObjects;
    private LongArrayList lastValues;

    /** Records one value; checks the name and that the object id is not negative. */
    public void add(String attribute, int object, long value) {
        if (attribute == lastName) { // parsers set one attribute after another: skip the map
            if (object < 0) throw new IllegalArgumentException("attribute " + attribute + " on object " + object);
            lastObjects.add(object);
            lastValues.add(value);
            return;
        }
        var list = objects.get(attribute);
        if (list == null) {
            if (!ObjectAttribute.isValidName(attribute)) throw new IllegalArgumentException("bad attribute name: " + attribute);
            list = new IntArrayList();
            objects.put(attribute, list);
            values.put(attribute, new LongArrayList());
        }
        if (object < 0) throw new IllegalArgumentException("attribute " + attribute + " on object " + object);
        list.add(object);
        values.get(attribute).add(value);
        lastName = attribute;
        lastObjects = list;
        lastValues = values.get(attribute);
    }

    /**
     * Records {@code count} values at once, as {@link #add} for each; the arrays are kept (not copied)
     * when the attribute has no values yet, so the caller must not change them afterwards.
     */
    public void addAll(String attribute, int[] objectIds, long[] values, int count) {
        java.util.Objects.checkFromIndexSize(0, count, Math.min(objectIds.length, values.length));
        for (int i = 0; i < count; i++) {
            if (objectIds[i] < 0) throw new IllegalArgumentException("attribute " + attribute + " on object " + objectIds[i]);
        }
        if (count == 0) return; // as no add() at all: no attribute appears
        var list = this.objects.get(attribute);
        if (list == null) {
            if (!ObjectAttribute.isValidName(attribute)) throw new IllegalArgumentException("bad attribute name: " + attribute);
            this.objects.put(attribute, IntArrayList.wrap(objectIds, count));
            this.values.put(attribute, LongArrayList.wrap(values, count));
        } else {
            list.addElements(list.size(), objectIds, 0, count);
            this.values.get(attribute).addElements(this.values.get(attribute).size(), values, 0, count);
        }
        lastName = null; // the lists may be new: add() looks them up again
    }

    public boolean isEmpty() { return objects.isEmpty(); }

    /** Attribute names in the order they were first used (a copy). */
    public java.util.List<String> names() { return java.util.List.copyOf(objects.keySet()); }

    /** The largest object id any attribute names, or -1; for the caller's range check. */
    public int maxObject() {
        int max = -1;
        for (var l : objects.values()) {
            for (int i = 0, n = l.size(); i < n; i++) max = Math.max(max, l.getInt(i));
        }
        return max;
    }

    /** One attribute sorted by object, duplicates reduced to the last value set. O(k log k); O(k) when added in order. */
    public Sorted sorted(String name) {
        IntArrayList objs = objects.get(name);
        LongArrayList vals = values.get(name);
        if (objs == null) throw new IllegalArgumentException("no attribute " + name);
        int n = objs.size();
        if (isStrictlyAscending(objs)) { // the common case (parsers that walk objects in order): no sort
            return new Sorted(name, objs.toIntArray(), vals.toLongArray());
        }
        long[] order = new long[n]; // object in the high half, call index in the low half: a stable order
        for (int i = 0; i < n; i++) order[i] = ((long) objs.getInt(i) << 32) | i;
        LongArrays.radixSort(order);
        int[] o = new int[n];
        long[] v = new long[n];
        int k = 0;
        for (int i = 0; i < n; i++) {
            int object = (int) (order[i] >>> 32);
            long value = vals.getLong((int) order[i]);
            if (k > 0 && o[k - 1] == object) v[k - 1] = value; // a later call for the same object wins
            else {
                o[k] = object;
                v[k++] = value;
            }
        }
        return new Sorted(name, k == n ? o : java.util.Arrays.copyOf(o, k), k == n ? v : java.util.Arrays.copyOf(v, k));
    }

    private static boolean isStrictlyAscending(IntArrayList objects) {
        for (int i = 1, n = objects.size(); i < n; i++) {
            if (objects.getInt(i) <= objects.getInt(i - 1)) return false;
        }
        return true;
    }

    /** Forgets one attribute's entries (after they were written). */
    public void remove(String name) {
        objects.remove(name);
        values.remove(name);
        if (name.equals(lastName)) lastName = null;
    }
}
