package org.polyheap.analysis;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.polyheap.model.ClassInfo;
import org.polyheap.model.FieldInfo;
import org.polyheap.model.GcRoot;
import org.polyheap.model.HeapGraph;
import org.polyheap.model.Progress;
import org.polyheap.model.ReferenceKind;
import org.polyheap.model.RootKind;
import org.polyheap.model.format.SnapshotFormat;
import org.polyheap.model.memory.HeapGraphBuilder;

class QueriesTest {

    /**
     * A small Java-like heap. Objects (class, size): 0 Root(8), 1 java.util.ArrayList(24), 2 Object[](100),
     * 3 a.Node(16), 4 a.Node(16), 5 a.Node(16), 6 byte[](1000), 7 java.lang.ref.WeakReference(32),
     * 8 b.Cache(40). Edges: 0.list->1, 1.elementData->2, 2[0]->3, 2[1]->4, 3.next->4, 4.next->5,
     * 5.data->6, 0.ref->7, 7.referent->6 (weak), 8.cached->6; roots: 0 and 8.
     */
    static HeapGraph javaHeap() {
        var b = new HeapGraphBuilder();
        b.format(SnapshotFormat.HPROF);
        String[] classes = {"Root", "java.util.ArrayList", "java.lang.Object[]", "a.Node", "byte[]",
                "java.lang.ref.WeakReference", "b.Cache"};
        for (String c : classes) b.addClass(new ClassInfo(c, -1, -1, -1, "", -1, List.<FieldInfo>of()));
        int[] classOf = {0, 1, 2, 3, 3, 3, 4, 5, 6};
        long[] size = {8, 24, 100, 16, 16, 16, 1000, 32, 40};
        for (int i = 0; i < classOf.length; i++) b.addObject(classOf[i], size[i], 0x1000 + 16L * i, -1, -1);
        int list = b.addString("list"), elementData = b.addString("elementData"), next = b.addString("next");
        int data = b.addString("data"), ref = b.addString("ref"), referent = b.addString("referent");
        int cached = b.addString("cached");
        b.addReference(0, 1, ReferenceKind.FIELD, list);
        b.addReference(0, 7, ReferenceKind.FIELD, ref);
        b.addReference(1, 2, ReferenceKind.FIELD, elementData);
        b.addReference(2, 3, ReferenceKind.ELEMENT, 0);
        b.addReference(2, 4, ReferenceKind.ELEMENT, 1);
        b.addReference(3, 4, ReferenceKind.FIELD, next);
        b.addReference(4, 5, ReferenceKind.FIELD, next);
        b.addReference(5, 6, ReferenceKind.FIELD, data);
        b.addReference(7, 6, ReferenceKind.JAVA_WEAK, referent);
        b.addReference(8, 6, ReferenceKind.FIELD, cached);
        b.addRoot(new GcRoot(0, RootKind.SYSTEM_CLASS, -1, -1));
        b.addRoot(new GcRoot(8, RootKind.JNI_GLOBAL, -1, -1));
        return b.build();
    }

    @Test
    void classRetainedLowerBoundCountsOnlyTopmostInstances() {
        var a = HeapAnalysis.run(javaHeap(), Progress.NONE);
        var rows = a.histogram(Grouping.CLASS, null, Progress.NONE);
        var node = rows.stream().filter(r -> r.name().equals("a.Node")).findFirst().orElseThrow();
        assertEquals(3, node.objects());
        assertEquals(48, node.shallow());
        // 3 and 4 are dominated by the array (4 is also reached from 3); 5 by 4: topmost Nodes are 3 and 4
        assertEquals(16 + 32, node.retained());
        assertTrue(node.retainedIsLowerBound());
        // precise: removing all Nodes frees the three of them (byte[] is still held by b.Cache)
        var precise = a.preciseRetained(node, Grouping.CLASS, Progress.NONE);
        assertEquals(48, precise.retained());
        assertFalse(precise.retainedIsLowerBound());
    }

    @Test
    void packageHistogramGroupsArraysWithTheirElementPackageAndFilters() {
        var a = HeapAnalysis.run(javaHeap(), Progress.NONE);
        var rows = a.histogram(Grouping.PACKAGE, Pattern.compile("^java"), Progress.NONE);
        assertEquals(List.of("java.util", "java.lang", "java.lang.ref"), rows.stream().map(HistogramRow::name).toList());
        assertEquals(1, rows.get(1).objects()); // Object[] in java.lang
    }

    @Test
    void pathsToRootsComeShortestFirstWithEdgeNamesAndSkipWeakReferents() {
        var g = javaHeap();
        var paths = PathsToRoots.of(g, 6, PathsToRoots.WEAK_KINDS);
        var first = paths.next();
        assertEquals(8, first.root());
        assertEquals(1, first.length());
        assertEquals("cached", first.steps().get(1).viaReference().name());
        var second = paths.next();
        assertEquals(0, second.root());
        // 6 <-data- 5 <-next- 4 <-[1]- 2 <-elementData- 1 <-list- 0
        assertEquals(List.of(6, 5, 4, 2, 1, 0), second.steps().stream().map(PathsToRoots.Step::object).toList());
        assertEquals(List.of("data", "next", "[1]", "elementData", "list"),
                second.steps().stream().skip(1).map(s -> s.viaReference().name()).toList());
        assertFalse(paths.hasNext());
        // with weak referents allowed, 0 -ref-> 7 -referent-> 6 is the shortest path from root 0
        var all = PathsToRoots.of(g, 6, Set.of());
        all.next();
        assertEquals(List.of(6, 7, 0), all.next().steps().stream().map(PathsToRoots.Step::object).toList());
    }

    @Test
    void mergedPathsCountObjectsThroughEachNode() {
        var g = javaHeap();
        var merged = MergedPaths.of(g, new int[] {3, 4, 5}, PathsToRoots.WEAK_KINDS);
        assertEquals(1, merged.size());
        var root = merged.getFirst();
        assertEquals(0, root.object());
        assertEquals(3, root.objects());
        assertNull(root.viaReference());
        var array = root.children().getFirst().children().getFirst();
        assertEquals(2, array.object());
        assertEquals(3, array.objects());
        assertEquals(2, array.children().size()); // [0] -> 3 (and 3's own path ends there), [1] -> 4 -> 5
        var viaSlot1 = array.children().getFirst();
        assertEquals(4, viaSlot1.object());
        assertEquals(2, viaSlot1.objects());
        assertEquals("[1]", viaSlot1.viaReference().name());
    }

    @Test
    void incomingAndOutgoingReferencesAreListedWithKinds() {
        var g = javaHeap();
        var in = References.incoming(g, 6);
        assertEquals(List.of(5, 7, 8), in.stream().map(Reference::from).toList());
        assertEquals(ReferenceKind.JAVA_WEAK, in.get(1).kind());
        var out = References.outgoing(g, 2);
        assertEquals(List.of("[0]", "[1]"), out.stream().map(Reference::name).toList());
    }

    @Test
    void retainedSetEqualsTheNaiveDefinitionOnRandomGraphs() {
        var random = new Random(7);
        for (int round = 0; round < 500; round++) {
            int n = 2 + random.nextInt(25);
            int[][] edges = new int[random.nextInt(3 * n)][];
            for (int i = 0; i < edges.length; i++) edges[i] = new int[] {random.nextInt(n), random.nextInt(n)};
            var g = TestGraphs.of(n, edges, 0);
            var a = HeapAnalysis.run(g, Progress.NONE);
            int[] set = random.ints(1 + random.nextInt(3), 0, n).distinct().sorted().toArray();
            var rs = a.retainedSet(set, Progress.NONE);
            // naive: reachable from the roots before, and not reachable once the set is removed
            var rg = a.retainingGraph();
            boolean[] before = reach(rg, new boolean[rg.vertexCount()]);
            boolean[] removed = new boolean[rg.vertexCount()];
            for (int s : set) removed[s] = true;
            boolean[] after = reach(rg, removed);
            var expected = new ArrayList<Integer>();
            for (int o = 0; o < n; o++) if (before[o] && !after[o]) expected.add(o);
            assertArrayEquals(expected.stream().mapToInt(Integer::intValue).toArray(), rs.objects(), "round " + round);
            // a single object's retained set is its dominator subtree
            if (set.length == 1 && before[set[0]]) assertEquals(a.dominatorTree().retained().get(set[0]), rs.bytes());
        }
    }

    private static boolean[] reach(RetainingGraph g, boolean[] removed) {
        boolean[] seen = new boolean[g.vertexCount()];
        var stack = new java.util.ArrayDeque<Integer>();
        for (int r : g.roots()) if (!removed[r] && !seen[r]) { seen[r] = true; stack.push(r); }
        while (!stack.isEmpty()) {
            int v = stack.pop();
            for (int p = g.outStart().get(v); p < g.outStart().get(v + 1); p++) {
                int w = g.outTarget().get(p);
                if (!removed[w] && !seen[w]) { seen[w] = true; stack.push(w); }
            }
        }
        return seen;
    }

    @Test
    void leakSuspectDescendsToTheAccumulationPoint() {
        // root 0 -> holder 1 (10) -> map 2 (10) -> table 3 (10) -> 100 entries of 100; 0 -> 4..13 small (5 each)
        var b = new HeapGraphBuilder();
        b.format(SnapshotFormat.GENERIC);
        b.addObject(1);
        for (int i = 1; i <= 3; i++) b.addObject(10);
        for (int i = 0; i < 10; i++) b.addObject(5);
        int first = 14;
        for (int i = 0; i < 100; i++) b.addObject(100);
        b.addReference(0, 1);
        for (int i = 4; i < 14; i++) b.addReference(0, i);
        b.addReference(1, 2);
        b.addReference(2, 3);
        for (int i = 0; i < 100; i++) b.addReference(3, first + i);
        b.addRoot(new GcRoot(1, RootKind.UNKNOWN, -1, -1));
        for (int i = 4; i < 14; i++) b.addRoot(new GcRoot(i, RootKind.UNKNOWN, -1, -1));
        var g = b.build();
        var a = HeapAnalysis.run(g, Progress.NONE);
        var suspects = a.leakSuspects();
        assertEquals(1, suspects.size());
        var s = suspects.getFirst();
        assertEquals(LeakSuspect.Kind.OBJECT, s.kind());
        assertEquals(1, s.object());
        assertEquals(3, s.accumulationPoint()); // 3 keeps 10,010 of 10,020; its children each keep 1 %
        assertEquals(10_010, s.accumulationRetained());
        assertArrayEquals(new int[] {1}, a.suspectInstances(s), "an object suspect stands for itself");
    }

    @Test
    void manySmallInstancesOfOneClassAreAClassSuspect() {
        var b = new HeapGraphBuilder();
        b.format(SnapshotFormat.GENERIC);
        b.addClass(ClassInfo.named("Small"));
        b.addClass(ClassInfo.named("Entry"));
        for (int i = 0; i < 20; i++) b.addObject(0, 50, i, -1, -1);  // 20 x 5 %: no single suspect
        for (int i = 0; i < 20; i++) b.addObject(1, 1, 100 + i, -1, -1);
        for (int i = 0; i < 40; i++) b.addRoot(new GcRoot(i, RootKind.UNKNOWN, -1, -1));
        var a = HeapAnalysis.run(b.build(), Progress.NONE);
        var suspects = a.leakSuspects();
        assertEquals(1, suspects.size());
        assertEquals(LeakSuspect.Kind.CLASS, suspects.getFirst().kind());
        assertEquals(0, suspects.getFirst().classId());
        assertEquals(20, suspects.getFirst().instances());
        int[] instances = a.suspectInstances(suspects.getFirst());
        assertEquals(20, instances.length, "a class suspect stands for its top-level instances");
        assertEquals(suspects.getFirst().object(), instances[0], "the biggest first");
        long sum = 0;
        for (int o : instances) {
            assertEquals(0, a.graph().objectClass().get(o));
            sum += a.dominatorTree().retained().get(o);
        }
        assertEquals(suspects.getFirst().retained(), sum, "together they retain what the suspect says");
    }

    /** Java addresses move with every GC: two dumps are compared per class, never object by object. */
    @Test
    void javaHeapsAreNotComparedObjectByObject() {
        var a = javaHeap();
        assertFalse(SnapshotFormat.HPROF.stableIdentity());
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class, () -> SnapshotComparison.objects(a, a));
    }

    /** Each side's numbers are its class histogram's row, retained sizes included; the biggest retained growth comes first. */
    @Test
    void classDeltasAreTheTwoClassHistogramsSideBySide() {
        var before = HeapAnalysis.run(javaHeap(), Progress.NONE);
        var b = new HeapGraphBuilder(); // Root -> ArrayList -> Object[] -> a.Node -> byte[25], and a new b.Other
        b.format(SnapshotFormat.HPROF);
        for (String c : new String[] {"Root", "java.util.ArrayList", "java.lang.Object[]", "a.Node", "byte[]", "b.Other"}) {
            b.addClass(ClassInfo.named(c));
        }
        long[] size = {8, 24, 100, 16, 25, 64};
        for (int i = 0; i < size.length; i++) b.addObject(i, size[i], 0x1000 + 16L * i, -1, -1);
        b.addReference(0, 5, ReferenceKind.FIELD, b.addString("other"));
        for (int i = 0; i < 4; i++) b.addReference(i, i + 1, ReferenceKind.FIELD, b.addString("f" + i));
        b.addRoot(new GcRoot(0, RootKind.SYSTEM_CLASS, -1, -1));
        var after = HeapAnalysis.run(b.build(), Progress.NONE);

        var deltas = SnapshotComparison.classDeltas(before, after, Progress.NONE);
        var rowsA = new java.util.HashMap<String, HistogramRow>();
        var rowsB = new java.util.HashMap<String, HistogramRow>();
        before.histogram(Grouping.CLASS, null, Progress.NONE).forEach(r -> rowsA.put(r.name(), r));
        after.histogram(Grouping.CLASS, null, Progress.NONE).forEach(r -> rowsB.put(r.name(), r));
        var names = new java.util.HashSet<>(rowsA.keySet());
        names.addAll(rowsB.keySet());
        assertEquals(names, new java.util.HashSet<>(deltas.stream().map(SnapshotComparison.ClassDelta::name).toList()));
        var none = new HistogramRow("", 0, 0, 0, true);
        for (var d : deltas) {
            var x = rowsA.getOrDefault(d.name(), none);
            var y = rowsB.getOrDefault(d.name(), none);
            assertEquals(List.of(x.objects(), y.objects(), x.shallow(), y.shallow(), x.retained(), y.retained()),
                    List.of(d.objectsA(), d.objectsB(), d.shallowA(), d.shallowB(), d.retainedA(), d.retainedB()), d.name());
        }
        for (int i = 1; i < deltas.size(); i++) {
            assertTrue(deltas.get(i - 1).retainedDelta() >= deltas.get(i).retainedDelta(), deltas.toString());
        }
        var other = deltas.stream().filter(d -> d.name().equals("b.Other")).findFirst().orElseThrow();
        assertEquals(List.of(1L, 64L, 64L), List.of(other.objectDelta(), other.shallowDelta(), other.retainedDelta()));
        var bytes = deltas.stream().filter(d -> d.name().equals("byte[]")).findFirst().orElseThrow();
        assertEquals(25 - 1000, bytes.shallowDelta());
        assertEquals(0, bytes.objectDelta());
    }

    @Test
    void collidingDartIdentityHashesAreNotComparedRatherThanReportedRemoved() {
        HeapGraph a = dartHeap(new long[] {7, 7, 8, 0, 9}), b = dartHeap(new long[] {7, 7, 8, 0, 10});
        var same = SnapshotComparison.objects(a, a);
        assertEquals(0, same.added().length, "a snapshot against itself");
        assertEquals(0, same.removed().length);
        assertEquals(2, same.keptA().length); // hashes 8 and 9; the 7s collide, the unhashed one has none
        var delta = SnapshotComparison.objects(a, b);
        assertArrayEquals(new int[] {4}, delta.added());   // hash 10
        assertArrayEquals(new int[] {4}, delta.removed()); // hash 9
        assertArrayEquals(new int[] {2}, delta.keptA());   // hash 8
        assertEquals(6, delta.notCompared()); // the two 7s and the hashless object, on each side
        assertEquals(List.of(3L, 3L), List.of(delta.notComparedA(), delta.notComparedB()));
    }

    /** Dart DevTools matches instances per class: one hash in two classes is two identities, not a collision. */
    @Test
    void dartIdentityHashesAreMatchedWithinTheirClass() {
        var a = new HeapGraphBuilder();
        a.format(SnapshotFormat.DART);
        a.addClass(new ClassInfo("_List", -1, -1, -1, "dart:core", -1, java.util.List.of()));
        a.addClass(new ClassInfo("Node", -1, -1, -1, "package:app/a.dart", -1, java.util.List.of()));
        a.addObject(0, 16, 7, -1, -1);
        a.addObject(1, 16, 7, -1, -1);
        a.addObject(1, 16, 8, -1, -1);
        var b = new HeapGraphBuilder(); // the same classes in another order, as another isolate group might number them
        b.format(SnapshotFormat.DART);
        b.addClass(new ClassInfo("Node", -1, -1, -1, "package:app/a.dart", -1, java.util.List.of()));
        b.addClass(new ClassInfo("Node", -1, -1, -1, "package:app/b.dart", -1, java.util.List.of()));
        b.addClass(new ClassInfo("_List", -1, -1, -1, "dart:core", -1, java.util.List.of()));
        b.addObject(0, 16, 7, -1, -1); // a's Node 7
        b.addObject(2, 16, 7, -1, -1); // a's _List 7
        b.addObject(1, 16, 8, -1, -1); // a Node of another library: new
        var delta = SnapshotComparison.objects(a.build(), b.build());
        assertArrayEquals(new int[] {1, 0}, delta.keptA());
        assertArrayEquals(new int[] {0, 1}, delta.keptB());
        assertArrayEquals(new int[] {2}, delta.added());
        assertArrayEquals(new int[] {2}, delta.removed());
        assertEquals(0, delta.notCompared());
        var after = b.build();
        assertArrayEquals(new int[] {2}, SnapshotComparison.ofClass(after, delta.added(), "Node"));
        assertArrayEquals(new int[0], SnapshotComparison.ofClass(after, delta.added(), "_List"));
    }

    private static HeapGraph dartHeap(long[] hashes) {
        var b = new HeapGraphBuilder();
        b.format(SnapshotFormat.DART);
        b.addClass(ClassInfo.named("_List"));
        for (long h : hashes) b.addObject(0, 16, h, -1, -1);
        return b.build();
    }

    @Test
    void unreachableObjectsHaveTheirOwnHistogram() {
        var g = TestGraphs.of(4, new int[][] {{0, 1}, {2, 3}}, 0);
        var a = HeapAnalysis.run(g, Progress.NONE);
        var rows = a.unreachableHistogram();
        assertEquals(1, rows.size());
        assertEquals(2, rows.getFirst().objects());
        assertEquals(30 + 40, rows.getFirst().shallow());
    }
}
