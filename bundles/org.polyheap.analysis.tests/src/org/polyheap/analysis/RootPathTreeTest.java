package org.polyheap.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.polyheap.model.HeapGraph;

class RootPathTreeTest {
    //   root 0 ─▶ 1 ─▶ 3 ◀─ 2 ◀─ root 4;  3 ─▶ 5 (the object);  root 6 ─▶ 5
    private final HeapGraph graph = TestGraphs.of(7, new int[][] { { 0, 1 }, { 1, 3 }, { 2, 3 }, { 4, 2 }, { 3, 5 }, { 6, 5 } },
            0, 4, 6);

    private RootPathTree.Result merged(int object, int max) {
        return RootPathTree.merge(graph, object, PathsToRoots.of(graph, object, Set.of()), max, () -> false);
    }

    @Test
    void pathsThatShareTheirFirstStepsShareNodes() {
        var r = merged(5, 10);
        assertEquals(3, r.paths());
        var top = r.top();
        assertEquals(5, top.object());
        assertNull(top.via());
        assertEquals(List.of(6, 3), top.children().stream().map(RootPathTree.Node::object).toList(), "shortest path first");
        var via3 = top.children().get(1);
        assertEquals(List.of(1, 2), via3.children().stream().map(RootPathTree.Node::object).toList(),
                "both longer paths run through 3 and part there");
        assertEquals("unknown", via3.children().get(0).children().get(0).rootKinds().toLowerCase(java.util.Locale.ROOT));
        assertNull(via3.rootKinds(), "an object on the way is no root");
        assertEquals("unknown", top.children().get(0).rootKinds().toLowerCase(java.util.Locale.ROOT));
    }

    @Test
    void atMostMaxPathsAreTaken() {
        var r = merged(5, 1);
        assertEquals(1, r.paths());
        assertEquals(1, r.top().children().size());
        assertEquals(0, r.top().children().get(0).children().size());
    }

    @Test
    void aRootHasNoPathButSaysItIsOne() {
        var r = merged(0, 10);
        assertEquals(0, r.paths());
        assertEquals(0, r.top().children().size());
        assertEquals("unknown", r.top().rootKinds().toLowerCase(java.util.Locale.ROOT));
    }

    @Test
    void canceledMergesStopBeforeTheFirstPath() {
        assertEquals(0, RootPathTree.merge(graph, 5, PathsToRoots.of(graph, 5, Set.of()), 10, () -> true).paths());
    }

    @Test
    void theBuilderShowsTheTreeAsPathsComeIn() {
        var b = new RootPathTree.Builder(graph, 5);
        var paths = PathsToRoots.of(graph, 5, Set.of());
        b.add(paths.next());
        var first = b.result();
        assertEquals(1, first.paths());
        assertEquals(List.of(6), first.top().children().stream().map(RootPathTree.Node::object).toList());
        while (paths.hasNext()) b.add(paths.next());
        assertEquals(3, b.result().paths());
        assertEquals(1, first.top().children().size(), "a result already shown does not change");
    }

    @Test
    void excludedKindsAreNotFollowedThroughTheIndex() {
        //  root 0 ─weak▶ 1 ─▶ 2;  root 3 ─▶ 4 ─▶ 2: with weak references excluded, only the path over 4
        var b = new org.polyheap.model.memory.HeapGraphBuilder();
        b.format(org.polyheap.model.format.SnapshotFormat.GENERIC);
        for (int i = 0; i < 5; i++) b.addObject(16);
        b.addReference(0, 1, org.polyheap.model.ReferenceKind.WEAK, -1);
        b.addReference(1, 2);
        b.addReference(3, 4);
        b.addReference(4, 2);
        b.addRoot(new org.polyheap.model.GcRoot(0, org.polyheap.model.RootKind.UNKNOWN, -1, -1));
        b.addRoot(new org.polyheap.model.GcRoot(3, org.polyheap.model.RootKind.UNKNOWN, -1, -1));
        var g = b.build();
        var index = PathIndex.of(g, org.polyheap.model.Progress.NONE);
        var weakExcluded = RootPathTree.merge(g, 2, PathsToRoots.of(index, 2, PathsToRoots.WEAK_KINDS, org.polyheap.model.Progress.NONE), 10, () -> false);
        assertEquals(1, weakExcluded.paths());
        assertEquals(4, weakExcluded.top().children().get(0).object());
        assertEquals(2, RootPathTree.merge(g, 2, PathsToRoots.of(index, 2, Set.of(), org.polyheap.model.Progress.NONE), 10, () -> false).paths());
    }

    @Test
    void groupingsAreNamedByKeyAndTitle() {
        assertEquals(Grouping.CLASS_LOADER, Grouping.ofKey("loader"));
        assertEquals(Grouping.LIBRARY, Grouping.ofKey("script"));
        assertEquals(Grouping.LIBRARY, Grouping.ofKey("module"));
        assertEquals("Class loader", Grouping.CLASS_LOADER.title());
        var e = assertThrows(IllegalArgumentException.class, () -> Grouping.ofKey("class_loader"));
        assertEquals("--by takes class, package, loader, library, script or module, not 'class_loader'", e.getMessage());
    }
}
