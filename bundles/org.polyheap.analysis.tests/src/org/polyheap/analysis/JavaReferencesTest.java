package org.polyheap.analysis;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.polyheap.model.ClassInfo;
import org.polyheap.model.GcRoot;
import org.polyheap.model.HeapGraph;
import org.polyheap.model.Progress;
import org.polyheap.model.ReferenceKind;
import org.polyheap.model.RootKind;
import org.polyheap.model.format.SnapshotFormat;
import org.polyheap.model.memory.HeapGraphBuilder;

/**
 * References per kind, what clearing a kind frees, and the finalizer queue, on a hand-drawn heap whose
 * answers are worked out by hand in the comments (sizes in bytes).
 */
class JavaReferencesTest {
    // classes
    private static final String[] NAMES = { "java.lang.Object", "java.lang.ref.Reference", "java.lang.ref.SoftReference",
        "java.lang.ref.WeakReference", "java.lang.ref.FinalReference", "java.lang.ref.Finalizer", "Holder", "Payload", "byte[]",
        "java.lang.ref.PhantomReference", "java.lang.ref.ReferenceQueue", "java.lang.Class", "Finalizable",
        "java.lang.ref.Finalizer$FinalizerThread", "CacheRef" };
    private static final int[] SUPER = { -1, 0, 1, 1, 1, 4, 0, 0, 0, 1, 0, 0, 0, 0, 2 };

    /**
     * 0 Holder (root, 100) holds s1, s2, w1, f1, f2, f3, ph, and p2; s1 →soft p1 (16) → b1 (1000), p1 → p3 and p1 → s4
     * →soft p5 (16); s2 →soft p2 (16, also held by 0) → b2 (500); w1 →weak p3 (16); s3 is garbage →soft b2;
     * f1 →final x (24) → int[] (400), f1 not queued; f2 →final y (24), f2.queue = ENQUEUED; f3 →final 0 (alive);
     * ph →phantom p4 (16); the finalizer thread 22 holds f4 on its stack, f4 →final z (24), z on the stack too.
     * s4 is a CacheRef (a SoftReference subclass).
     */
    private static HeapGraph heap() {
        var b = new HeapGraphBuilder();
        b.format(SnapshotFormat.HPROF);
        int queueName = b.addString("queue"), enqueuedName = b.addString("ENQUEUED"), referent = b.addString("referent");
        for (int c = 0; c < NAMES.length; c++) {
            int classObject = NAMES[c].equals("java.lang.ref.ReferenceQueue") ? 17 : -1;
            b.addClass(new ClassInfo(NAMES[c], SUPER[c], classObject, -1, "", -1, List.of()));
        }
        int[][] objects = { // class, size
            {6, 100}, {2, 32}, {2, 32}, {7, 16}, {8, 1000}, {7, 16}, {8, 500}, {3, 32}, {7, 16}, {2, 32},
            {5, 40}, {12, 24}, {8, 400}, {9, 32}, {7, 16}, {14, 32}, {7, 16}, {11, 64}, {10, 24}, {5, 40},
            {12, 24}, {5, 40}, {13, 120}, {5, 40}, {12, 24} };
        for (int i = 0; i < objects.length; i++) b.addObject(objects[i][0], objects[i][1], 0x1000L + 16 * i, -1, -1);
        ref(b, 0, 1); ref(b, 0, 2); ref(b, 0, 5); ref(b, 0, 7); ref(b, 0, 10); ref(b, 0, 13); ref(b, 0, 19); ref(b, 0, 21);
        b.addReference(1, 3, ReferenceKind.SOFT, referent);
        b.addReference(2, 5, ReferenceKind.SOFT, referent);
        ref(b, 3, 4); ref(b, 3, 8); ref(b, 3, 15);
        ref(b, 5, 6);
        b.addReference(7, 8, ReferenceKind.JAVA_WEAK, referent);
        b.addReference(9, 6, ReferenceKind.SOFT, referent);
        b.addReference(10, 11, ReferenceKind.FINAL, referent);
        ref(b, 11, 12);
        b.addReference(13, 14, ReferenceKind.PHANTOM, referent);
        b.addReference(15, 16, ReferenceKind.SOFT, referent);
        b.addReference(17, 18, ReferenceKind.STATIC, enqueuedName);
        b.addReference(19, 18, ReferenceKind.FIELD, queueName);
        b.addReference(19, 20, ReferenceKind.FINAL, referent);
        b.addReference(21, 0, ReferenceKind.FINAL, referent);
        b.addReference(23, 24, ReferenceKind.FINAL, referent);
        b.addRoot(new GcRoot(0, RootKind.JNI_GLOBAL, -1, -1));
        b.addRoot(new GcRoot(17, RootKind.SYSTEM_CLASS, -1, -1));
        b.addRoot(new GcRoot(22, RootKind.THREAD_OBJECT, -1, -1));
        b.addRoot(new GcRoot(23, RootKind.JAVA_FRAME, 22, 0));
        b.addRoot(new GcRoot(24, RootKind.JAVA_FRAME, 22, 1));
        return b.build();
    }

    private static void ref(HeapGraphBuilder b, int from, int to) { b.addReference(from, to, ReferenceKind.FIELD, -1); }

    private static JavaReferences references(HeapGraph g) {
        return HeapAnalysis.run(g, Progress.NONE).javaReferences(Progress.NONE);
    }

    @Test
    void clearingSoftReferencesFreesWhatOnlyTheyReach() {
        var soft = references(heap()).of(JavaReferences.Kind.SOFT);
        assertEquals(3, soft.references(), "s1, s2 and the CacheRef s4; the garbage s3 is left out");
        assertArrayEquals(new int[] {1, 2, 15}, soft.referenceObjects());
        assertArrayEquals(new int[] {3, 5, 16}, soft.referentOf());
        // p1 and b1, and what only p1 reaches: s4 and its referent p5; p3 stays (w1 reaches it), p2 stays (0 holds it)
        assertEquals(4, soft.freedObjects());
        assertEquals(16 + 1000 + 32 + 16, soft.freedBytes());
        assertEquals(1, soft.classes().size());
        var payload = soft.classes().getFirst();
        assertEquals("Payload", payload.className());
        assertEquals(3, payload.references());
        assertEquals(3, payload.referents());
        assertEquals(48, payload.referentsShallow());
        assertEquals(1, payload.heldOtherwise(), "p2");
        assertEquals(1064, payload.freedBytes());
        assertArrayEquals(new int[] {3, 16, 5}, payload.objects(), "the biggest first, the one held otherwise last");
        assertArrayEquals(new long[] {1064, 16, 0}, payload.objectFreed());
        assertArrayEquals(new int[] {2}, soft.referencesTo(5), "s2 refers to p2");
    }

    @Test
    void aWeakReferentAnotherPathHoldsFreesNothing() {
        var weak = references(heap()).of(JavaReferences.Kind.WEAK);
        assertEquals(1, weak.references());
        assertEquals(1, weak.referents());
        assertEquals(1, weak.heldOtherwise(), "p3: p1 reaches it through a soft reference, which stays followed");
        assertEquals(0, weak.freedBytes());
    }

    @Test
    void phantomAndFinalizerReferents() {
        var refs = references(heap());
        var phantom = refs.of(JavaReferences.Kind.PHANTOM);
        assertEquals(16, phantom.freedBytes());
        assertEquals(1, phantom.freedObjects());
        var fin = refs.of(JavaReferences.Kind.FINALIZER);
        assertEquals(4, fin.references());
        // x and its int[], and y; z is a stack root of the finalizer thread, 0 a root
        assertEquals(24 + 400 + 24, fin.freedBytes());
        assertEquals(List.of("Finalizable", "Holder"), fin.classes().stream().map(JavaReferences.ReferentClass::className).toList());
        assertEquals(448, fin.classes().getFirst().freedBytes());
    }

    @Test
    void theFinalizerQueueSaysWhereEachFinalizableObjectIs() {
        var q = references(heap()).finalizers();
        assertEquals(22, q.thread());
        assertArrayEquals(new int[] {24}, q.inProcessing());
        assertArrayEquals(new int[] {20}, q.ready(), "f2.queue is ReferenceQueue.ENQUEUED");
        assertArrayEquals(new int[] {11}, q.pending(), "only f1 reaches x, and f1 is not queued");
        assertArrayEquals(new int[] {0}, q.alive());
        assertEquals(4, q.registered());
    }

    @Test
    void aHeapWithoutReferenceClassesHasZeroFigures() {
        var refs = references(TestGraphs.of(3, new int[][] {{0, 1}, {1, 2}}, 0));
        for (var k : refs.kinds()) {
            assertEquals(0, k.references(), k.kind().word());
            assertEquals(0, k.freedBytes());
        }
        assertEquals(-1, refs.finalizers().thread());
        assertEquals(0, refs.finalizers().registered());
    }

    /**
     * On 500 random heaps with soft and weak references: a kind's freed bytes equal a marking without that
     * kind's referents, and a referent class's equal a marking without the kind's references to that class,
     * whenever no reference of the kind is itself only reached through the kind (the documented simplification).
     */
    @Test
    void freedBytesEqualMarkingsOnRandomHeaps() {
        var random = new java.util.Random(21);
        int checkedClasses = 0;
        for (int round = 0; round < 500; round++) {
            int n = 5 + random.nextInt(35);
            var b = new HeapGraphBuilder();
            b.format(SnapshotFormat.HPROF);
            String[] names = { "java.lang.Object", "java.lang.ref.Reference", "java.lang.ref.SoftReference",
                "java.lang.ref.WeakReference", "A", "B", "C" };
            int[] supers = { -1, 0, 1, 1, 0, 0, 0 };
            for (int c = 0; c < names.length; c++) b.addClass(new ClassInfo(names[c], supers[c], -1, -1, "", -1, List.of()));
            int[] cls = new int[n];
            for (int o = 0; o < n; o++) b.addObject(cls[o] = 2 + random.nextInt(5), 8 + random.nextInt(100), o, -1, -1);
            var edges = new java.util.ArrayList<int[]>(); // from, to, kind code
            for (int o = 0; o < n; o++) {
                if ((cls[o] == 2 || cls[o] == 3) && random.nextInt(4) > 0) {
                    edges.add(new int[] {o, random.nextInt(n), (cls[o] == 2 ? ReferenceKind.SOFT : ReferenceKind.JAVA_WEAK).code()});
                }
                for (int k = random.nextInt(3); k > 0; k--) edges.add(new int[] {o, random.nextInt(n), ReferenceKind.FIELD.code()});
            }
            for (int[] e : edges) b.addReference(e[0], e[1], ReferenceKind.ofCode(e[2]), -1);
            int roots = 1 + random.nextInt(3);
            for (int r = 0; r < roots; r++) b.addRoot(new GcRoot(random.nextInt(n), RootKind.JNI_GLOBAL, -1, -1));
            HeapGraph g = b.build();
            var refs = references(g);
            boolean[] all = naive(g, edges, e -> true);
            for (var kind : List.of(JavaReferences.Kind.SOFT, JavaReferences.Kind.WEAK)) {
                int code = kind.referentKind().code();
                boolean[] kept = naive(g, edges, e -> e[2] != code);
                var figures = refs.of(kind);
                assertEquals(bytes(g, all, kept), figures.freedBytes(), "round " + round + " " + kind.word());
                boolean chained = edges.stream().anyMatch(e -> e[2] == code && all[e[0]] && !kept[e[0]] && e[0] != e[1]);
                if (chained) continue;
                for (var c : figures.classes()) {
                    boolean[] keptWithoutClass = naive(g, edges, e -> !(e[2] == code && cls[e[1]] == c.classId()));
                    assertEquals(bytes(g, all, keptWithoutClass), c.freedBytes(), "round " + round + " " + kind.word() + " " + c.className());
                    checkedClasses++;
                }
            }
        }
        assertEquals(true, checkedClasses > 300, "classes checked: " + checkedClasses);
    }

    /** Marks from the roots over the references {@code follow} keeps; self references aside, as the analysis does. */
    private static boolean[] naive(HeapGraph g, List<int[]> edges, java.util.function.Predicate<int[]> follow) {
        boolean[] marked = new boolean[g.objectCount()];
        var stack = new java.util.ArrayDeque<Integer>();
        for (GcRoot r : g.gcRoots()) if (!marked[r.object()]) { marked[r.object()] = true; stack.push(r.object()); }
        while (!stack.isEmpty()) {
            int v = stack.pop();
            for (int[] e : edges) {
                if (e[0] == v && follow.test(e) && !marked[e[1]]) {
                    marked[e[1]] = true;
                    stack.push(e[1]);
                }
            }
        }
        return marked;
    }

    private static long bytes(HeapGraph g, boolean[] all, boolean[] kept) {
        long sum = 0;
        for (int o = 0; o < all.length; o++) if (all[o] && !kept[o]) sum += g.shallowSize().get(o);
        return sum;
    }
}
