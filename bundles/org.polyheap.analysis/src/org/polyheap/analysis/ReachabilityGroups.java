package org.polyheap.analysis;

import java.util.ArrayList;
import java.util.Arrays;

import org.polyheap.model.Progress;

import it.unimi.dsi.fastutil.ints.IntArrayList;

/**
 * Gives every object its {@link Reachability} class and hangs the objects no retaining path reaches
 * under one synthetic group vertex per class, so the dominator tree holds every object of the snapshot.
 *
 * <p>Classes: a marking from the GC roots over the retaining references finds the strongly reachable
 * objects; then, class by class from soft to phantom, a marking that may also follow the weak references
 * of that class and the stronger ones (a path is as weak as its weakest reference) finds the objects
 * reached first in that class; the rest are unreachable. O(objects + references) and a binary search per
 * visited object into the weak references.
 *
 * <p>Groups (not for V8, whose rules already hang such nodes under the root as DevTools does): group
 * vertices get the ids after the objects, {@code objectCount + k}, in class order, and are roots of the
 * retaining graph. A group's vertex points at the objects of its class reached first through a weak
 * reference (for the unreachable class: those no other unreachable object retains, then one object of
 * each remaining ring). A retaining reference from a weaker class into a stronger one is left out, so the
 * strongly reachable objects keep the dominators they have without the groups, and inside a group the
 * usual dominator rules apply. Memory: a byte per object for the classes, 4 bytes per object for the
 * marking's queue, and new row starts (4 per object) when there are groups: the targets are compacted
 * in place (the graph given is consumed), a copy only when the group rows do not fit where references
 * were left out.
 */
final class ReachabilityGroups {
    private static final byte UNSET = -1;

    private ReachabilityGroups() { }

    /** The classes of the objects of {@code g} (codes of {@link Reachability}). */
    static byte[] classify(RetainingGraph g, WeakEdges weak, Progress progress) {
        return classify(g, weak, null, progress);
    }

    /**
     * As {@link #classify(RetainingGraph, WeakEdges, Progress)}, the strongly reachable objects being
     * those {@code strong} numbered (the dominator pass's numbering from g's roots, {@link SemiNca#number}):
     * no marking of its own for them. Null: marked here.
     */
    static byte[] classify(RetainingGraph g, WeakEdges weak, SemiNca.Numbering strong, Progress progress) {
        int n = g.objectCount();
        byte[] cls = new byte[n];
        Arrays.fill(cls, UNSET);
        int[] queue = new int[Math.max(1, Math.min(n, 1 << 16))];
        var marking = new Marking(g, weak, cls, queue);
        progress.phase("Classifying reachability", n);
        if (strong != null) {
            markNumbered(strong, cls, n);
        } else {
            for (int r : g.roots()) marking.mark(r, Reachability.STRONG);
            marking.flood(Reachability.STRONG, progress);
        }
        for (Reachability r : Reachability.values()) {
            if (r == Reachability.STRONG || r == Reachability.UNREACHABLE) continue;
            for (int i = 0; i < weak.size(); i++) {
                int s = weak.source()[i], t = weak.target()[i];
                if (weak.through()[i] <= r.ordinal() && cls[s] != UNSET && cls[t] == UNSET) marking.mark(t, r);
            }
            marking.flood(r, progress);
        }
        byte unreachable = (byte) Reachability.UNREACHABLE.ordinal();
        for (int o = 0; o < n; o++) if (cls[o] == UNSET) cls[o] = unreachable;
        return cls;
    }

    private static void markNumbered(SemiNca.Numbering strong, byte[] cls, int n) {
        byte code = (byte) Reachability.STRONG.ordinal();
        for (int o = 0; o < n; o++) if (strong.numbered(o)) cls[o] = code;
    }

    /** A marking that grows one class at a time; the queue is a growable array of pending objects. */
    private static final class Marking {
        private final RetainingGraph g;
        private final WeakEdges weak;
        private final byte[] cls;
        private int[] stack;
        private int size;

        Marking(RetainingGraph g, WeakEdges weak, byte[] cls, int[] stack) {
            this.g = g;
            this.weak = weak;
            this.cls = cls;
            this.stack = stack;
        }

        void mark(int o, Reachability r) {
            if (cls[o] != UNSET) return;
            cls[o] = (byte) r.ordinal();
            if (size == stack.length) stack = Arrays.copyOf(stack, (int) Math.min(Integer.MAX_VALUE - 8, 2L * stack.length));
            stack[size++] = o;
        }

        void flood(Reachability r, Progress progress) {
            IntArray outStart = g.outStart(), outTarget = g.outTarget();
            boolean followWeak = r != Reachability.STRONG && weak.size() > 0;
            long steps = 0;
            while (size > 0) {
                if ((++steps & 0xffff) == 0) progress.checkCanceled();
                int v = stack[--size];
                for (int p = outStart.get(v), end = outStart.get(v + 1); p < end; p++) mark(outTarget.get(p), r);
                if (followWeak) {
                    for (int i = weak.firstOf(v); i < weak.size() && weak.source()[i] == v; i++) {
                        if (weak.through()[i] <= r.ordinal()) mark(weak.target()[i], r);
                    }
                }
            }
        }
    }

    /**
     * The retaining graph with a group vertex per class that has objects and is not strong, or
     * {@code g} itself when every object is strongly reachable. See the class comment for the rules.
     * Consumes {@code g}: its targets array is compacted in place into the new graph's.
     */
    static RetainingGraph withGroups(RetainingGraph g, WeakEdges weak, byte[] cls, Progress progress) {
        int n = g.objectCount();
        boolean[] present = classesPresent(cls);
        var groups = new ArrayList<Reachability>();
        for (Reachability r : Reachability.values()) if (r != Reachability.STRONG && present[r.ordinal()]) groups.add(r);
        if (groups.isEmpty()) return g.withClasses(cls);
        progress.phase("Grouping objects by reachability", n);
        int[] groupOf = new int[Reachability.values().length]; // class → group vertex id
        Arrays.fill(groupOf, -1);
        for (int k = 0; k < groups.size(); k++) groupOf[groups.get(k).ordinal()] = n + k;
        IntArray outStart = g.outStart(), outTarget = g.outTarget();
        WorkArrays work = g.work();
        int[] entries = entries(g, weak, cls, progress); // reads g's rows: before they are compacted below
        int vertices = n + groups.size();
        IntArray start = work.ints(vertices + 1L);
        // keep retaining references within a class only, compacted in place (a row never moves right):
        // g is consumed, its targets array becomes the new graph's
        long at = keepWithinClasses(cls, outStart, outTarget, start, n);
        long kept = at;
        IntArray target;
        if (kept + entries.length <= outTarget.size()) {
            target = outTarget;
        } else { // more group entries than references left out: a bigger array
            target = work.ints(kept + entries.length);
            outTarget.copyPrefixTo(target, kept);
        }
        // entries are sorted by class, then object: one row per group vertex
        int e = 0;
        for (int k = 0; k < groups.size(); k++) {
            start.set(n + k, (int) at);
            byte c = (byte) groups.get(k).ordinal();
            while (e < entries.length && cls[entries[e]] == c) target.set(at++, entries[e++]);
        }
        start.set(vertices, (int) at);
        int[] roots = Arrays.copyOf(g.roots(), g.roots().length + groups.size());
        for (int k = 0; k < groups.size(); k++) roots[g.roots().length + k] = n + k;
        return new RetainingGraph(n, vertices, start, target, roots, g.sizes(), g.adoptAnchor(), work,
                cls, groups.toArray(Reachability[]::new));
    }

    // The loops of withGroups are methods of their own: each is compiled alone when it gets hot (an
    // on-stack replacement of the whole method compiled all of it for its first, trivial loop)

    /** Which classes occur, by ordinal. */
    private static boolean[] classesPresent(byte[] cls) {
        boolean[] present = new boolean[Reachability.values().length];
        for (byte c : cls) present[c] = true;
        return present;
    }

    /**
     * Compacts each object's row to the references into its own class, in place, writing the new row
     * starts to {@code start}; returns the references kept.
     */
    private static long keepWithinClasses(byte[] cls, IntArray outStart, IntArray outTarget, IntArray start, int n) {
        long at = 0;
        byte strong = (byte) Reachability.STRONG.ordinal();
        for (int s = 0; s < n; ) {
            if (cls[s] == strong) {
                // a run of strongly reachable sources keeps every reference (the strong marking reached all
                // their targets), so the run's rows move as one block without a look at each target
                int runEnd = s + 1;
                while (runEnd < n && cls[runEnd] == strong) runEnd++;
                int from = outStart.get(s), to = outStart.get(runEnd);
                int shift = (int) (from - at);
                for (int v = s; v < runEnd; v++) start.set(v, outStart.get(v) - shift);
                if (shift != 0) outTarget.copyWithin(from, at, to - from);
                at += to - from;
                s = runEnd;
                continue;
            }
            start.set(s, (int) at);
            byte c = cls[s];
            for (int p = outStart.get(s), end = outStart.get(s + 1); p < end; p++) {
                int t = outTarget.get(p);
                if (cls[t] == c) outTarget.set(at++, t);
            }
            s++;
        }
        return at;
    }

    /**
     * The objects each group vertex points at, sorted by class then id: for the weak classes the targets
     * of weak references from objects of the same or a stronger class that were reached first through
     * such a reference; for the unreachable class the objects no other unreachable object retains, then,
     * in id order, one object of each ring left unmarked by a marking from those.
     */
    private static int[] entries(RetainingGraph g, WeakEdges weak, byte[] cls, Progress progress) {
        int n = g.objectCount();
        long[] entry = new long[(n + 63) >>> 6];
        weakEntries(weak, cls, entry);
        long[] retained = retainedWithinUnreachable(g, cls); // null when nothing is unreachable
        if (retained != null) {
            byte unreachable = (byte) Reachability.UNREACHABLE.ordinal();
            long[] marked = new long[(n + 63) >>> 6];
            var stack = new IntArrayList();
            for (int o = 0; o < n; o++) {
                if (cls[o] == unreachable && (retained[o >>> 6] & (1L << o)) == 0) {
                    entry[o >>> 6] |= 1L << o;
                    markWithin(g, cls, o, marked, stack);
                }
            }
            progress.checkCanceled();
            for (int o = 0; o < n; o++) { // rings held only by each other: one entry each, lowest id first
                if (cls[o] == unreachable && (marked[o >>> 6] & (1L << o)) == 0) {
                    entry[o >>> 6] |= 1L << o;
                    markWithin(g, cls, o, marked, stack);
                }
            }
        }
        return byClass(entry, cls);
    }

    /** Sets the entry bit of each weak reference's target that the reference reached first. */
    private static void weakEntries(WeakEdges weak, byte[] cls, long[] entry) {
        int[] source = weak.source(), target = weak.target();
        byte[] through = weak.through();
        for (int i = 0; i < weak.size(); i++) {
            int s = source[i], t = target[i];
            byte c = cls[t];
            if (c != Reachability.STRONG.ordinal() && c != Reachability.UNREACHABLE.ordinal() && cls[s] <= c
                    && through[i] <= c) {
                entry[t >>> 6] |= 1L << t;
            }
        }
    }

    /** Bits of the unreachable objects another unreachable object retains; null when no object is unreachable. */
    private static long[] retainedWithinUnreachable(RetainingGraph g, byte[] cls) {
        int n = g.objectCount();
        byte unreachable = (byte) Reachability.UNREACHABLE.ordinal();
        IntArray outStart = g.outStart(), outTarget = g.outTarget();
        long[] retained = new long[(n + 63) >>> 6];
        boolean anyUnreachable = false;
        for (int s = 0; s < n; s++) {
            if (cls[s] != unreachable) continue;
            anyUnreachable = true;
            for (int p = outStart.get(s), end = outStart.get(s + 1); p < end; p++) {
                int t = outTarget.get(p);
                if (cls[t] == unreachable) retained[t >>> 6] |= 1L << t;
            }
        }
        return anyUnreachable ? retained : null;
    }

    /** The objects whose entry bit is set, sorted by class, then id. */
    private static int[] byClass(long[] entry, byte[] cls) {
        int count = 0;
        for (long w : entry) count += Long.bitCount(w);
        int[] byClass = new int[Reachability.values().length + 1];
        for (int w = 0; w < entry.length; w++) {
            for (long bits = entry[w]; bits != 0; bits &= bits - 1) byClass[cls[(w << 6) + Long.numberOfTrailingZeros(bits)] + 1]++;
        }
        for (int c = 1; c < byClass.length; c++) byClass[c] += byClass[c - 1];
        int[] out = new int[count];
        for (int w = 0; w < entry.length; w++) {
            for (long bits = entry[w]; bits != 0; bits &= bits - 1) {
                int o = (w << 6) + Long.numberOfTrailingZeros(bits);
                out[byClass[cls[o]]++] = o;
            }
        }
        return out;
    }

    /** Marks what {@code from} reaches over retaining references within its class. */
    private static void markWithin(RetainingGraph g, byte[] cls, int from, long[] marked,
            IntArrayList stack) {
        IntArray outStart = g.outStart(), outTarget = g.outTarget();
        byte c = cls[from];
        marked[from >>> 6] |= 1L << from;
        stack.add(from);
        while (!stack.isEmpty()) {
            int v = stack.popInt();
            for (int p = outStart.get(v), end = outStart.get(v + 1); p < end; p++) {
                int t = outTarget.get(p);
                if (cls[t] == c && (marked[t >>> 6] & (1L << t)) == 0) {
                    marked[t >>> 6] |= 1L << t;
                    stack.add(t);
                }
            }
        }
    }
}
