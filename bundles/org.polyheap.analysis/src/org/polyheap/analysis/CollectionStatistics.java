package org.polyheap.analysis;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.TreeMap;

import org.polyheap.model.HeapGraph;
import org.polyheap.model.ObjectInspector;
import org.polyheap.model.Progress;
import org.polyheap.model.format.SnapshotFormat;

import it.unimi.dsi.fastutil.ints.IntArrayList;

/**
 * Figures per collection class of a Java heap (MAT's "Collections grouped by size", "Collection fill
 * ratio", "Map collision ratio" and "Arrays fill ratio" in one pass): how many, their sizes in buckets,
 * the average fill ratio, the bytes of unused capacity, the hash tables' collision ratio and the empty
 * ones; and the arrays of primitives whose elements all hold one value. What a collection holds is read
 * by {@link JavaCollections}.
 *
 * <p>Cost: one or two inspector reads per collection and one read of every primitive array of length 2
 * or more, all in source order; memory 4 bytes per collection. Cancellable; never on the UI thread.
 */
public final class CollectionStatistics {
    /** The size buckets' titles; a collection of size {@code n} is in {@link #bucket(long)}. */
    public static final List<String> BUCKETS = List.of("0", "1", "2-10", "11-100", "101-1000", ">1000");

    /**
     * The collections of one class.
     *
     * @param buckets        collections per size bucket ({@link #BUCKETS})
     * @param fillSum        sum of the fill ratios of those with a capacity, over {@code withCapacity} of them
     * @param wasted         bytes of backing-array slots not in use: (capacity − used) × reference size
     * @param entries        entries found in the hash tables' buckets; {@code colliding} of them share a bucket
     * @param empty          collections of size 0, their shallow and retained bytes
     * @param objects        every collection of the class, in source order
     * @param emptyObjects   those of size 0, in source order
     */
    public record ClassFigures(String className, JavaCollections.Kind kind, long[] buckets, double fillSum,
            long withCapacity, long wasted, long entries, long colliding, long empty, long emptyShallow,
            long emptyRetained, int[] objects, int[] emptyObjects) {
        public long count() { return objects.length; }

        /** Average size ÷ capacity of the collections with a capacity, NaN when none has one. */
        public double averageFill() { return withCapacity == 0 ? Double.NaN : fillSum / withCapacity; }

        /** Entries in buckets holding more than one ÷ entries; NaN for other kinds or without entries. */
        public double collisionRatio() { return kind.isHashed() && entries > 0 ? (double) colliding / entries : Double.NaN; }
    }

    /** The arrays of one primitive array class whose elements all hold one value: how many, their bytes. */
    public record ConstantArrays(String className, long shallow, int[] objects) {
        public long count() { return objects.length; }
    }

    public record Result(List<ClassFigures> classes, List<ConstantArrays> constantArrays) { }

    private CollectionStatistics() { }

    /** The bucket of a collection of this size. */
    public static int bucket(long size) {
        return size <= 1 ? (int) Math.max(0, size) : size <= 10 ? 2 : size <= 100 ? 3 : size <= 1000 ? 4 : 5;
    }

    /**
     * Bytes of one reference slot as the snapshot's size model counts it: 4 with compressed oops or
     * 4-byte ids, else 8.
     */
    public static int referenceSize(HeapGraph graph) {
        if (Boolean.parseBoolean(graph.metadata().fact("compressedOops", "false"))) return 4;
        return Integer.parseInt(graph.metadata().fact("idSize", "8"));
    }

    /**
     * The figures for the whole heap, or for one class when {@code onlyClass} is not null; empty for
     * snapshots that are not Java heap dumps. Classes sorted by count, descending.
     */
    public static Result compute(HeapGraph graph, DominatorTree tree, ObjectInspector inspector, String onlyClass,
            Progress progress) {
        if (graph.metadata().format() != SnapshotFormat.HPROF) return new Result(List.of(), List.of());
        var collections = new JavaCollections(graph, inspector);
        var classes = graph.classes();
        boolean[] isCollection = new boolean[classes.size()], isPrimitive = new boolean[classes.size()];
        for (int c = 0; c < classes.size(); c++) {
            boolean wanted = onlyClass == null || classes.get(c).name().equals(onlyClass);
            isCollection[c] = wanted && collections.kindOfClass(c) != null;
            isPrimitive[c] = wanted && JavaCollections.isPrimitiveArrayClass(classes.get(c).name());
        }
        int referenceSize = referenceSize(graph);
        try {
            return new Result(collectionFigures(graph, tree, collections, isCollection, referenceSize, progress),
                    constantArrays(graph, inspector, isPrimitive, progress));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read a collection's fields", e);
        }
    }

    private static List<ClassFigures> collectionFigures(HeapGraph graph, DominatorTree tree, JavaCollections collections,
            boolean[] isCollection, int referenceSize, Progress progress) throws IOException {
        int[] objects = SourceOrder.objectsOf(graph, isCollection);
        progress.phase("Reading collections", objects.length);
        var byClass = new TreeMap<Integer, Figures>();
        for (int i = 0; i < objects.length; i++) {
            if ((i & 0xff) == 0xff) {
                progress.checkCanceled();
                progress.worked(0x100);
            }
            int o = objects[i];
            var shape = collections.shape(o);
            var f = byClass.computeIfAbsent(graph.objectClass().get(o), c -> new Figures(shape.kind()));
            f.objects.add(o);
            f.buckets[bucket(shape.size())]++;
            if (shape.capacity() > 0) {
                f.fillSum += shape.fillRatio();
                f.withCapacity++;
                f.wasted += Math.max(0, shape.capacity() - shape.used()) * referenceSize;
            }
            f.entries += shape.entries();
            f.colliding += shape.colliding();
            if (shape.size() == 0) {
                f.emptyObjects.add(o);
                f.emptyShallow += graph.shallowSize().get(o);
                f.emptyRetained += tree.retained().get(o);
            }
        }
        var out = new ArrayList<ClassFigures>();
        byClass.forEach((c, f) -> out.add(new ClassFigures(graph.classes().get(c).name(), f.kind, f.buckets, f.fillSum,
                f.withCapacity, f.wasted, f.entries, f.colliding, f.emptyObjects.size(), f.emptyShallow, f.emptyRetained,
                f.objects.toIntArray(), f.emptyObjects.toIntArray())));
        out.sort(Comparator.comparingLong(ClassFigures::count).reversed().thenComparing(ClassFigures::className));
        return out;
    }

    private static List<ConstantArrays> constantArrays(HeapGraph graph, ObjectInspector inspector, boolean[] isPrimitive,
            Progress progress) throws IOException {
        int[] arrays = SourceOrder.objectsOf(graph, isPrimitive);
        progress.phase("Reading arrays of primitives", arrays.length);
        var byClass = new TreeMap<Integer, IntArrayList>();
        for (int i = 0; i < arrays.length; i++) {
            if ((i & 0xfff) == 0xfff) {
                progress.checkCanceled();
                progress.worked(0x1000);
            }
            var content = inspector.primitiveArray(arrays[i]);
            // a single element is trivially one value: only arrays of 2 or more count
            if (content.isPresent() && content.get().length() >= 2 && content.get().allOneValue()) {
                byClass.computeIfAbsent(graph.objectClass().get(arrays[i]), c -> new IntArrayList()).add(arrays[i]);
            }
        }
        var out = new ArrayList<ConstantArrays>();
        byClass.forEach((c, list) -> {
            long shallow = 0;
            for (int o : list) shallow += graph.shallowSize().get(o);
            out.add(new ConstantArrays(graph.classes().get(c).name(), shallow, list.toIntArray()));
        });
        out.sort(Comparator.comparingLong(ConstantArrays::shallow).reversed().thenComparing(ConstantArrays::className));
        return out;
    }

    /** One class's running sums. */
    private static final class Figures {
        final JavaCollections.Kind kind;
        final long[] buckets = new long[BUCKETS.size()];
        final IntArrayList objects = new IntArrayList(), emptyObjects = new IntArrayList();
        double fillSum;
        long withCapacity, wasted, entries, colliding, emptyShallow, emptyRetained;

        Figures(JavaCollections.Kind kind) { this.kind = kind; }
    }
}
