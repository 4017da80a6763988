package org.polyheap.index.column;

import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

import org.polyheap.index.IndexWriteException;

/**
 * A buffered, big-endian, append-only file writer that knows its position. Every
 * index file is written through one. Not thread-safe.
 */
public final class IndexOutput implements Closeable {
    private final Path file;
    private final FileChannel channel;
    private final ByteBuffer buffer = ByteBuffer.allocateDirect(1 << 16).order(ByteOrder.BIG_ENDIAN);
    private long flushed;

    public IndexOutput(Path file) throws IOException {
        this.file = file;
        try {
            this.channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING,
                    StandardOpenOption.WRITE);
        } catch (IOException e) {
            throw new IndexWriteException(file, e);
        }
    }

    public Path file() { return file; }

    /** Bytes written so far. */
    public long position() { return flushed + buffer.position(); }

    private void room(int bytes) throws IOException {
        if (buffer.remaining() < bytes) flushBuffer();
    }

    public void writeByte(int v) throws IOException { room(1); buffer.put((byte) v); }

    public void writeInt(int v) throws IOException { room(4); buffer.putInt(v); }

    public void writeLong(long v) throws IOException { room(8); buffer.putLong(v); }

    public void write(byte[] bytes, int off, int len) throws IOException {
        while (len > 0) {
            if (!buffer.hasRemaining()) flushBuffer();
            int n = Math.min(len, buffer.remaining());
            buffer.put(bytes, off, n);
            off += n;
            len -= n;
        }
    }

    /** An int length, then the UTF-8 bytes. */
    public void writeString(String s) throws IOException {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        writeInt(b.length);
        write(b, 0, b.length);
    }

    /** Appends the whole content of another file (used to join a 1:N body and header). */
    public void append(Path other) throws IOException {
        flushBuffer();
        try (FileChannel in = FileChannel.open(other, StandardOpenOption.READ)) {
            long size = in.size(), done = 0;
            while (done < size) done += in.transferTo(done, size - done, channel);
            flushed += size;
        } catch (IOException e) {
            throw e instanceof IndexWriteException ? e : new IndexWriteException(file, e);
        }
    }

    private void flushBuffer() throws IOException {
        buffer.flip();
        try {
            while (buffer.hasRemaining()) flushed += channel.write(buffer);
        } catch (IOException e) { // a full disk names the file it could not write
            throw new IndexWriteException(file, e);
        }
        buffer.clear();
    }

    /**
     * Flushes and closes; a second call does nothing. No fsync: a file cut short or left unwritten by
     * a crash of the machine fails its size or CRC32C check against the manifest, and is rebuilt
     * (docs/index-format.md, "Durability").
     */
    @Override
    public void close() throws IOException {
        if (!channel.isOpen()) return;
        try {
            flushBuffer();
        } finally {
            channel.close();
        }
    }
}
