package org.polyheap.analysis;

import java.util.Arrays;

import org.polyheap.model.GcRoot;
import org.polyheap.model.HeapGraph;
import org.polyheap.model.ReferenceKind;
import org.polyheap.model.RootKind;

import it.unimi.dsi.fastutil.ints.IntArrayList;

/**
 * The objects with a {@code finalize()} the JVM has registered and not yet finalized — the referents of
 * the {@code java.lang.ref.Finalizer} objects, which the JDK clears once {@code finalize()} has run — by
 * where they are (MAT's Finalizer Overview):
 * <ul>
 * <li>{@code inProcessing}: the referent of a {@code Finalizer} that the finalizer thread's stack holds
 *     ({@code Finalizer.runFinalizer} keeps it as a local while {@code finalize()} runs);</li>
 * <li>{@code ready}: queued for the finalizer thread — the {@code Finalizer}'s {@code queue} field is the
 *     JDK's {@code ReferenceQueue.ENQUEUED} marker, which it holds from being queued until it is taken;</li>
 * <li>{@code pending}: reached only through finalizer references but not queued yet (the GC found them;
 *     the reference handler thread has not moved them to the queue when the dump was written);</li>
 * <li>{@code alive}: still reached without finalizer references, so not due.</li>
 * </ul>
 * Each list holds the finalizable objects (the referents), ascending. Read from the graph alone: the static
 * fields {@code ReferenceQueue.ENQUEUED} and {@code Finalizer.queue} by name, the stack roots of the
 * {@code Finalizer$FinalizerThread}. Immutable.
 *
 * @param thread the finalizer thread's {@code Thread} object, -1 when the dump has none
 * @param queue  the {@code ReferenceQueue} of {@code Finalizer.queue}, -1 when not found
 */
public record FinalizerQueue(int thread, int queue, int[] inProcessing, int[] ready, int[] pending, int[] alive) {
    static final String FINALIZER = "java.lang.ref.Finalizer";
    static final String FINALIZER_THREAD = "java.lang.ref.Finalizer$FinalizerThread";
    static final String REFERENCE_QUEUE = "java.lang.ref.ReferenceQueue";

    /** Every object the JVM still has to finalize. */
    public int registered() { return inProcessing.length + ready.length + pending.length + alive.length; }

    /** O(objects of the finalizer kind + GC roots). */
    static FinalizerQueue find(HeapGraph g, JavaReferences.KindFigures finalizers, long[] onlyThroughFinalizers) {
        int enqueued = staticField(g, REFERENCE_QUEUE, "ENQUEUED");
        int queue = staticField(g, FINALIZER, "queue");
        int thread = -1;
        int threadClass = classNamed(g, FINALIZER_THREAD);
        var onStack = new it.unimi.dsi.fastutil.ints.IntOpenHashSet();
        if (threadClass >= 0) {
            for (GcRoot r : g.gcRoots()) {
                if (r.kind() == RootKind.THREAD_OBJECT && g.objectClass().get(r.object()) == threadClass) thread = r.object();
            }
            for (GcRoot r : g.gcRoots()) {
                if (thread >= 0 && r.context() == thread && (r.kind() == RootKind.JAVA_FRAME || r.kind() == RootKind.JNI_LOCAL)) {
                    onStack.add(r.object());
                }
            }
        }
        var inProcessing = new IntArrayList();
        var ready = new IntArrayList();
        var pending = new IntArrayList();
        var alive = new IntArrayList();
        int[] refs = finalizers.referenceObjects(), referent = finalizers.referentOf();
        for (int i = 0; i < refs.length; i++) {
            int r = referent[i];
            if (r < 0) continue; // finalized: the JDK clears the referent after finalize()
            if (onStack.contains(refs[i])) inProcessing.add(r);
            else if (enqueued >= 0 && field(g, refs[i], "queue") == enqueued) ready.add(r);
            else if (JavaReferences.isSet(onlyThroughFinalizers, r)) pending.add(r);
            else alive.add(r);
        }
        return new FinalizerQueue(thread, queue, sorted(inProcessing), sorted(ready), sorted(pending), sorted(alive));
    }

    private static int[] sorted(IntArrayList list) {
        int[] a = list.toIntArray();
        Arrays.sort(a);
        return a;
    }

    private static int classNamed(HeapGraph g, String name) {
        var classes = g.classes();
        for (int c = 0; c < classes.size(); c++) if (classes.get(c).name().equals(name)) return c;
        return -1;
    }

    /** The object a static field of a class refers to, or -1 (no such class, field, or a null value). */
    static int staticField(HeapGraph g, String className, String field) {
        int c = classNamed(g, className);
        int classObject = c < 0 ? -1 : g.classes().get(c).classObject();
        return classObject < 0 ? -1 : reference(g, classObject, ReferenceKind.STATIC, field);
    }

    /** The object an instance field refers to, or -1. */
    static int field(HeapGraph g, int object, String field) { return reference(g, object, ReferenceKind.FIELD, field); }

    private static int reference(HeapGraph g, int object, ReferenceKind kind, String name) {
        for (long p = g.outStart().get(object), end = g.outStart().get(object + 1); p < end; p++) {
            if (g.outKind().get(p) != kind.code()) continue;
            int id = g.outName().get(p);
            if (id >= 0 && id < g.stringCount() && g.string(id).equals(name)) return g.outTarget().get(p);
        }
        return -1;
    }
}
