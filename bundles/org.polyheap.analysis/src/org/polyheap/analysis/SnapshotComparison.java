package org.polyheap.analysis;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.polyheap.model.HeapGraph;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.longs.Long2IntOpenHashMap;

/**
 * Compares two snapshots: a histogram delta by class name (any formats), and object-level new /
 * removed / kept sets where the format's identities are stable across snapshots of one process:
 * V8 node ids, Dart identity hashes (objects with hash 0 are not compared), Java addresses together
 * with the class name (a moved or reused address of another class is not "kept"). Fuchsia block
 * addresses are not stable, so Fuchsia has no object-level comparison.
 */
public final class SnapshotComparison {
    private SnapshotComparison() { }

    /** One class in both snapshots; counts and sizes of {@code a} (baseline) and {@code b}. */
    public record ClassDelta(String name, long objectsA, long objectsB, long shallowA, long shallowB) {
        public long objectDelta() { return objectsB - objectsA; }

        public long shallowDelta() { return shallowB - shallowA; }
    }

    /**
     * Object-level result: ids are each snapshot's own object ids.
     *
     * @param added     objects of b whose identity a does not have
     * @param removed   objects of a whose identity b does not have
     * @param keptA     objects of a also in b (same order as keptB)
     * @param keptB     the matching objects of b
     * @param notCompared objects of a and b together without a usable identity (Dart hash 0)
     */
    public record ObjectDelta(int[] added, int[] removed, int[] keptA, int[] keptB, long notCompared) { }

    /** Histogram delta by class name, sorted by |shallow delta| descending. O(objects of both). */
    public static List<ClassDelta> histogramDelta(HeapGraph a, HeapGraph b) {
        Map<String, long[]> rows = new LinkedHashMap<>();
        count(a, rows, 0);
        count(b, rows, 1);
        var out = new ArrayList<ClassDelta>();
        rows.forEach((name, v) -> out.add(new ClassDelta(name, v[0], v[1], v[2], v[3])));
        out.sort(Comparator.comparingLong((ClassDelta d) -> Math.abs(d.shallowDelta())).reversed()
                .thenComparing(ClassDelta::name));
        return out;
    }

    private static void count(HeapGraph g, Map<String, long[]> rows, int side) {
        var classes = g.classes();
        long[][] perClass = new long[classes.size()][];
        for (int c = 0; c < classes.size(); c++) perClass[c] = rows.computeIfAbsent(classes.get(c).name(), k -> new long[4]);
        var cls = g.objectClass();
        var size = g.shallowSize();
        for (int o = 0, n = g.objectCount(); o < n; o++) {
            long[] row = perClass[cls.get(o)];
            row[side]++;
            row[2 + side] += size.get(o);
        }
    }

    /** True when objects of this format can be matched across snapshots. */
    public static boolean hasStableIdentity(String format) {
        return switch (format) {
            case "v8", "dart", "hprof" -> true;
            default -> false;
        };
    }

    /**
     * Matches objects by identity. Identities that occur more than once in either snapshot (Dart
     * identity hashes collide; an address can repeat across a dump's segments) cannot be matched one to
     * one: their objects are counted in {@code notCompared}, never reported as new or removed.
     * O(objects of both) time, two hash maps of identities.
     *
     * @throws IllegalArgumentException when the formats differ or have no stable identity
     */
    public static ObjectDelta objects(HeapGraph a, HeapGraph b) {
        String format = a.metadata().format();
        if (!format.equals(b.metadata().format()) || !hasStableIdentity(format)) {
            throw new IllegalArgumentException("no object identity to compare " + format + " with "
                    + b.metadata().format());
        }
        boolean dart = format.equals("dart"), java = format.equals("hprof");
        Long2IntOpenHashMap inA = uniqueIdentities(a, dart), inB = uniqueIdentities(b, dart);
        long notCompared = 0;
        boolean[] matched = new boolean[a.objectCount()];
        var added = new IntArrayList();
        var keptA = new IntArrayList();
        var keptB = new IntArrayList();
        for (int o = 0, n = b.objectCount(); o < n; o++) {
            long id = b.identity().get(o);
            int self = inB.get(id);
            int x = inA.get(id);
            if (self == AMBIGUOUS || x == AMBIGUOUS || self == NONE) { // no identity, or not one to one
                notCompared++;
                continue;
            }
            if (x >= 0 && java && !className(a, x).equals(className(b, o))) x = NONE; // address reused by another class
            if (x < 0) {
                added.add(o);
            } else {
                matched[x] = true;
                keptA.add(x);
                keptB.add(o);
            }
        }
        var removed = new IntArrayList();
        for (int o = 0; o < matched.length; o++) {
            if (matched[o]) continue;
            long id = a.identity().get(o);
            int self = inA.get(id);
            if (self == AMBIGUOUS || self == NONE || inB.get(id) == AMBIGUOUS) notCompared++;
            else removed.add(o);
        }
        return new ObjectDelta(added.toIntArray(), removed.toIntArray(), keptA.toIntArray(), keptB.toIntArray(),
                notCompared);
    }

    private static final int NONE = -1, AMBIGUOUS = -2;

    /** Identity → its only object, or {@link #AMBIGUOUS} when several objects share it. Dart's 0 means "no hash". */
    private static Long2IntOpenHashMap uniqueIdentities(HeapGraph g, boolean dart) {
        var map = new Long2IntOpenHashMap(g.objectCount());
        map.defaultReturnValue(NONE);
        for (int o = 0, n = g.objectCount(); o < n; o++) {
            long id = g.identity().get(o);
            if (dart && id == 0) continue;
            map.put(id, map.containsKey(id) ? AMBIGUOUS : o);
        }
        return map;
    }

    private static String className(HeapGraph g, int o) { return g.classes().get(g.objectClass().get(o)).name(); }
}
