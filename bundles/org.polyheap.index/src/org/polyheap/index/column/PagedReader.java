package org.polyheap.index.column;

import java.lang.foreign.MemorySegment;
import java.util.Objects;

/**
 * What the int and the long reader of a mapped 1:1 index share: the page table ({@link PagedIndex})
 * and a hot-page cache over it. {@link #cached} costs a cache probe; on a miss it says to decode just the
 * one value ({@link #single}), and on the second miss of the same page decodes the whole page into the
 * cache (4096 values by default, a few microseconds), so scans by {@code get} stay cheap; {@link #copy}
 * decodes straight into the target. The values' array type {@code A} ({@code int[]} or {@code long[]})
 * is all that differs, so each subclass keeps its own typed {@code get} (no boxing, no virtual call on a hit).
 * Thread-safe: the cache is a small direct-mapped table of immutable pages, raced benignly (a lost
 * update costs one more decode). Valid while the arena that mapped the segment is open.
 */
abstract sealed class PagedReader<A> permits IntIndexReader, LongIndexReader {
    private static final int SLOTS = 16;
    final PagedIndex index;
    final int mask;
    private final Page<?>[] cache = new Page<?>[SLOTS];
    private final int[] missed = new int[SLOTS]; // per slot, the last page read without caching

    private record Page<A>(int number, A values) { }

    PagedReader(MemorySegment section, ValueKind kind, Origin origin) throws IndexDamagedException {
        this.index = PagedIndex.open(section, kind, origin);
        this.mask = (1 << index.pageShift) - 1;
        java.util.Arrays.fill(missed, -1);
    }

    /** Decodes values {@code [from, from + length)} of the checked page at {@code start} into {@code target}. */
    abstract void decode(long start, int from, int length, A target, int offset);

    abstract A newArray(int length);

    /** Number of values. */
    public long size() { return index.count; }

    /** Bytes the index takes on disk. */
    public long byteSize() { return index.byteSize(); }

    /**
     * The cached values of value {@code i}'s page, or null on the first miss of that page in its slot:
     * then {@link #single} decodes the one value. The second miss decodes the whole page into the cache.
     */
    @SuppressWarnings("unchecked")
    final A cached(long i) {
        Objects.checkIndex(i, index.count);
        int p = (int) (i >>> index.pageShift);
        int slot = p & (SLOTS - 1);
        Page<?> page = cache[slot];
        if (page != null && page.number == p) return (A) page.values;
        if (missed[slot] != p) { // first touch: decode the one value; a page seen twice is decoded whole
            missed[slot] = p;
            return null;
        }
        A values = newArray(index.valuesIn(p));
        decode(index.verifiedStart(p), 0, index.valuesIn(p), values, 0);
        cache[slot] = new Page<>(p, values);
        return values;
    }

    /** Value {@code i} alone, decoded from its page without caching it: a few loads. */
    final long single(long i) {
        return PageCodec.single(index.seg, index.verifiedStart((int) (i >>> index.pageShift)), (int) (i & mask));
    }

    /** Decodes values {@code [from, from + length)} into {@code target[offset..]}, page by page. */
    final void copy(long from, A target, int targetLength, int offset, int length) {
        Objects.checkFromIndexSize(from, length, index.count);
        Objects.checkFromIndexSize(offset, length, targetLength);
        while (length > 0) {
            int p = (int) (from >>> index.pageShift);
            int in = (int) (from & mask);
            int n = Math.min(length, index.valuesIn(p) - in);
            decode(index.verifiedStart(p), in, n, target, offset);
            from += n;
            offset += n;
            length -= n;
        }
    }
}
