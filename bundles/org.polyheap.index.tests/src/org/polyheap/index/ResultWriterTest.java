package org.polyheap.index;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.polyheap.model.IntColumn;
import org.polyheap.model.LongColumn;
import org.polyheap.model.Progress;
import org.polyheap.model.memory.HeapGraphBuilder;

class ResultWriterTest {
    @TempDir Path dir;
    int[] dominators;
    long[] retained;

    @BeforeEach
    void buildIndex() throws IOException {
        try (var b = new IndexBuilder(dir, Progress.NONE)) {
            RandomGraphs.feed(3, 9000, 3, new HeapGraphBuilder(), b);
            b.finish();
        }
        var r = new Random(9);
        dominators = r.ints(9000, -1, 9000).toArray();
        retained = r.longs(9000, 0, 1L << 40).toArray();
    }

    private void commitDominators(IndexedSnapshot s, int version) throws IOException {
        s.results().writer("dominators", version)
                .intColumn("idom", IntColumn.of(dominators))
                .longColumn("retained", LongColumn.of(retained))
                .oneToMany("children", LongColumn.of(new long[] {0, 2, 2, 3}), IntColumn.of(new int[] {5, 6, 7}))
                .fact("algorithm", "semi-nca")
                .commit();
    }

    @Test
    void committedResultComesBackMappedAfterReopen() throws IOException {
        try (var s = IndexedSnapshot.open(dir)) {
            assertTrue(s.results().result("dominators", 1).isEmpty());
            commitDominators(s, 1);
        }
        try (var s = IndexedSnapshot.open(dir)) {
            var r = s.results().result("dominators", 1).orElseThrow();
            assertArrayEquals(dominators, r.intColumn("idom").toArray());
            assertArrayEquals(retained, r.longColumn("retained").toArray());
            assertArrayEquals(new int[] {7}, r.oneToMany("children").list(2));
            assertEquals(Map.of("algorithm", "semi-nca"), r.facts());
            assertThrows(IllegalArgumentException.class, () -> r.longColumn("idom"));
        }
    }

    @Test
    void otherVersionIsAbsent() throws IOException {
        try (var s = IndexedSnapshot.open(dir)) {
            commitDominators(s, 1);
            assertTrue(s.results().result("dominators", 2).isEmpty());
        }
    }

    @Test
    void damagedResultIsAbsent() throws IOException {
        try (var s = IndexedSnapshot.open(dir)) { commitDominators(s, 1); }
        Path idom;
        try (Stream<Path> files = Files.walk(dir.resolve("results"))) {
            idom = files.filter(p -> p.getFileName().toString().equals("idom.index")).findFirst().orElseThrow();
        }
        try (var f = new RandomAccessFile(idom.toFile(), "rw")) {
            f.seek(f.length() / 2);
            int b = f.read();
            f.seek(f.length() / 2);
            f.write(b ^ 1);
        }
        try (var s = IndexedSnapshot.open(dir)) { assertTrue(s.results().result("dominators", 1).isEmpty()); }
    }

    @Test
    void recommitReplacesTheOldFiles() throws IOException {
        try (var s = IndexedSnapshot.open(dir)) {
            commitDominators(s, 1);
            dominators[0] = 42;
            commitDominators(s, 2);
            assertEquals(42, s.results().result("dominators", 2).orElseThrow().intColumn("idom").get(0));
        }
        try (Stream<Path> files = Files.list(dir.resolve("results"))) {
            assertEquals(2, files.count(), "one manifest and one folder");
        }
    }

    @Test
    void committingAGroupKeepsTheGroupsWhoseNamesItStartsWith() throws IOException {
        try (var s = IndexedSnapshot.open(dir)) {
            s.results().writer("dominators-v8-devtools", 1).intColumn("idom", IntColumn.of(dominators)).commit();
            s.results().writer("dominators-v8", 1).intColumn("idom", IntColumn.of(dominators)).commit();
            s.results().writer("dominators-v8", 2).intColumn("idom", IntColumn.of(dominators)).commit();
        }
        try (var s = IndexedSnapshot.open(dir)) {
            assertArrayEquals(dominators, s.results().result("dominators-v8-devtools", 1).orElseThrow().intColumn("idom").toArray());
            assertArrayEquals(dominators, s.results().result("dominators-v8", 2).orElseThrow().intColumn("idom").toArray());
        }
        try (Stream<Path> files = Files.list(dir.resolve("results"))) {
            assertEquals(4, files.count(), "two manifests and two folders: the older dominators-v8 folder went");
        }
    }

    @Test
    void abortedWriterLeavesNothing() throws IOException {
        try (var s = IndexedSnapshot.open(dir)) {
            var w = s.results().writer("retained", 1).longColumn("retained", LongColumn.of(retained));
            w.abort();
            assertTrue(s.results().result("retained", 1).isEmpty());
        }
        try (Stream<Path> files = Files.list(dir.resolve("results"))) {
            assertEquals(0, files.count());
        }
    }
}
