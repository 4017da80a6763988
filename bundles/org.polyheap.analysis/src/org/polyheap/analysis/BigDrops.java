package org.polyheap.analysis;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

import org.polyheap.model.ClassInfo;
import org.polyheap.model.HeapGraph;
import org.polyheap.model.Progress;

import it.unimi.dsi.fastutil.ints.Int2ObjectOpenHashMap;
import it.unimi.dsi.fastutil.ints.IntArrayList;

/**
 * The big drops in the dominator tree (Eclipse MAT's "Big Drops in Dominator Tree"): the accumulation
 * points, where the retained size falls sharply from an object to its children because many small
 * objects pile up under it. The walk is MAT's: from the root, an object whose retained size exceeds its
 * biggest child's by more than the threshold (MAT: 1 % of the heap) is a drop, and its children that
 * retain more than the threshold are walked in turn (the drops found below it are its drops); an object
 * that is no drop is passed over for its biggest child; a leaf that retains more than the threshold is a
 * drop of its own. The root itself is never listed. One difference: when no drop is at the root (one
 * object retains all but the threshold), MAT walks on from the biggest object in the root's place and
 * never lists it, however sharp its drop; here it is listed (that happens only with thresholds above
 * what one object leaves of the heap, which MAT, with its fixed 1 %, does not meet in practice).
 *
 * <p>Only objects retaining more than the threshold are visited (at most 100 ÷ percent per level of the
 * tree), so the walk costs O(depth × 100 ÷ percent) column reads; chains of wrappers are walked without
 * recursion. Thread-safe (no state).
 */
public final class BigDrops {
    /** MAT's threshold: a drop of more than 1 % of the heap. */
    public static final double MAT_THRESHOLD_PERCENT = 1;
    /** MAT's default for the dominators to skip (MAT 1.17): the JDK's own packages. */
    public static final String MAT_SKIP = "java\\..*|javax\\..*|com\\.sun\\..*|sun\\..*|jdk\\..*";

    private BigDrops() { }

    /**
     * One drop.
     *
     * @param object       the accumulation point (an object id)
     * @param parent       the index in the list of the drop it was found under, -1 for a drop of the top
     * @param level        0 for a drop of the top, its parent's level + 1 below
     * @param retained     what the accumulation point retains
     * @param children     how many objects it dominates directly
     * @param biggestChild what its biggest child retains (0 for a leaf)
     * @param dominator    the first node from the accumulation point up whose class the skip pattern does
     *                     not match (the point itself when it does not match): an object, a reachability
     *                     group node, or {@link DominatorTree#VIRTUAL_ROOT} when every one above matches
     */
    public record Drop(int object, int parent, int level, long retained, int children, long biggestChild, int dominator) {
        /** The bytes that fall away below the accumulation point: retained minus the biggest child's. */
        public long drop() { return retained - biggestChild; }
    }

    /** What a walk found, and with what. */
    public record Result(List<Drop> drops, double thresholdPercent, long thresholdBytes, String skip) { }

    /**
     * The drops, depth first: a drop comes before the drops found below it, siblings biggest first.
     *
     * @param percent the threshold in percent of the snapshot's bytes ({@link DominatorTree#totalBytes})
     * @param skip    the classes of dominators passed over when naming a drop's dominator; null for none
     */
    public static Result find(HeapGraph graph, DominatorTree tree, double percent, Pattern skip, Progress progress) {
        long heap = tree.totalBytes();
        long threshold = (long) (heap * percent / 100);
        var walk = new Walk(graph, tree, threshold, skip, progress, topLevel(graph, tree));
        walk.resolve(DominatorTree.VIRTUAL_ROOT, heap, -1);
        while (!walk.frames.isEmpty()) {
            progress.checkCanceled();
            int top = walk.frames.size() - 3;
            int node = walk.frames.getInt(top), next = walk.frames.getInt(top + 1), drop = walk.frames.getInt(top + 2);
            if (next < walk.childCount(node)) {
                int child = walk.child(node, next);
                long size = tree.retained().get(child);
                if (size > threshold) { // rows are sorted biggest first: the first small child ends the row
                    walk.frames.set(top + 1, next + 1);
                    walk.resolve(child, size, drop);
                    continue;
                }
            }
            walk.frames.size(top);
        }
        return new Result(List.copyOf(walk.drops), percent, threshold, skip == null ? null : skip.pattern());
    }

    /** The children of the root as the walk sees them: the top level, reachability groups opened (they are no objects). */
    private static int[] topLevel(HeapGraph graph, DominatorTree tree) {
        var out = new IntArrayList();
        for (int o : TopLevel.objects(graph, tree)) {
            if (tree.isGroup(o)) out.addAll(IntArrayList.wrap(tree.children(o)));
            else out.add(o);
        }
        int[] a = out.toIntArray();
        long[] ret = new long[a.length];
        for (int i = 0; i < a.length; i++) ret[i] = tree.retained().get(a[i]);
        Integer[] order = new Integer[a.length];
        for (int i = 0; i < a.length; i++) order[i] = i;
        java.util.Arrays.sort(order, (x, y) -> ret[y] != ret[x] ? Long.compare(ret[y], ret[x]) : Integer.compare(a[x], a[y]));
        int[] sorted = new int[a.length];
        for (int i = 0; i < a.length; i++) sorted[i] = a[order[i]];
        return sorted;
    }

    /** The walk's state: the frames of the drops whose children are being walked, and the drops found. */
    private static final class Walk {
        final HeapGraph graph;
        final DominatorTree tree;
        final long threshold;
        final Pattern skip;
        final Progress progress;
        final int[] top;
        /** Triples (node, next child, index of its drop or of the drop above it). */
        final IntArrayList frames = new IntArrayList();
        final List<Drop> drops = new ArrayList<>();
        private Int2ObjectOpenHashMap<String> classObjects;

        Walk(HeapGraph graph, DominatorTree tree, long threshold, Pattern skip, Progress progress, int[] top) {
            this.graph = graph;
            this.tree = tree;
            this.threshold = threshold;
            this.skip = skip;
            this.progress = progress;
            this.top = top;
        }

        int childCount(int node) { return node == DominatorTree.VIRTUAL_ROOT ? top.length : tree.childCount(node); }

        int child(int node, int index) { return node == DominatorTree.VIRTUAL_ROOT ? top[index] : tree.child(node, index); }

        /**
         * From {@code node} down its biggest children to the first drop or leaf: a drop gets a frame (its
         * children are walked next), a leaf retaining more than the threshold is a drop without one. The
         * root is never listed (MAT lists no object that stands in for it either; we do, see the class comment).
         */
        void resolve(int node, long size, int parentDrop) {
            while (true) {
                progress.checkCanceled();
                int n = childCount(node);
                if (n == 0) {
                    if (size > threshold && node != DominatorTree.VIRTUAL_ROOT) add(node, parentDrop, size, 0, 0);
                    return;
                }
                int biggest = child(node, 0);
                long biggestSize = tree.retained().get(biggest);
                if (size - biggestSize > threshold) {
                    int drop = node == DominatorTree.VIRTUAL_ROOT ? parentDrop : add(node, parentDrop, size, n, biggestSize);
                    frames.add(node);
                    frames.add(0);
                    frames.add(drop);
                    return;
                }
                node = biggest; // no drop here: the biggest child stands in for it, at the same place
                size = biggestSize;
            }
        }

        private int add(int object, int parent, long size, int children, long biggestChild) {
            int level = parent < 0 ? 0 : drops.get(parent).level() + 1;
            drops.add(new Drop(object, parent, level, size, children, biggestChild, dominator(object)));
            return drops.size() - 1;
        }

        /** The first node from {@code object} up whose name the skip pattern does not match. O(depth). */
        private int dominator(int object) {
            int x = object;
            while (skip != null && x >= 0 && !tree.isGroup(x) && skip.matcher(name(x)).matches()) x = tree.dominatorOf(x);
            return x < 0 ? DominatorTree.VIRTUAL_ROOT : x;
        }

        /** The name the pattern is matched against: the class name, or {@code class X} for the class object of X, as MAT names it. */
        private String name(int object) {
            if (classObjects == null) {
                classObjects = new Int2ObjectOpenHashMap<>();
                for (ClassInfo c : graph.classes()) if (c.classObject() >= 0) classObjects.put(c.classObject(), c.name());
            }
            String ofClass = classObjects.get(object);
            return ofClass != null ? "class " + ofClass : graph.classes().get(graph.objectClass().get(object)).name();
        }
    }
}
