package org.polyheap.analysis;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.polyheap.model.ClassInfo;
import org.polyheap.model.GcRoot;
import org.polyheap.model.HeapGraph;
import org.polyheap.model.Progress;
import org.polyheap.model.ReferenceKind;
import org.polyheap.model.RootKind;
import org.polyheap.model.format.SnapshotFormat;
import org.polyheap.model.memory.HeapGraphBuilder;

class SemanticsTest {
    private static final int V = DominatorTree.VIRTUAL_ROOT, U = DominatorTree.UNREACHABLE;

    private static DominatorTree tree(HeapGraph g, AnalysisOptions o) {
        return DominatorTree.compute(RetentionRules.build(g, o, Progress.NONE), Progress.NONE);
    }

    /** root 0 -> WeakReference 1 -(referent)-> 2; 0 -> 3 -(soft)-> 2. */
    private static HeapGraph javaReferences() {
        var b = new HeapGraphBuilder();
        b.format(SnapshotFormat.HPROF);
        for (int i = 0; i < 4; i++) b.addObject(100);
        b.addReference(0, 1, ReferenceKind.FIELD, -1);
        b.addReference(0, 3, ReferenceKind.FIELD, -1);
        b.addReference(1, 2, ReferenceKind.JAVA_WEAK, -1);
        b.addReference(3, 2, ReferenceKind.SOFT, -1);
        b.addRoot(new GcRoot(0, RootKind.SYSTEM_CLASS, -1, -1));
        return b.build();
    }

    @Test
    void javaReferentDoesNotRetainByDefault() {
        var g = javaReferences();
        var t = tree(g, AnalysisOptions.forGraph(g));
        assertEquals(Semantics.JAVA, AnalysisOptions.forGraph(g).semantics());
        // 2 is reached through a weak and a soft referent: softly reachable, under the group node 4
        assertArrayEquals(new int[] {V, 0, 4, 0, V}, t.dominator().toArray());
        assertEquals(Reachability.SOFT, t.groupOf(4));
        assertEquals(Reachability.SOFT, t.reachabilityOf(2));
        assertEquals(300, t.reachableBytes());
        assertEquals(100, t.totals().bytes(Reachability.SOFT));
        assertEquals(100, t.retained().get(4));
        assertEquals(400, t.totalBytes());
    }

    @Test
    void javaReachabilityIsTheStrongestPathsWeakestReference() {
        // root 0 -> 1 -(weak)-> 2 -> 3 -(soft)-> 4; 0 -> 5 -(phantom)-> 6; 0 -> 7 -(final)-> 8 -(soft)-> 9; 10 alone
        var b = new HeapGraphBuilder();
        b.format(SnapshotFormat.HPROF);
        for (int i = 0; i < 11; i++) b.addObject(10 + i);
        b.addReference(0, 1, ReferenceKind.FIELD, -1);
        b.addReference(0, 5, ReferenceKind.FIELD, -1);
        b.addReference(0, 7, ReferenceKind.FIELD, -1);
        b.addReference(1, 2, ReferenceKind.JAVA_WEAK, -1);
        b.addReference(2, 3, ReferenceKind.FIELD, -1);
        b.addReference(3, 4, ReferenceKind.SOFT, -1);
        b.addReference(5, 6, ReferenceKind.PHANTOM, -1);
        b.addReference(7, 8, ReferenceKind.FINAL, -1);
        b.addReference(8, 9, ReferenceKind.SOFT, -1);
        b.addRoot(new GcRoot(0, RootKind.SYSTEM_CLASS, -1, -1));
        var g = b.build();
        var t = tree(g, AnalysisOptions.forGraph(g));
        var expected = new Reachability[] {Reachability.STRONG, Reachability.STRONG, Reachability.WEAK, Reachability.WEAK,
            Reachability.WEAK, Reachability.STRONG, Reachability.PHANTOM, Reachability.STRONG, Reachability.FINALIZER,
            Reachability.FINALIZER, Reachability.UNREACHABLE};
        for (int o = 0; o < 11; o++) assertEquals(expected[o], t.reachabilityOf(o), "object " + o);
        // groups in class order after the objects: weak 11, finalizer 12, phantom 13, unreachable 14
        assertArrayEquals(new Reachability[] {Reachability.WEAK, Reachability.FINALIZER, Reachability.PHANTOM,
            Reachability.UNREACHABLE}, t.groups());
        // inside a group the usual rules: 3 is held by 2; 4, reached through a soft referent, is an entry of its own
        assertArrayEquals(new int[] {V, 0, 11, 2, 11, 0, 13, 0, 12, 12, 14, V, V, V, V}, t.dominator().toArray());
        assertEquals(12 + 13, t.retained().get(2));
        long total = 0;
        for (int o = 0; o < 11; o++) total += 10 + o;
        long top = 0;
        for (int c : t.children(V)) top += t.retained().get(c);
        assertEquals(total, top, "the root holds every byte");
    }

    @Test
    void matModeCountsReferentsAsStrongReferences() {
        var g = javaReferences();
        var t = tree(g, AnalysisOptions.forGraph(g).withSemantics(Semantics.JAVA_MAT));
        assertArrayEquals(new int[] {V, 0, 0, 0}, t.dominator().toArray()); // 2 is held by both 1 and 3
        assertEquals(400, t.retained().get(0));
    }

    @Test
    void dartEphemeronValueIsRetainedOnlyWhileItsKeyIsReachable() {
        // 0 root -> 1 (weak property A) and 0 -> 4 (key of A); A -weak-> 4, A -ephemeron-> 5
        // 0 -> 2 (weak property B) whose key 6 is held by nothing else; B -weak-> 6, B -ephemeron-> 7
        var b = new HeapGraphBuilder();
        b.format(SnapshotFormat.DART);
        for (int i = 0; i < 8; i++) b.addObject(10);
        b.addReference(0, 1, ReferenceKind.FIELD, -1);
        b.addReference(0, 2, ReferenceKind.FIELD, -1);
        b.addReference(0, 4, ReferenceKind.FIELD, -1);
        b.addReference(1, 4, ReferenceKind.WEAK, -1);
        b.addReference(1, 5, ReferenceKind.EPHEMERON, -1);
        b.addReference(2, 6, ReferenceKind.WEAK, -1);
        b.addReference(2, 7, ReferenceKind.EPHEMERON, -1);
        b.addRoot(new GcRoot(0, RootKind.DART_ROOT, -1, -1));
        var g = b.build();
        var t = tree(g, AnalysisOptions.forGraph(g));
        // 6 (dead key) and 7 (its value) are only weakly reachable (group 8); 3 is unreachable (group 9)
        assertArrayEquals(new int[] {V, 0, 0, 9, 0, 1, 8, 8, V, V}, t.dominator().toArray());
        assertEquals(Reachability.WEAK, t.reachabilityOf(7));
        assertEquals(Reachability.UNREACHABLE, t.reachabilityOf(3));
    }

    @Test
    void dartEphemeronChainsResolveToAFixedPoint() {
        // the value of one ephemeron is the key of the next: 0 -> P1, 0 -> k1; P1: k1 => k2; P2 (from k2): k2 => v
        var b = new HeapGraphBuilder();
        b.format(SnapshotFormat.DART);
        for (int i = 0; i < 6; i++) b.addObject(10);
        // objects: 0 root, 1 P1, 2 k1, 3 k2, 4 P2, 5 v
        b.addReference(0, 1, ReferenceKind.FIELD, -1);
        b.addReference(0, 2, ReferenceKind.FIELD, -1);
        b.addReference(0, 4, ReferenceKind.FIELD, -1);
        b.addReference(1, 2, ReferenceKind.WEAK, -1);
        b.addReference(1, 3, ReferenceKind.EPHEMERON, -1);
        b.addReference(4, 3, ReferenceKind.WEAK, -1);
        b.addReference(4, 5, ReferenceKind.EPHEMERON, -1);
        b.addRoot(new GcRoot(0, RootKind.DART_ROOT, -1, -1));
        var t = tree(b.build(), new AnalysisOptions(Semantics.DART, false));
        assertArrayEquals(new int[] {V, 0, 0, 1, 0, 4}, t.dominator().toArray());
    }

    @Test
    void fuchsiaInteriorPointersRetain() {
        var b = new HeapGraphBuilder();
        b.format(SnapshotFormat.FUCHSIA);
        for (int i = 0; i < 3; i++) b.addObject(16);
        b.addReference(0, 1, ReferenceKind.INTERIOR_POINTER, -1);
        b.addReference(1, 2, ReferenceKind.POINTER, -1);
        b.addRoot(new GcRoot(0, RootKind.NO_INCOMING, -1, -1));
        var t = tree(b.build(), new AnalysisOptions(Semantics.FUCHSIA, false));
        assertArrayEquals(new int[] {V, 0, 1}, t.dominator().toArray());
    }

    /** A V8-like graph in the parser's encoding. Node types: the default V8 list (3 = object, 0 = hidden, 9 = synthetic). */
    private static final class V8Graph {
        final HeapGraphBuilder b = new HeapGraphBuilder();

        V8Graph() {
            b.format(SnapshotFormat.V8);
            b.fact("v8.nodeTypes", "hidden,array,string,object,code,closure,regexp,number,native,synthetic");
            b.addClass(ClassInfo.named("Object"));
        }

        final java.util.List<int[]> edges = new java.util.ArrayList<>();
        int nodes;
        int root; // the synthetic root's ordinal (a file's root_index)

        /** Adds a node; its V8 node id is 1000 + 2 * ordinal. */
        int node(int type, String name, long size) {
            int label = b.addString(name);
            nodes++;
            return b.addObject(0, size, id(nodes - 1), -1, label, type);
        }

        static long id(int ordinal) { return 1000 + 2L * ordinal; }

        void edge(int from, int to, ReferenceKind kind, String name) {
            edges.add(new int[] {from, to, kind.code(), name == null ? -1 : b.addString(name)});
        }

        HeapGraph build() {
            edges.sort((x, y) -> Integer.compare(x[0], y[0])); // stable: keeps each node's edge order
            for (int[] e : edges) b.addReference(e[0], e[1], ReferenceKind.ofCode(e[2]), e[3]);
            b.addRoot(new GcRoot(root, RootKind.V8_SYNTHETIC_ROOT, -1, -1));
            return b.build();
        }
    }

    @Test
    void v8WeakAndNonRootShortcutEdgesDoNotRetainAndOrphansHangUnderTheRoot() {
        var v = new V8Graph();
        int root = v.node(9, "", 0);            // 0
        int global = v.node(3, "global", 40);   // 1
        int a = v.node(3, "A", 10);             // 2
        int b = v.node(3, "B", 10);             // 3
        int orphan = v.node(3, "Orphan", 10);   // 4: only a weak edge and a non-root shortcut point at it
        int held = v.node(3, "Held", 10);       // 5: reached only from the orphan
        v.edge(root, global, ReferenceKind.SHORTCUT, "global");
        v.edge(global, a, ReferenceKind.PROPERTY, "a");
        v.edge(global, b, ReferenceKind.PROPERTY, "b");
        v.edge(a, orphan, ReferenceKind.WEAK, "w");
        v.edge(b, orphan, ReferenceKind.SHORTCUT, "s");
        v.edge(orphan, held, ReferenceKind.PROPERTY, "h");
        var g = v.build();
        var t = tree(g, AnalysisOptions.forGraph(g).withDevtoolsSizes(false));
        assertArrayEquals(new int[] {V, root, global, global, root, orphan}, t.dominator().toArray());
        assertEquals(0, t.groups().length, "DevTools hangs them under the root itself");
        assertEquals(4, t.reachableObjects());
        assertEquals(Reachability.WEAK, t.reachabilityOf(orphan));
        assertEquals(Reachability.WEAK, t.reachabilityOf(held));
        assertEquals(80, t.retained().get(root));
        assertEquals(60, t.retained().get(global));
    }

    @Test
    void v8RootNeedNotBeNodeZero() {
        var v = new V8Graph();
        int a = v.node(3, "A", 10);
        int orphan = v.node(3, "Orphan", 10);
        int root = v.node(9, "", 0);
        v.root = root;
        v.edge(a, orphan, ReferenceKind.SHORTCUT, "s"); // not from the root: does not retain
        v.edge(root, a, ReferenceKind.SHORTCUT, "a");
        var g = v.build();
        var t = tree(g, AnalysisOptions.forGraph(g));
        assertArrayEquals(new int[] {root, root, V}, t.dominator().toArray());
        assertEquals(20, t.retained().get(root));
    }

    @Test
    void v8EdgeIntoPageOwnedNodeFromOutsideThePageDoesNotRetain() {
        var v = new V8Graph();
        int root = v.node(9, "", 0);
        int gcRoots = v.node(9, "(GC roots)", 0);
        int window = v.node(3, "Window", 10);
        int internal = v.node(3, "Internal", 10);   // not page-owned: reached from (GC roots) only
        int shared = v.node(3, "Shared", 10);       // page-owned (reached from Window)
        v.edge(root, window, ReferenceKind.SHORTCUT, "Window");
        v.edge(root, gcRoots, ReferenceKind.ELEMENT, null);
        v.edge(gcRoots, internal, ReferenceKind.ELEMENT, null);
        v.edge(internal, shared, ReferenceKind.INTERNAL, "x");
        v.edge(window, shared, ReferenceKind.PROPERTY, "shared");
        var g = v.build();
        var t = tree(g, AnalysisOptions.forGraph(g));
        // without the page-owned rule, shared would be held by both window and internal, so by the root
        assertEquals(window, t.dominator().get(shared));
        assertEquals(gcRoots, t.dominator().get(internal));
    }

    @Test
    void v8WeakMapTableHalfDoesNotRetainSoTheKeyHoldsTheValue() {
        var v = new V8Graph();
        int root = v.node(9, "", 0);
        int global = v.node(3, "global", 10);
        int table = v.node(1, "WeakMap table", 10);
        int key = v.node(3, "Key", 10);
        int value = v.node(3, "Value", 10);
        long tableId = V8Graph.id(table);
        v.edge(root, global, ReferenceKind.SHORTCUT, "global");
        v.edge(global, table, ReferenceKind.INTERNAL, "table");
        v.edge(global, key, ReferenceKind.PROPERTY, "key");
        String pair = "3 / part of key (Key @5) -> value (Value @7) pair in WeakMap (table @" + tableId + ")";
        v.edge(table, value, ReferenceKind.INTERNAL, pair);
        v.edge(key, value, ReferenceKind.INTERNAL, pair);
        var g = v.build();
        var t = tree(g, AnalysisOptions.forGraph(g));
        assertEquals(key, t.dominator().get(value));
    }

    @Test
    void devtoolsSizesMoveSingleOwnedHiddenAndArrayNodesIntoTheirOwner() {
        var v = new V8Graph();
        int root = v.node(9, "", 0);
        int owner = v.node(3, "Owner", 40);
        int elements = v.node(1, "", 100);      // array owned by Owner alone
        int hidden = v.node(0, "", 7);          // hidden, reached through the array: still Owner's
        int other = v.node(3, "Other", 8);
        int shared = v.node(1, "", 50);         // array with two owners: keeps its size
        v.edge(root, owner, ReferenceKind.SHORTCUT, "owner");
        v.edge(root, other, ReferenceKind.SHORTCUT, "other");
        v.edge(owner, elements, ReferenceKind.INTERNAL, "elements");
        v.edge(elements, hidden, ReferenceKind.HIDDEN, null);
        v.edge(owner, shared, ReferenceKind.INTERNAL, "s");
        v.edge(other, shared, ReferenceKind.INTERNAL, "s");
        var g = v.build();
        var t = tree(g, AnalysisOptions.forGraph(g));
        assertArrayEquals(new long[] {0, 147, 0, 0, 8, 50}, t.shallow().toArray());
        assertEquals(205, t.retained().get(root));
        var raw = tree(g, AnalysisOptions.forGraph(g).withDevtoolsSizes(false));
        assertArrayEquals(new long[] {0, 40, 100, 7, 8, 50}, raw.shallow().toArray());
    }
}
