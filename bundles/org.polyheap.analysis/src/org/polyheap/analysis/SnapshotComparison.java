package org.polyheap.analysis;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.polyheap.model.HeapGraph;
import org.polyheap.model.Progress;
import org.polyheap.model.format.SnapshotFormat;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.longs.Long2IntOpenHashMap;

/**
 * Compares two snapshots: the class histograms side by side (any formats: objects, shallow and
 * retained bytes per class name, before and after), and object-level new / removed / kept sets where
 * the format's identities are stable across snapshots of one process: V8 node ids, Dart identity
 * hashes together with the class and library (as Dart DevTools' diff matches instances per class;
 * objects with hash 0, which the VM gives only to objects whose hash was asked for, are not compared).
 * Java addresses change when the GC moves objects and Fuchsia block addresses are reused, so those
 * have no object-level comparison (see {@link SnapshotFormat#stableIdentity()}).
 */
public final class SnapshotComparison {
    private SnapshotComparison() { }

    /**
     * One class name in both snapshots: counts, shallow and retained bytes of {@code a} (baseline) and
     * {@code b}, each as its snapshot's class histogram has them (retained: the histogram's lower bound,
     * see {@link HistogramRow#retained()}).
     */
    public record ClassDelta(String name, long objectsA, long objectsB, long shallowA, long shallowB, long retainedA,
            long retainedB) {
        public long objectDelta() { return objectsB - objectsA; }

        public long shallowDelta() { return shallowB - shallowA; }

        public long retainedDelta() { return retainedB - retainedA; }
    }

    /**
     * Object-level result: ids are each snapshot's own object ids.
     *
     * @param added        objects of b whose identity a does not have
     * @param removed      objects of a whose identity b does not have
     * @param keptA        objects of a also in b (same order as keptB)
     * @param keptB        the matching objects of b
     * @param notComparedA objects of a without a usable identity (Dart hash 0) or with one that is not one to one
     * @param notComparedB the same in b
     */
    public record ObjectDelta(int[] added, int[] removed, int[] keptA, int[] keptB, long notComparedA, long notComparedB) {
        /** Objects of a and b together that were not compared. */
        public long notCompared() { return notComparedA + notComparedB; }
    }

    /**
     * The class histograms of {@code a} (baseline) and {@code b} joined by class name, biggest growth of
     * retained bytes first (then of shallow bytes, then by name). Reads each analysis's stored class
     * histogram ({@link HeapAnalysis#histogram}: O(objects) the first time, O(classes) after); classes
     * without objects on either side are left out.
     */
    public static List<ClassDelta> classDeltas(HeapAnalysis a, HeapAnalysis b, Progress progress) {
        Map<String, HistogramRow[]> rows = new LinkedHashMap<>();
        for (HistogramRow r : a.histogram(Grouping.CLASS, null, progress)) rows.computeIfAbsent(r.name(), k -> new HistogramRow[2])[0] = r;
        for (HistogramRow r : b.histogram(Grouping.CLASS, null, progress)) rows.computeIfAbsent(r.name(), k -> new HistogramRow[2])[1] = r;
        var out = new ArrayList<ClassDelta>(rows.size());
        rows.forEach((name, r) -> out.add(new ClassDelta(name, r[0] == null ? 0 : r[0].objects(), r[1] == null ? 0 : r[1].objects(),
                r[0] == null ? 0 : r[0].shallow(), r[1] == null ? 0 : r[1].shallow(),
                r[0] == null ? 0 : r[0].retained(), r[1] == null ? 0 : r[1].retained())));
        out.sort(Comparator.comparingLong(ClassDelta::retainedDelta).reversed()
                .thenComparing(Comparator.comparingLong(ClassDelta::shallowDelta).reversed())
                .thenComparing(ClassDelta::name));
        return out;
    }

    /** The objects of {@code objects} whose class is named {@code className}, in their order. O(classes + objects given). */
    public static int[] ofClass(HeapGraph g, int[] objects, String className) {
        var classes = g.classes();
        boolean[] named = new boolean[classes.size()];
        for (int c = 0; c < named.length; c++) named[c] = classes.get(c).name().equals(className);
        var cls = g.objectClass();
        var out = new IntArrayList();
        for (int o : objects) if (named[cls.get(o)]) out.add(o);
        return out.toIntArray();
    }

    /**
     * Matches objects by identity. Identities that occur more than once in either snapshot (Dart
     * identity hashes collide: they are 30 to 32 bits) cannot be matched one to one: their objects are
     * counted in {@code notComparedA} / {@code notComparedB}, never reported as new or removed. A Dart
     * identity is the hash with its class (name and library), so equal hashes of two classes do not
     * collide. O(objects of both) time, two hash maps of identities.
     *
     * @throws IllegalArgumentException when the formats differ or have no stable identity
     */
    public static ObjectDelta objects(HeapGraph a, HeapGraph b) {
        SnapshotFormat format = a.metadata().format();
        if (format != b.metadata().format() || !format.stableIdentity()) {
            throw new IllegalArgumentException("no object identity to compare " + format + " with "
                    + b.metadata().format());
        }
        boolean dart = format == SnapshotFormat.DART;
        Identities keys = dart ? Identities.dart(a, b) : Identities.plain(a, b);
        Long2IntOpenHashMap inA = uniqueIdentities(a, keys.a()), inB = uniqueIdentities(b, keys.b());
        long notComparedA = 0, notComparedB = 0;
        boolean[] matched = new boolean[a.objectCount()];
        var added = new IntArrayList();
        var keptA = new IntArrayList();
        var keptB = new IntArrayList();
        for (int o = 0, n = b.objectCount(); o < n; o++) {
            long id = keys.b().of(o);
            int self = id == NO_IDENTITY ? NONE : inB.get(id);
            int x = id == NO_IDENTITY ? NONE : inA.get(id);
            if (self == AMBIGUOUS || x == AMBIGUOUS || self == NONE) { // no identity, or not one to one
                notComparedB++;
                continue;
            }
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
            if (id == NO_IDENTITY || inA.get(id) == AMBIGUOUS || inB.get(id) == AMBIGUOUS) notComparedA++;
            else removed.add(o);
        }
        return new ObjectDelta(added.toIntArray(), removed.toIntArray(), keptA.toIntArray(), keptB.toIntArray(),
                notComparedA, notComparedB);
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
}
