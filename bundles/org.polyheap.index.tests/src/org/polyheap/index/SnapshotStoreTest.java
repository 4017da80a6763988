package org.polyheap.index;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.polyheap.model.HeapGraph;
import org.polyheap.model.Progress;
import org.polyheap.model.SnapshotFormatException;
import org.polyheap.model.format.SnapshotFormat;
import org.polyheap.model.memory.HeapGraphBuilder;
import org.polyheap.model.spi.ParseOptions;

class SnapshotStoreTest {
    @TempDir Path dir;
    Path snapshot;
    Path index;
    SnapshotStore store;
    TextSnapshotParser parser;

    @BeforeEach
    void writeSnapshot() throws IOException {
        snapshot = dir.resolve("heap.txt");
        TextSnapshotParser.write(snapshot, 5000);
        index = dir.resolve("heap.txt.polyheap");
        store = new SnapshotStore(dir.resolve("cache"));
        parser = new TextSnapshotParser();
    }

    private SnapshotStore.Opened open(ParseOptions options) throws Exception {
        return store.open(snapshot, List.of(parser), options, Progress.NONE);
    }

    private HeapGraph expected() throws Exception {
        var memory = new HeapGraphBuilder();
        new TextSnapshotParser().parse(snapshot, memory, Progress.NONE);
        return memory.build();
    }

    private void assertRebuiltAfter(ThrowingAction damage) throws Exception {
        try (var first = open(ParseOptions.NONE)) { assertFalse(first.reused()); }
        damage.run();
        try (var second = open(ParseOptions.NONE)) {
            assertFalse(second.reused(), "damage must force a rebuild");
            IndexBuilderTest.assertSameGraph(expected(), second.snapshot());
        }
        try (var third = open(ParseOptions.NONE)) { assertTrue(third.reused()); }
        assertEquals(2, parser.parses.get());
    }

    interface ThrowingAction { void run() throws Exception; }

    @Test
    void secondOpenReusesTheIndexWithoutParsing() throws Exception {
        try (var first = open(ParseOptions.NONE)) {
            assertFalse(first.reused());
            assertEquals(SnapshotFormat.GENERIC, first.parser().format());
            IndexBuilderTest.assertSameGraph(expected(), first.snapshot());
        }
        long before = Files.getLastModifiedTime(snapshot).toMillis();
        try (var second = open(ParseOptions.NONE)) {
            assertTrue(second.reused());
            IndexBuilderTest.assertSameGraph(expected(), second.snapshot());
        }
        assertEquals(1, parser.parses.get());
        assertTrue(Files.isDirectory(index));
        assertEquals(before, Files.getLastModifiedTime(snapshot).toMillis(), "the input is never touched");
    }

    @Test
    void truncatedIndexFileIsRebuilt() throws Exception {
        assertRebuiltAfter(() -> {
            try (var f = new RandomAccessFile(index.resolve(IndexFiles.OUTBOUND).toFile(), "rw")) { f.setLength(f.length() - 3); }
        });
    }

    @Test
    void flippedByteIsRebuilt() throws Exception {
        assertRebuiltAfter(() -> {
            Path f = index.resolve(IndexFiles.OBJECT_SIZE);
            byte[] b = Files.readAllBytes(f);
            b[b.length / 3] ^= 0x10;
            Files.write(f, b);
        });
    }

    @Test
    void olderFormatVersionIsRebuilt() throws Exception {
        assertRebuiltAfter(() -> {
            try (var f = new RandomAccessFile(index.resolve(IndexFiles.MANIFEST).toFile(), "rw")) {
                f.seek(4);
                f.writeInt(Manifest.FORMAT_VERSION - 1);
            }
        });
    }

    @Test
    void missingIndexFileIsRebuilt() throws Exception {
        assertRebuiltAfter(() -> Files.delete(index.resolve(IndexFiles.CLASSES)));
    }

    @Test
    void changedSourceIsRebuilt() throws Exception {
        assertRebuiltAfter(() -> {
            Files.writeString(snapshot, "object 0 8 1\n", StandardOpenOption.APPEND);
            Files.setLastModifiedTime(snapshot, FileTime.fromMillis(System.currentTimeMillis() + 5000));
        });
    }

    @Test
    void otherParseOptionsRebuildButStoreOptionsDoNot() throws Exception {
        try (var a = open(ParseOptions.NONE)) { assertFalse(a.reused()); }
        try (var b = open(ParseOptions.NONE.with("sizeModel", "x"))) { assertFalse(b.reused()); }
        try (var c = open(ParseOptions.NONE.with("sizeModel", "x").with(SnapshotStore.OPTION_LOCATION, "beside"))) {
            assertTrue(c.reused());
            assertEquals(ParseOptions.NONE.with("sizeModel", "x"), c.snapshot().manifest().options());
        }
    }

    @Test
    void cacheLocationKeepsTheSnapshotFolderClean() throws Exception {
        var options = ParseOptions.NONE.with(SnapshotStore.OPTION_LOCATION, "cache");
        try (var a = open(options)) {
            assertFalse(a.reused());
            assertTrue(a.snapshot().folder().startsWith(dir.resolve("cache")));
        }
        try (var b = open(options)) { assertTrue(b.reused()); }
        assertFalse(Files.exists(index));
    }

    @Test
    void unknownContentIsNotAKnownFormat() throws IOException {
        Path other = dir.resolve("heap.hprof");
        Files.writeString(other, "JAVA PROFILE 1.0.2 but not really");
        var e = assertThrows(SnapshotFormatException.class, () -> store.open(other, List.of(parser), ParseOptions.NONE, Progress.NONE));
        assertTrue(e.getMessage().contains("not a known snapshot format"), e.getMessage());
    }

    @Test
    void badGraphIsAFormatErrorAndLeavesNoFolder() throws IOException {
        Files.writeString(snapshot, TextSnapshotParser.MAGIC + "\nclass A\nobject 0 8 1\nref 0 7\n");
        var e = assertThrows(SnapshotFormatException.class, () -> open(ParseOptions.NONE));
        assertTrue(e.getMessage().contains("points to object 7"), e.getMessage());
        try (var files = Files.list(dir)) {
            assertTrue(files.noneMatch(p -> p.getFileName().toString().startsWith("heap.txt.polyheap") && Files.isDirectory(p)));
        }
    }

    @Test
    void parserErrorPassesThroughWithItsOffsetAndLeavesNoFolder() throws IOException {
        Files.writeString(snapshot, TextSnapshotParser.MAGIC + "\nclass A\nobject 0 8 1\nbogus line\n");
        var e = assertThrows(SnapshotFormatException.class, () -> open(ParseOptions.NONE));
        assertEquals(TextSnapshotParser.MAGIC.length() + 1 + 8 + 13, e.offset(), e.getMessage());
        try (var files = Files.list(dir)) {
            assertTrue(files.noneMatch(p -> p.getFileName().toString().startsWith("heap.txt.polyheap") && Files.isDirectory(p)));
        }
    }

    @Test
    void concurrentOpenersParseOnce() throws Exception {
        var pool = Executors.newFixedThreadPool(3);
        try {
            List<Future<SnapshotStore.Opened>> all = new ArrayList<>();
            for (int i = 0; i < 3; i++) all.add(pool.submit(() -> open(ParseOptions.NONE)));
            int reused = 0;
            for (var f : all) {
                try (var o = f.get(60, TimeUnit.SECONDS)) {
                    if (o.reused()) reused++;
                    assertEquals(5000, o.snapshot().objectCount());
                }
            }
            assertEquals(1, parser.parses.get());
            assertEquals(2, reused);
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void parseKilledHalfwayLeavesNoValidIndexAndTheWaitingOpenerRebuilds() throws Exception {
        String java = ProcessHandle.current().info().command().orElse("java");
        var child = new ProcessBuilder(java, "-cp", childClassPath(), KilledBuild.class.getName(),
                snapshot.toString(), "4000", dir.resolve("cache").toString()).redirectErrorStream(true).start();
        var pool = Executors.newSingleThreadExecutor();
        try (var out = new BufferedReader(new InputStreamReader(child.getInputStream()))) {
            String line;
            var said = new StringBuilder();
            do {
                line = out.readLine();
                said.append(line).append('\n');
            } while (line != null && !line.equals("HALFWAY"));
            assertEquals("HALFWAY", line, "the child never reached the middle of the parse; it said:\n" + said);
            try (var files = Files.list(dir)) {
                assertTrue(files.anyMatch(p -> p.getFileName().toString().startsWith("heap.txt.polyheap.tmp-")),
                        "the child builds in a temp folder");
            }
            // the child holds the lock: an opener here waits for it
            Future<SnapshotStore.Opened> waiting = pool.submit(() -> open(ParseOptions.NONE));
            Thread.sleep(700);
            assertFalse(waiting.isDone(), "a second process must wait for the build lock");
            child.destroyForcibly();
            child.waitFor(30, TimeUnit.SECONDS);
            try (var o = waiting.get(60, TimeUnit.SECONDS)) {
                assertFalse(o.reused(), "nothing of the killed build may be reused");
                IndexBuilderTest.assertSameGraph(expected(), o.snapshot());
            }
        } finally {
            child.destroyForcibly();
            pool.shutdownNow();
        }
        assertEquals(1, parser.parses.get());
        try (var files = Files.list(dir)) {
            assertTrue(files.noneMatch(p -> p.getFileName().toString().contains(".tmp-")), "the dead child's temp folder is gone");
        }
    }

    @Test
    void folderWithoutManifestIsNotAnIndex() throws Exception {
        try (var first = open(ParseOptions.NONE)) { assertFalse(first.reused()); }
        Files.delete(index.resolve(IndexFiles.MANIFEST));
        assertThrows(IOException.class, () -> IndexedSnapshot.open(index));
        try (var second = open(ParseOptions.NONE)) { assertFalse(second.reused()); }
    }

    @Test
    void deleteIndexRemovesTheFolderAndLockButNeverTheSnapshot() throws Exception {
        try (var first = open(ParseOptions.NONE)) { assertFalse(first.reused()); }
        long size = SnapshotStore.sizeOnDisk(index);
        long manifest = Files.size(index.resolve(IndexFiles.MANIFEST));
        assertTrue(size > manifest, "the columns count too: " + size);
        store.deleteIndex(index);
        assertFalse(Files.exists(index));
        assertFalse(Files.exists(dir.resolve("heap.txt.polyheap.lock")));
        assertTrue(Files.isRegularFile(snapshot));
        assertEquals(0, SnapshotStore.sizeOnDisk(index));
        try (var again = open(ParseOptions.NONE)) { assertFalse(again.reused(), "parsed afresh"); }
        assertEquals(2, parser.parses.get());
    }

    @Test
    void deleteIndexRefusesFoldersThatAreNoIndexes() throws Exception {
        Path other = Files.createDirectories(dir.resolve("notes"));
        assertThrows(IllegalArgumentException.class, () -> store.deleteIndex(other));
        assertThrows(IllegalArgumentException.class, () -> store.deleteIndex(dir.resolve(".polyheap")));
        assertTrue(Files.isDirectory(other));
        assertTrue(store.isIndexFolder(dir.resolve("cache").resolve("0123abcd")), "a folder in the cache");
        assertFalse(store.isIndexFolder(dir.resolve("cache")), "the cache itself");
    }

    /**
     * The test class path, plus where the test, index, model and fastutil classes were loaded from:
     * launchers that load tests through their own class loader (the JUnit console's -cp) leave those
     * out of java.class.path.
     */
    private static String childClassPath() throws Exception {
        var parts = new java.util.LinkedHashSet<String>(List.of(System.getProperty("java.class.path").split(java.io.File.pathSeparator)));
        for (Class<?> c : List.of(KilledBuild.class, SnapshotStore.class, HeapGraph.class, it.unimi.dsi.fastutil.longs.LongArrayList.class)) {
            var source = c.getProtectionDomain().getCodeSource();
            if (source != null && "file".equals(source.getLocation().getProtocol())) parts.add(Path.of(source.getLocation().toURI()).toString());
        }
        return String.join(java.io.File.pathSeparator, parts);
    }
}
