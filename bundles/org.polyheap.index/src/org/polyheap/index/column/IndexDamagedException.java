package org.polyheap.index.column;

import java.io.IOException;
import java.nio.file.Path;

/**
 * An index file is not what its writer left: truncated, a flipped byte caught by a structure or
 * checksum check, or written by another format version. The store answers by rebuilding the index.
 */
public class IndexDamagedException extends IOException {
    private static final long serialVersionUID = 1L;

    public IndexDamagedException(String message) { super(message); }

    public IndexDamagedException(Path file, String problem) { super(file + ": " + problem); }
}
