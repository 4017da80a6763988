package org.polyheap.parser.fuchsia;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

import org.polyheap.model.ReferenceKind;
import org.polyheap.model.SnapshotSink;

import it.unimi.dsi.fastutil.longs.Long2IntOpenHashMap;
import it.unimi.dsi.fastutil.ints.IntArrayList;

/**
 * Finds references between allocation blocks by a conservative scan: every aligned little-endian
 * word of a block's contents whose value lies inside another block is an edge, {@link
 * ReferenceKind#POINTER} when it hits the block's start and {@link ReferenceKind#INTERIOR_POINTER}
 * otherwise, named by the word's byte offset in the source block ("+0x18"). A word pointing into
 * its own block is not an edge: it cannot keep anything else alive. Edges go to the sink as they
 * are found and into CSR arrays for the root pass. Reads each contents file once, in 1 MiB chunks.
 * Not thread-safe.
 */
final class ConservativeScan {
    private static final int CHUNK = 1 << 20;

    private final BlockIndex blocks;
    private final int wordSize;
    private final SnapshotSink sink;
    private final ByteBuffer buffer = ByteBuffer.allocate(CHUNK).order(ByteOrder.LITTLE_ENDIAN);
    private final Long2IntOpenHashMap offsetNames = new Long2IntOpenHashMap();
    private final IntArrayList targets = new IntArrayList();
    private final IntArrayList outStart = new IntArrayList(new int[] {0});
    private long bytesScanned;

    ConservativeScan(BlockIndex blocks, int wordSize, SnapshotSink sink) {
        this.blocks = blocks;
        this.wordSize = wordSize;
        this.sink = sink;
        offsetNames.defaultReturnValue(-1);
    }

    /**
     * Scans the contents of object {@code object} (the next object id, in order) from {@code file},
     * reading {@code min(fileSize, blockSize)} bytes. Call for every object id in ascending order,
     * with {@code file} null for blocks without contents. When reading fails the object keeps the
     * references found so far and the exception is passed on.
     */
    void scan(int object, long blockSize, Path file, long fileSize) throws IOException {
        if (outStart.size() != object + 1) throw new IllegalStateException("objects must be scanned in id order");
        try {
            if (file != null) read(object, file, Math.min(fileSize, blockSize));
        } finally {
            outStart.add(targets.size());
        }
    }

    private void read(int object, Path file, long limit) throws IOException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS)) {
            long done = 0;
            while (done < limit) {
                buffer.clear().limit((int) Math.min(CHUNK, limit - done));
                while (buffer.hasRemaining() && ch.read(buffer, done + buffer.position()) > 0) { }
                int n = buffer.position();
                if (n == 0) break; // the file shrank since it was listed
                scanChunk(object, done, n);
                done += n;
            }
            bytesScanned += done;
        }
    }

    private void scanChunk(int object, long base, int n) {
        int words = n / wordSize;
        for (int w = 0; w < words; w++) {
            int at = w * wordSize;
            long value = wordSize == 8 ? buffer.getLong(at) : buffer.getInt(at) & 0xffff_ffffL;
            int row = blocks.find(value);
            if (row < 0) continue;
            int target = blocks.object(row);
            if (target == object) continue;
            var kind = value == blocks.start(row) ? ReferenceKind.POINTER : ReferenceKind.INTERIOR_POINTER;
            sink.addReference(object, target, kind, name(base + at));
            targets.add(target);
        }
    }

    private int name(long offset) {
        int id = offsetNames.get(offset);
        if (id < 0) {
            id = sink.addString("+0x" + Long.toHexString(offset));
            offsetNames.put(offset, id);
        }
        return id;
    }

    long bytesScanned() { return bytesScanned; }

    int edgeCount() { return targets.size(); }

    /** CSR start positions, one per scanned object plus one. */
    int[] outStart() { return outStart.toIntArray(); }

    int[] targets() { return targets.toIntArray(); }
}
