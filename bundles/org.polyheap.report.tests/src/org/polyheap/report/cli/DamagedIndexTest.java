package org.polyheap.report.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.polyheap.model.Progress;
import org.polyheap.report.AnalyzedSnapshot;
import org.polyheap.testdata.TestData;

/**
 * Index pages are checked when first read. When the analysis meets a damaged page of a reused index,
 * the open does not fail: the snapshot invalidated the index, and the open rebuilds it once.
 */
class DamagedIndexTest {
    private static final String LIMIT = "polyheap.index.verifyOnOpenBytes";

    @Test
    void damagedPageMetByTheAnalysisRebuildsTheIndex(@TempDir Path dir) throws Exception {
        Path file = TestData.copyUncompressed(TestData.JACKSON_TREE, dir);
        long reachable;
        Path index;
        try (var first = AnalyzedSnapshot.open(file, AnalyzedSnapshot.OpenOptions.DEFAULT, Progress.NONE)) {
            assertFalse(first.reused());
            reachable = first.analysis().dominatorTree().reachableBytes();
            index = first.snapshot().folder();
        }
        try (Stream<Path> s = Files.walk(index.resolve("results"))) { // the analysis must read the graph again
            s.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
        try (var raf = new RandomAccessFile(index.resolve("outbound.index").toFile(), "rw")) {
            raf.seek(raf.length() / 4); // inside the body's pages
            int b = raf.read();
            raf.seek(raf.length() / 4);
            raf.write(b ^ 0x20);
        }
        System.setProperty(LIMIT, "0"); // as for files above the open-time CRC limit
        try (var second = AnalyzedSnapshot.open(file, AnalyzedSnapshot.OpenOptions.DEFAULT, Progress.NONE)) {
            assertFalse(second.reused(), "the damaged index is rebuilt, not used");
            assertEquals(reachable, second.analysis().dominatorTree().reachableBytes());
        } finally {
            System.clearProperty(LIMIT);
        }
        try (var third = AnalyzedSnapshot.open(file, AnalyzedSnapshot.OpenOptions.DEFAULT, Progress.NONE)) {
            assertTrue(third.reused());
            assertTrue(third.analysis().loadedFromIndex());
        }
    }

    /**
     * Issue 18 C: a page found damaged while a command works (after the open) made it exit 3; the same
     * run now rebuilds and answers, once. Issue 18 D: a table is checked whole on every open, whatever
     * its size, so a flipped byte in classes.table is never served.
     */
    @Test
    void damagedPageMetByACommandRebuildsAndAnswersInTheSameRun(@TempDir Path dir) throws Exception {
        Path file = TestData.copyUncompressed(TestData.JACKSON_TREE, dir);
        CommandRun first = CommandRun.of("overview", file.toString(), "--quiet"); // index and tree, no histogram yet
        assertEquals(0, first.code(), first.err());
        String expected = CommandRun.of("histogram", file.toString(), "--csv", "--quiet", "--index-dir", "beside").out();
        Path index = dir.resolve(file.getFileName() + ".polyheap");
        try (Stream<Path> s = Files.walk(index.resolve("results"))) { // the histogram must read the object columns again
            s.sorted(Comparator.reverseOrder()).filter(p -> p.toString().contains("histogram-")).forEach(p -> p.toFile().delete());
        }
        flip(index.resolve("object-class.index"));
        System.setProperty(LIMIT, "0"); // as for files above the open-time CRC limit: pages checked when read
        try {
            CommandRun run = CommandRun.of("histogram", file.toString(), "--csv", "--quiet");
            assertEquals(0, run.code(), run.err());
            assertEquals(expected, run.out(), "the answer of the rebuilt index");
            assertTrue(run.err().contains("damaged") && run.err().contains("rebuilding"), run.err());
        } finally {
            System.clearProperty(LIMIT);
        }
    }

    @Test
    void flippedByteInATableIsNeverServed(@TempDir Path dir) throws Exception {
        Path file = TestData.copyUncompressed(TestData.JACKSON_TREE, dir);
        String expected = CommandRun.of("histogram", file.toString(), "--csv", "--quiet", "--top", "30").out();
        Path index = dir.resolve(file.getFileName() + ".polyheap");
        flip(index.resolve("classes.table"));
        System.setProperty(LIMIT, "0");
        try {
            CommandRun run = CommandRun.of("histogram", file.toString(), "--csv", "--quiet", "--top", "30");
            assertEquals(0, run.code(), run.err());
            assertEquals(expected, run.out(), "no garbled class name: the table failed its check and the index was rebuilt");
        } finally {
            System.clearProperty(LIMIT);
        }
    }

    /** Flips one bit in the middle of a file. */
    private static void flip(Path file) throws Exception {
        try (var raf = new RandomAccessFile(file.toFile(), "rw")) {
            long at = raf.length() / 2;
            raf.seek(at);
            int b = raf.read();
            raf.seek(at);
            raf.write(b ^ 0x20);
        }
    }
}
