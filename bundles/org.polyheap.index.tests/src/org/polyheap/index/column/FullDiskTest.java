package org.polyheap.index.column;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.polyheap.index.IndexWriteException;

/**
 * Issue 18 E: a full disk ended as "I/O error: No space left on device" with exit 3, naming no file.
 * Linux's /dev/full answers every write with ENOSPC, as a full disk does: the writer names the file.
 */
class FullDiskTest {
    @Test
    void writeToAFullDeviceNamesTheFile() throws Exception {
        Path full = Path.of("/dev/full");
        var e = assertThrows(IndexWriteException.class, () -> {
            try (var out = new IndexOutput(full)) {
                byte[] page = new byte[1 << 17]; // more than the writer's buffer: the write reaches the device
                out.write(page, 0, page.length);
            }
        });
        assertEquals(full, e.file());
        assertTrue(e.getMessage().startsWith("cannot write /dev/full: "), e.getMessage());
        assertTrue(e.getMessage().contains("No space left on device"), e.getMessage());
    }
}
