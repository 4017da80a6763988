package org.polyheap.analysis;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.polyheap.model.GcRoot;
import org.polyheap.model.HeapGraph;
import org.polyheap.model.Progress;
import org.polyheap.model.ReferenceKind;
import org.polyheap.model.RootKind;
import org.polyheap.model.format.SnapshotFormat;
import org.polyheap.model.memory.HeapGraphBuilder;

/** Java-frame and JNI-local roots as references from their thread (MAT's convention), on a hand-drawn heap. */
class StackRootsTest {
    private static final int V = DominatorTree.VIRTUAL_ROOT;

    private static DominatorTree tree(HeapGraph g, boolean underThread) {
        var options = AnalysisOptions.forGraph(g).withStackRootsUnderThread(underThread);
        return DominatorTree.compute(RetentionRules.build(g, options, Progress.NONE), Progress.NONE);
    }

    /**
     * Thread 0 (a thread root); 1 a Java local of 0 that holds 2; 3 a JNI local of 0 and also a JNI
     * global; 4 a Java local of 0 that 5 (a system class) also points at; 6 a Java local of an unknown
     * thread; 7 a Java local of 0 twice (two frames).
     */
    private static HeapGraph stacks() {
        var b = new HeapGraphBuilder();
        b.format(SnapshotFormat.HPROF);
        for (int i = 0; i < 8; i++) b.addObject(10 * (i + 1));
        b.addReference(1, 2, ReferenceKind.FIELD, -1);
        b.addReference(5, 4, ReferenceKind.FIELD, -1);
        b.addRoot(new GcRoot(0, RootKind.THREAD_OBJECT, -1, -1));
        b.addRoot(new GcRoot(1, RootKind.JAVA_FRAME, 0, 3));
        b.addRoot(new GcRoot(3, RootKind.JNI_LOCAL, 0, 1));
        b.addRoot(new GcRoot(3, RootKind.JNI_GLOBAL, -1, -1));
        b.addRoot(new GcRoot(4, RootKind.JAVA_FRAME, 0, 0));
        b.addRoot(new GcRoot(5, RootKind.SYSTEM_CLASS, -1, -1));
        b.addRoot(new GcRoot(6, RootKind.JAVA_FRAME, -1, 0));
        b.addRoot(new GcRoot(7, RootKind.JAVA_FRAME, 0, 1));
        b.addRoot(new GcRoot(7, RootKind.JAVA_FRAME, 0, 2));
        return b.build();
    }

    @Test
    void stackRootsAreRootsOfTheirOwnByDefault() {
        var t = tree(stacks(), false);
        assertArrayEquals(new int[] {V, V, 1, V, V, V, V, V}, t.dominator().toArray());
        assertEquals(10, t.retained().get(0));
    }

    @Test
    void threadRetainsWhatOnlyItsStackHolds() {
        var t = tree(stacks(), true);
        // 1 (and through it 2) and 7 hang under the thread; 3 stays a root (JNI global); 4 is also held
        // by the class 5, so only the virtual root dominates it; 6 has no known thread
        assertArrayEquals(new int[] {V, 0, 1, V, V, V, V, 0}, t.dominator().toArray());
        assertEquals(10 + 20 + 30 + 80, t.retained().get(0));
        assertEquals(360, t.totalBytes());
    }
}
