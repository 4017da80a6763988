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
 * open at the member holding the offset (see {@link GzipMembers}) and inflate forward; a few open
 * streams are kept and reused when a later read lies ahead of one of them, so walking a single
 * large member forward does not restart from its beginning. Not thread-safe (the inspector locks).
 */
final class DumpReader implements AutoCloseable {
    private static final int CURSORS = 4;
    /** Reuse an open gzip stream when the target lies at most this far ahead of it. */
    private static final long REUSE_AHEAD = 16L << 20;
    private final Path file;
    private final FileChannel channel;
    private final GzipMembers members;
    private final ArrayDeque<Cursor> cursors = new ArrayDeque<>();

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
        Cursor c = cursorFor(offset);
        int n = c.in.readNBytes(into, 0, len);
        c.position += n;
        cursors.addFirst(c);
        while (cursors.size() > CURSORS) cursors.removeLast().in.close();
        return n;
    }

    private Cursor cursorFor(long offset) throws IOException {
        Cursor best = null;
        for (Cursor c : cursors) {
            if (c.position <= offset && offset - c.position <= REUSE_AHEAD && (best == null || c.position > best.position)) best = c;
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
