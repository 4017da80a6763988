package org.polyheap.model;

import java.nio.file.Path;

/**
 * The snapshot file is not what its format promises: truncated, corrupt, hostile lengths, or not a
 * snapshot at all. Always names the file and the byte offset where reading failed, so the UI and the
 * headless command can show one clear line.
 */
public class SnapshotFormatException extends Exception {
    private static final long serialVersionUID = 1L;
    private final Path file;
    private final long offset;

    /** @param offset byte offset in the (decompressed) snapshot stream, or -1 when not known */
    public SnapshotFormatException(Path file, long offset, String problem) {
        this(file, offset, problem, null);
    }

    public SnapshotFormatException(Path file, long offset, String problem, Throwable cause) {
        super(problem, cause);
        this.file = file;
        this.offset = offset;
    }

    public Path file() { return file; }

    /** Byte offset of the failure, or -1 when it is not tied to one place. */
    public long offset() { return offset; }

    /** The problem alone, without file and offset. */
    public String problem() { return super.getMessage(); }

    /** One line for users: {@code file: at byte N: problem}. */
    @Override
    public String getMessage() {
        String where = offset >= 0 ? "at byte " + offset + ": " : "";
        return (file == null ? "" : file + ": ") + where + problem();
    }
}
