package org.polyheap.index.column;

import java.lang.foreign.MemorySegment;
import java.util.Objects;
import java.util.function.IntFunction;

import org.polyheap.model.LongColumn;

/**
 * A mapped 1:1 index read as longs, and the core of {@link IntIndexReader}, which reads an int index
 * through it (the writer stores each int sign-extended, so every value narrows back exactly).
 * {@link #get} costs a cache probe; on a miss it decodes just that value, and on the second miss of the
 * same page decodes the whole page into the cache (4096 values by default, a few microseconds), so
 * scans by get stay cheap; {@link #copyTo} decodes straight into the target. The cache holds pages as
 * arrays of the reader's type ({@link PageArrays}): long[] here, int[] for the int view, so neither
 * pays for the other's width. Thread-safe: the cache is a small direct-mapped table of immutable pages,
 * raced benignly (a lost update costs one more decode). Valid while the arena that mapped the segment
 * is open.
 */
public final class LongIndexReader implements LongColumn {
    private static final int SLOTS = 16;
    static final PageArrays<long[]> LONGS = new PageArrays<>(long[]::new, PageCodec::decode);
    static final PageArrays<int[]> INTS = new PageArrays<>(int[]::new, PageCodec::decode);
    private final PagedIndex index;
    final int mask;
    private final Page[] cache = new Page[SLOTS];
    private final int[] missed = new int[SLOTS]; // per slot, the last page read without caching

    private record Page(int number, Object values) { }

    /** Decodes values {@code [from, from + length)} of the checked page at {@code start} into {@code out}. */
    @FunctionalInterface
    interface Decoder<A> {
        void decode(MemorySegment seg, long start, int from, int length, A out, int offset);
    }

    /** How pages are held and decoded for one value type: {@link #LONGS} or {@link #INTS}. */
    record PageArrays<A>(IntFunction<A> allocate, Decoder<A> decoder) { }

    private LongIndexReader(PagedIndex index) {
        this.index = index;
        this.mask = (1 << index.pageShift) - 1;
        java.util.Arrays.fill(missed, -1);
    }

    /**
     * Opens a mapped section; checks its trailer and page table (see {@link PagedIndex}). Each page is
     * checked (header, CRC32C) when first decoded: reads then throw {@link java.io.UncheckedIOException}
     * wrapping an {@link IndexDamagedException}.
     */
    public static LongIndexReader open(MemorySegment section) throws IndexDamagedException { return open(section, Origin.UNKNOWN); }

    /** As {@link #open(MemorySegment)}; damage is reported with and to {@code origin}. */
    public static LongIndexReader open(MemorySegment section, Origin origin) throws IndexDamagedException {
        return open(section, ValueKind.LONG, origin);
    }

    /** A section whose trailer must say {@code kind}: {@link IntIndexReader} opens int indexes so. */
    static LongIndexReader open(MemorySegment section, ValueKind kind, Origin origin) throws IndexDamagedException {
        return new LongIndexReader(PagedIndex.open(section, kind, origin));
    }

    @Override public long size() { return index.count; }

    /** Bytes the index takes on disk. */
    public long byteSize() { return index.byteSize(); }

    @Override
    public long get(long i) {
        long[] page = cached(i, LONGS);
        return page != null ? page[(int) (i & mask)] : single(i);
    }

    @Override
    public void copyTo(long from, long[] target, int offset, int length) {
        copy(from, target, target.length, offset, length, LONGS);
    }

    /**
     * The cached values of value {@code i}'s page, or null on the first miss of that page in its slot:
     * then {@link #single} decodes the one value. The second miss decodes the whole page into the cache.
     * One reader is read with one {@code arrays} only.
     */
    @SuppressWarnings("unchecked")
    <A> A cached(long i, PageArrays<A> arrays) {
        Objects.checkIndex(i, index.count);
        int p = (int) (i >>> index.pageShift);
        int slot = p & (SLOTS - 1);
        Page page = cache[slot];
        if (page != null && page.number == p) return (A) page.values;
        if (missed[slot] != p) { // first touch: decode the one value; a page seen twice is decoded whole
            missed[slot] = p;
            return null;
        }
        int n = index.valuesIn(p);
        A values = arrays.allocate().apply(n);
        arrays.decoder().decode(index.seg, index.verifiedStart(p), 0, n, values, 0);
        cache[slot] = new Page(p, values);
        return values;
    }

    /** Value {@code i} alone, decoded from its page without caching it: a few loads. */
    long single(long i) {
        return PageCodec.single(index.seg, index.verifiedStart((int) (i >>> index.pageShift)), (int) (i & mask));
    }

    /** Decodes values {@code [from, from + length)} into {@code target[offset..]}, page by page. */
    <A> void copy(long from, A target, int targetLength, int offset, int length, PageArrays<A> arrays) {
        Objects.checkFromIndexSize(from, length, index.count);
        Objects.checkFromIndexSize(offset, length, targetLength);
        while (length > 0) {
            int p = (int) (from >>> index.pageShift);
            int in = (int) (from & mask);
            int n = Math.min(length, index.valuesIn(p) - in);
            arrays.decoder().decode(index.seg, index.verifiedStart(p), in, n, target, offset);
            from += n;
            offset += n;
            length -= n;
        }
    }
}
