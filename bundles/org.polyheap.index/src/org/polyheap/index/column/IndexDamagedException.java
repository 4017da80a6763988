package org.polyheap.index.column;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;

/**
 * An index file is not what its writer left: truncated, a flipped byte caught by a structure or
 * checksum check, or written by another format version. The store answers by rebuilding the index.
 * Found while reading a page (after opening), it comes wrapped in an {@link java.io.UncheckedIOException}.
 */
public class IndexDamagedException extends IOException {
    private static final long serialVersionUID = 1L;
    private final transient Path file;

    public IndexDamagedException(String message) {
        super(message);
        this.file = null;
    }

    public IndexDamagedException(Path file, String problem) {
        super(file + ": " + problem);
        this.file = file;
    }

    /** The damaged file, when known. */
    public Optional<Path> file() { return Optional.ofNullable(file); }

    /** The damage {@code e} reports, if it is one (itself, or an unchecked wrapper of one). */
    public static Optional<IndexDamagedException> of(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof IndexDamagedException d) return Optional.of(d);
        }
        return Optional.empty();
    }
}
