package org.polyheap.analysis;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.polyheap.index.IndexBuilder;
import org.polyheap.index.IndexedSnapshot;
import org.polyheap.model.GcRoot;
import org.polyheap.model.HeapGraph;
import org.polyheap.model.Progress;
import org.polyheap.model.ReferenceKind;
import org.polyheap.model.RootKind;
import org.polyheap.model.format.SnapshotFormat;
import org.polyheap.parser.v8.V8SnapshotParser;
import org.polyheap.testdata.TestData;

/** The analysis with its working arrays in mapped temporary files gives exactly the heap arrays' answer. */
class WorkArraysTest {
    @TempDir Path dir;

    private static void assertSameTree(DominatorTree expected, DominatorTree actual, String where) {
        assertArrayEquals(expected.dominator().toArray(), actual.dominator().toArray(), where);
        assertArrayEquals(expected.retained().toArray(), actual.retained().toArray(), where);
        assertArrayEquals(expected.shallow().toArray(), actual.shallow().toArray(), where);
        assertArrayEquals(expected.dominatedStart().toArray(), actual.dominatedStart().toArray(), where);
        assertArrayEquals(expected.dominatedChildren().toArray(), actual.dominatedChildren().toArray(), where);
        assertEquals(expected.totals(), actual.totals(), where);
    }

    private long filesIn(Path folder) throws Exception {
        try (Stream<Path> s = Files.list(folder)) {
            return s.filter(p -> p.getFileName().toString().startsWith("analysis-")).count();
        }
    }

    /** Random graphs with weak references, several roots, unreachable parts and objects without references. */
    private static HeapGraph randomGraph(Random random, int n) {
        var b = new org.polyheap.model.memory.HeapGraphBuilder();
        b.format(SnapshotFormat.HPROF);
        for (int i = 0; i < n; i++) b.addObject(8 + random.nextInt(64));
        ReferenceKind[] kinds = {ReferenceKind.FIELD, ReferenceKind.FIELD, ReferenceKind.ELEMENT, ReferenceKind.JAVA_WEAK};
        for (int s = 0; s < n; s++) {
            for (int k = random.nextInt(4); k > 0; k--) {
                int t = random.nextBoolean() ? random.nextInt(n) : Math.max(0, Math.min(n - 1, s + random.nextInt(9) - 2));
                b.addReference(s, t, kinds[random.nextInt(kinds.length)], -1);
            }
        }
        for (int r = random.nextInt(3); r < n; r += 1 + random.nextInt(n / 4 + 1)) b.addRoot(new GcRoot(r, RootKind.UNKNOWN, -1, -1));
        return b.build();
    }

    @Test
    void mappedArraysGiveTheHeapResultOnRandomGraphs() throws Exception {
        var random = new Random(20261123);
        for (int round = 0; round < 200; round++) {
            var g = randomGraph(random, 1 + random.nextInt(round < 190 ? 60 : 20_000));
            var options = AnalysisOptions.forGraph(g);
            var heap = DominatorTree.compute(RetentionRules.build(g, options, WorkArrays.heap(), Progress.NONE), Progress.NONE);
            var retaining = RetentionRules.build(g, options, WorkArrays.mappedAlways(dir, round % 2 == 0), Progress.NONE);
            assertEquals(WorkArrays.Backing.MAPPED, retaining.work().backing());
            var mapped = DominatorTree.compute(retaining, Progress.NONE);
            assertSameTree(heap, mapped, "round " + round);
            assertEquals(0, filesIn(dir), "working files are unlinked as soon as they are mapped");
        }
    }

    @Test
    void heapAnalysisOnAnIndexServesTheStoredTreeWhenItComputedInMappedFiles() throws Exception {
        Path folder = dir.resolve("index");
        try (var builder = new IndexBuilder(folder, Progress.NONE)) {
            new V8SnapshotParser().parse(TestData.CHROME_TODO, builder, Progress.NONE);
            builder.finish();
        }
        String before = System.getProperty(WorkArrays.PROPERTY);
        try (var snapshot = IndexedSnapshot.open(folder)) {
            var options = AnalysisOptions.forGraph(snapshot);
            var heap = DominatorTree.compute(RetentionRules.build(snapshot, options, WorkArrays.heap(), Progress.NONE),
                    Progress.NONE);
            System.setProperty(WorkArrays.PROPERTY, "mapped");
            var analysis = HeapAnalysis.run(snapshot, snapshot.results(), options, Progress.NONE);
            assertFalse(analysis.loadedFromIndex());
            assertFalse(analysis.dominatorTree().dominator() instanceof IntArray, "served from the stored columns");
            assertSameTree(heap, analysis.dominatorTree(), "chrome-todo");
            assertEquals(0, filesIn(folder));
            var again = HeapAnalysis.run(snapshot, snapshot.results(), options, Progress.NONE);
            assertTrue(again.loadedFromIndex());
            assertSameTree(heap, again.dominatorTree(), "chrome-todo, reloaded");
        } finally {
            if (before == null) System.clearProperty(WorkArrays.PROPERTY); else System.setProperty(WorkArrays.PROPERTY, before);
        }
    }

    @Test
    void arraysOfBothKindsReadWhatWasWritten() {
        try (var shared = WorkArrays.mappedAlways(dir, true).scratch();
             var privately = WorkArrays.mappedAlways(dir, false).scratch()) {
            for (var work : new WorkArrays[] {WorkArrays.heap(), shared, privately}) {
                IntArray ints = work.ints(10_000);
                LongArray longs = work.longs(10_000);
                for (int i = 0; i < 10_000; i++) {
                    ints.set(i, i * 7 - 3);
                    longs.set(i, (long) i << 40);
                }
                ints.copyWithin(0, 1, 9_999); // overlapping move one up
                assertEquals(-3, ints.get(1));
                assertEquals(9_998 * 7 - 3, ints.get(9_999));
                assertEquals(5 * 7 - 3 + 2, ints.add(6, 2));
                int[] chunk = new int[3];
                ints.copyTo(1, chunk, 0, 3);
                assertArrayEquals(new int[] {-3, 4, 11}, chunk);
                assertEquals(3L << 40, longs.get(3));
                assertEquals(5, ints.head(5).size());
                ints.fill(-1);
                assertEquals(-1, ints.get(123));
            }
        }
    }
}
