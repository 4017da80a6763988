package org.polyheap.index.column;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/** Maps whole index files read-only into an arena (unmapped when the arena closes). */
public final class MappedFile {
    private MappedFile() { }

    /** Maps {@code file}; costs a system call, no reading. The channel is closed at once: the mapping stays. */
    public static MemorySegment map(Path file, Arena arena) throws IOException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            return ch.map(FileChannel.MapMode.READ_ONLY, 0, ch.size(), arena);
        }
    }
}
