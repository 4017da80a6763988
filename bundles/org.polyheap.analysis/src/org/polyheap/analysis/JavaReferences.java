package org.polyheap.analysis;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

import org.polyheap.model.HeapGraph;
import org.polyheap.model.Progress;
import org.polyheap.model.ReferenceKind;

import it.unimi.dsi.fastutil.ints.Int2IntOpenHashMap;
import it.unimi.dsi.fastutil.ints.IntArrayList;

/**
 * The {@code java.lang.ref} references of a Java heap dump, per kind (soft, weak, finalizer, phantom):
 * the reachable {@code Reference} objects, their referents grouped by the referent's class, and the bytes
 * that clearing the references of a kind would free — the objects that no longer reach a GC root when
 * references of that kind are not followed, every other reference (the other kinds' referents included)
 * still followed. MAT's Soft/Weak/Phantom Reference Statistics and Finalizer Overview answer the same
 * questions. Immutable.
 *
 * <p>How: one marking from the GC roots over every reference (the reachable objects), then per kind one
 * marking that skips that kind's referents; the difference is what clearing frees. Who frees what inside it
 * comes from a dominator tree of the freed objects alone ({@link FreedByClearing}). Input: the retaining
 * graph under {@link Semantics#JAVA} before reachability groups (so every cross reference is in it) and its
 * {@link WeakEdges}, which hold exactly the referents. Cost: five markings, O(objects + references) each,
 * a bit per object for each set kept, 4 bytes per object for the freed objects' numbering.
 */
public final class JavaReferences {

    /** A kind of {@code java.lang.ref.Reference}, in the order the JVM clears them. */
    public enum Kind {
        SOFT("soft", "java.lang.ref.SoftReference", ReferenceKind.SOFT, Reachability.SOFT),
        WEAK("weak", "java.lang.ref.WeakReference", ReferenceKind.JAVA_WEAK, Reachability.WEAK),
        FINALIZER("finalizer", "java.lang.ref.FinalReference", ReferenceKind.FINAL, Reachability.FINALIZER),
        PHANTOM("phantom", "java.lang.ref.PhantomReference", ReferenceKind.PHANTOM, Reachability.PHANTOM);

        private final String word;
        private final String baseClass;
        private final ReferenceKind referent;
        private final Reachability through;

        Kind(String word, String baseClass, ReferenceKind referent, Reachability through) {
            this.word = word;
            this.baseClass = baseClass;
            this.referent = referent;
            this.through = through;
        }

        /** The word the command line and JSON use: {@code soft}, {@code weak}, {@code finalizer}, {@code phantom}. */
        public String word() { return word; }

        /** The JDK class whose subclasses are of this kind ({@code java.lang.ref.SoftReference}). */
        public String baseClass() { return baseClass; }

        /** The kind the HPROF parser gives a {@code Reference.referent} of this kind. */
        public ReferenceKind referentKind() { return referent; }

        /** "Soft references". */
        public String title() { return word.substring(0, 1).toUpperCase(Locale.ROOT) + word.substring(1) + " references"; }

        /** The kind of that word, or null. */
        public static Kind ofWord(String word) {
            for (Kind k : values()) if (k.word.equals(word)) return k;
            return null;
        }

        /** The kind of a referent reached through a non-retaining reference of {@link WeakEdges}' class, or null. */
        static Kind ofThrough(int through) {
            for (Kind k : values()) if (k.through.ordinal() == through) return k;
            return null;
        }
    }

    /**
     * The referents of one class through one kind of reference.
     *
     * @param references       reachable {@code Reference} objects of the kind whose referent is of the class
     * @param referents        distinct referents
     * @param referentsShallow their shallow bytes
     * @param heldOtherwise    referents that a path without references of this kind reaches: clearing leaves them
     * @param freedObjects     objects clearing the kind's references to these referents would free (see the class comment)
     * @param freedBytes       their bytes
     * @param objects          the referents, the biggest {@code objectFreed} first
     * @param objectFreed      per referent, what it keeps alone among the objects clearing the whole kind frees
     *                         (its retained size there); 0 for a referent held otherwise
     * @param objectReferences per referent, how many references of the kind point at it
     */
    public record ReferentClass(int classId, String className, int references, int referents, long referentsShallow,
            int heldOtherwise, long freedObjects, long freedBytes, int[] objects, long[] objectFreed, int[] objectReferences) { }

    /**
     * One kind's figures.
     *
     * @param references       reachable {@code Reference} objects of the kind (instances of its classes;
     *                         garbage the dump still holds is left out)
     * @param cleared          those whose referent is null (cleared, or never set)
     * @param referents        distinct referents of the others
     * @param referentsShallow their shallow bytes
     * @param heldOtherwise    referents a path without references of this kind reaches
     * @param freedObjects     objects that no longer reach a GC root when references of this kind are not followed
     * @param freedBytes       their bytes
     * @param classes          the referents by class, the biggest {@code freedBytes} first
     * @param referenceObjects the reachable {@code Reference} objects, by referent (the cleared ones first), then ascending
     * @param referentOf       per reference object, its referent or -1; ascending
     */
    public record KindFigures(Kind kind, int references, int cleared, int referents, long referentsShallow,
            int heldOtherwise, long freedObjects, long freedBytes, List<ReferentClass> classes, int[] referenceObjects,
            int[] referentOf) {

        /** The {@code Reference} objects of this kind whose referent is {@code object}, ascending. O(log references). */
        public int[] referencesTo(int object) {
            int at = Arrays.binarySearch(referentOf, object);
            if (at < 0) return new int[0];
            int from = at, to = at + 1;
            while (from > 0 && referentOf[from - 1] == object) from--;
            while (to < referentOf.length && referentOf[to] == object) to++;
            return Arrays.copyOfRange(referenceObjects, from, to);
        }
    }

    private final List<KindFigures> kinds;
    private final FinalizerQueue finalizers;

    private JavaReferences(List<KindFigures> kinds, FinalizerQueue finalizers) {
        this.kinds = kinds;
        this.finalizers = finalizers;
    }

    /** The four kinds, in {@link Kind} order (a kind the heap has no reference of has zero figures). */
    public List<KindFigures> kinds() { return kinds; }

    public KindFigures of(Kind kind) { return kinds.get(kind.ordinal()); }

    /** The finalizer queue: objects ready for, in and waiting for finalization. */
    public FinalizerQueue finalizers() { return finalizers; }

    /**
     * Computes the figures. {@code retaining} must be the graph {@link RetentionRules#retainingReferences}
     * builds under {@link Semantics#JAVA} (no reachability groups), {@code weak} its referents.
     */
    static JavaReferences compute(HeapGraph graph, RetainingGraph retaining, WeakEdges weak, Progress progress) {
        int n = graph.objectCount();
        progress.phase("Marking what every reference reaches", n);
        long[] reachable = mark(retaining, weak, -1, progress);
        Kind[] kindOfClass = kindsOfClasses(graph);
        var referenceObjects = new IntArrayList[Kind.values().length];
        for (int k = 0; k < referenceObjects.length; k++) referenceObjects[k] = new IntArrayList();
        int[] cls = new int[1 << 14];
        for (int at = 0; at < n; at += cls.length) { // the column in order: a mapped one is read once
            int len = Math.min(cls.length, n - at);
            graph.objectClass().copyTo(at, cls, 0, len);
            for (int i = 0; i < len; i++) {
                Kind k = kindOfClass[cls[i]];
                if (k != null && isSet(reachable, at + i)) referenceObjects[k.ordinal()].add(at + i);
            }
        }
        var kinds = new ArrayList<KindFigures>();
        long[][] freedSets = new long[Kind.values().length][];
        for (Kind k : Kind.values()) {
            progress.phase("Marking without " + k.word() + " references", n);
            long[] kept = mark(retaining, weak, k.through.ordinal(), progress);
            long[] freed = new long[kept.length];
            for (int w = 0; w < freed.length; w++) freed[w] = reachable[w] & ~kept[w];
            freedSets[k.ordinal()] = freed;
            kinds.add(figures(graph, retaining, weak, k, referenceObjects[k.ordinal()].toIntArray(), reachable, kept, freed, progress));
        }
        return new JavaReferences(List.copyOf(kinds),
                FinalizerQueue.find(graph, kinds.get(Kind.FINALIZER.ordinal()), freedSets[Kind.FINALIZER.ordinal()]));
    }

    /** A kind's figures from its markings. */
    private static KindFigures figures(HeapGraph graph, RetainingGraph retaining, WeakEdges weak, Kind k, int[] refs,
            long[] reachable, long[] kept, long[] freed, Progress progress) {
        int through = k.through.ordinal();
        int[] referentOf = new int[refs.length];
        Arrays.fill(referentOf, -1);
        var refIndex = new Int2IntOpenHashMap(refs.length);
        for (int i = 0; i < refs.length; i++) refIndex.put(refs[i], i);
        // the referents, each with how many references of the kind point at it
        var referenceCount = new Int2IntOpenHashMap();
        for (int i = 0; i < weak.size(); i++) {
            int s = weak.source()[i];
            if (weak.through()[i] != through || !isSet(reachable, s)) continue;
            referenceCount.addTo(weak.target()[i], 1);
            int at = refIndex.getOrDefault(s, -1);
            if (at >= 0) referentOf[at] = weak.target()[i];
        }
        int cleared = 0;
        for (int r : referentOf) if (r < 0) cleared++;
        var freedBy = FreedByClearing.compute(graph, retaining, weak, through, kept, freed, progress);
        var byClass = new Int2IntOpenHashMap(); // class id → index in members
        byClass.defaultReturnValue(-1);
        var members = new ArrayList<IntArrayList>();
        int[] referents = referenceCount.keySet().toIntArray();
        Arrays.sort(referents);
        for (int t : referents) {
            int c = graph.objectClass().get(t);
            int at = byClass.get(c);
            if (at < 0) {
                byClass.put(c, at = members.size());
                members.add(new IntArrayList());
            }
            members.get(at).add(t);
        }
        var classes = new ArrayList<ReferentClass>();
        long shallowAll = 0;
        int heldAll = 0;
        for (var list : members) {
            int[] objects = list.toIntArray();
            int c = graph.objectClass().get(objects[0]);
            long shallow = 0;
            int held = 0, refCount = 0;
            Integer[] order = new Integer[objects.length];
            long[] objectFreed = new long[objects.length];
            for (int i = 0; i < objects.length; i++) {
                int t = objects[i];
                order[i] = i;
                shallow += graph.shallowSize().get(t);
                if (!isSet(freed, t)) held++;
                refCount += referenceCount.get(t);
                objectFreed[i] = freedBy.retainedBytes(t);
            }
            Arrays.sort(order, Comparator.comparingLong((Integer i) -> objectFreed[i]).reversed().thenComparingInt(i -> objects[i]));
            int[] sortedObjects = new int[objects.length], sortedRefs = new int[objects.length];
            long[] sortedFreed = new long[objects.length];
            for (int i = 0; i < order.length; i++) {
                sortedObjects[i] = objects[order[i]];
                sortedFreed[i] = objectFreed[order[i]];
                sortedRefs[i] = referenceCount.get(sortedObjects[i]);
            }
            classes.add(new ReferentClass(c, graph.classes().get(c).name(), refCount, objects.length, shallow, held,
                    freedBy.groupObjects(c), freedBy.groupBytes(c), sortedObjects, sortedFreed, sortedRefs));
            shallowAll += shallow;
            heldAll += held;
        }
        classes.sort(Comparator.comparingLong(ReferentClass::freedBytes).reversed()
                .thenComparing(Comparator.comparingLong(ReferentClass::referentsShallow).reversed())
                .thenComparing(ReferentClass::className));
        // by referent, so that a referent's references are found by binary search
        long[] pairs = new long[refs.length];
        for (int i = 0; i < refs.length; i++) pairs[i] = (long) referentOf[i] << 32 | (refs[i] & 0xffffffffL);
        Arrays.sort(pairs);
        int[] byReferent = new int[refs.length], referentSorted = new int[refs.length];
        for (int i = 0; i < pairs.length; i++) {
            referentSorted[i] = (int) (pairs[i] >> 32);
            byReferent[i] = (int) pairs[i];
        }
        return new KindFigures(k, refs.length, cleared, referents.length, shallowAll, heldAll, freedBy.totalObjects(),
                freedBy.totalBytes(), List.copyOf(classes), byReferent, referentSorted);
    }

    /** Per class id, the kind of its instances' {@code Reference.referent} (its own or an ancestor's), or null. */
    static Kind[] kindsOfClasses(HeapGraph graph) {
        var classes = graph.classes();
        Kind[] kinds = new Kind[classes.size()];
        for (int c = 0; c < classes.size(); c++) {
            int depth = 0;
            for (int s = c; s >= 0 && s < classes.size() && depth++ < 1000; s = classes.get(s).superClass()) {
                String name = classes.get(s).name();
                for (Kind k : Kind.values()) if (k.baseClass.equals(name)) kinds[c] = k;
                if (kinds[c] != null) break;
            }
        }
        return kinds;
    }

    /**
     * The objects reached from the GC roots over the retaining references and the referents, those whose
     * {@link WeakEdges#through} is {@code skipThrough} left out (-1: none). A bit per object.
     */
    static long[] mark(RetainingGraph g, WeakEdges weak, int skipThrough, Progress progress) {
        int n = g.objectCount();
        long[] marked = new long[(n + 63) >>> 6];
        var stack = new IntArrayList();
        for (int r : g.roots()) push(r, marked, stack);
        IntArray outStart = g.outStart(), outTarget = g.outTarget();
        long steps = 0;
        while (!stack.isEmpty()) {
            if ((++steps & 0xffff) == 0) progress.checkCanceled();
            int v = stack.popInt();
            for (int p = outStart.get(v), end = outStart.get(v + 1); p < end; p++) push(outTarget.get(p), marked, stack);
            for (int i = weak.firstOf(v); i < weak.size() && weak.source()[i] == v; i++) {
                if (weak.through()[i] != skipThrough) push(weak.target()[i], marked, stack);
            }
        }
        return marked;
    }

    private static void push(int o, long[] marked, IntArrayList stack) {
        if (isSet(marked, o)) return;
        marked[o >>> 6] |= 1L << o;
        stack.add(o);
    }

    static boolean isSet(long[] bits, int i) { return (bits[i >>> 6] & (1L << i)) != 0; }
}
