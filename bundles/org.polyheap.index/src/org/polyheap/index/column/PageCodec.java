package org.polyheap.index.column;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;

/**
 * One page of a 1:1 index: frame-of-reference plus bit packing, in MAT's spirit.
 * <pre>
 * byte  width   bits per packed value, 0..64
 * byte  shift   low zero bits shared by every (value - base), dropped before packing
 * long  base    the page minimum (big-endian); makes negative ints and longs near 2^63 cheap
 * bits  packed  (value - base) >>> shift, MSB-first, width bits each, padded to a whole byte
 * </pre>
 * Decoded value = base + (packed << shift), in 64-bit two's complement (wraps, so any long works).
 * Stateless and thread-safe.
 */
public final class PageCodec {
    public static final int HEADER_BYTES = 10;
    static final ValueLayout.OfLong LONG_BE = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN);

    private PageCodec() { }

    /** Bytes a page of {@code count} values takes at most; size the encode buffer with it. */
    public static int maxBytes(int count) { return HEADER_BYTES + count * 8; }

    /** Encodes {@code values[0..count)} into {@code out}; returns the page length in bytes. */
    public static int encode(long[] values, int count, byte[] out) {
        long base = Long.MAX_VALUE;
        for (int i = 0; i < count; i++) base = Math.min(base, values[i]);
        if (count == 0) base = 0;
        long mask = 0;
        for (int i = 0; i < count; i++) mask |= values[i] - base;
        int shift = mask == 0 ? 0 : Long.numberOfTrailingZeros(mask);
        int width = mask == 0 ? 0 : 64 - Long.numberOfLeadingZeros(mask) - shift;
        out[0] = (byte) width;
        out[1] = (byte) shift;
        for (int b = 0; b < 8; b++) out[2 + b] = (byte) (base >>> (56 - 8 * b));
        if (width == 0) return HEADER_BYTES;
        int pos = HEADER_BYTES;
        long acc = 0;
        int free = 64;
        for (int i = 0; i < count; i++) {
            long v = (values[i] - base) >>> shift;
            if (width < free) {
                acc |= v << (free - width);
                free -= width;
            } else {
                int over = width - free; // bits of v that spill into the next word
                acc |= v >>> over;
                pos = putLong(out, pos, acc);
                free = 64 - over;
                acc = over == 0 ? 0 : v << (64 - over);
            }
        }
        int usedBits = 64 - free;
        for (int b = 0; b * 8 < usedBits; b++) out[pos++] = (byte) (acc >>> (56 - 8 * b));
        return pos;
    }

    private static int putLong(byte[] out, int pos, long v) {
        for (int b = 0; b < 8; b++) out[pos + b] = (byte) (v >>> (56 - 8 * b));
        return pos + 8;
    }

    /** Packed data bytes of a page of {@code count} values at {@code width} bits. */
    static long dataBytes(int count, int width) { return ((long) count * width + 7) >>> 3; }

    /**
     * Checks a page header against the space the page has. The caller guarantees at least 9
     * readable bytes after {@code end} (the offset table and trailer follow every page).
     */
    static void check(MemorySegment seg, long start, long end, int count) throws IndexDamagedException {
        if (end - start < HEADER_BYTES) throw new IndexDamagedException("page at " + start + " shorter than its header");
        int width = seg.get(ValueLayout.JAVA_BYTE, start) & 0xff;
        int shift = seg.get(ValueLayout.JAVA_BYTE, start + 1) & 0xff;
        if (width > 64 || shift > 63 || width + shift > 64 || end - start != HEADER_BYTES + dataBytes(count, width)) {
            throw new IndexDamagedException("page at " + start + " has a bad header (width " + width + ", shift "
                    + shift + ", " + (end - start) + " bytes for " + count + " values)");
        }
    }

    /** Decodes values {@code [from, from+length)} of the (checked) page at {@code start} into {@code out}. */
    static void decode(MemorySegment seg, long start, int from, int length, long[] out, int outOffset) {
        int width = seg.get(ValueLayout.JAVA_BYTE, start) & 0xff;
        int shift = seg.get(ValueLayout.JAVA_BYTE, start + 1) & 0xff;
        long base = seg.get(LONG_BE, start + 2);
        if (width == 0) {
            java.util.Arrays.fill(out, outOffset, outOffset + length, base);
            return;
        }
        var bits = new PackedBits(seg, start, from, length, width);
        for (int i = 0; i < length; i++) out[outOffset + i] = base + (bits.next() << shift);
    }

    /** As {@link #decode(MemorySegment, long, int, int, long[], int)}, narrowing to int. */
    static void decode(MemorySegment seg, long start, int from, int length, int[] out, int outOffset) {
        int width = seg.get(ValueLayout.JAVA_BYTE, start) & 0xff;
        int shift = seg.get(ValueLayout.JAVA_BYTE, start + 1) & 0xff;
        long base = seg.get(LONG_BE, start + 2);
        if (width == 0) {
            java.util.Arrays.fill(out, outOffset, outOffset + length, (int) base);
            return;
        }
        var bits = new PackedBits(seg, start, from, length, width);
        for (int i = 0; i < length; i++) out[outOffset + i] = (int) (base + (bits.next() << shift));
    }

    /**
     * Sequential reader of packed values: copies the needed bytes out of the mapping once (one
     * bounds and liveness check instead of one per value), then reads big-endian longs from the copy.
     */
    private static final class PackedBits {
        private static final VarHandle BE = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);
        private final byte[] buf;
        private final int width;
        private long bit;

        PackedBits(MemorySegment seg, long start, int from, int length, int width) {
            long firstBit = (long) from * width;
            long firstByte = firstBit >>> 3;
            int bytes = (int) ((((long) (from + length) * width + 7) >>> 3) - firstByte);
            this.buf = new byte[bytes + 16];
            // 9 bytes past the page end are readable: the page table and trailer follow every page
            MemorySegment.copy(seg, ValueLayout.JAVA_BYTE, start + HEADER_BYTES + firstByte, buf, 0, bytes + 9);
            this.width = width;
            this.bit = firstBit & 7;
        }

        long next() {
            int at = (int) (bit >>> 3);
            int off = (int) (bit & 7);
            long v = ((long) BE.get(buf, at) << off) >>> (64 - width);
            if (width + off > 64) v |= (buf[at + 8] & 0xffL) >>> (72 - width - off);
            bit += width;
            return v;
        }
    }

    /** Decodes value {@code index} of the (checked) page at {@code start} alone: a few loads, no page decode. */
    static long single(MemorySegment seg, long start, int index) {
        int width = seg.get(ValueLayout.JAVA_BYTE, start) & 0xff;
        int shift = seg.get(ValueLayout.JAVA_BYTE, start + 1) & 0xff;
        long base = seg.get(LONG_BE, start + 2);
        return width == 0 ? base : base + (packed(seg, start + HEADER_BYTES, index, width) << shift);
    }

    private static long packed(MemorySegment seg, long data, int index, int width) {
        long bit = (long) index * width;
        long at = data + (bit >>> 3);
        int off = (int) (bit & 7);
        long v = (seg.get(LONG_BE, at) << off) >>> (64 - width);
        if (width + off > 64) { // the value reaches into a ninth byte
            int rest = width + off - 64;
            v |= (seg.get(ValueLayout.JAVA_BYTE, at + 8) & 0xffL) >>> (8 - rest);
        }
        return v;
    }
}
