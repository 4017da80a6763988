package org.polyheap.index;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.CRC32C;

import org.polyheap.index.column.MappedFile;

/** CRC32C of whole files (hardware-assisted, several GB/s). */
final class Checksums {
    private Checksums() { }

    /** Reads the whole file once through a mapping. */
    static int crc32c(Path file) throws IOException {
        var crc = new CRC32C();
        try (Arena arena = Arena.ofConfined()) {
            var seg = MappedFile.map(file, arena);
            long chunk = 1L << 30;
            for (long at = 0; at < seg.byteSize(); at += chunk) {
                crc.update(seg.asSlice(at, Math.min(chunk, seg.byteSize() - at)).asByteBuffer());
            }
        }
        return (int) crc.getValue();
    }

    static Manifest.FileEntry entry(Path folder, String name) throws IOException {
        Path f = folder.resolve(name);
        return new Manifest.FileEntry(name, Files.size(f), crc32c(f));
    }
}
