package org.polyheap.analysis;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Set;

import org.polyheap.model.HeapGraph;
import org.polyheap.model.Progress;
import org.polyheap.model.ReferenceKind;

import it.unimi.dsi.fastutil.ints.IntArrayFIFOQueue;

/**
 * Paths from GC roots to one object, shortest first, found lazily by a breadth-first search over
 * inbound references from the object, over the flat arrays of a {@link PathIndex}. Each GC root
 * reached gives one path (its shortest); a path ends at the first root met. References of excluded
 * kinds are not followed.
 *
 * <p>The first path can come from the dominator tree instead, when the tree was computed over a graph
 * that has every reference the search follows and the same roots ({@code chain} given): every path from
 * a root to the object then passes through each of its dominators, in the order of its dominator chain,
 * so a shortest path is a shortest path from the object back to its immediate dominator, then from that
 * one to its own, and so on up to a root. Each of those searches stays inside the part of the heap its
 * target dominates, where the plain search from the object explores everything near it: on a 16 M-object
 * heap the first path came in 306 ms the plain way (docs/benchmarks.md). The plain search then runs
 * for the further paths and skips the root the first path ends at.
 *
 * <p>Memory: one bit and one int per object of the graph (the int array is
 * allocated zeroed and read only where the bit is set, so no pass fills it; a hash map there cost
 * 3-4 times the search on a 6.7 M-object heap, docs/benchmarks.md). Not thread-safe: one iterator per caller; each {@link #next()} may search a large part of
 * the graph (array reads only), so run it off the UI thread.
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

    private final PathIndex index;
    private final HeapGraph graph;
    private final Set<ReferenceKind> excluded;
    private final long[] excludedSlots; // inbound references not followed, by position; null: none
    private final Progress progress;
    private long searched;
    private final long[] visited;
    private final int[] towardStart; // for a visited object: the next object toward the start, or -1
    private final IntArrayFIFOQueue queue = new IntArrayFIFOQueue();
    private final int start;
    private DominatorTree chain;    // gives the first path when not null; dropped once used
    private int skipRoot = -1;     // the root the first path came from: the plain search does not give it again
    private Path pending;
    private int current = -1;      // object whose inbound row is being searched
    private int cursor, rowEnd;    // position in that row

    private PathsToRoots(PathIndex index, int object, Set<ReferenceKind> excluded, DominatorTree chain, Progress progress) {
        this.index = index;
        this.start = object;
        this.chain = chain;
        this.graph = index.graph();
        this.excluded = excluded;
        this.excludedSlots = index.excludedSlots(excluded);
        this.progress = progress;
        visited = new long[(graph.objectCount() + 63) >>> 6];
        towardStart = new int[graph.objectCount()];
        visit(object, -1);
        if (index.isRoot(object)) {
            pending = pathFrom(object);
            this.chain = null;
        } else {
            queue.enqueue(object);
        }
    }

    private void visit(int o, int next) {
        visited[o >>> 6] |= 1L << o;
        towardStart[o] = next;
    }

    private boolean isVisited(int o) { return (visited[o >>> 6] & 1L << o) != 0; }

    /** Starts a search over {@code index}; {@code excluded} kinds are never followed. Allocates 4.125 bytes per object. */
    public static PathsToRoots of(PathIndex index, int object, Set<ReferenceKind> excluded, Progress progress) {
        return new PathsToRoots(index, object, excluded, null, progress);
    }

    /**
     * As {@link #of(PathIndex, int, Set, Progress)}, the first path found along {@code tree}'s dominator
     * chain. The caller vouches that the tree's retaining graph has every reference of a kind not in
     * {@code excluded} and the graph's GC roots as its roots (else a first path may not be a shortest).
     */
    public static PathsToRoots alongDominators(PathIndex index, DominatorTree tree, int object, Set<ReferenceKind> excluded,
            Progress progress) {
        return new PathsToRoots(index, object, excluded, tree, progress);
    }

    /**
     * A search on a graph without a prepared {@link PathIndex} (small in-memory graphs): builds one,
     * O(objects + references). {@code excluded} kinds are never followed (e.g. {@link #WEAK_KINDS}).
     */
    public static PathsToRoots of(HeapGraph graph, int object, Set<ReferenceKind> excluded) {
        return new PathsToRoots(PathIndex.of(graph, Progress.NONE), object, excluded, null, Progress.NONE);
    }

    @Override
    public boolean hasNext() {
        if (pending == null && chain != null) {
            pending = searchAlongDominators();
            chain = null;
        }
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
        int[] inStart = index.inStart, inSource = index.inSource;
        while (true) {
            if (current < 0) {
                if (queue.isEmpty()) return null;
                if ((++searched & 0xfff) == 0) progress.checkCanceled();
                current = queue.dequeueInt();
                cursor = inStart[current];
                rowEnd = inStart[current + 1];
            }
            while (cursor < rowEnd) {
                int slot = cursor++;
                int u = inSource[slot];
                if (isVisited(u) || excludedSlots != null && (excludedSlots[slot >>> 6] & 1L << slot) != 0) continue;
                visit(u, current);
                if (index.isRoot(u)) { // a path ends at the first root: roots are not expanded
                    if (u == skipRoot) continue; // its path came first
                    return pathFrom(u);
                }
                queue.enqueue(u);
            }
            current = -1;
        }
    }

    /**
     * The first path, one breadth-first search per link of the dominator chain (see the class comment);
     * null when a link cannot be followed (an object under a reachability group, or no path without the
     * excluded kinds), and then the plain search answers. Leaves the marks as the plain search needs them.
     */
    private Path searchAlongDominators() {
        var touched = new it.unimi.dsi.fastutil.ints.IntArrayList();
        var segment = new IntArrayFIFOQueue();
        int[] inStart = index.inStart, inSource = index.inSource;
        int n = graph.objectCount();
        int from = start, root = -1;
        found:
        while (true) {
            int target = chain.dominatorOf(from);
            if (target >= n || target < DominatorTree.VIRTUAL_ROOT) break; // a group node, or unplaced
            segment.clear();
            segment.enqueue(from);
            boolean reached = false;
            while (!segment.isEmpty() && !reached) {
                int v = segment.dequeueInt();
                if ((++searched & 0xfff) == 0) progress.checkCanceled();
                for (int slot = inStart[v], end = inStart[v + 1]; slot < end; slot++) {
                    int u = inSource[slot];
                    if (isVisited(u) || excludedSlots != null && (excludedSlots[slot >>> 6] & 1L << slot) != 0) continue;
                    visit(u, v);
                    touched.add(u);
                    if (index.isRoot(u)) { // the chain's top, or (the tree's rules allowing) a root met first
                        root = u;
                        break found;
                    }
                    if (u == target) {
                        reached = true;
                        break;
                    }
                    segment.enqueue(u);
                }
            }
            if (!reached) break; // no path without the excluded kinds
            from = target;
        }
        Path first = root < 0 ? null : pathFrom(root);
        for (int i = 0, k = touched.size(); i < k; i++) { // the plain search starts afresh from the object
            int o = touched.getInt(i);
            visited[o >>> 6] &= ~(1L << o);
        }
        if (first != null) skipRoot = root;
        return first;
    }

    private Path pathFrom(int root) {
        var chain = new it.unimi.dsi.fastutil.ints.IntArrayList(); // root first, start object last
        for (int x = root; x != -1; x = towardStart[x]) chain.add(x);
        var steps = new ArrayList<Step>(chain.size());
        for (int i = chain.size() - 1; i >= 0; i--) {
            int o = chain.getInt(i);
            steps.add(new Step(o, i == chain.size() - 1 ? null : References.between(graph, o, chain.getInt(i + 1), excluded)));
        }
        return new Path(List.copyOf(steps));
    }
}
