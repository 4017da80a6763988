package org.polyheap.model.spi;

import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import java.util.zip.ZipException;

import org.polyheap.model.SnapshotFormatException;

/**
 * The read buffer a parser's own decoder (big-endian records, JSON, LEB128) works on: the bytes
 * {@code buf[pos..limit)} are the content at offsets {@code base + pos...}. Subclasses decode from
 * the fields directly, which keeps their loops as fast as a private buffer; this class owns
 * refilling and the error for damaged compressed data. Not thread-safe: one instance per pass.
 */
public abstract class BufferedSnapshotInput implements AutoCloseable {
    protected final SnapshotSource source;
    private final InputStream in;
    /** Bytes kept after {@code limit} for word-wide loads; {@code buf[limit]} is 0 after every fill then. */
    private final int slack;
    protected byte[] buf;
    protected int pos;
    protected int limit;
    /** Content offset of {@code buf[0]}. */
    protected long base;
    private boolean ended;

    /**
     * @param in         the content from {@code start} on (from {@link SnapshotSource#open}, or an
     *                   inspector's positional stream); closed by {@link #close}
     * @param bufferSize bytes read ahead (the buffer grows only when {@link #fill} asks for more)
     * @param slack      spare bytes after the data, 0 when the decoder never reads past {@code limit}
     */
    protected BufferedSnapshotInput(SnapshotSource source, InputStream in, long start, int bufferSize, int slack) {
        this.source = source;
        this.in = in;
        this.slack = slack;
        // no bigger than the content when its size is known: a 4 KB input (a fuzzer's) gets no 1 MiB buffer
        // to allocate and zero; fill grows the buffer when a read needs more
        long left = source.size() < 0 ? bufferSize : Math.max(64, source.size() - start + 1);
        this.buf = new byte[(int) Math.min(bufferSize, left) + slack];
        this.base = start;
    }

    /** Content offset of the next unread byte. */
    public final long offset() { return base + pos; }

    /** True once a {@link #fill} found the end of the content: {@code limit} is then final. */
    protected final boolean ended() { return ended; }

    /** This source's error at {@code offset}. */
    public final SnapshotFormatException fail(long offset, String problem) { return source.fail(offset, problem); }

    /**
     * Makes at least {@code room} bytes readable from {@code pos}, unless the content ends first:
     * moves the unread bytes to the buffer's start, grows the buffer when they and {@code room} do
     * not fit, and reads until there are {@code room} or the end. Cost: one copy of the unread bytes.
     *
     * @return false when fewer than {@code room} bytes are left (all that is left is then readable)
     * @throws SnapshotFormatException the compressed data is damaged
     */
    protected final boolean fill(int room) throws IOException, SnapshotFormatException {
        if (limit - pos >= room) return true;
        if (ended) return false;
        if (pos > 0) {
            System.arraycopy(buf, pos, buf, 0, limit - pos);
            base += pos;
            limit -= pos;
            pos = 0;
        }
        if (buf.length - slack < room) buf = Arrays.copyOf(buf, Math.max(buf.length * 2, room + slack));
        try {
            while (limit < room) {
                int n = in.read(buf, limit, buf.length - slack - limit);
                if (n < 0) {
                    ended = true;
                    break;
                }
                limit += n;
            }
        } catch (ZipException e) {
            throw source.damaged(base + limit, e);
        }
        if (slack > 0) buf[limit] = 0;
        return limit >= room;
    }

    @Override
    public void close() throws IOException { in.close(); }
}
