package org.polyheap.analysis;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntPredicate;

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
 * objects with hash 0, which the VM writes for strings, lists, maps, numbers and its code objects, are
 * not compared). Optionally only the objects of some reachability classes on each side count (as
 * DevTools counts only objects reachable from the roots).
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
        return classDeltas(a, b, null, progress);
    }

    /**
     * As above, counting on each side only the objects of the reachability classes {@code only} (null:
     * every object; then the stored histograms, else O(objects) per side).
     */
    public static List<ClassDelta> classDeltas(HeapAnalysis a, HeapAnalysis b, java.util.Set<Reachability> only, Progress progress) {
        Map<String, HistogramRow[]> rows = new LinkedHashMap<>();
        for (HistogramRow r : a.histogram(Grouping.CLASS, null, only, progress)) rows.computeIfAbsent(r.name(), k -> new HistogramRow[2])[0] = r;
        for (HistogramRow r : b.histogram(Grouping.CLASS, null, only, progress)) rows.computeIfAbsent(r.name(), k -> new HistogramRow[2])[1] = r;
        var out = new ArrayList<ClassDelta>(rows.size());
        rows.forEach((name, r) -> out.add(new ClassDelta(name, r[0] == null ? 0 : r[0].objects(), r[1] == null ? 0 : r[1].objects(),
                r[0] == null ? 0 : r[0].shallow(), r[1] == null ? 0 : r[1].shallow(),
                r[0] == null ? 0 : r[0].retained(), r[1] == null ? 0 : r[1].retained())));
        out.sort(Comparator.comparingLong(ClassDelta::retainedDelta).reversed()
                .thenComparing(Comparator.comparingLong(ClassDelta::shallowDelta).reversed())
                .thenComparing(ClassDelta::name));
        return out;
    }

    /**
     * One class name's objects as the object match sorted them (Dart DevTools' Diff per class): the
     * objects of {@code b} whose identity {@code a} lacks ({@code added}, with their shallow bytes in
     * {@code b}), those of {@code a} whose identity {@code b} lacks ({@code removed}, shallow bytes in
     * {@code a}), those in both ({@code kept}, shallow bytes in {@code b}), and on each side the objects
     * left out of the match (no identity, or one two objects share). Per side the four counts add up to
     * the class's objects: {@code objectsB = added + kept + notComparedB}, {@code objectsA = removed +
     * kept + notComparedA}; so {@code added - removed} equals the change in objects only when nothing
     * was left out.
     */
    public record ClassChange(String name, long added, long addedShallow, long removed, long removedShallow, long kept,
            long keptShallow, long notComparedA, long notComparedB) {
        static final ClassChange NONE = new ClassChange("", 0, 0, 0, 0, 0, 0, 0, 0);

        /** Objects new minus objects removed: DevTools' instance "Delta". */
        public long matchedDelta() { return added - removed; }
    }

    /**
     * The {@code delta}'s objects per class name (the key of {@link #classDeltas}' rows: Dart classes of
     * one name in two libraries share it, as in the histogram; their objects were still matched by name,
     * library and hash). O(objects of both): one class lookup per object.
     */
    public static Map<String, ClassChange> classChanges(HeapGraph a, HeapGraph b, ObjectDelta delta) {
        return classChanges(a, b, delta, null, null);
    }

    /** As above, when {@code delta} matched only the objects {@code inA} and {@code inB} accept (null: all). */
    public static Map<String, ClassChange> classChanges(HeapGraph a, HeapGraph b, ObjectDelta delta, IntPredicate inA,
            IntPredicate inB) {
        var names = new java.util.HashMap<String, Integer>();
        int[] classA = nameNumbers(a, names), classB = nameNumbers(b, names);
        int n = names.size();
        long[] added = new long[n], addedShallow = new long[n], removed = new long[n], removedShallow = new long[n],
                kept = new long[n], keptShallow = new long[n], allA = new long[n], allB = new long[n];
        var clsA = a.objectClass();
        var clsB = b.objectClass();
        var sizeA = a.shallowSize();
        var sizeB = b.shallowSize();
        for (int o : delta.added()) {
            int c = classB[clsB.get(o)];
            added[c]++;
            addedShallow[c] += sizeB.get(o);
        }
        for (int o : delta.removed()) {
            int c = classA[clsA.get(o)];
            removed[c]++;
            removedShallow[c] += sizeA.get(o);
        }
        for (int o : delta.keptB()) {
            int c = classB[clsB.get(o)];
            kept[c]++;
            keptShallow[c] += sizeB.get(o);
        }
        for (int o = 0, m = a.objectCount(); o < m; o++) if (inA == null || inA.test(o)) allA[classA[clsA.get(o)]]++;
        for (int o = 0, m = b.objectCount(); o < m; o++) if (inB == null || inB.test(o)) allB[classB[clsB.get(o)]]++;
        var out = new LinkedHashMap<String, ClassChange>();
        names.forEach((name, c) -> out.put(name, new ClassChange(name, added[c], addedShallow[c], removed[c], removedShallow[c],
                kept[c], keptShallow[c], allA[c] - removed[c] - kept[c], allB[c] - added[c] - kept[c])));
        return out;
    }

    /** The class changes of {@code name}, all zero when neither snapshot has objects of it. */
    public static ClassChange classChange(Map<String, ClassChange> changes, String name) {
        return changes.getOrDefault(name, ClassChange.NONE);
    }

    /** Class id of {@code g} → number of its class name in {@code names} (shared by both snapshots). */
    private static int[] nameNumbers(HeapGraph g, Map<String, Integer> names) {
        int[] out = new int[g.classes().size()];
        for (int c = 0; c < out.length; c++) out[c] = names.computeIfAbsent(g.classes().get(c).name(), k -> names.size());
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
        return objects(a, b, null, null);
    }

    /**
     * As above, matching only the objects {@code inA} accepts in {@code a} and {@code inB} accepts in
     * {@code b} (null: all); the others are in no count. With the strongly reachable objects on each
     * side, an object that became garbage is removed, as in Dart DevTools' Diff.
     */
    public static ObjectDelta objects(HeapGraph a, HeapGraph b, IntPredicate inA, IntPredicate inB) {
        SnapshotFormat format = a.metadata().format();
        if (format != b.metadata().format() || !format.stableIdentity()) {
            throw new IllegalArgumentException("no object identity to compare " + format + " with "
                    + b.metadata().format());
        }
        boolean dart = format == SnapshotFormat.DART;
        Identities keys = dart ? Identities.dart(a, b) : Identities.plain(a, b);
        Long2IntOpenHashMap idsA = uniqueIdentities(a, keys.a(), inA), idsB = uniqueIdentities(b, keys.b(), inB);
        long notComparedA = 0, notComparedB = 0;
        boolean[] matched = new boolean[a.objectCount()];
        var added = new IntArrayList();
        var keptA = new IntArrayList();
        var keptB = new IntArrayList();
        for (int o = 0, n = b.objectCount(); o < n; o++) {
            if (inB != null && !inB.test(o)) continue;
            long id = keys.b().of(o);
            int self = id == NO_IDENTITY ? NONE : idsB.get(id);
            int x = id == NO_IDENTITY ? NONE : idsA.get(id);
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
            if (matched[o] || (inA != null && !inA.test(o))) continue;
            long id = keys.a().of(o);
            if (id == NO_IDENTITY || idsA.get(id) == AMBIGUOUS || idsB.get(id) == AMBIGUOUS) notComparedA++;
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
    private static Long2IntOpenHashMap uniqueIdentities(HeapGraph g, Key key, IntPredicate member) {
        var map = new Long2IntOpenHashMap(g.objectCount());
        map.defaultReturnValue(NONE);
        for (int o = 0, n = g.objectCount(); o < n; o++) {
            if (member != null && !member.test(o)) continue;
            long id = key.of(o);
            if (id == NO_IDENTITY) continue;
            map.put(id, map.containsKey(id) ? AMBIGUOUS : o);
        }
        return map;
    }
}
