package org.polyheap.analysis;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;

import org.junit.jupiter.api.Test;
import org.polyheap.model.GcRoot;
import org.polyheap.model.Progress;
import org.polyheap.model.RootKind;
import org.polyheap.model.memory.HeapGraphBuilder;

class DominatorTreeTest {
    private static final int V = DominatorTree.VIRTUAL_ROOT, U = DominatorTree.UNREACHABLE;

    @Test
    void dominatorOfSharedArrayIsCommonParent() {
        // 0 -> 1, 0 -> 2, 1 -> 3, 2 -> 3: a diamond; 3 is shared, so 0 dominates it
        var t = TestGraphs.dominators(TestGraphs.of(4, new int[][] {{0, 1}, {0, 2}, {1, 3}, {2, 3}}, 0));
        assertArrayEquals(new int[] {V, 0, 0, 0}, t.dominator().toArray());
        assertEquals(10 + 20 + 30 + 40, t.retained().get(0));
        assertEquals(20, t.retained().get(1));
        assertEquals(40, t.retained().get(3));
    }

    @Test
    void cycleMembersAreDominatedByTheEntry() {
        // 0 -> 1 -> 2 -> 3 -> 1, 2 -> 2 (self loop)
        var t = TestGraphs.dominators(TestGraphs.of(4, new int[][] {{0, 1}, {1, 2}, {2, 3}, {3, 1}, {2, 2}}, 0));
        assertArrayEquals(new int[] {V, 0, 1, 2}, t.dominator().toArray());
        assertEquals(20 + 30 + 40, t.retained().get(1));
    }

    @Test
    void unreachableRingHangsUnderTheUnreachableGroupEnteredAtItsLowestId() {
        // 0 -> 1; 2 <-> 3 <-> 4 reach each other but no root reaches them
        var t = TestGraphs.dominators(TestGraphs.of(5, new int[][] {{0, 1}, {2, 3}, {3, 4}, {4, 2}, {3, 2}}, 0));
        int group = 5;
        assertEquals(5, t.objectCount());
        assertEquals(6, t.nodeCount());
        assertTrue(t.isGroup(group));
        assertEquals(Reachability.UNREACHABLE, t.groupOf(group));
        assertArrayEquals(new int[] {V, 0, group, 2, 3, V}, t.dominator().toArray());
        assertArrayEquals(new int[] {2, 3, 4}, t.unreachable());
        assertEquals(2, t.reachableObjects());
        assertEquals(10 + 20, t.reachableBytes());
        assertEquals(30 + 40 + 50, t.unreachableBytes());
        assertEquals(30 + 40 + 50, t.retained().get(group), "the group retains its objects");
        assertEquals(40 + 50, t.retained().get(3));
        assertEquals(0, t.shallow().get(group));
        assertEquals(t.totalBytes(), t.retained().get(0) + t.retained().get(group), "the root's children hold every byte");
        assertEquals(Reachability.UNREACHABLE, t.reachabilityOf(4));
        assertEquals(Reachability.STRONG, t.reachabilityOf(1));
        assertTrue(t.inTree(4));
    }

    @Test
    void rootReferencedByAnotherRootStaysUnderTheVirtualRoot() {
        // roots 0 and 1; 0 -> 1 -> 2: as in MAT, a GC root's only dominator is the virtual root
        var t = TestGraphs.dominators(TestGraphs.of(3, new int[][] {{0, 1}, {1, 2}}, 0, 1));
        assertArrayEquals(new int[] {V, V, 1}, t.dominator().toArray());
        assertEquals(10, t.retained().get(0));
        assertArrayEquals(new int[] {1, 0}, t.children(V)); // row sorted by retained size: 1 (50) before 0 (10)
    }

    /**
     * Rows of every length (by insertion, packed keys, parallel packed keys) sorted by retained size,
     * ties by id; with sizes too big for a packed key, by the comparator.
     */
    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.ValueSource(booleans = {false, true})
    void rowsOfEveryLengthAreSortedBiggestFirstTiesById(boolean hugeSizes) {
        var random = new Random(11);
        int fan = 300, leaves = 70_000; // object 0 holds objects 1..fan; leaves are roots of their own
        var b = new HeapGraphBuilder();
        b.format(org.polyheap.model.format.SnapshotFormat.GENERIC);
        int n = 1 + fan + leaves;
        for (int i = 0; i < n; i++) { // few sizes: many ties; or a few beyond 2^(64 - 17 id bits)
            b.addObject(hugeSizes && i % 1000 == 7 ? (1L << 50) + i % 3 : 8L * (1 + random.nextInt(5)));
        }
        for (int c = 1; c <= fan; c++) b.addReference(0, c);
        b.addRoot(new GcRoot(0, RootKind.UNKNOWN, -1, -1));
        for (int o = fan + 1; o < n; o++) b.addRoot(new GcRoot(o, RootKind.UNKNOWN, -1, -1));
        var t = TestGraphs.dominators(b.build());
        for (int node : new int[] {0, V}) {
            int[] row = t.children(node);
            assertEquals(node == 0 ? fan : leaves + 1, row.length);
            for (int i = 1; i < row.length; i++) {
                long before = t.retained().get(row[i - 1]), after = t.retained().get(row[i]);
                assertTrue(before > after || before == after && row[i - 1] < row[i],
                        "row of " + node + " at " + i + ": " + row[i - 1] + " (" + before + ") before " + row[i] + " (" + after + ")");
            }
        }
    }

    @Test
    void objectReachedFromTwoRootsHasTheVirtualRootAsDominator() {
        var t = TestGraphs.dominators(TestGraphs.of(3, new int[][] {{0, 2}, {1, 2}}, 0, 1));
        assertArrayEquals(new int[] {V, V, V}, t.dominator().toArray());
        assertEquals(60, t.reachableBytes());
    }

    @Test
    void millionLongChainNeedsNoRecursion() {
        int n = 1_000_000;
        var b = new HeapGraphBuilder();
        for (int i = 0; i < n; i++) b.addObject(1);
        for (int i = 0; i + 1 < n; i++) b.addReference(i, i + 1);
        b.addReference(n - 1, 0); // back edge: a million-long cycle through the root
        b.addRoot(new GcRoot(0, RootKind.UNKNOWN, -1, -1));
        var t = TestGraphs.dominators(b.build());
        for (int i = 1; i < n; i++) assertEquals(i - 1, t.dominator().get(i));
        assertEquals(n, t.retained().get(0));
        assertEquals(1, t.retained().get(n - 1));
    }

    @Test
    void millionChildFanIsOneRowSortedBySize() {
        int n = 1_000_001;
        var b = new HeapGraphBuilder();
        b.addObject(8);
        for (int i = 1; i < n; i++) b.addObject(i % 1000);
        for (int i = 1; i < n; i++) b.addReference(0, i);
        b.addRoot(new GcRoot(0, RootKind.UNKNOWN, -1, -1));
        var t = TestGraphs.dominators(b.build());
        int[] kids = t.children(0);
        assertEquals(n - 1, kids.length);
        for (int i = 1; i < kids.length; i++) assertTrue(t.retained().get(kids[i - 1]) >= t.retained().get(kids[i]));
        assertEquals(999, t.retained().get(kids[0]));
    }

    @Test
    void fastDominatorsEqualTheDefinitionOnRandomGraphs() {
        var random = new Random(20261122);
        for (int round = 0; round < 2000; round++) {
            int n = 1 + random.nextInt(40);
            int m = random.nextInt(3 * n + 1);
            int[][] edges = new int[m][];
            for (int i = 0; i < m; i++) edges[i] = new int[] {random.nextInt(n), random.nextInt(n)};
            int[] roots = random.ints(1 + random.nextInt(3), 0, n).toArray();
            var g = TestGraphs.of(n, edges, roots);
            var rg = RetentionRules.build(g, AnalysisOptions.forGraph(g), Progress.NONE);
            var fast = DominatorTree.compute(rg, Progress.NONE);
            var naive = new NaiveDominators(rg);
            String where = "round " + round + " n=" + n + " edges=" + java.util.Arrays.deepToString(edges)
                    + " roots=" + java.util.Arrays.toString(roots);
            assertArrayEquals(naive.idom, fast.dominator().toArray(), where);
            assertArrayEquals(naive.retained, fast.retained().toArray(), where);
            long total = 0;
            for (int o = 0; o < n; o++) total += g.shallowSize().get(o);
            assertEquals(total, fast.totalBytes(), where);
            long underRoot = 0;
            for (int c : fast.children(V)) underRoot += fast.retained().get(c);
            assertEquals(total, underRoot, "every byte is in the tree: " + where);
        }
    }

    @Test
    void numberingBegunBeforeTheGroupsGivesTheSameTree() throws Exception {
        var random = new Random(20261128);
        for (int round = 0; round < 500; round++) { // unreachable objects and rings: an unreachable group
            int n = 1 + random.nextInt(40);
            int m = random.nextInt(2 * n + 1);
            int[][] edges = new int[m][];
            for (int i = 0; i < m; i++) edges[i] = new int[] {random.nextInt(n), random.nextInt(n)};
            var g = TestGraphs.of(n, edges, random.ints(1 + random.nextInt(3), 0, n).toArray());
            assertSameTree(g, "round " + round + " n=" + n + " edges=" + java.util.Arrays.deepToString(edges));
        }
        for (var file : java.util.List.of(org.polyheap.testdata.TestData.JACKSON_TREE, org.polyheap.testdata.TestData.GEN_40)) {
            var b = new HeapGraphBuilder();
            new org.polyheap.parser.hprof.HprofParser().parse(file, b, Progress.NONE);
            var g = b.build();
            var tree = assertSameTree(g, file.getFileName().toString());
            if (file.equals(org.polyheap.testdata.TestData.JACKSON_TREE)) {
                assertTrue(tree.groups().length >= 2, "soft or weak groups besides the unreachable one");
            }
        }
    }

    /** The tree of a pass numbered before the groups equals that of a pass numbered after; returns it. */
    private static DominatorTree assertSameTree(org.polyheap.model.HeapGraph g, String where) {
        var options = AnalysisOptions.forGraph(g);
        var plain = DominatorTree.compute(RetentionRules.build(g, options, WorkArrays.heap(), Progress.NONE), Progress.NONE);
        var early = RetentionRules.buildForDominators(g, options, WorkArrays.heap(), Progress.NONE);
        assertTrue(early.numbering() != null, "numbered before the groups: " + where);
        var t = DominatorTree.compute(early, Progress.NONE);
        assertTrue(early.numbering() == null, "the pass took the numbering: an open analysis keeps its graph, not those arrays");
        assertArrayEquals(plain.dominator().toArray(), t.dominator().toArray(), where);
        assertArrayEquals(plain.retained().toArray(), t.retained().toArray(), where);
        assertArrayEquals(plain.dominatedChildren().toArray(), t.dominatedChildren().toArray(), where);
        assertArrayEquals(plain.reachability().toArray(), t.reachability().toArray(), where);
        assertArrayEquals(plain.groups(), t.groups(), where);
        return t;
    }

    @Test
    void singleChildAccessAgreesWithTheRows() {
        var t = TestGraphs.dominators(TestGraphs.of(7, new int[][] {{0, 1}, {0, 2}, {0, 3}, {1, 4}, {2, 4}, {3, 5}, {5, 6}}, 0));
        for (int parent = V; parent < 7; parent++) {
            int[] row = t.children(parent);
            assertEquals(row.length, t.childCount(parent));
            for (int i = 0; i < row.length; i++) {
                assertEquals(row[i], t.child(parent, i));
                assertEquals(i, t.indexOfChild(parent, row[i]));
            }
        }
        assertArrayEquals(new int[] {3, 4, 2, 1}, t.children(0)); // 3 retains 40 + 60 + 70, then 4 (50), 2 (30), 1 (20)
        assertEquals(-1, t.indexOfChild(0, 5), "5 is dominated by 3, not by 0");
        assertEquals(0, t.childCount(6));
    }

    @Test
    void restoredTreeEqualsTheComputedOne() {
        var t = TestGraphs.dominators(TestGraphs.of(6, new int[][] {{0, 1}, {0, 2}, {1, 3}, {2, 3}, {4, 5}}, 0));
        var r = DominatorTree.restore(t.dominator(), t.retained(), t.shallow(), t.dominatedStart(), t.dominatedChildren(),
                t.reachability(), t.groups());
        assertArrayEquals(t.unreachable(), r.unreachable());
        assertEquals(t.reachableBytes(), r.reachableBytes());
        assertEquals(t.unreachableBytes(), r.unreachableBytes());
        assertArrayEquals(new int[] {4, 5}, r.unreachable());
        assertEquals(t.totals(), r.totals());
    }

    @Test
    void cancelingStopsTheComputationWithCancellationException() {
        int n = 300_000;
        var b = new HeapGraphBuilder();
        for (int i = 0; i < n; i++) b.addObject(1);
        for (int i = 0; i + 1 < n; i++) b.addReference(i, i + 1);
        b.addRoot(new GcRoot(0, RootKind.UNKNOWN, -1, -1));
        var g = b.build();
        for (String cancelAt : java.util.List.of("Numbering objects depth-first", "Computing semidominators",
                "Sorting the dominator tree")) {
            var phases = new java.util.ArrayList<String>();
            var progress = new Progress() {
                volatile boolean canceled;
                @Override public void phase(String name, long totalWork) {
                    phases.add(name);
                    if (name.equals(cancelAt)) canceled = true;
                }
                @Override public void worked(long units) { }
                @Override public boolean isCanceled() { return canceled; }
            };
            org.junit.jupiter.api.Assertions.assertThrows(java.util.concurrent.CancellationException.class,
                    () -> HeapAnalysis.run(g, progress), cancelAt);
            assertEquals(cancelAt, phases.getLast(), "no phase starts after the cancel");
        }
    }
}
