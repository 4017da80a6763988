package org.polyheap.acquire;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The part file: a hidden temporary name beside the destination, renamed when complete, deleted otherwise. */
class PartFileTest {
    @TempDir
    Path dir;

    @Test
    void writesUnderAHiddenNameAndRenamesWhenComplete() throws IOException {
        Path target = dir.resolve("a.heapsnapshot");
        try (var part = new PartFile(target)) {
            part.open(false).write("{}".getBytes(StandardCharsets.UTF_8));
            assertEquals(dir, part.path().getParent(), "beside the destination: one file system, an atomic rename");
            assertTrue(part.path().getFileName().toString().startsWith(".a.heapsnapshot."), part.path().toString());
            assertFalse(Files.exists(target), "nothing under the final name while writing");
            part.commit();
        }
        assertEquals(List.of("a.heapsnapshot"), Files2.names(dir));
        assertEquals("{}", Files.readString(target));
    }

    @Test
    void anUnfinishedFileIsDeletedAndAnOlderFileKept() throws IOException {
        Path target = Files.writeString(dir.resolve("b.heapsnapshot"), "older");
        try (var part = new PartFile(target)) {
            part.open(true).write(new byte[100_000]);
            // no commit: a failure or a cancel
        }
        assertEquals(List.of("b.heapsnapshot"), Files2.names(dir));
        assertEquals("older", Files.readString(target), "the file there before is untouched");
    }

    @Test
    void theFolderIsCreatedWhenMissing() throws IOException {
        Path target = dir.resolve("new/folder/c.dartheap");
        try (var part = new PartFile(target)) {
            part.open(false).write(1);
            part.commit();
        }
        assertTrue(Files.isRegularFile(target));
    }
}
