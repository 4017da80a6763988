package org.polyheap.analysis;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.polyheap.model.HeapGraph;
import org.polyheap.model.format.SnapshotFormat;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.longs.Long2IntOpenHashMap;

/**
 * Compares two snapshots: a histogram delta by class name (any formats), and object-level new /
 * removed / kept sets where the format's identities are stable across snapshots of one process:
 * V8 node ids, Dart identity hashes together with the class and library (as Dart DevTools' diff
 * matches instances per class; objects with hash 0 are not compared), Java addresses together with
 * the class name (a moved or reused address of another class is not "kept"). Fuchsia block addresses
 * are not stable, so Fuchsia has no object-level comparison.
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

    /**
     * Matches objects by identity. Identities that occur more than once in either snapshot (Dart
     * identity hashes collide: they are 30 to 32 bits; an address can repeat across a dump's segments)
     * cannot be matched one to one: their objects are counted in {@code notCompared}, never reported as
     * new or removed. A Dart identity is the hash with its class (name and library), so equal hashes of
     * two classes do not collide. O(objects of both) time, two hash maps of identities.
     *
     * @throws IllegalArgumentException when the formats differ or have no stable identity
     */
    public static ObjectDelta objects(HeapGraph a, HeapGraph b) {
        SnapshotFormat format = a.metadata().format();
        if (format != b.metadata().format() || !format.stableIdentity()) {
            throw new IllegalArgumentException("no object identity to compare " + format + " with "
                    + b.metadata().format());
        }
        boolean dart = format == SnapshotFormat.DART, java = format == SnapshotFormat.HPROF;
        Identities keys = dart ? Identities.dart(a, b) : Identities.plain(a, b);
        Long2IntOpenHashMap inA = uniqueIdentities(a, keys.a()), inB = uniqueIdentities(b, keys.b());
        long notCompared = 0;
        boolean[] matched = new boolean[a.objectCount()];
        var added = new IntArrayList();
        var keptA = new IntArrayList();
        var keptB = new IntArrayList();
        for (int o = 0, n = b.objectCount(); o < n; o++) {
            long id = keys.b().of(o);
            int self = id == NO_IDENTITY ? NONE : inB.get(id);
            int x = id == NO_IDENTITY ? NONE : inA.get(id);
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
            long id = keys.a().of(o);
            if (id == NO_IDENTITY || inA.get(id) == AMBIGUOUS || inB.get(id) == AMBIGUOUS) notCompared++;
            else removed.add(o);
        }
        return new ObjectDelta(added.toIntArray(), removed.toIntArray(), keptA.toIntArray(), keptB.toIntArray(),
                notCompared);
    }

    private static final int NONE = -1, AMBIGUOUS = -2;
    /** A key no object has: Dart's hash 0 ("none"), or a hash too wide to pack with its class. */
    private static final long NO_IDENTITY = Long.MIN_VALUE;

    /** Object id → comparison key, for one snapshot. */
    private interface Key { long of(int object); }

    /** The keys of both snapshots, built over one class numbering. */
    private record Identities(Key a, Key b) {
        static Identities plain(HeapGraph a, HeapGraph b) {
            return new Identities(o -> a.identity().get(o), o -> b.identity().get(o));
        }

        /** (class name and library shared by both snapshots) << 32 | the 32-bit identity hash. */
        static Identities dart(HeapGraph a, HeapGraph b) {
            var numbering = new java.util.HashMap<String, Integer>();
            int[] classesA = classNumbers(a, numbering), classesB = classNumbers(b, numbering);
            return new Identities(dartKey(a, classesA), dartKey(b, classesB));
        }

        private static int[] classNumbers(HeapGraph g, Map<String, Integer> numbering) {
            int[] out = new int[g.classes().size()];
            for (int c = 0; c < out.length; c++) {
                var info = g.classes().get(c);
                out[c] = numbering.computeIfAbsent(info.name() + '\0' + info.library(), k -> numbering.size());
            }
            return out;
        }

        private static Key dartKey(HeapGraph g, int[] classNumber) {
            return o -> {
                long hash = g.identity().get(o);
                if (hash == 0 || (hash >>> 32) != 0) return NO_IDENTITY;
                return (long) classNumber[g.objectClass().get(o)] << 32 | hash;
            };
        }
    }

    /** Identity → its only object, or {@link #AMBIGUOUS} when several objects share it; objects without one are left out. */
    private static Long2IntOpenHashMap uniqueIdentities(HeapGraph g, Key key) {
        var map = new Long2IntOpenHashMap(g.objectCount());
        map.defaultReturnValue(NONE);
        for (int o = 0, n = g.objectCount(); o < n; o++) {
            long id = key.of(o);
            if (id == NO_IDENTITY) continue;
            map.put(id, map.containsKey(id) ? AMBIGUOUS : o);
        }
        return map;
    }

    private static String className(HeapGraph g, int o) { return g.classes().get(g.objectClass().get(o)).name(); }
}
