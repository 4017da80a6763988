package org.polyheap.index;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.RandomAccessFile;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.UUID;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.polyheap.index.column.IndexDamagedException;
import org.polyheap.model.IntColumn;
import org.polyheap.model.Progress;
import org.polyheap.model.spi.ParseOptions;

/**
 * Pages are checked when first read, so damage in files too big for the open-time CRC (here: every
 * file, with the limit set to 0) is found by the reader; the snapshot then invalidates what is damaged,
 * so the next open rebuilds the index or recomputes the result. Also: leftovers of dead writers go.
 */
class LazyChecksTest {
    private static final String LIMIT = "polyheap.index.verifyOnOpenBytes";
    @TempDir Path dir;
    Path snapshot, index;
    SnapshotStore store;
    TextSnapshotParser parser;

    @BeforeEach
    void setUp() throws Exception {
        snapshot = dir.resolve("heap.txt");
        TextSnapshotParser.write(snapshot, 20_000);
        index = dir.resolve("heap.txt.polyheap");
        store = new SnapshotStore(dir.resolve("cache"));
        parser = new TextSnapshotParser();
        System.setProperty(LIMIT, "0");
    }

    @AfterEach
    void restore() { System.clearProperty(LIMIT); }

    private SnapshotStore.Opened open() throws Exception {
        return store.open(snapshot, List.of(parser), ParseOptions.NONE, Progress.NONE);
    }

    /** Flips one bit in the middle of the file's page area (page data, not the tables at the end). */
    private static void flipInPages(Path f) throws Exception {
        try (var raf = new RandomAccessFile(f.toFile(), "rw")) {
            long at = raf.length() / 3;
            raf.seek(at);
            int b = raf.read();
            raf.seek(at);
            raf.write(b ^ 0x04);
        }
    }

    private static IndexDamagedException damageOf(Runnable read) {
        var e = assertThrows(UncheckedIOException.class, read::run);
        return assertInstanceOf(IndexDamagedException.class, e.getCause());
    }

    @Test
    void damagedPageIsFoundWhenReadAndTheNextOpenRebuilds() throws Exception {
        try (var first = open()) { assertFalse(first.reused()); }
        Path sizes = index.resolve(IndexFiles.OBJECT_SIZE);
        flipInPages(sizes);
        try (var second = open()) {
            assertTrue(second.reused(), "opening checks only trailers and tables: the page is not read yet");
            var told = new java.util.concurrent.CopyOnWriteArrayList<IndexDamagedException>();
            second.snapshot().onDamage(told::add);
            var damage = damageOf(() -> second.snapshot().shallowSize().toArray());
            assertEquals(sizes, damage.file().orElseThrow());
            assertEquals(List.of(damage), told, "listeners hear of the damage the reader throws");
            assertTrue(damage.getMessage().contains("checksum mismatch"), damage.getMessage());
            assertFalse(Files.exists(index.resolve(IndexFiles.MANIFEST)), "the index is invalidated");
        }
        try (var third = open()) {
            assertFalse(third.reused(), "damage must force a rebuild");
            third.snapshot().shallowSize().toArray();
        }
        assertEquals(2, parser.parses.get());
    }

    @Test
    void damagedResultPageDropsOnlyItsGroup() throws Exception {
        try (var first = open()) {
            first.snapshot().results().writer("sizes", 1).longColumn("doubled", first.snapshot().shallowSize()).commit();
        }
        Path file;
        try (Stream<Path> s = Files.walk(index.resolve(IndexFiles.RESULTS))) {
            file = s.filter(p -> p.getFileName().toString().equals("doubled.index")).findFirst().orElseThrow();
        }
        flipInPages(file);
        try (var second = open()) {
            var told = new java.util.concurrent.CopyOnWriteArrayList<IndexDamagedException>();
            second.snapshot().onDamage(told::add);
            var result = second.snapshot().results().result("sizes", 1).orElseThrow();
            var damage = damageOf(() -> result.longColumn("doubled").toArray());
            assertEquals(List.of(damage), told, "damage in a stored result is heard too");
            assertTrue(second.snapshot().results().result("sizes", 1).isEmpty(), "the damaged group reads as absent");
        }
        try (var third = open()) {
            assertTrue(third.reused(), "the index itself is fine");
            assertTrue(third.snapshot().results().result("sizes", 1).isEmpty(), "and the group stays absent until recomputed");
        }
    }

    @Test
    void temporaryFilesOfDeadWritersGoOnOpenAndLiveOnesStay() throws Exception {
        try (var first = open()) {
            first.snapshot().results().writer("x", 1).intColumn("a", IntColumn.of(new int[] {1, 2})).commit();
        }
        var dead = new ProcessBuilder(ProcessHandle.current().info().command().orElse("java"), "-version").start();
        dead.waitFor();
        long deadPid = dead.pid();
        Path results = index.resolve(IndexFiles.RESULTS);
        Path deadResult = Files.createDirectories(results.resolve("x-" + UUID.randomUUID() + ".tmp-" + deadPid));
        Files.writeString(deadResult.resolve("a.index"), "half");
        Path deadManifest = Files.writeString(results.resolve("x.manifest.tmp-" + deadPid), "half");
        Path deadWork = Files.writeString(index.resolve("analysis-123.work.tmp-" + deadPid), "");
        Path liveResult = Files.createDirectories(results.resolve(Leftovers.temp("y-" + UUID.randomUUID())));
        try (var second = open()) {
            assertTrue(second.reused());
            assertEquals(2, second.snapshot().results().result("x", 1).orElseThrow().intColumn("a").get(1));
        }
        assertFalse(Files.exists(deadResult), "a dead writer's result folder");
        assertFalse(Files.exists(deadManifest), "a dead writer's manifest");
        assertFalse(Files.exists(deadWork), "a dead analysis' working file");
        assertTrue(Files.exists(liveResult), "this process is alive: its temp folder stays");
    }
}
