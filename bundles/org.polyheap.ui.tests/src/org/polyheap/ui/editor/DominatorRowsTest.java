package org.polyheap.ui.editor;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.polyheap.analysis.HeapAnalysis;
import org.polyheap.analysis.Reachability;
import org.polyheap.index.IndexBuilder;
import org.polyheap.index.IndexedSnapshot;
import org.polyheap.model.ClassInfo;
import org.polyheap.model.GcRoot;
import org.polyheap.model.Progress;
import org.polyheap.model.ReferenceKind;
import org.polyheap.model.RootKind;
import org.polyheap.model.SnapshotSink;
import org.polyheap.model.format.SnapshotFormat;
import org.polyheap.report.AnalyzedSnapshot;
import org.polyheap.ui.LoadedSnapshot;
import org.polyheap.ui.ObjectRef;
import org.polyheap.ui.editor.DominatorRows.Range;
import org.polyheap.ui.editor.DominatorRows.Step;

/**
 * The Dominator Tree page's row model on a hand-drawn heap, no window: a wide node (3,500 children)
 * shows its biggest 1,000 children and then ranges of 1,000, a small node all of its children, and the
 * top level starts with the reachability group of the one unreachable object.
 */
class DominatorRowsTest {
    /** The wide node: the first root, holding objects 1..WIDE, object i of 100,000 - i bytes. */
    private static final int ROOT = 0, WIDE = 3_500;
    /** The small node: the second root, holding three objects of 5, 6 and 7 bytes. */
    private static final int SMALL = WIDE + 1;
    private static final int LOOSE = SMALL + 4;

    @TempDir
    static Path dir;
    private static IndexedSnapshot index;
    private static LoadedSnapshot snapshot;
    private static DominatorRows rows;

    @BeforeAll
    static void drawTheHeap() throws Exception {
        Path folder = dir.resolve("index");
        try (var sink = new IndexBuilder(folder, Progress.NONE)) {
            draw(sink);
            sink.finish();
        }
        index = IndexedSnapshot.open(folder);
        var analyzed = new AnalyzedSnapshot(folder, index, null, false, HeapAnalysis.run(index, Progress.NONE));
        snapshot = LoadedSnapshot.of(analyzed, Progress.NONE);
        rows = new DominatorRows(snapshot);
    }

    @AfterAll
    static void close() {
        index.close();
    }

    private static void draw(SnapshotSink sink) {
        sink.format(SnapshotFormat.GENERIC);
        int type = sink.addClass(ClassInfo.named("Node"));
        int field = sink.addString("next");
        long id = 0; // the identity column: each object's own
        sink.addObject(type, 16, id++, -1, -1);                                       // ROOT
        for (int i = 1; i <= WIDE; i++) sink.addObject(type, 100_000 - i, id++, -1, -1); // its children, biggest first
        sink.addObject(type, 16, id++, -1, -1);                                       // SMALL
        for (int size : new int[] { 5, 6, 7 }) sink.addObject(type, size, id++, -1, -1);
        sink.addObject(type, 1, id, -1, -1);                                          // LOOSE: nothing references it
        for (int i = 1; i <= WIDE; i++) sink.addReference(ROOT, i, ReferenceKind.FIELD, field);
        for (int i = 1; i <= 3; i++) sink.addReference(SMALL, SMALL + i, ReferenceKind.FIELD, field);
        sink.addRoot(new GcRoot(ROOT, RootKind.UNKNOWN, -1, -1));
        sink.addRoot(new GcRoot(SMALL, RootKind.UNKNOWN, -1, -1));
    }

    private static ObjectRef object(int id) {
        return new ObjectRef(snapshot, id);
    }

    @Test
    void topLevelStartsWithTheGroupsThenTheObjectsBiggestFirst() {
        assertEquals(1, snapshot.analyzed().analysis().dominatorTree().groups().length, "one group: the unreachable object");
        assertEquals(3, rows.rowCount(snapshot), "the group and two roots");
        assertEquals(Reachability.UNREACHABLE, assertInstanceOf(GroupRow.class, rows.row(snapshot, 0)).reachability());
        assertEquals(object(ROOT), rows.row(snapshot, 1));
        assertEquals(object(SMALL), rows.row(snapshot, 2));
        assertEquals(2, rows.childCount(-1), "the top level's objects, the group left out");
        var group = (GroupRow) rows.row(snapshot, 0);
        assertEquals(1, rows.rowCount(group));
        assertEquals(object(LOOSE), rows.row(group, 0));
    }

    @Test
    void aNodeWithFewChildrenShowsEachOfThemBiggestFirst() {
        assertEquals(3, rows.rowCount(object(SMALL)));
        assertEquals(List.of(object(SMALL + 3), object(SMALL + 2), object(SMALL + 1)),
                List.of(rows.row(object(SMALL), 0), rows.row(object(SMALL), 1), rows.row(object(SMALL), 2)));
        assertEquals(0, rows.rowCount(object(SMALL + 1)), "a leaf has no rows");
    }

    @Test
    void aWideNodeShowsItsBiggestThousandChildrenThenRangesOfAThousand() {
        var root = object(ROOT);
        assertEquals(DominatorRows.SPAN + 3, rows.rowCount(root), "1,000 children and 3 ranges for 3,500");
        assertEquals(object(1), rows.row(root, 0), "the biggest child first");
        assertEquals(object(DominatorRows.SPAN), rows.row(root, DominatorRows.SPAN - 1));
        assertEquals(new Range(ROOT, 1_000, 2_000), rows.row(root, DominatorRows.SPAN));
        assertEquals(new Range(ROOT, 2_000, 3_000), rows.row(root, DominatorRows.SPAN + 1));
        assertEquals(new Range(ROOT, 3_000, 3_500), rows.row(root, DominatorRows.SPAN + 2), "the last range holds the rest");
        var last = new Range(ROOT, 3_000, 3_500);
        assertEquals(500, rows.rowCount(last));
        assertEquals(object(3_001), rows.row(last, 0), "child 3,001 (index 3,000) opens the last range");
        assertEquals(object(WIDE), rows.row(last, 499));
    }

    @Test
    void aRangesSumsAreItsChildrensSizes() {
        long shallow = 0;
        for (int i = 3_001; i <= WIDE; i++) shallow += 100_000 - i;
        assertArrayEquals(new long[] { shallow, shallow }, rows.sums(new Range(ROOT, 3_000, 3_500)), "leaves retain their own bytes");
    }

    @Test
    void pathToAnObjectPassesThroughItsRangeAndParentOfWalksBack() {
        int child = 2_501; // index 2,500 among the wide node's children: row 500 of the range [2,000, 3,000)
        var range = new Range(ROOT, 2_000, 3_000);
        assertEquals(List.of(new Step(object(ROOT), 1), new Step(range, DominatorRows.SPAN + 1), new Step(object(child), 500)),
                rows.pathTo(child));
        assertEquals(range, rows.parentOf(object(child)));
        assertEquals(object(ROOT), rows.parentOf(range));
        assertSame(snapshot, rows.parentOf(object(ROOT)), "a top-level row's parent is the snapshot");
        assertEquals(object(ROOT), rows.parentOf(object(5)), "one of the biggest thousand hangs directly under its node");
    }

    @Test
    void pathToTheUnreachableObjectStartsAtItsGroupsRow() {
        var path = rows.pathTo(LOOSE);
        assertEquals(2, path.size(), path.toString());
        assertEquals(new Step(rows.row(snapshot, 0), 0), path.getFirst());
        assertEquals(new Step(object(LOOSE), 0), path.getLast());
        assertTrue(rows.pathTo(-1).isEmpty(), "no path to no object");
    }

    @Test
    void rangesHoldAThousandChildrenUntilThatMakesMoreThanAThousandRows() {
        assertEquals(DominatorRows.SPAN, DominatorRows.span(1));
        assertEquals(DominatorRows.SPAN, DominatorRows.span(1_000_000), "1,000 ranges of 1,000");
        assertEquals(1_000_000, DominatorRows.span(1_000_001), "one more child: ranges of ranges");
    }
}
