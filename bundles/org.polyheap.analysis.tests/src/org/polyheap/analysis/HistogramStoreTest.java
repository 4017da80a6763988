package org.polyheap.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.polyheap.index.IndexBuilder;
import org.polyheap.index.IndexedSnapshot;
import org.polyheap.model.Progress;
import org.polyheap.parser.v8.V8SnapshotParser;
import org.polyheap.testdata.TestData;

/** Whole-graph histograms kept beside the index, so a reopened snapshot does not walk its objects again. */
class HistogramStoreTest {
    private static final String WALK = "Building histogram";

    /** Records the phases it is told of. */
    private static final class Phases implements Progress {
        final List<String> names = new ArrayList<>();
        @Override public void phase(String name, long totalWork) { names.add(name); }
        @Override public void worked(long units) { }
        @Override public boolean isCanceled() { return false; }
    }

    private static Path index(Path dir) throws Exception {
        Path folder = dir.resolve("index");
        try (var builder = new IndexBuilder(folder, Progress.NONE)) {
            new V8SnapshotParser().parse(TestData.CHROME_TODO, builder, Progress.NONE);
            builder.finish();
        }
        return folder;
    }

    /** The histogram made by walking the tree, as before there was a store. */
    private static List<HistogramRow> walked(HeapAnalysis a, Grouping grouping, Pattern filter) {
        return Histogram.build(a.graph(), a.dominatorTree(), grouping, filter, null, Progress.NONE);
    }

    @Test
    void aReopenedSnapshotReadsItsHistogramsInsteadOfWalkingTheTree(@TempDir Path dir) throws Exception {
        Path folder = index(dir);
        List<HistogramRow> classes, libraries;
        try (var snapshot = IndexedSnapshot.open(folder)) {
            var a = HeapAnalysis.run(snapshot, snapshot.results(), Progress.NONE);
            var phases = new Phases();
            classes = a.histogram(Grouping.CLASS, null, phases);
            libraries = a.histogram(Grouping.LIBRARY, null, phases);
            assertEquals(List.of(WALK, WALK), phases.names, "the first histogram of each grouping walks the tree");
            assertEquals(walked(a, Grouping.CLASS, null), classes);
            assertEquals(walked(a, Grouping.LIBRARY, null), libraries);
            assertTrue(classes.size() > 100 && libraries.size() > 1, classes.size() + " classes, " + libraries.size() + " libraries");
            var again = new Phases();
            assertEquals(classes, a.histogram(Grouping.CLASS, null, again));
            assertEquals(List.of(), again.names, "kept in memory for the snapshot's life");
            assertTrue(snapshot.results().result(HistogramStore.group(a.options(), Grouping.CLASS), HistogramStore.VERSION).isPresent());
        }
        try (var snapshot = IndexedSnapshot.open(folder)) {
            var a = HeapAnalysis.run(snapshot, snapshot.results(), Progress.NONE);
            assertTrue(a.loadedFromIndex());
            var phases = new Phases();
            assertEquals(classes, a.histogram(Grouping.CLASS, null, phases));
            assertEquals(libraries, a.histogram(Grouping.LIBRARY, null, phases));
            assertEquals(List.of(), phases.names, "read from the index, no walk");
            Pattern filter = Pattern.compile("^(Array|Object)");
            var filtered = a.histogram(Grouping.CLASS, filter, Progress.NONE);
            assertEquals(walked(a, Grouping.CLASS, filter), filtered);
            assertFalse(filtered.isEmpty());
            var top = a.topConsumers(5, phases);
            assertEquals(classes.subList(0, 5), top.classes());
            assertEquals(libraries.subList(0, Math.min(5, libraries.size())), top.groups());
            assertEquals(List.of(), phases.names, "top consumers come from the stored histograms too");
        }
    }

    @Test
    void aDamagedOrForeignStoredHistogramIsComputedAgain(@TempDir Path dir) throws Exception {
        Path folder = index(dir);
        List<HistogramRow> classes;
        String group;
        try (var snapshot = IndexedSnapshot.open(folder)) {
            var a = HeapAnalysis.run(snapshot, snapshot.results(), Progress.NONE);
            classes = a.histogram(Grouping.CLASS, null, Progress.NONE);
            group = HistogramStore.group(a.options(), Grouping.CLASS);
        }
        flipMiddleByteOf(folder, group, "retained.index");
        try (var snapshot = IndexedSnapshot.open(folder)) {
            var a = HeapAnalysis.run(snapshot, snapshot.results(), Progress.NONE);
            var phases = new Phases();
            assertEquals(classes, a.histogram(Grouping.CLASS, null, phases));
            assertEquals(List.of(WALK), phases.names, "a damaged result is not used");
            // library totals stored under the class grouping's name: other groups, so the facts do not match
            var libraryGroups = new Histogram.Groups(snapshot, Grouping.LIBRARY);
            var libraryTotals = Histogram.totals(snapshot, a.dominatorTree(), libraryGroups, null, Progress.NONE);
            HistogramStore.save(snapshot.results(), a.options(), Grouping.CLASS, libraryGroups, a.dominatorTree(), libraryTotals);
        }
        try (var snapshot = IndexedSnapshot.open(folder)) {
            var a = HeapAnalysis.run(snapshot, snapshot.results(), Progress.NONE);
            var phases = new Phases();
            assertEquals(classes, a.histogram(Grouping.CLASS, null, phases));
            assertEquals(List.of(WALK), phases.names, "a result made for other groups is not used");
        }
    }

    /** Flips a byte of a column file of the group's committed folder (results/<group>-<uuid>/<file>). */
    private static void flipMiddleByteOf(Path folder, String group, String file) throws IOException {
        Path target;
        try (Stream<Path> s = Files.list(folder.resolve("results"))) {
            target = s.filter(p -> Files.isDirectory(p) && p.getFileName().toString().startsWith(group + "-")
                    && p.getFileName().toString().length() == group.length() + 37).findFirst().orElseThrow().resolve(file);
        }
        try (var ch = FileChannel.open(target, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            var b = ByteBuffer.allocate(1);
            long at = ch.size() / 2;
            ch.read(b, at);
            b.put(0, (byte) (b.get(0) ^ 0x5a)).rewind();
            ch.write(b, at);
        }
    }
}
