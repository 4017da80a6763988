package org.polyheap.analysis;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Set;

import org.polyheap.model.GcRoot;
import org.polyheap.model.HeapGraph;
import org.polyheap.model.Progress;
import org.polyheap.model.ReferenceKind;

import it.unimi.dsi.fastutil.ints.Int2IntOpenHashMap;
import it.unimi.dsi.fastutil.ints.IntArrayFIFOQueue;
import it.unimi.dsi.fastutil.ints.IntOpenHashSet;

/**
 * Paths from GC roots to one object, shortest first, found lazily by a breadth-first search over
 * inbound references from the object. Each GC root reached gives one path (its shortest); a path ends
 * at the first root met. References of excluded kinds are not followed. Memory grows with the part of
 * the graph searched (hash maps, not arrays of the graph's size). Not thread-safe: one iterator per
 * caller; each {@link #next()} may search a large part of the graph, so run it off the UI thread.
 */
public final class PathsToRoots implements Iterator<PathsToRoots.Path> {

    /** A path: {@code steps.get(0)} is the object, the last step is a GC root. */
    public record Path(List<Step> steps) {
        public int root() { return steps.getLast().object(); }

        public int length() { return steps.size() - 1; }
    }

    /**
     * One object on a path and the reference it holds to the previous step's object (toward the start
     * object); {@code viaReference} is null for the first step.
     */
    public record Step(int object, Reference viaReference) { }

    /** The kinds MAT's path-to-GC-roots query excludes by default: weak, soft, phantom and finalizer referents. */
    public static final Set<ReferenceKind> WEAK_KINDS = Set.copyOf(EnumSet.of(ReferenceKind.WEAK, ReferenceKind.SOFT,
            ReferenceKind.PHANTOM, ReferenceKind.FINAL, ReferenceKind.JAVA_WEAK));

    private final HeapGraph graph;
    private final Set<ReferenceKind> excluded;
    private final Progress progress;
    private long searched;
    private final IntOpenHashSet roots = new IntOpenHashSet();
    private final Int2IntOpenHashMap towardStart = new Int2IntOpenHashMap(); // visited object → next object toward the start
    private final IntArrayFIFOQueue queue = new IntArrayFIFOQueue();
    private Path pending;
    private int current = -1;      // object whose inbound row is being searched
    private long cursor, rowEnd;   // position in that row

    private PathsToRoots(HeapGraph graph, int object, Set<ReferenceKind> excluded, Progress progress) {
        this.graph = graph;
        this.excluded = excluded;
        this.progress = progress;
        for (GcRoot r : graph.gcRoots()) roots.add(r.object());
        towardStart.put(object, -1);
        if (roots.contains(object)) pending = pathFrom(object);
        else queue.enqueue(object);
    }

    /** Starts the search; {@code excluded} kinds are never followed (e.g. {@link #WEAK_KINDS}). O(1) until iterated. */
    public static PathsToRoots of(HeapGraph graph, int object, Set<ReferenceKind> excluded) {
        return new PathsToRoots(graph, object, excluded, Progress.NONE);
    }

    /** As {@link #of(HeapGraph, int, Set)}; {@link #next()} throws CancellationException once canceled. */
    public static PathsToRoots of(HeapGraph graph, int object, Set<ReferenceKind> excluded, Progress progress) {
        return new PathsToRoots(graph, object, excluded, progress);
    }

    @Override
    public boolean hasNext() {
        if (pending == null) pending = search();
        return pending != null;
    }

    @Override
    public Path next() {
        if (!hasNext()) throw new NoSuchElementException();
        Path p = pending;
        pending = null;
        return p;
    }

    /** Continues the breadth-first search up to the next root; null when none is left. */
    private Path search() {
        while (true) {
            if (current < 0) {
                if (queue.isEmpty()) return null;
                if ((++searched & 0xfff) == 0) progress.checkCanceled();
                current = queue.dequeueInt();
                cursor = graph.inStart().get(current);
                rowEnd = graph.inStart().get(current + 1);
            }
            while (cursor < rowEnd) {
                int u = graph.inSource().get(cursor++);
                if (towardStart.containsKey(u) || References.between(graph, u, current, excluded) == null) continue;
                towardStart.put(u, current);
                if (roots.contains(u)) return pathFrom(u); // a path ends at the first root: roots are not expanded
                queue.enqueue(u);
            }
            current = -1;
        }
    }

    private Path pathFrom(int root) {
        var chain = new it.unimi.dsi.fastutil.ints.IntArrayList(); // root first, start object last
        for (int x = root; x != -1; x = towardStart.get(x)) chain.add(x);
        var steps = new ArrayList<Step>(chain.size());
        for (int i = chain.size() - 1; i >= 0; i--) {
            int o = chain.getInt(i);
            steps.add(new Step(o, i == chain.size() - 1 ? null : References.between(graph, o, chain.getInt(i + 1), excluded)));
        }
        return new Path(List.copyOf(steps));
    }
}
