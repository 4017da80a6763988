package org.polyheap.index;

import java.io.IOException;
import java.nio.file.Path;

/**
 * Writing an index file failed (a full disk, a folder we may not write to): the index's fault, not the
 * snapshot's, so front ends report it as an output error naming the file, never as bad input.
 */
public final class IndexWriteException extends IOException {
    private static final long serialVersionUID = 1L;
    private final transient Path file;

    public IndexWriteException(Path file, IOException cause) {
        super("cannot write " + file + ": " + reason(cause), cause);
        this.file = file;
    }

    public Path file() { return file; }

    private static String reason(IOException cause) {
        String m = cause.getMessage();
        if (cause instanceof java.nio.file.FileSystemException f && f.getReason() != null) m = f.getReason();
        return m == null ? cause.getClass().getSimpleName() : m;
    }
}
