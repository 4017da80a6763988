package org.polyheap.analysis;

import java.util.ArrayList;
import java.util.List;

import org.polyheap.model.HeapGraph;

import it.unimi.dsi.fastutil.ints.Int2IntOpenHashMap;
import it.unimi.dsi.fastutil.ints.Int2LongOpenHashMap;

/**
 * Leak suspects by Eclipse MAT's rule: a top-level object retaining at least {@code threshold} of the
 * snapshot's bytes (MAT: 10 % of its heap) is a suspect; so is a class whose top-level instances together retain that
 * much while none does alone. From a suspect, the accumulation point is found by descending the dominator
 * tree into the biggest child while that child keeps at least {@code bigDrop} (MAT: 0.7) of its parent's
 * retained size; the first big drop stops the descent.
 */
public final class LeakSuspects {
    public static final double MAT_THRESHOLD = 0.10;
    public static final double MAT_BIG_DROP = 0.70;

    private LeakSuspects() { }

    /** Suspects with MAT's thresholds, biggest first. O(top-level objects + descent). */
    public static List<LeakSuspect> find(HeapGraph graph, DominatorTree tree) {
        return find(graph, tree, MAT_THRESHOLD, MAT_BIG_DROP);
    }

    public static List<LeakSuspect> find(HeapGraph graph, DominatorTree tree, double threshold, double bigDrop) {
        long heap = tree.totalBytes();
        long limit = (long) Math.ceil(heap * threshold);
        var ret = tree.retained();
        var out = new ArrayList<LeakSuspect>();
        var classTotal = new Int2LongOpenHashMap();
        var classCount = new Int2IntOpenHashMap();
        var classBiggest = new Int2IntOpenHashMap();
        var suspectClasses = new it.unimi.dsi.fastutil.ints.IntOpenHashSet();
        for (int o : TopLevel.objects(graph, tree)) {
            if (tree.isGroup(o)) continue; // suspects are what strong references hold; the groups are not objects
            int c = graph.objectClass().get(o);
            long size = ret.get(o);
            if (heap > 0 && size >= limit) {
                out.add(suspect(LeakSuspect.Kind.OBJECT, o, c, 1, size, heap, tree, bigDrop));
                suspectClasses.add(c);
                continue;
            }
            classTotal.addTo(c, size);
            classCount.addTo(c, 1);
            if (!classBiggest.containsKey(c)) classBiggest.put(c, o); // objects come biggest first
        }
        for (var e : classTotal.int2LongEntrySet()) {
            int c = e.getIntKey();
            if (heap > 0 && e.getLongValue() >= limit && !suspectClasses.contains(c)) {
                out.add(suspect(LeakSuspect.Kind.CLASS, classBiggest.get(c), c, classCount.get(c), e.getLongValue(),
                        heap, tree, bigDrop));
            }
        }
        out.sort((a, b) -> Long.compare(b.retained(), a.retained()));
        return out;
    }

    private static LeakSuspect suspect(LeakSuspect.Kind kind, int object, int classId, int instances, long retained,
            long heap, DominatorTree tree, double bigDrop) {
        int point = accumulationPoint(tree, object, bigDrop);
        return new LeakSuspect(kind, object, classId, instances, retained, (double) retained / heap, point,
                tree.retained().get(point));
    }

    /**
     * The top-level objects a suspect stands for, biggest first: the object itself, or every top-level
     * instance of a class suspect's class (none of them is a suspect alone, or the class would not be one),
     * so their count is {@link LeakSuspect#instances()} and their retained sizes add up to
     * {@link LeakSuspect#retained()}. O(top-level objects).
     */
    public static int[] instances(HeapGraph graph, DominatorTree tree, LeakSuspect suspect) {
        if (suspect.kind() == LeakSuspect.Kind.OBJECT) return new int[] { suspect.object() };
        return java.util.Arrays.stream(TopLevel.objects(graph, tree))
                .filter(o -> !tree.isGroup(o) && graph.objectClass().get(o) == suspect.classId()).toArray();
    }

    /** Descends into the biggest child while it keeps at least {@code bigDrop} of its parent. O(depth). */
    public static int accumulationPoint(DominatorTree tree, int object, double bigDrop) {
        var ret = tree.retained();
        int x = object;
        while (tree.childCount(x) > 0) {
            int biggest = tree.child(x, 0); // rows are sorted by retained size, biggest first
            if (ret.get(biggest) < bigDrop * ret.get(x)) break;
            x = biggest;
        }
        return x;
    }
}
