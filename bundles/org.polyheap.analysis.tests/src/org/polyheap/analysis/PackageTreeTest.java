package org.polyheap.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.polyheap.model.ClassInfo;
import org.polyheap.model.FieldInfo;
import org.polyheap.model.Progress;
import org.polyheap.model.format.SnapshotFormat;

/** On {@link QueriesTest#javaHeap()}: 0 → 1 (ArrayList) → 2 (Object[]) → {3, 4} (a.Node), 4 → 5 → 6 (byte[]), 8 → 6, 0 → 7 ⇢ 6 (weak). */
class PackageTreeTest {
    private final HeapAnalysis analysis = HeapAnalysis.run(QueriesTest.javaHeap(), Progress.NONE);
    private final PackageTree tree = PackageTree.ofHeap(analysis.graph(), analysis.dominatorTree(), null, Progress.NONE);

    private int find(int parent, String name) {
        for (int i = 0; i < tree.childCount(parent); i++) if (tree.name(tree.child(parent, i)).equals(name)) return tree.child(parent, i);
        throw new AssertionError("no " + name + " under " + tree.fullName(parent));
    }

    @Test
    void packagesNestAndClassesAreLeavesWithoutTheirPackage() {
        int java = find(PackageTree.ROOT, "java");
        int util = find(java, "util");
        int list = find(util, "ArrayList");
        assertTrue(tree.isClass(list));
        assertFalse(tree.isClass(util));
        assertEquals("java.util", tree.fullName(util));
        assertEquals("java.util.ArrayList", tree.fullName(list));
        assertEquals("java.lang.ref", tree.fullName(find(find(java, "lang"), "ref")));
        assertTrue(tree.isClass(find(PackageTree.ROOT, "byte[]"))); // no package: at the top
    }

    @Test
    void aPackageCountsItsClassesAndItsSubpackages() {
        int java = find(PackageTree.ROOT, "java");
        assertEquals(3, tree.objects(java)); // ArrayList, Object[], WeakReference
        assertEquals(24 + 100 + 32, tree.shallow(java));
        assertEquals(9, tree.objects(PackageTree.ROOT));
    }

    @Test
    void aPackageRetainsEachByteOnceEvenWhenItsClassesHoldEachOther() {
        int java = find(PackageTree.ROOT, "java");
        var dom = analysis.dominatorTree();
        // the ArrayList holds the Object[]: the package counts the list's retained size, not the array's again
        assertEquals(dom.retained().get(1) + dom.retained().get(7), tree.retained(java));
        long classSum = dom.retained().get(1) + dom.retained().get(2) + dom.retained().get(7);
        assertTrue(tree.retained(java) < classSum);
    }

    @Test
    void leavesAndInnermostPackagesAgreeWithTheFlatHistograms() {
        for (Grouping g : List.of(Grouping.CLASS, Grouping.PACKAGE)) {
            for (HistogramRow row : analysis.histogram(g, null, Progress.NONE)) {
                if (row.name().isEmpty()) continue; // the flat grouping's default package is the tree's top level
                int node = byFullName(row.name(), g == Grouping.CLASS);
                if (hasSubpackage(node)) continue; // java.lang also counts java.lang.ref
                assertEquals(row.objects(), tree.objects(node), row.name());
                assertEquals(row.shallow(), tree.shallow(node), row.name());
                assertEquals(row.retained(), tree.retained(node), row.name());
                assertEquals(row.notStrong(), tree.notStrong(node), row.name());
            }
        }
    }

    @Test
    void onlyTheReachabilityClassAskedForIsCounted() {
        var weakOnly = PackageTree.ofHeap(analysis.graph(), analysis.dominatorTree(), EnumSet.of(Reachability.STRONG), Progress.NONE);
        var strong = analysis.histogram(Grouping.CLASS, null, EnumSet.of(Reachability.STRONG), Progress.NONE);
        assertEquals(strong.stream().mapToLong(HistogramRow::objects).sum(), weakOnly.objects(PackageTree.ROOT));
    }

    @Test
    void aSetCountsItsMembersOnly() {
        var set = PackageTree.ofSet(analysis.graph(), analysis.dominatorTree(), new int[] {2, 3, 4, 5}, Progress.NONE);
        assertEquals(4, set.objects(PackageTree.ROOT));
        assertEquals(2, set.childCount(PackageTree.ROOT)); // java (the Object[]) and a (the Nodes)
    }

    @Test
    void dartLibrariesSplitAtTheSchemeAndSlashes() {
        assertEquals(List.of("package:sass", "src", "ast.dart"), List.of(PackageTree.path(SnapshotFormat.DART, dart("package:sass/src/ast.dart"))));
        assertEquals(List.of("dart:core"), List.of(PackageTree.path(SnapshotFormat.DART, dart("dart:core"))));
        assertEquals(0, PackageTree.path(SnapshotFormat.DART, dart("")).length);
        assertFalse(PackageTree.offered(SnapshotFormat.V8));
    }

    private static ClassInfo dart(String library) {
        return new ClassInfo("_List", -1, -1, -1, library, -1, List.<FieldInfo>of());
    }

    private boolean hasSubpackage(int node) {
        for (int i = 0; i < tree.childCount(node); i++) if (!tree.isClass(tree.child(node, i))) return true;
        return false;
    }

    private int byFullName(String name, boolean isClass) {
        var todo = new ArrayList<>(List.of(PackageTree.ROOT));
        while (!todo.isEmpty()) {
            int x = todo.removeLast();
            if (x != PackageTree.ROOT && tree.isClass(x) == isClass && tree.fullName(x).equals(name)) return x;
            for (int i = 0; i < tree.childCount(x); i++) todo.add(tree.child(x, i));
        }
        throw new AssertionError("no node " + name);
    }
}
