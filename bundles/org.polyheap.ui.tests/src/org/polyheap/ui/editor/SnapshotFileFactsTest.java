package org.polyheap.ui.editor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPOutputStream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SnapshotFileFactsTest {
    @TempDir
    Path dir;

    private Path file(String name, String content, boolean gzip) throws IOException {
        Path p = dir.resolve(name);
        try (OutputStream out = gzip ? new GZIPOutputStream(Files.newOutputStream(p)) : Files.newOutputStream(p)) {
            out.write(content.getBytes(StandardCharsets.ISO_8859_1));
        }
        return p;
    }

    @Test
    void formatIsDetectedByContentNotName() throws IOException {
        assertEquals("Java HPROF heap dump", SnapshotFileFacts.of(file("x.bin", "JAVA PROFILE 1.0.2\0", false)).format());
        assertEquals("Dart VM heap snapshot", SnapshotFileFacts.of(file("y.json", "dartheap\0\4main", false)).format());
        assertEquals("V8 heap snapshot", SnapshotFileFacts.of(file("z.hprof", " {\n \"snapshot\":{", true)).format());
        assertEquals("not recognised", SnapshotFileFacts.of(file("w.heapsnapshot", "{\"nodes\":[]}", false)).format());
    }

    @Test
    void sizeIsTheSizeOnDisk() throws IOException {
        Path p = file("v8.gz", "{\"snapshot\":{}}", true);
        SnapshotFileFacts facts = SnapshotFileFacts.of(p);
        assertEquals(Files.size(p), facts.size());
        assertEquals(true, facts.gzip());
        assertFalse(SnapshotFileFacts.of(file("plain", "JAVA PROFILE 1.0.2", false)).gzip());
    }

    @Test
    void sizeTextShowsUnitAndExactBytes() {
        assertEquals("1.3 MB (1,315,096 bytes)", new SnapshotFileFacts(1_315_096, true, "").sizeText());
        assertEquals("512 bytes", new SnapshotFileFacts(512, false, "").sizeText());
    }

    @Test
    void unreadableFileIsExplainedInWords() {
        IOException e = assertThrows(IOException.class, () -> SnapshotFileFacts.of(dir.resolve("missing.hprof")));
        assertEquals("no such file", SnapshotEditor.describe(e));
    }
}
