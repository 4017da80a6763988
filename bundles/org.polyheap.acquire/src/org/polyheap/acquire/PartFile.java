package org.polyheap.acquire;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.concurrent.ThreadLocalRandom;
import java.util.zip.GZIPOutputStream;

/**
 * A snapshot being written: a temporary, hidden name in the destination's folder
 * ({@code .NAME.<random>.part}), renamed atomically to the final name by {@link #commit()} once complete,
 * deleted by {@link #close()} otherwise. A half-written file is never under the final name; being in the
 * same folder, the rename is atomic (one file system).
 */
public final class PartFile implements AutoCloseable {
    static final String SUFFIX = ".part";

    private final Path target;
    private final Path part;
    private OutputStream out;
    private boolean committed;

    /** A part file beside {@code target}; the folder is created when missing. Nothing is created yet. */
    public PartFile(Path target) throws IOException {
        this.target = target.toAbsolutePath();
        Path folder = this.target.getParent();
        Files.createDirectories(folder);
        if (!Files.isWritable(folder)) throw new java.nio.file.AccessDeniedException(folder.toString(), null, "the folder is not writable");
        if (Files.isDirectory(this.target)) throw new IOException(target + ": is a directory");
        this.part = folder.resolve("." + this.target.getFileName() + "." + Long.toHexString(ThreadLocalRandom.current().nextLong() >>> 16) + SUFFIX);
    }

    /** The temporary file's path (for a writer in another process: a JVM writes its own heap dump there). */
    public Path path() { return part; }

    /** The final path. */
    public Path target() { return target; }

    /** A stream onto the part file, gzip-compressed when asked; closed by {@link #commit()} or {@link #close()}. */
    OutputStream open(boolean gzip) throws IOException {
        OutputStream file = new BufferedOutputStream(Files.newOutputStream(part), 1 << 16);
        out = gzip ? new GZIPOutputStream(file, 1 << 16) : file;
        return out;
    }

    /** Bytes written to the part file so far (0 before it exists). */
    long size() {
        try {
            return Files.size(part);
        } catch (IOException e) {
            return 0;
        }
    }

    /** Closes the stream and renames the part file to the final name, replacing a file there. */
    public Path commit() throws IOException {
        if (out != null) out.close();
        out = null;
        try {
            Files.move(part, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(part, target, StandardCopyOption.REPLACE_EXISTING);
        }
        committed = true;
        return target;
    }

    /** Deletes the part file unless committed. */
    @Override
    public void close() {
        if (committed) return;
        try {
            if (out != null) out.close();
        } catch (IOException ignored) {
            // the file is deleted next
        }
        out = null;
        try {
            Files.deleteIfExists(part);
        } catch (IOException ignored) {
            // a folder we can no longer write: nothing better to do
        }
    }
}
