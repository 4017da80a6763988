package org.polyheap.parser.hprof;

import java.io.IOException;
import java.io.InputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayDeque;
import java.util.zip.GZIPInputStream;

/**
 * Random access to the decompressed dump for the inspector. Plain files: positioned reads. Gzip:
 * 64 KiB decompressed blocks (the last 64 cached, 4 MiB) inflated from the member holding them (see
 * {@link GzipMembers}); a few open streams are kept and reused when a later block lies ahead of one
 * of them, so walking a single large member forward does not restart from its beginning. Not
 * thread-safe (the inspector locks).
 */
final class DumpReader implements AutoCloseable {
    private static final int CURSORS = 8;
    /** Decompressed blocks are cached, so reads just behind a cursor (the record before) do not rewind it. */
    private static final int BLOCK = 64 << 10;
    private static final int CACHED_BLOCKS = 64;
    private final Path file;
    private final FileChannel channel;
    private final GzipMembers members;
    private final ArrayDeque<Cursor> cursors = new ArrayDeque<>();
    private final java.util.LinkedHashMap<Long, byte[]> blocks = new java.util.LinkedHashMap<>(CACHED_BLOCKS * 2, 0.75f, true) {
        @Override protected boolean removeEldestEntry(java.util.Map.Entry<Long, byte[]> eldest) { return size() > CACHED_BLOCKS; }
    };

    private static final class Cursor {
        final InputStream in;
        long position;

        Cursor(InputStream in, long position) {
            this.in = in;
            this.position = position;
        }
    }

    DumpReader(Path file) throws IOException {
        this.file = file;
        this.channel = FileChannel.open(file, StandardOpenOption.READ);
        this.members = HprofParser.isGzip(file) ? GzipMembers.scan(file) : null;
    }

    /** Reads up to {@code len} bytes at a decompressed offset; returns the count (less at the end). */
    int read(long offset, byte[] into, int len) throws IOException {
        if (members == null) {
            var buf = java.nio.ByteBuffer.wrap(into, 0, len);
            int total = 0;
            while (buf.hasRemaining()) {
                int r = channel.read(buf, offset + total);
                if (r < 0) break;
                total += r;
            }
            return total;
        }
        int done = 0;
        while (done < len) {
            long at = offset + done;
            byte[] block = block(at / BLOCK);
            int from = (int) (at % BLOCK);
            int step = Math.min(len - done, block.length - from);
            if (step <= 0) break;
            System.arraycopy(block, from, into, done, step);
            done += step;
        }
        return done;
    }

    /** A decompressed block, from the cache or inflated through the nearest cursor at or before it. */
    private byte[] block(long index) throws IOException {
        byte[] cached = blocks.get(index);
        if (cached != null) return cached;
        Cursor c = cursorFor(index * BLOCK);
        byte[] block = c.in.readNBytes(BLOCK);
        c.position += block.length;
        cursors.addFirst(c);
        while (cursors.size() > CURSORS) cursors.removeLast().in.close();
        blocks.put(index, block);
        return block;
    }

    private Cursor cursorFor(long offset) throws IOException {
        Cursor best = null;
        for (Cursor c : cursors) {
            if (c.position <= offset && (best == null || c.position > best.position)) best = c;
        }
        int m = members.memberAt(offset);
        if (best == null || best.position < members.decompressed()[m]) {
            var raw = Channels.newInputStream(FileChannel.open(file, StandardOpenOption.READ).position(members.compressed()[m]));
            best = new Cursor(new GZIPInputStream(raw, 1 << 14), members.decompressed()[m]);
        } else {
            cursors.remove(best);
        }
        best.in.skipNBytes(offset - best.position);
        best.position = offset;
        return best;
    }

    @Override
    public void close() throws IOException {
        for (Cursor c : cursors) c.in.close();
        cursors.clear();
        channel.close();
    }
}
