package org.polyheap.analysis;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import org.polyheap.model.HeapGraph;
import org.polyheap.model.Progress;
import org.polyheap.model.ReferenceKind;
import org.polyheap.model.format.V8NodeType;
import org.polyheap.model.format.V8ObjectTypes;

import it.unimi.dsi.fastutil.ints.IntArrayList;

/**
 * memlab's leak detection on three V8 snapshots of one process (baseline, target, final): the objects
 * allocated in the target step that are still alive in the final snapshot, filtered as memlab filters
 * leaks, and clustered by their retainer path.
 *
 * <p><em>Allocated in the target step</em>: V8 gives an object its id when a snapshot first sees it
 * and ids only grow, so these are the final snapshot's objects whose id is above the baseline's
 * highest JavaScript object id and at most the target's ({@link #maxJsId}), DevTools' own filter. <em>Filtered</em> ({@link Filter}): numbers, strings and
 * hidden (system) nodes never count, as in memlab; of the rest, the filter keeps detached DOM only,
 * or JavaScript objects as memlab's {@code --trace-all-objects} does, or everything. Of the kept
 * objects only those no other kept object dominates are listed: a leaked object's own new fields are
 * part of its retained size, not leaks of their own. <em>Clustered</em>: by the shortest path from the
 * GC root (not over weak references), written as the classes and reference names along it with array
 * indexes and node ids left out, so the thousand elements of one leaking array are one cluster.
 */
public final class LeakClusters {
    /** Which of the new objects count as leaks. */
    public enum Filter {
        /** memlab's default for pages: detached DOM elements only. */
        DOM,
        /** memlab with {@code --trace-all-objects}: JavaScript objects (type object) that are no system object,
         *  prototype or React-internal list cell (the referrer names memlab passes over), and detached DOM. */
        OBJECTS,
        /** Every new object but numbers, strings and hidden nodes. */
        ALL;

        /** The word users write: dom, objects, all. */
        public String word() { return name().toLowerCase(Locale.ROOT); }

        /** The filter a word names. @throws IllegalArgumentException for another word */
        public static Filter ofWord(String w) {
            for (Filter f : values()) if (f.word().equals(w)) return f;
            throw new IllegalArgumentException("--filter takes dom, objects or all, not '" + w + "'");
        }
    }

    /**
     * One cluster: leaked objects held along the same path.
     *
     * @param path     the path from the GC root, one entry per step: a class and the reference it holds
     *                 the next step by, then the leaked object's class
     * @param objects  the leaked objects, biggest retained first
     * @param shallow  their own bytes
     * @param retained what they retain together
     */
    public record Cluster(List<String> path, int[] objects, long shallow, long retained) {
        @Override public int[] objects() { return objects.clone(); }

        /** The leaked objects' class (the path's last entry). */
        public String className() { return path.getLast(); }

        public int count() { return objects.length; }
    }

    // referrer names under which memlab's --trace-all-objects filter passes an object over
    private static final Set<String> PASSED_OVER_REFERRERS = Set.of("__proto__", "prototype", "dependencies", "memoizedState",
            "next", "deps");

    private LeakClusters() { }

    /**
     * The highest id of a JavaScript object in a snapshot, as DevTools' "objects allocated between"
     * filter takes it: V8 gives JS objects odd ids from one growing counter, while the embedder's
     * native nodes have even ids of their own (in Node.js near 2^31, in no order). O(objects).
     */
    public static long maxJsId(HeapGraph g) {
        long max = 0;
        for (int o = 0, n = g.objectCount(); o < n; o++) {
            long id = g.identity().get(o);
            if ((id & 1) == 1) max = Math.max(max, id);
        }
        return max;
    }

    /**
     * The clusters of leaked objects in {@code last} (the final snapshot, analysed as {@code tree}):
     * objects with {@code afterId < id <= upToId}, kept by {@code filter}. Biggest retained first.
     * Needs the inbound references of {@code last} for the filter. One pass over the objects, one walk
     * of the dominator tree, one breadth-first search from the root: 13 bytes per object.
     */
    public static List<Cluster> find(HeapGraph last, DominatorTree tree, long afterId, long upToId, Filter filter,
            Progress progress) {
        int n = last.objectCount();
        var types = V8ObjectTypes.of(last);
        boolean[] leaked = new boolean[n];
        for (int o = 0; o < n; o++) {
            if ((o & 0xffff) == 0) progress.checkCanceled();
            long id = last.identity().get(o);
            leaked[o] = id > afterId && id <= upToId && tree.inTree(o) && keeps(last, types, o, filter);
        }
        int[] tops = MemberWalk.topMost(tree, leaked, progress);
        var paths = ShortestPathTree.of(last, V8Rules.rootOf(last), progress);
        var keys = new HashMap<List<String>, Integer>();
        var members = new ArrayList<IntArrayList>();
        var signatures = new ArrayList<List<String>>();
        int[] groupOf = new int[n];
        Arrays.fill(groupOf, -1);
        for (int o : tops) {
            List<String> path = paths.signature(o);
            if (path == null) continue; // no path from the root over strong references
            int k = keys.computeIfAbsent(path, p -> {
                signatures.add(p);
                members.add(new IntArrayList());
                return signatures.size() - 1;
            });
            members.get(k).add(o);
            groupOf[o] = k;
        }
        long[] retained = MemberWalk.groupRetained(tree, groupOf, signatures.size(), progress);
        var clusters = new ArrayList<Cluster>();
        for (int k = 0; k < signatures.size(); k++) {
            int[] list = members.get(k).toIntArray();
            long shallow = 0;
            for (int o : list) shallow += tree.shallow().get(o);
            clusters.add(new Cluster(signatures.get(k), Closures.byRetained(tree, list), shallow, retained[k]));
        }
        clusters.sort(Comparator.comparingLong(Cluster::retained).reversed()
                .thenComparing(Comparator.comparingInt(Cluster::count).reversed()).thenComparing(c -> String.join(" ", c.path())));
        return clusters;
    }

    /** The filter's decision for one new object. */
    static boolean keeps(HeapGraph g, V8ObjectTypes types, int o, Filter filter) {
        V8NodeType t = types.type(g.objectType().get(o));
        if (t == V8NodeType.NUMBER || t.isString() || t == V8NodeType.HIDDEN) return false; // memlab: trivial
        boolean detachedDom = t == V8NodeType.NATIVE && DetachedDom.isDetachedDomNode(g, o);
        return switch (filter) {
            case DOM -> detachedDom;
            case ALL -> true;
            case OBJECTS -> detachedDom || t == V8NodeType.OBJECT && !label(g, o).startsWith("system / ") && !passedOver(g, o);
        };
    }

    private static boolean passedOver(HeapGraph g, int o) {
        for (long i = g.inStart().get(o), end = g.inStart().get(o + 1L); i < end; i++) {
            int from = g.inSource().get(i);
            for (long r = g.outStart().get(from), e = g.outStart().get(from + 1L); r < e; r++) {
                if (g.outTarget().get(r) != o) continue;
                int name = g.outName().get(r);
                var kind = ReferenceKind.ofCode(g.outKind().get(r));
                if (kind != ReferenceKind.ELEMENT && kind != ReferenceKind.HIDDEN && name >= 0 && name < g.stringCount()
                        && PASSED_OVER_REFERRERS.contains(g.string(name))) return true;
            }
        }
        return false;
    }

    static String label(HeapGraph g, int o) {
        int l = g.objectLabel().get(o);
        return l < 0 || l >= g.stringCount() ? "" : g.string(l);
    }
}
