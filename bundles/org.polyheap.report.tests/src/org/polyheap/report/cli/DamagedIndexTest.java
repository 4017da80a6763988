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

/**
 * Index pages are checked when first read. When the analysis meets a damaged page of a reused index,
 * the open does not fail: the snapshot invalidated the index, and the open rebuilds it once.
 */
class DamagedIndexTest {
    private static final String LIMIT = "polyheap.index.verifyOnOpenBytes";

    @Test
    void damagedPageMetByTheAnalysisRebuildsTheIndex(@TempDir Path dir) throws Exception {
        Path file = Fixtures.copy(Fixtures.HPROF, dir);
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
}
