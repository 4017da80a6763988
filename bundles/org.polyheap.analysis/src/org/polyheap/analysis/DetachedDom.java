package org.polyheap.analysis;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;

import org.polyheap.model.HeapGraph;
import org.polyheap.model.Progress;
import org.polyheap.model.format.V8NodeType;
import org.polyheap.model.format.V8ObjectTypes;

import it.unimi.dsi.fastutil.ints.IntArrayList;

/**
 * Detached DOM in a V8 snapshot of a page: the roots of the detached subtrees, grouped by class
 * ("Detached &lt;div&gt;", as DevTools names them), and the JavaScript objects that keep each root.
 *
 * <p>A node is detached when the parser's DOM state says so (the file's {@code detachedness},
 * propagated through native nodes as DevTools does), and a DOM node when Blink's name says so
 * ({@code <tag …>}, {@code Text}, ...). A <em>root</em> is a detached DOM node whose immediate
 * dominator is not one: Blink's nodes refer to their parent, children and
 * siblings alike, so "the parent" is taken from the dominator tree, where a subtree kept only through
 * its top element hangs under that element. A root's retained size is then what freeing that subtree
 * would give back.
 *
 * <p>The <em>retainer</em> of a root is the first JavaScript object (type object, closure or regexp)
 * on its shortest path to a GC root, counted from the root: the array, scope or property holder a
 * developer must change to let the subtree go. Internal nodes (V8's element stores, system objects,
 * other DOM nodes) on the way are passed over.
 */
public final class DetachedDom {
    /**
     * One class of detached roots.
     *
     * @param name     the class name ("Detached &lt;section&gt;")
     * @param roots    its roots, biggest retained size first
     * @param shallow  the roots' own bytes
     * @param retained the bytes the roots retain together (no root of the group counted under another)
     */
    public record Group(String name, int[] roots, long shallow, long retained) {
        @Override public int[] roots() { return roots.clone(); }
    }

    private DetachedDom() { }

    /** True when some node of the snapshot is an attached or detached DOM node (a page's snapshot, not Node.js's). O(objects). */
    public static boolean hasDom(HeapGraph g) {
        for (int o = 0, n = g.objectCount(); o < n; o++) {
            if (V8ObjectTypes.domState(g.objectType().get(o)) == V8ObjectTypes.DOM_UNKNOWN) continue;
            int l = g.objectLabel().get(o);
            if (l >= 0 && l < g.stringCount() && (g.string(l).startsWith("<") || NODE_NAMES.contains(g.string(l)))) return true;
        }
        return false;
    }

    /** True for a detached node. O(1). */
    public static boolean isDetached(HeapGraph g, int o) {
        return V8ObjectTypes.domState(g.objectType().get(o)) == V8ObjectTypes.DOM_DETACHED;
    }

    // Blink's names of the DOM nodes that are no elements (elements are named "<tag attributes>")
    private static final java.util.Set<String> NODE_NAMES = java.util.Set.of("Text", "Comment", "CDATASection",
            "ProcessingInstruction", "DocumentFragment", "ShadowRoot", "DocumentType", "Attr");

    /**
     * True for a detached DOM node: detached, and named as Blink names DOM nodes. Other embedder
     * objects may be marked detached too (Node.js marks its {@code Node / BindingData}); they are no
     * elements. O(1).
     */
    public static boolean isDetachedDomNode(HeapGraph g, int o) {
        if (!isDetached(g, o)) return false;
        int l = g.objectLabel().get(o);
        if (l < 0 || l >= g.stringCount()) return false;
        String name = g.string(l);
        return name.startsWith("<") || NODE_NAMES.contains(name);
    }

    /**
     * The detached roots by class, biggest retained first. One pass over the objects and one walk of
     * the dominator tree; 4 bytes per object. Cancellable.
     */
    public static List<Group> find(HeapGraph g, DominatorTree tree, Progress progress) {
        int n = g.objectCount();
        var classIndex = new HashMap<Integer, Integer>(); // class id → group
        var names = new ArrayList<String>();
        var members = new ArrayList<IntArrayList>();
        for (int o = 0; o < n; o++) {
            if ((o & 0xffff) == 0) progress.checkCanceled();
            if (!isDetachedDomNode(g, o) || !tree.inTree(o)) continue;
            int d = tree.dominator().get(o);
            if (d >= 0 && d < n && isDetachedDomNode(g, d)) continue; // inside another detached subtree
            int c = g.objectClass().get(o);
            int k = classIndex.computeIfAbsent(c, x -> {
                names.add(g.classes().get(x).name());
                members.add(new IntArrayList());
                return names.size() - 1;
            });
            members.get(k).add(o);
        }
        int[] groupOf = new int[n];
        Arrays.fill(groupOf, -1);
        for (int k = 0; k < members.size(); k++) for (int o : members.get(k)) groupOf[o] = k;
        long[] retained = MemberWalk.groupRetained(tree, groupOf, members.size(), progress);
        var groups = new ArrayList<Group>();
        for (int k = 0; k < names.size(); k++) {
            int[] roots = members.get(k).toIntArray();
            long[] size = new long[roots.length];
            long shallow = 0;
            for (int i = 0; i < roots.length; i++) {
                size[i] = tree.retained().get(roots[i]);
                shallow += tree.shallow().get(roots[i]);
            }
            Integer[] order = new Integer[roots.length];
            for (int i = 0; i < order.length; i++) order[i] = i;
            Arrays.sort(order, Comparator.<Integer>comparingLong(i -> -size[i]).thenComparingInt(i -> roots[i]));
            int[] sorted = Arrays.stream(order).mapToInt(i -> roots[i]).toArray();
            groups.add(new Group(names.get(k), sorted, shallow, retained[k]));
        }
        groups.sort(Comparator.comparingLong(Group::retained).reversed().thenComparing(Group::name));
        return groups;
    }

    /**
     * Every JavaScript object that refers to {@code root} over a non-weak reference, directly or through
     * V8's internal element and property stores (array and hidden nodes), at most {@code max}: each as
     * the reference by which it holds the root or the store. Needs the inbound references
     * ({@code inStart}/{@code inSource}). O(referrers of the root and of its stores).
     */
    public static List<Reference> jsRetainers(HeapGraph g, int root, int max) {
        var types = V8ObjectTypes.of(g);
        var found = new ArrayList<Reference>();
        var seen = new it.unimi.dsi.fastutil.ints.IntOpenHashSet();
        var queue = new IntArrayList();
        queue.add(root);
        seen.add(root);
        for (int q = 0; q < queue.size() && found.size() < max && q < 10_000; q++) {
            int target = queue.getInt(q);
            for (long i = g.inStart().get(target), end = g.inStart().get(target + 1L); i < end && found.size() < max; i++) {
                int from = g.inSource().get(i);
                if (!seen.add(from)) continue;
                Reference ref = strongReference(g, from, target);
                if (ref == null) continue;
                switch (types.type(g.objectType().get(from))) {
                    case OBJECT, CLOSURE, REGEXP -> found.add(ref);
                    case ARRAY, HIDDEN -> queue.add(from); // an element or property store: who holds it
                    default -> { } // DOM and other native nodes, code, strings, the synthetic roots
                }
            }
        }
        return found;
    }

    /** The first non-weak reference from {@code from} to {@code to}, or null. O(references of from). */
    private static Reference strongReference(HeapGraph g, int from, int to) {
        for (long r = g.outStart().get(from), end = g.outStart().get(from + 1L); r < end; r++) {
            if (g.outTarget().get(r) != to) continue;
            var kind = org.polyheap.model.ReferenceKind.ofCode(g.outKind().get(r));
            if (kind == org.polyheap.model.ReferenceKind.WEAK) continue;
            return new Reference(from, to, kind, Reference.nameOf(g, kind, g.outName().get(r)), r);
        }
        return null;
    }

    /**
     * The step of {@code path} (from a detached root to a GC root) whose object is the first
     * JavaScript object, or -1 when the path has none. O(path length).
     */
    public static int retainerStep(HeapGraph g, PathsToRoots.Path path) {
        var types = V8ObjectTypes.of(g);
        var steps = path.steps();
        for (int i = 1; i < steps.size(); i++) {
            V8NodeType t = types.type(g.objectType().get(steps.get(i).object()));
            if (t == V8NodeType.OBJECT || t == V8NodeType.CLOSURE || t == V8NodeType.REGEXP) return i;
        }
        return -1;
    }
}
