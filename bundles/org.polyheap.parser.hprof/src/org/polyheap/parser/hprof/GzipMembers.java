package org.polyheap.parser.hprof;

import java.io.DataOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.zip.CRC32;
import java.util.zip.DataFormatException;
import java.util.zip.Deflater;
import java.util.zip.Inflater;

import org.polyheap.model.spi.SourceCache;

import it.unimi.dsi.fastutil.longs.LongArrayList;

/**
 * Where decoding a gzip file can start: each member's beginning (compressed and decompressed), and
 * inside members, a {@link DeflateDecoder.Checkpoint} at the first block boundary after every
 * {@value #CHECKPOINT_EVERY} decompressed bytes. HotSpot's {@code GC.heap_dump -gz} writes one member
 * per 1 MiB, so its files need no checkpoints; a plain {@code gzip} of a dump is one member, where
 * without them a read at the end inflates the whole file. Deflate data carries no length, so finding
 * them is one pass of {@link DeflateDecoder} over the file ({@link #scan}: 1.15 times a zlib
 * inflate), done once and kept in the snapshot's {@link SourceCache} as entry {@value #ENTRY} (layout
 * in docs/index-format.md, "Source cache"). Heap: 24 bytes per member and 36 per checkpoint
 * (36 KiB per GiB of dump); the checkpoints' 32 KiB windows stay in the cache's mapped bytes,
 * compressed (about 8 MiB per GiB of dump), and are inflated when a decoder starts from one.
 * Immutable; {@link #checkpoint} is thread-safe.
 */
final class GzipMembers {
    /** Decompressed bytes between checkpoints: a read decodes at most this much (plus a block) to reach its offset. */
    static final long CHECKPOINT_EVERY = 1L << 20;
    static final String ENTRY = "hprof-gzip-checkpoints";
    /** Of the stored layout; a stored entry of another version is made again. */
    static final int VERSION = 1;
    private static final int MAGIC = 0x50484743; // "PHGC"
    private static final int TRAILER = 36;
    private static final int MEMBER_BYTES = 24, CHECKPOINT_BYTES = 36;
    private static final ValueLayout.OfLong LONG = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN);
    private static final ValueLayout.OfInt INT = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN);

    private final Path file;
    private final SourceCache cache;
    private final long[] compressed, data, decompressed;
    private final long decompressedSize;
    private final long[] checkpointBit, checkpointOutput, windowAt;
    private final int[] windowPacked, windowLength, windowCrc;
    private final MemorySegment bytes;

    private GzipMembers(Path file, SourceCache cache, MemorySegment bytes) throws IOException {
        this.file = file;
        this.cache = cache;
        this.bytes = bytes;
        long size = bytes.byteSize();
        if (size < TRAILER || bytes.get(INT, size - 4) != MAGIC) throw damaged("no trailer");
        long sourceSize = bytes.get(LONG, size - TRAILER);
        decompressedSize = bytes.get(LONG, size - TRAILER + 8);
        int members = bytes.get(INT, size - TRAILER + 16), checkpoints = bytes.get(INT, size - TRAILER + 20);
        long every = bytes.get(INT, size - TRAILER + 24);
        long tables = size - TRAILER - (long) members * MEMBER_BYTES - (long) checkpoints * CHECKPOINT_BYTES;
        if (members < 1 || checkpoints < 0 || tables < 0 || every != CHECKPOINT_EVERY) throw damaged("bad counts");
        var crc = new java.util.zip.CRC32C();
        crc.update(bytes.asSlice(tables, size - 8 - tables).asByteBuffer());
        if ((int) crc.getValue() != bytes.get(INT, size - 8)) throw damaged("table checksum mismatch");
        if (sourceSize != Files.size(file)) throw damaged("made for a file of " + sourceSize + " bytes");
        compressed = new long[members];
        data = new long[members];
        decompressed = new long[members];
        for (int m = 0; m < members; m++) {
            long at = tables + (long) m * MEMBER_BYTES;
            compressed[m] = bytes.get(LONG, at);
            data[m] = bytes.get(LONG, at + 8);
            decompressed[m] = bytes.get(LONG, at + 16);
            boolean ascending = m == 0 ? compressed[0] == 0 && decompressed[0] == 0
                    : compressed[m] > data[m - 1] && decompressed[m] >= decompressed[m - 1];
            if (!ascending || data[m] <= compressed[m] || data[m] >= sourceSize || decompressed[m] > decompressedSize) {
                throw damaged("member " + m + " out of order");
            }
        }
        checkpointBit = new long[checkpoints];
        checkpointOutput = new long[checkpoints];
        windowAt = new long[checkpoints];
        windowPacked = new int[checkpoints];
        windowLength = new int[checkpoints];
        windowCrc = new int[checkpoints];
        long windowsEnd = 0;
        for (int k = 0; k < checkpoints; k++) {
            long at = tables + (long) members * MEMBER_BYTES + (long) k * CHECKPOINT_BYTES;
            checkpointBit[k] = bytes.get(LONG, at);
            checkpointOutput[k] = bytes.get(LONG, at + 8);
            windowAt[k] = bytes.get(LONG, at + 16);
            windowPacked[k] = bytes.get(INT, at + 24);
            windowLength[k] = bytes.get(INT, at + 28);
            windowCrc[k] = bytes.get(INT, at + 32);
            int m = memberAt(checkpointOutput[k]);
            long memberEnd = m + 1 < members ? compressed[m + 1] : sourceSize;
            boolean inMember = checkpointOutput[k] > decompressed[m] && checkpointOutput[k] <= decompressedSize
                    && checkpointBit[k] > data[m] * 8 && checkpointBit[k] < memberEnd * 8
                    && (k == 0 || checkpointOutput[k] > checkpointOutput[k - 1]);
            boolean windowFits = windowAt[k] == windowsEnd && windowPacked[k] >= 0
                    && windowLength[k] == Math.min(DeflateDecoder.WINDOW, checkpointOutput[k] - decompressed[m]);
            if (!inMember || !windowFits) throw damaged("checkpoint " + k + " out of place");
            windowsEnd += windowPacked[k];
        }
        if (windowsEnd != tables) throw damaged("windows do not end where the tables start");
    }

    /**
     * The members and checkpoints of {@code file}: read from {@code cache}, or made by a {@link #scan} and
     * stored there first. A stored entry that does not check out is discarded and made again.
     *
     * @throws IOException the file is not gzip, is damaged or truncated (naming it and the byte offset)
     */
    static GzipMembers of(Path file, SourceCache cache) throws IOException {
        SourceCache.Maker scan = out -> scan(file, out);
        try {
            return new GzipMembers(file, cache, cache.bytes(ENTRY, VERSION, scan));
        } catch (StoredDamage damage) {
            cache.discard(ENTRY);
            return new GzipMembers(file, cache, cache.bytes(ENTRY, VERSION, scan));
        }
    }

    /** Scans {@code file} now and keeps the result in memory (tests, benchmarks). */
    static GzipMembers scan(Path file) throws IOException { return of(file, SourceCache.NONE); }

    int members() { return compressed.length; }

    /** File offset of member {@code m}'s header. */
    long compressed(int m) { return compressed[m]; }

    /** File offset of member {@code m}'s deflate data. */
    long data(int m) { return data[m]; }

    /** Decompressed offset where member {@code m}'s data starts. */
    long decompressed(int m) { return decompressed[m]; }

    long decompressedSize() { return decompressedSize; }

    int checkpoints() { return checkpointOutput.length; }

    /** The member whose data holds the decompressed offset. */
    int memberAt(long offset) { return floor(decompressed, offset); }

    /** The last checkpoint at or before {@code offset}, or -1. */
    int checkpointAt(long offset) { return checkpointOutput.length == 0 || checkpointOutput[0] > offset ? -1 : floor(checkpointOutput, offset); }

    long checkpointOutput(int k) { return checkpointOutput[k]; }

    /** Checkpoint {@code k} with its window inflated (32 KiB; about 0.1 ms). */
    DeflateDecoder.Checkpoint checkpoint(int k) throws IOException {
        byte[] packed = bytes.asSlice(windowAt[k], windowPacked[k]).toArray(ValueLayout.JAVA_BYTE);
        byte[] window = new byte[windowLength[k]];
        Inflater inflater = new Inflater(true);
        try {
            inflater.setInput(packed);
            int n = 0;
            while (n < window.length && !inflater.finished()) {
                int r = inflater.inflate(window, n, window.length - n);
                if (r == 0 && (inflater.needsInput() || inflater.needsDictionary())) break;
                n += r;
            }
            if (n != window.length || !inflater.finished()) throw new DataFormatException("window of " + n + " bytes");
            if (crc32c(window) != windowCrc[k]) throw new DataFormatException("window checksum mismatch");
        } catch (DataFormatException e) { // the cache checked these bytes whole: only a bug or a change under us gets here
            cache.discard(ENTRY);
            throw new IOException(file + ": gzip checkpoint " + k + " kept with the index is damaged (" + e.getMessage()
                    + "); it is made again on the next open", e);
        } finally {
            inflater.end();
        }
        return new DeflateDecoder.Checkpoint(checkpointBit[k], checkpointOutput[k], window);
    }

    private static int crc32c(byte[] b) {
        var crc = new java.util.zip.CRC32C();
        crc.update(b);
        return (int) crc.getValue();
    }

    private static int floor(long[] ascending, long value) {
        int lo = 0, hi = ascending.length - 1;
        while (lo < hi) {
            int mid = (lo + hi + 1) >>> 1;
            if (ascending[mid] <= value) lo = mid;
            else hi = mid - 1;
        }
        return lo;
    }

    private StoredDamage damaged(String what) {
        return new StoredDamage(file + ": the gzip checkpoints kept with the index do not fit the file: " + what);
    }

    /** The stored entry does not check out: made again once. */
    private static final class StoredDamage extends IOException {
        StoredDamage(String message) { super(message); }
    }

    /**
     * Decodes the whole file once, writing the stored layout to {@code out}: each checkpoint's window
     * (raw DEFLATE) as it is passed, then the member and checkpoint tables and the trailer. Checks each
     * member's CRC-32 and length against its gzip trailer, so a checkpoint is never taken from bytes the
     * decoder got wrong. Cost: one {@link DeflateDecoder} pass, 1.15 times a zlib inflate (3.3 s of CPU per
     * GB of dump; windows packed at level 1, where level 6 cost a quarter more for a fifth less); memory 200 KiB
     * plus 24 bytes per member and 40 per checkpoint.
     */
    static void scan(Path file, OutputStream sink) throws IOException {
        var out = new DataOutputStream(sink);
        LongArrayList members = new LongArrayList(); // header, data, decompressed: three per member
        byte[] in = new byte[1 << 16];
        byte[] skip = new byte[1 << 16];
        long total = 0, size;
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ); var windows = new WindowWriter(out)) {
            size = ch.size();
            long at = 0;
            while (at + 18 <= size) {
                int n = read(ch, at, in, in.length);
                if (n < 10 || (in[0] & 0xff) != 0x1f || (in[1] & 0xff) != 0x8b) break; // trailing bytes
                int header = headerLength(in, n);
                if (header < 0) break;
                long memberStart = total;
                members.add(at);
                members.add(at + header);
                members.add(memberStart);
                var decoder = new DeflateDecoder(ch, file.toString(), new DeflateDecoder.Checkpoint((at + header) * 8, total, new byte[0]),
                        memberStart, CHECKPOINT_EVERY, windows);
                CRC32 crc = new CRC32();
                int r;
                while ((r = decoder.read(skip, 0, skip.length)) > 0) {
                    crc.update(skip, 0, r);
                    total += r;
                    windows.rethrow();
                }
                long end = (decoder.inputBit() + 7) >>> 3;
                if (read(ch, end, in, 8) < 8) throw new IOException(file + ": gzip member at byte " + at + " is truncated");
                var trailer = ByteBuffer.wrap(in, 0, 8).order(ByteOrder.LITTLE_ENDIAN);
                if (trailer.getInt() != (int) crc.getValue() || trailer.getInt() != (int) (total - memberStart)) {
                    throw new IOException(file + ": gzip member at byte " + at + " fails its CRC-32 or length check at byte " + end);
                }
                at = end + 8;
            }
            if (members.isEmpty()) throw new IOException(file + ": no gzip member at byte 0");
            var tables = new java.io.ByteArrayOutputStream(); // 24 bytes per member, 36 per checkpoint
            var t = new DataOutputStream(tables);
            for (int i = 0; i < members.size(); i++) t.writeLong(members.getLong(i));
            LongArrayList table = windows.table;
            for (int i = 0; i < table.size(); i += 5) {
                for (int j = 0; j < 4; j++) t.writeLong(table.getLong(i + j));
                t.writeInt((int) table.getLong(i + 4));
            }
            t.writeLong(size);
            t.writeLong(total);
            t.writeInt(members.size() / 3);
            t.writeInt(table.size() / 5);
            t.writeInt((int) CHECKPOINT_EVERY);
            byte[] written = tables.toByteArray();
            out.write(written);
            out.writeInt(crc32c(written));
            out.writeInt(MAGIC);
            out.flush();
        }
    }

    /** Packs each checkpoint's window as it is passed (raw DEFLATE) and notes its table row. */
    private static final class WindowWriter implements java.util.function.Consumer<DeflateDecoder.Checkpoint>, AutoCloseable {
        final LongArrayList table = new LongArrayList(); // input bit, output, window offset, packed << 32 | length, CRC32C
        private final DataOutputStream out;
        private final Deflater packer = new Deflater(Deflater.BEST_SPEED, true);
        private byte[] packed = new byte[DeflateDecoder.WINDOW + 1024];
        private long written;
        private IOException failed;

        WindowWriter(DataOutputStream out) { this.out = out; }

        @Override
        public void accept(DeflateDecoder.Checkpoint cp) {
            packer.reset();
            packer.setInput(cp.window());
            packer.finish();
            int p = 0;
            while (!packer.finished()) {
                if (p == packed.length) packed = java.util.Arrays.copyOf(packed, p * 2);
                p += packer.deflate(packed, p, packed.length - p);
            }
            table.add(cp.inputBit());
            table.add(cp.output());
            table.add(written);
            table.add((long) p << 32 | cp.window().length);
            table.add(crc32c(cp.window()));
            written += p;
            try {
                out.write(packed, 0, p);
            } catch (IOException e) {
                failed = e;
            }
        }

        /** A write that failed inside {@link #accept} (which cannot throw it). */
        void rethrow() throws IOException {
            if (failed != null) throw failed;
        }

        @Override
        public void close() throws IOException {
            packer.end();
            rethrow();
        }
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
