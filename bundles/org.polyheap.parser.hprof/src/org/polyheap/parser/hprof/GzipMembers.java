package org.polyheap.parser.hprof;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;

import it.unimi.dsi.fastutil.longs.LongArrayList;

/**
 * Where each gzip member of a file starts, compressed and decompressed. HotSpot's
 * {@code GC.heap_dump -gz} writes one member per 1 MiB block, so a read at any decompressed offset
 * inflates at most one block; a plain {@code gzip} file is a single member. Finding the members
 * inflates the file once (deflate data carries no length).
 *
 * @param compressed   file offset of each member's header
 * @param data         file offset of each member's deflate data (after the header)
 * @param decompressed decompressed offset where each member's data starts
 */
record GzipMembers(long[] compressed, long[] data, long[] decompressed, long decompressedSize) {

    /** Scans the file: cost one full inflate (zlib), memory 24 bytes per member. */
    static GzipMembers scan(Path file) throws IOException {
        LongArrayList packed = new LongArrayList();
        LongArrayList data = new LongArrayList();
        LongArrayList plain = new LongArrayList();
        byte[] in = new byte[1 << 16];
        byte[] out = new byte[1 << 16];
        long total = 0;
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            long size = ch.size();
            long at = 0;
            while (at + 18 <= size) {
                int n = read(ch, at, in, in.length);
                if (n < 10 || (in[0] & 0xff) != 0x1f || (in[1] & 0xff) != 0x8b) break; // trailing bytes
                int header = headerLength(in, n);
                if (header < 0) break;
                packed.add(at);
                data.add(at + header);
                plain.add(total);
                Inflater inflater = new Inflater(true);
                try {
                    long pos = at + header;
                    while (!inflater.finished()) {
                        if (inflater.needsInput()) {
                            int r = read(ch, pos, in, in.length);
                            if (r <= 0) throw new IOException("gzip member at byte " + at + " is truncated");
                            inflater.setInput(in, 0, r);
                            pos += r;
                        }
                        total += inflater.inflate(out);
                    }
                    at = at + header + inflater.getBytesRead() + 8; // CRC32 and ISIZE trailer
                } catch (DataFormatException e) {
                    throw new IOException("corrupt gzip member at byte " + at + ": " + e.getMessage(), e);
                } finally {
                    inflater.end();
                }
            }
        }
        return new GzipMembers(packed.toLongArray(), data.toLongArray(), plain.toLongArray(), total);
    }

    /** The member whose data holds the decompressed offset. */
    int memberAt(long offset) {
        int lo = 0, hi = decompressed.length - 1;
        while (lo < hi) {
            int mid = (lo + hi + 1) >>> 1;
            if (decompressed[mid] <= offset) lo = mid;
            else hi = mid - 1;
        }
        return lo;
    }

    /** RFC 1952 header length, or -1 when it does not fit the bytes read. */
    private static int headerLength(byte[] b, int n) {
        int flags = b[3] & 0xff;
        int p = 10;
        if ((flags & 4) != 0) { // FEXTRA
            if (p + 2 > n) return -1;
            p += 2 + ((b[p] & 0xff) | (b[p + 1] & 0xff) << 8);
        }
        for (int bit : new int[] {8, 16}) { // FNAME, FCOMMENT (HotSpot puts "HPROF BLOCKSIZE=..." here)
            if ((flags & bit) != 0) {
                while (p < n && b[p] != 0) p++;
                p++;
            }
        }
        if ((flags & 2) != 0) p += 2; // FHCRC
        return p <= n ? p : -1;
    }

    private static int read(FileChannel ch, long at, byte[] into, int max) throws IOException {
        ByteBuffer buf = ByteBuffer.wrap(into, 0, max);
        int total = 0;
        while (buf.hasRemaining()) {
            int r = ch.read(buf, at + total);
            if (r < 0) break;
            total += r;
        }
        return total;
    }
}
