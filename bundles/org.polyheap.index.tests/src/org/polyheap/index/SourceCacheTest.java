package org.polyheap.index;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.lang.foreign.ValueLayout;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.polyheap.model.Progress;
import org.polyheap.model.memory.HeapGraphBuilder;
import org.polyheap.model.spi.SourceCache;

/** An inspector's bytes kept beside the index: made once, found again by later opens, checked, made again when damaged. */
class SourceCacheTest {
    @TempDir Path dir;
    final AtomicInteger makes = new AtomicInteger();
    final byte[] content = new byte[300_000];

    @BeforeEach
    void buildIndex() throws IOException {
        try (var b = new IndexBuilder(dir, Progress.NONE)) {
            RandomGraphs.feed(3, 2000, 3, new HeapGraphBuilder(), b);
            b.finish();
        }
        new Random(4).nextBytes(content);
    }

    private byte[] bytes(IndexedSnapshot s, int version) throws IOException {
        SourceCache.Maker maker = out -> {
            makes.incrementAndGet();
            out.write(content);
        };
        return s.sourceCache().bytes("gzip-test", version, maker).toArray(ValueLayout.JAVA_BYTE);
    }

    private Path storedFile() throws IOException {
        try (Stream<Path> files = Files.walk(dir.resolve("results"))) {
            return files.filter(p -> p.getFileName().toString().equals("bytes.bytes")).findFirst().orElseThrow();
        }
    }

    @Test
    void bytesAreMadeOnceAndFoundByLaterOpens() throws IOException {
        try (var s = IndexedSnapshot.open(dir)) {
            assertArrayEquals(content, bytes(s, 1));
            assertArrayEquals(content, bytes(s, 1));
        }
        try (var s = IndexedSnapshot.open(dir)) {
            assertArrayEquals(content, bytes(s, 1));
        }
        assertEquals(1, makes.get());
        assertTrue(Files.isRegularFile(dir.resolve("results/source-gzip-test.manifest")));
    }

    @Test
    void anotherVersionIsMadeAgain() throws IOException {
        try (var s = IndexedSnapshot.open(dir)) {
            bytes(s, 1);
            bytes(s, 2);
        }
        assertEquals(2, makes.get());
    }

    /** Bytes have no pages to check on first read: they are checked whole on open even where big files are not. */
    @Test
    void aFlippedByteAnywhereIsFoundAndTheBytesAreMadeAgain() throws IOException {
        System.setProperty("polyheap.index.verifyOnOpenBytes", "0");
        try {
            flipAndReopen();
        } finally {
            System.clearProperty("polyheap.index.verifyOnOpenBytes");
        }
    }

    private void flipAndReopen() throws IOException {
        var r = new Random(8);
        for (int trial = 0; trial < 5; trial++) {
            try (var s = IndexedSnapshot.open(dir)) { bytes(s, 1); }
            try (var f = new RandomAccessFile(storedFile().toFile(), "rw")) {
                long at = r.nextLong(f.length());
                f.seek(at);
                int b = f.read();
                f.seek(at);
                f.write(b ^ (1 << r.nextInt(8)));
            }
            int before = makes.get();
            try (var s = IndexedSnapshot.open(dir)) {
                assertArrayEquals(content, bytes(s, 1), "trial " + trial);
            }
            assertEquals(before + 1, makes.get(), "the damaged bytes were made again");
        }
    }

    @Test
    void discardedBytesAreMadeAgain() throws IOException {
        try (var s = IndexedSnapshot.open(dir)) {
            bytes(s, 1);
            s.sourceCache().discard("gzip-test");
            assertArrayEquals(content, bytes(s, 1));
        }
        assertEquals(2, makes.get());
    }

    @Test
    void aFailingMakerStoresNothing() throws IOException {
        try (var s = IndexedSnapshot.open(dir)) {
            var e = assertThrows(IOException.class, () -> s.sourceCache().bytes("gzip-test", 1, out -> {
                out.write(content, 0, 1000);
                throw new IOException("snapshot.gz: truncated at byte 1000");
            }));
            assertEquals("snapshot.gz: truncated at byte 1000", e.getMessage());
            assertArrayEquals(content, bytes(s, 1));
        }
        try (Stream<Path> left = Files.list(dir.resolve("results"))) {
            assertEquals(2, left.count(), "one manifest and one folder, no temp folder left");
        }
    }
}
