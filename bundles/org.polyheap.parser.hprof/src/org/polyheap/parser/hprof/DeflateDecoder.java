package org.polyheap.parser.hprof;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.util.function.Consumer;

/**
 * A raw DEFLATE (RFC 1951) decoder that can stop at any block boundary and later start again from
 * there: {@link Checkpoint}s hold the input bit position, the output position and the 32 KiB of
 * output before it. {@link java.util.zip.Inflater} cannot do that (zlib's Z_BLOCK and inflatePrime
 * are not exposed), and without it a read in the middle of one big gzip member must inflate the
 * member from its start. Written from RFC 1951; a whole stream takes about zlib's time
 * (benchmarks/ DeflateDecoderBenchmark); the parse still inflates with zlib, the inspector's random
 * reads and the checkpoint scan use this. Reads the compressed data from a file channel; memory
 * 130 KiB; not thread-safe.
 */
final class DeflateDecoder {
    /** The farthest back a match may reach, and so the history a checkpoint keeps. */
    static final int WINDOW = 1 << 15;
    private static final int HISTORY = 1 << 16; // circular output history, a power of two ≥ WINDOW
    private static final int FAST_BITS = 10;
    private static final int MAX_BITS = 15;

    /** Where decoding can start again: a block boundary. */
    record Checkpoint(long inputBit, long output, byte[] window) { }

    private static final short[] LENGTH_BASE = {3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51,
        59, 67, 83, 99, 115, 131, 163, 195, 227, 258};
    private static final byte[] LENGTH_EXTRA = {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4,
        5, 5, 5, 5, 0};
    private static final int[] DIST_BASE = {1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513,
        769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577};
    private static final byte[] DIST_EXTRA = {0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10,
        11, 11, 12, 12, 13, 13};
    private static final byte[] CODE_LENGTH_ORDER = {16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15};
    private static final Huffman FIXED_LITERALS, FIXED_DISTANCES;

    static {
        byte[] lit = new byte[288];
        for (int i = 0; i < 288; i++) lit[i] = (byte) (i < 144 ? 8 : i < 256 ? 9 : i < 280 ? 7 : 8);
        byte[] dist = new byte[30];
        java.util.Arrays.fill(dist, (byte) 5);
        FIXED_LITERALS = new Huffman(lit, 288);
        FIXED_DISTANCES = new Huffman(dist, 30);
    }

    private final FileChannel channel;
    private final String name;
    private static final java.lang.invoke.VarHandle LE_LONG =
            java.lang.invoke.MethodHandles.byteArrayViewVarHandle(long[].class, java.nio.ByteOrder.LITTLE_ENDIAN);
    private final byte[] in = new byte[1 << 16];
    private int inPos, inLimit;
    private long inFileOffset; // file offset of in[0]
    private long bits;
    private int bitCount;
    private final byte[] history = new byte[HISTORY];
    private long output;
    private final long memberStart; // output offset where this member's data began: matches may not reach before it
    private final long checkpointEvery;
    private final Consumer<Checkpoint> checkpoints;
    private long lastCheckpoint;

    private boolean inBlock, finalBlock, done;
    private int storedLeft;
    private Huffman literals, distances;
    private int copyLeft, copyDistance;

    /**
     * Starts decoding at {@code start} (a member's first deflate bit, or a checkpoint), reporting a new
     * checkpoint to {@code checkpoints} at each block boundary at least {@code checkpointEvery} output
     * bytes after the previous one.
     *
     * @param name        for messages: the file
     * @param memberStart output offset of the member's first byte (matches may not reach before it)
     */
    DeflateDecoder(FileChannel channel, String name, Checkpoint start, long memberStart, long checkpointEvery,
            Consumer<Checkpoint> checkpoints) throws IOException {
        this.channel = channel;
        this.name = name;
        this.memberStart = memberStart;
        this.checkpointEvery = checkpointEvery;
        this.checkpoints = checkpoints;
        this.output = start.output();
        this.lastCheckpoint = start.output();
        byte[] w = start.window();
        for (int i = 0; i < w.length; i++) history[(int) (output - w.length + i) & (HISTORY - 1)] = w[i];
        inFileOffset = start.inputBit() >>> 3;
        int skip = (int) (start.inputBit() & 7);
        if (skip > 0) {
            need(skip);
            drop(skip);
        }
    }

    /** Output offset of the next byte {@link #read} returns. */
    long position() { return output; }

    /** Output offset where the member this decoder reads began. */
    long memberStart() { return memberStart; }

    /** True after the member's final block. */
    boolean finished() { return done; }

    /**
     * Decodes up to {@code len} bytes into {@code out}; returns how many, 0 only at the end of the
     * member (or when {@code len} is 0).
     *
     * @throws IOException for corrupt or truncated data, naming the file and the byte offset
     */
    int read(byte[] out, int off, int len) throws IOException {
        int produced = 0;
        while (produced < len) {
            if (copyLeft > 0) {
                int n = Math.min(Math.min(copyLeft, len - produced), HISTORY - WINDOW);
                copyMatch(out, off + produced, n);
                produced += n;
                continue;
            }
            if (storedLeft > 0) {
                int n = Math.min(storedLeft, len - produced);
                copyStored(out, off + produced, n);
                produced += n;
                if (storedLeft == 0) inBlock = false;
                continue;
            }
            if (!inBlock) {
                if (finalBlock) {
                    done = true;
                    return produced;
                }
                startBlock();
                continue;
            }
            produced += decodeSymbols(out, off + produced, len - produced);
        }
        return produced;
    }

    /** Reads a block header (after offering a checkpoint) and prepares the block. */
    private void startBlock() throws IOException {
        if (output - lastCheckpoint >= checkpointEvery && checkpoints != null) {
            lastCheckpoint = output;
            checkpoints.accept(new Checkpoint(inputBit(), output, window()));
        }
        need(3);
        finalBlock = (bits & 1) != 0;
        int type = (int) (bits >>> 1) & 3;
        drop(3);
        switch (type) {
            case 0 -> {
                drop(bitCount & 7); // to a byte boundary
                need(32);
                int length = (int) (bits & 0xffff), inverse = (int) (bits >>> 16) & 0xffff;
                drop(32);
                if ((length ^ 0xffff) != inverse) throw corrupt("stored block length check fails");
                storedLeft = length;
                inBlock = length > 0;
            }
            case 1 -> {
                literals = FIXED_LITERALS;
                distances = FIXED_DISTANCES;
                inBlock = true;
            }
            case 2 -> {
                readDynamicTables();
                inBlock = true;
            }
            default -> throw corrupt("block type 3 is reserved");
        }
    }

    private void readDynamicTables() throws IOException {
        need(14);
        int nLit = (int) (bits & 31) + 257, nDist = (int) (bits >>> 5 & 31) + 1, nCode = (int) (bits >>> 10 & 15) + 4;
        drop(14);
        if (nLit > 286 || nDist > 30) throw corrupt("too many length or distance codes");
        byte[] codeLengths = new byte[19];
        for (int i = 0; i < nCode; i++) {
            need(3);
            codeLengths[CODE_LENGTH_ORDER[i]] = (byte) (bits & 7);
            drop(3);
        }
        Huffman lengthCode = huffman(codeLengths, 19);
        byte[] lengths = new byte[nLit + nDist];
        for (int i = 0; i < lengths.length; ) {
            int symbol = lengthCode.decode(this);
            if (symbol < 16) {
                lengths[i++] = (byte) symbol;
                continue;
            }
            int repeat;
            byte value = 0;
            if (symbol == 16) {
                if (i == 0) throw corrupt("length repeat with no previous length");
                value = lengths[i - 1];
                need(2);
                repeat = 3 + (int) (bits & 3);
                drop(2);
            } else if (symbol == 17) {
                need(3);
                repeat = 3 + (int) (bits & 7);
                drop(3);
            } else {
                need(7);
                repeat = 11 + (int) (bits & 127);
                drop(7);
            }
            if (i + repeat > lengths.length) throw corrupt("code lengths overrun");
            java.util.Arrays.fill(lengths, i, i + repeat, value);
            i += repeat;
        }
        if (lengths[256] == 0) throw corrupt("no end-of-block code");
        literals = huffman(java.util.Arrays.copyOf(lengths, nLit), nLit);
        distances = huffman(java.util.Arrays.copyOfRange(lengths, nLit, lengths.length), nDist);
    }

    private Huffman huffman(byte[] lengths, int n) throws IOException {
        try {
            return new Huffman(lengths, n);
        } catch (IllegalArgumentException e) {
            throw corrupt(e.getMessage());
        }
    }

    /**
     * Literals and matches of the current Huffman block until {@code len} bytes are out or the block ends.
     * Symbols go to the history only (one store per byte); what they made is copied out in bulk at the
     * end, so at most {@code HISTORY - WINDOW} bytes are made per call, which keeps the 32 KiB a match may
     * reach intact.
     */
    private int decodeSymbols(byte[] out, int off, int len) throws IOException {
        final int mask = HISTORY - 1;
        final byte[] h = history;
        final long start = output, end = output + Math.min(len, HISTORY - WINDOW);
        long o = output;
        while (o < end) {
            int symbol = literals.decode(this);
            if (symbol < 256) {
                h[(int) o & mask] = (byte) symbol;
                o++;
            } else if (symbol == 256) {
                inBlock = false;
                break;
            } else {
                int l = symbol - 257;
                if (l >= 29) throw corrupt("bad length code " + symbol);
                need(LENGTH_EXTRA[l]);
                int length = LENGTH_BASE[l] + (int) (bits & ((1 << LENGTH_EXTRA[l]) - 1));
                drop(LENGTH_EXTRA[l]);
                int d = distances.decode(this);
                if (d >= 30) throw corrupt("bad distance code " + d);
                need(DIST_EXTRA[d]);
                int distance = DIST_BASE[d] + (int) (bits & ((1 << DIST_EXTRA[d]) - 1));
                drop(DIST_EXTRA[d]);
                if (distance > o - memberStart || distance > WINDOW) throw corrupt("match reaches " + distance + " bytes back, before the data");
                int n = (int) Math.min(length, end - o);
                copyWithin(o, distance, n);
                o += n;
                copyLeft = length - n; // the rest on the next call
                copyDistance = distance;
            }
        }
        output = o;
        int produced = (int) (o - start);
        copyOut(start, out, off, produced);
        return produced;
    }

    /** The rest of a match cut by the end of a read. */
    private void copyMatch(byte[] out, int off, int n) {
        copyWithin(output, copyDistance, n);
        copyOut(output, out, off, n);
        output += n;
        copyLeft -= n;
    }

    /** Copies {@code n} bytes from {@code distance} back to history position {@code at}: in bulk where the ranges neither overlap nor wrap. */
    private void copyWithin(long at, int distance, int n) {
        final int mask = HISTORY - 1;
        int to = (int) at & mask, from = (int) (at - distance) & mask;
        if (distance >= n && to + n <= HISTORY && from + n <= HISTORY) {
            System.arraycopy(history, from, history, to, n);
            return;
        }
        final byte[] h = history;
        for (int i = 0; i < n; i++) h[(to + i) & mask] = h[(from + i) & mask]; // overlapping: repeats the last distance bytes
    }

    /** Copies history positions {@code [at, at + n)} to {@code out} (two pieces when they wrap). */
    private void copyOut(long at, byte[] out, int off, int n) {
        int from = (int) at & (HISTORY - 1);
        int first = Math.min(n, HISTORY - from);
        System.arraycopy(history, from, out, off, first);
        System.arraycopy(history, 0, out, off + first, n - first);
    }

    private void copyStored(byte[] out, int off, int n) throws IOException {
        final int mask = HISTORY - 1;
        for (int i = 0; i < n; i++) { // byte-aligned: whole bytes from the bit buffer, then from the input
            need(8);
            byte b = (byte) bits;
            drop(8);
            out[off + i] = b;
            history[(int) output++ & mask] = b;
        }
        storedLeft -= n;
    }

    /** The last up to 32 KiB of output, for a checkpoint. */
    private byte[] window() {
        int n = (int) Math.min(WINDOW, output - memberStart);
        byte[] w = new byte[n];
        for (int i = 0; i < n; i++) w[i] = history[(int) (output - n + i) & (HISTORY - 1)];
        return w;
    }

    /** File bit offset of the next unread bit (after the member's last block once {@link #finished}). */
    long inputBit() { return (inFileOffset + inPos) * 8 - bitCount; }

    /** Makes at least {@code n} (≤ 56) bits available in {@link #bits}. */
    void need(int n) throws IOException {
        while (bitCount < n) {
            if (inPos == inLimit) refill();
            bits |= (in[inPos++] & 0xffL) << bitCount;
            bitCount += 8;
        }
    }

    /**
     * Fills the bit buffer to at least 56 bits when the input has them. Eight bytes at once where the
     * buffer allows: the bits above {@code bitCount} then hold the next input bytes, which the next
     * fill ORs in again unchanged, so they never need clearing.
     */
    private void fill() throws IOException {
        if (bitCount > 48) return;
        if (inLimit - inPos >= 8) {
            bits |= (long) LE_LONG.get(in, inPos) << bitCount;
            int take = (63 - bitCount) >>> 3;
            inPos += take;
            bitCount += take << 3;
            return;
        }
        while (bitCount <= 48) {
            if (inPos == inLimit && !tryRefill()) return;
            bits |= (in[inPos++] & 0xffL) << bitCount;
            bitCount += 8;
        }
    }

    void drop(int n) {
        bits >>>= n;
        bitCount -= n;
    }

    private void refill() throws IOException {
        if (!tryRefill()) throw new IOException(name + ": gzip data truncated at byte " + (inFileOffset + inPos));
    }

    /** Reads the next input; keeps unread bytes. False at the end of the file. */
    private boolean tryRefill() throws IOException {
        int keep = inLimit - inPos;
        System.arraycopy(in, inPos, in, 0, keep);
        inFileOffset += inPos;
        inPos = 0;
        inLimit = keep;
        int r = channel.read(ByteBuffer.wrap(in, keep, in.length - keep), inFileOffset + keep);
        if (r <= 0) return false;
        inLimit += r;
        return true;
    }

    private IOException corrupt(String problem) {
        return new IOException(name + ": corrupt deflate data near byte " + (inputBit() >>> 3) + ": " + problem);
    }

    /**
     * A canonical Huffman code: a table of the next {@value #FAST_BITS} input bits for short codes, and
     * a walk over code lengths (RFC 1951 §3.2.2's counting) for longer ones.
     */
    private static final class Huffman {
        private final short[] fast = new short[1 << FAST_BITS]; // symbol << 4 | length, 0 = longer code
        private final short[] count = new short[MAX_BITS + 1];
        private final short[] symbols;

        /** @throws IllegalArgumentException when the lengths over-subscribe the code space */
        Huffman(byte[] lengths, int n) {
            symbols = new short[n];
            for (int i = 0; i < n; i++) count[lengths[i]]++;
            count[0] = 0;
            int left = 1;
            for (int len = 1; len <= MAX_BITS; len++) {
                left = (left << 1) - count[len];
                if (left < 0) throw new IllegalArgumentException("over-subscribed Huffman code");
            }
            short[] offsets = new short[MAX_BITS + 2];
            for (int len = 1; len <= MAX_BITS; len++) offsets[len + 1] = (short) (offsets[len] + count[len]);
            for (int i = 0; i < n; i++) if (lengths[i] != 0) symbols[offsets[lengths[i]]++] = (short) i;
            int code = 0, k = 0;
            for (int len = 1; len <= FAST_BITS; len++, code <<= 1) {
                for (int c = 0; c < count[len]; c++, code++) {
                    int reversed = Integer.reverse(code) >>> (32 - len); // codes are sent most significant bit first
                    short entry = (short) (symbols[k++] << 4 | len);
                    for (int i = reversed; i < fast.length; i += 1 << len) fast[i] = entry;
                }
            }
        }

        int decode(DeflateDecoder d) throws IOException {
            d.fill();
            short entry = fast[(int) d.bits & ((1 << FAST_BITS) - 1)];
            if (entry != 0 && (entry & 15) <= d.bitCount) {
                d.drop(entry & 15);
                return entry >>> 4;
            }
            int code = 0, first = 0, index = 0;
            for (int len = 1; len <= MAX_BITS; len++) {
                d.need(1);
                code |= (int) d.bits & 1;
                d.drop(1);
                int c = count[len];
                if (code - first < c) return symbols[index + code - first];
                index += c;
                first = (first + c) << 1;
                code <<= 1;
            }
            throw d.corrupt("no Huffman code matches");
        }
    }
}
