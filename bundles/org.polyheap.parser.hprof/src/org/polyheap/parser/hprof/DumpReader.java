package org.polyheap.parser.hprof;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayDeque;
import java.util.Map;

import org.polyheap.model.spi.SnapshotSource;
import org.polyheap.model.spi.SourceCache;

/**
 * Random access to the decompressed dump for the inspector. Plain files: positioned reads. Gzip:
 * 64 KiB decompressed blocks (the last 64 cached, 4 MiB), decoded by {@link DeflateDecoder}s
 * ("cursors") that start at a member's beginning or at the checkpoint before the block
 * ({@link GzipMembers}: one every {@value GzipMembers#CHECKPOINT_EVERY} bytes, found by one pass over
 * the file the first time and then kept with the snapshot's index). So a read anywhere decodes at
 * most a checkpoint span plus a block, even in one big member (a plain {@code gzip} of a dump), and
 * walking forward reuses a cursor. Memory: the block cache, 8 cursors of 130 KiB, and
 * {@link GzipMembers}' tables. Not thread-safe (the inspector locks).
 */
final class DumpReader implements AutoCloseable {
    private static final int CURSORS = 8;
    /** Decompressed blocks are cached, so reads just behind a cursor (the record before) do not rewind it. */
    private static final int BLOCK = 64 << 10;
    private static final int CACHED_BLOCKS = 64;
    private final Path file;
    private final SnapshotSource.RandomAccess plain;
    private final FileChannel channel; // of the compressed file
    private final GzipMembers members;
    private final ArrayDeque<DeflateDecoder> cursors = new ArrayDeque<>();
    private final byte[] skip = new byte[BLOCK];
    private final java.util.LinkedHashMap<Long, byte[]> blocks = new java.util.LinkedHashMap<>(CACHED_BLOCKS * 2, 0.75f, true) {
        @Override protected boolean removeEldestEntry(Map.Entry<Long, byte[]> eldest) { return size() > CACHED_BLOCKS; }
    };
    private long decodedBytes;

    /** Reads {@code source}; a gzip file's members and checkpoints come from {@code cache}, or are found and kept there. */
    DumpReader(SnapshotSource source, SourceCache cache) throws IOException {
        this.file = source.file();
        // gzip keeps its own decoders: they resume inside a member, where a generic reader inflates from the start
        this.plain = source.gzip() ? null : source.openRandomAccess();
        this.members = source.gzip() ? GzipMembers.of(file, cache) : null;
        this.channel = source.gzip() ? FileChannel.open(file, StandardOpenOption.READ) : null;
    }

    /** Reads {@code source}, scanning a gzip file now and keeping nothing. */
    DumpReader(SnapshotSource source) throws IOException { this(source, SourceCache.NONE); }

    /** Reads up to {@code len} bytes at a decompressed offset; returns the count (less at the end). */
    int read(long offset, byte[] into, int len) throws IOException {
        if (members == null) {
            int total = 0;
            while (total < len) {
                int r = plain.read(offset + total, into, total, len - total);
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

    /** Decompressed bytes decoded so far (cost figure for tests and benchmarks). */
    long decodedBytes() { return decodedBytes; }

    /** A decompressed block, from the cache or decoded through the nearest cursor or checkpoint before it. */
    private byte[] block(long index) throws IOException {
        byte[] cached = blocks.get(index);
        if (cached != null) return cached;
        long start = index * BLOCK;
        byte[] block = new byte[(int) Math.max(0, Math.min(BLOCK, members.decompressedSize() - start))];
        for (int filled = 0; filled < block.length; ) { // a block may span the end of one member and the next
            DeflateDecoder c = cursorAt(start + filled);
            int n = c.read(block, filled, block.length - filled);
            decodedBytes += n;
            cursors.addFirst(c);
            while (cursors.size() > CURSORS) cursors.removeLast();
            if (n == 0) throw new IOException(file + ": gzip member ends before decompressed byte " + (start + filled));
            filled += n;
        }
        blocks.put(index, block);
        return block;
    }

    /** A decoder positioned at {@code offset}: a cursor at or before it, else one from the nearest checkpoint. */
    private DeflateDecoder cursorAt(long offset) throws IOException {
        int m = members.memberAt(offset);
        long memberStart = members.decompressed(m);
        int k = members.checkpointAt(offset);
        long from = k >= 0 && members.checkpointOutput(k) > memberStart ? members.checkpointOutput(k) : memberStart;
        DeflateDecoder best = null;
        for (DeflateDecoder c : cursors) {
            long p = c.position();
            if (c.memberStart() == memberStart && p <= offset && p >= from && !c.finished() && (best == null || p > best.position())) best = c;
        }
        if (best != null) {
            cursors.remove(best);
        } else {
            var start = from > memberStart ? members.checkpoint(k)
                    : new DeflateDecoder.Checkpoint(members.data(m) * 8, memberStart, new byte[0]);
            best = new DeflateDecoder(channel, file.toString(), start, memberStart, Long.MAX_VALUE, null);
        }
        while (best.position() < offset) {
            int n = best.read(skip, 0, (int) Math.min(skip.length, offset - best.position()));
            decodedBytes += n;
            if (n == 0) throw new IOException(file + ": gzip member ends before decompressed byte " + offset);
        }
        return best;
    }

    @Override
    public void close() throws IOException {
        cursors.clear();
        if (plain != null) plain.close();
        if (channel != null) channel.close();
    }
}
