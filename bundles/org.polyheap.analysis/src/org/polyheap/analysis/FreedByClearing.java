package org.polyheap.analysis;

import java.util.Arrays;

import org.polyheap.model.HeapGraph;
import org.polyheap.model.Progress;

import it.unimi.dsi.fastutil.ints.Int2IntOpenHashMap;

/**
 * Who frees what when the references of one kind are cleared: a dominator tree of the freed objects
 * alone. Its vertices are the freed objects and one vertex per referent class, a root each; a class's
 * vertex points at the freed referents of that class that a reference of the kind from a kept object
 * reaches (the entries), and the freed objects keep their references among themselves (a referent's own
 * reference objects included). So what a class's vertex dominates is what clearing the kind's references
 * to that class's referents frees, and what a referent dominates is its retained size among the freed
 * objects; objects two classes reach are the root's alone, so the classes' figures may add up to less
 * than the kind's. One simplification, said in docs/analysis.md: a reference of the kind whose own
 * reference object is freed too (a soft reference only another soft reference holds) is followed as an
 * ordinary reference, so its referent counts for the class of the outer referent.
 *
 * <p>Cost: O(freed objects + their references), 4 bytes per snapshot object for the numbering, the
 * dominator pass's arrays over the freed objects only.
 */
final class FreedByClearing {
    private final int[] local; // object → vertex, -1 when not freed
    private final long[] retained; // vertex → bytes it dominates (itself included)
    private final long[] objects; // vertex → objects it dominates
    private final Int2IntOpenHashMap groupOfClass; // class id → group vertex
    private final long totalObjects;
    private final long totalBytes;

    private FreedByClearing(int[] local, long[] retained, long[] objects, Int2IntOpenHashMap groupOfClass,
            long totalObjects, long totalBytes) {
        this.local = local;
        this.retained = retained;
        this.objects = objects;
        this.groupOfClass = groupOfClass;
        this.totalObjects = totalObjects;
        this.totalBytes = totalBytes;
    }

    /**
     * @param through the {@link WeakEdges#through} of the kind cleared
     * @param kept    objects reached without that kind
     * @param freed   objects reached with it only
     */
    static FreedByClearing compute(HeapGraph graph, RetainingGraph g, WeakEdges weak, int through, long[] kept,
            long[] freed, Progress progress) {
        int n = g.objectCount();
        int[] local = new int[n];
        Arrays.fill(local, -1);
        int f = 0;
        long bytes = 0;
        for (int w = 0; w < freed.length; w++) {
            for (long bits = freed[w]; bits != 0; bits &= bits - 1) {
                int o = (w << 6) + Long.numberOfTrailingZeros(bits);
                local[o] = f++;
                bytes += g.shallow().get(o);
            }
        }
        var groupOfClass = new Int2IntOpenHashMap();
        groupOfClass.defaultReturnValue(-1);
        if (f == 0) return new FreedByClearing(local, new long[0], new long[0], groupOfClass, 0, 0);
        // entries: a reference of the kind from a kept object to a freed one, by the referent's class
        int entries = 0;
        for (int i = 0; i < weak.size(); i++) {
            int s = weak.source()[i], t = weak.target()[i];
            if (weak.through()[i] == through && JavaReferences.isSet(kept, s) && local[t] >= 0) {
                int c = graph.objectClass().get(t);
                if (groupOfClass.get(c) < 0) groupOfClass.put(c, f + groupOfClass.size());
                entries++;
            }
        }
        int vertices = f + groupOfClass.size();
        // rows: the freed objects' references among themselves (retaining, then referents of any kind)
        int[] start = new int[vertices + 1];
        long edges = entries;
        for (int o = 0; o < n; o++) {
            if (local[o] < 0) continue;
            int row = 0;
            for (int p = g.outStart().get(o), end = g.outStart().get(o + 1); p < end; p++) if (local[g.outTarget().get(p)] >= 0) row++;
            for (int i = weak.firstOf(o); i < weak.size() && weak.source()[i] == o; i++) if (local[weak.target()[i]] >= 0) row++;
            start[local[o] + 1] = row;
            edges += row;
        }
        if (edges > Integer.MAX_VALUE - 8) throw new IllegalStateException("more than 2^31 references among the freed objects");
        progress.checkCanceled();
        int[] groupRows = new int[groupOfClass.size()];
        for (int i = 0; i < weak.size(); i++) {
            int s = weak.source()[i], t = weak.target()[i];
            if (weak.through()[i] == through && JavaReferences.isSet(kept, s) && local[t] >= 0) {
                groupRows[groupOfClass.get(graph.objectClass().get(t)) - f]++;
            }
        }
        for (int k = 0; k < groupRows.length; k++) start[f + k + 1] = groupRows[k];
        for (int v = 0; v < vertices; v++) start[v + 1] += start[v];
        int[] target = new int[(int) edges];
        int[] fill = Arrays.copyOf(start, vertices);
        for (int o = 0; o < n; o++) {
            int v = local[o];
            if (v < 0) continue;
            for (int p = g.outStart().get(o), end = g.outStart().get(o + 1); p < end; p++) {
                int t = local[g.outTarget().get(p)];
                if (t >= 0) target[fill[v]++] = t;
            }
            for (int i = weak.firstOf(o); i < weak.size() && weak.source()[i] == o; i++) {
                int t = local[weak.target()[i]];
                if (t >= 0) target[fill[v]++] = t;
            }
        }
        for (int i = 0; i < weak.size(); i++) {
            int s = weak.source()[i], t = weak.target()[i];
            if (weak.through()[i] == through && JavaReferences.isSet(kept, s) && local[t] >= 0) {
                int v = groupOfClass.get(graph.objectClass().get(t));
                target[fill[v]++] = local[t];
            }
        }
        long[] size = new long[vertices];
        for (int o = 0; o < n; o++) if (local[o] >= 0) size[local[o]] = g.shallow().get(o);
        int[] roots = new int[groupOfClass.size()];
        for (int k = 0; k < roots.length; k++) roots[k] = f + k;
        var work = WorkArrays.heap();
        var h = new RetainingGraph(vertices, IntArray.of(start), IntArray.of(target), roots, LongArray.of(size), -1, work);
        var dom = SemiNca.run(h, work, progress);
        long[] retained = new long[vertices], objects = new long[vertices];
        long[] byNumber = new long[dom.count()], countByNumber = new long[dom.count()];
        for (int i = dom.count() - 1; i >= 1; i--) {
            int v = dom.vertex().get(i);
            byNumber[i] += size[v];
            countByNumber[i] += v < f ? 1 : 0;
            retained[v] = byNumber[i];
            objects[v] = countByNumber[i];
            int d = dom.idom().get(i);
            byNumber[d] += byNumber[i];
            countByNumber[d] += countByNumber[i];
        }
        return new FreedByClearing(local, retained, objects, groupOfClass, f, bytes);
    }

    /** Objects and bytes no longer reached when the kind is not followed. */
    long totalObjects() { return totalObjects; }

    long totalBytes() { return totalBytes; }

    /** What clearing the kind's references to the referents of class {@code classId} frees (0 when none is freed). */
    long groupBytes(int classId) {
        int v = groupOfClass.get(classId);
        return v < 0 ? 0 : retained[v];
    }

    long groupObjects(int classId) {
        int v = groupOfClass.get(classId);
        return v < 0 ? 0 : objects[v];
    }

    /** A freed object's retained size among the freed objects; 0 for one that is kept. */
    long retainedBytes(int object) {
        int v = local[object];
        return v < 0 ? 0 : retained[v];
    }
}
