package org.polyheap.parser.hprof;

import java.util.Arrays;

/**
 * The {@link AddressIndex} of a heap whose objects start at multiples of 8 bytes within a range they
 * fill densely (every HotSpot dump: a JVM aligns objects to at least 8 bytes, and its heap regions are
 * mostly full). The range is cut into 1 MiB granules; each granule that holds an object gets a bitmap,
 * one bit per 8-byte slot, in entries of 32 slots whose high half holds the rank (in address order) of
 * the entry's first slot. A lookup reads one granule slot (a small table that stays in cache) and one
 * entry: one memory read where a sorted array's binary search takes five or more. It needs no sort to
 * build. Ids are file order, ranks address order; a dump is written in a few ascending runs (HotSpot:
 * the class dumps, then the heap by address), so within most granules id - rank is one number, kept per
 * granule beside its entry; only in a granule where runs mix (class objects among instances) is the id
 * read from a rank → id table, a second memory read.
 *
 * <p>Memory: 32 KB per occupied granule (1/32 of the heap held; built only when that is at most 8
 * bytes per object), 8 to 12 bytes per MiB of the range, plus 4 bytes per object of the granules that mix
 * runs (a few: 10 of javac's 3.2 M-object heap), against 14 bytes per object for {@link SortedAddresses}. JMH
 * {@code AddressIndexBenchmark} (the {@code benchmarks} module) holds the figures.
 */
final class AddressBitmap extends AddressIndex {
    private static final int SLOT_SHIFT = 3; // objects start at multiples of 8 bytes
    private static final int GRANULE_SHIFT = 20; // 1 MiB of heap per granule
    private static final int ENTRY_SHIFT = 5; // 32 slots per entry
    private static final int ENTRIES_PER_GRANULE = 1 << (GRANULE_SHIFT - SLOT_SHIFT - ENTRY_SHIFT);
    /** Below this many entries (1 MB) the bitmap is built whatever its share per object (small dumps). */
    private static final int FREE_ENTRIES = 1 << 17;

    private final long min;
    /** granule → its first entry, or -1 when no object starts in it */
    private final int[] granuleEntry;
    /** per 32 slots: rank of the first slot (high 32 bits), occupancy bits (low 32) */
    private final long[] entries;
    /** granule → id - rank of its objects, or MIXED; null when every rank is its id */
    private final int[] granuleDelta;
    /** the ids of the objects of granules that mix runs, by rank; null when none does */
    private final int[] ids;
    /** granule → where ids holds its objects' ids, minus its first rank (for granules that mix runs) */
    private final int[] idsBase;
    private static final int MIXED = Integer.MIN_VALUE, UNSET = Integer.MIN_VALUE + 1; // |id - rank| < 2^31 - 1
    private final int size;
    private final int duplicates;

    private AddressBitmap(long min, int[] granuleEntry, long[] entries, int[] granuleDelta, int[] ids, int[] idsBase,
            int size, int duplicates) {
        this.min = min;
        this.granuleEntry = granuleEntry;
        this.entries = entries;
        this.granuleDelta = granuleDelta;
        this.ids = ids;
        this.idsBase = idsBase;
        this.size = size;
        this.duplicates = duplicates;
    }

    /**
     * The bitmap of {@code count} addresses in file order, or null when they do not suit one: an
     * address that is negative or not a multiple of 8, more granules in the range than twice the
     * objects (at least 1,024), or a bitmap over 8 bytes per object (beyond the first 1 MB).
     */
    static AddressBitmap build(long[] fileOrder, int count) {
        if (count == 0) return null;
        Bounds bounds = Bounds.of(fileOrder, count);
        if (bounds == null) return null;
        long min = bounds.min, max = bounds.max;
        boolean ascending = bounds.ascending;
        long granules = ((max - min) >>> GRANULE_SHIFT) + 1;
        if (granules > Math.max(1 << 10, 2L * count)) return null;
        int[] granuleEntry = new int[(int) granules];
        Arrays.fill(granuleEntry, -1);
        for (int i = 0; i < count; i++) granuleEntry[(int) ((fileOrder[i] - min) >>> GRANULE_SHIFT)] = 0;
        long entryCount = 0;
        for (int g = 0; g < granuleEntry.length; g++) {
            if (granuleEntry[g] < 0) continue;
            if (entryCount + ENTRIES_PER_GRANULE > Math.max(FREE_ENTRIES, count)) return null;
            granuleEntry[g] = (int) entryCount;
            entryCount += ENTRIES_PER_GRANULE;
        }
        long[] entries = new long[(int) entryCount];
        int duplicates = setBits(fileOrder, count, min, granuleEntry, entries);
        long rank = 0;
        for (int e = 0; e < entries.length; e++) {
            entries[e] |= rank << 32;
            rank += Integer.bitCount((int) entries[e]);
        }
        if (ascending) return new AddressBitmap(min, granuleEntry, entries, null, null, null, count, duplicates); // rank = id
        int[] idOfRank = new int[count - duplicates];
        if (duplicates > 0) Arrays.fill(idOfRank, -1);
        int[] delta = new int[granuleEntry.length]; // per granule: id - rank if the same for all its objects, else MIXED
        int mixed = idDeltas(fileOrder, count, min, granuleEntry, entries, duplicates, idOfRank, delta);
        if (mixed == 0) return new AddressBitmap(min, granuleEntry, entries, delta, null, null, count, duplicates);
        // only the mixed granules' ids are kept: their ranks are a contiguous range per granule
        int[] base = new int[granuleEntry.length];
        int kept = 0;
        for (int g = 0; g < delta.length; g++) if (delta[g] == MIXED) kept += objectsIn(entries, granuleEntry[g]);
        int[] ids = new int[kept];
        for (int g = 0, at = 0; g < delta.length; g++) {
            if (delta[g] != MIXED) continue;
            int first = (int) (entries[granuleEntry[g]] >>> 32), n = objectsIn(entries, granuleEntry[g]);
            System.arraycopy(idOfRank, first, ids, at, n);
            base[g] = at - first;
            at += n;
        }
        return new AddressBitmap(min, granuleEntry, entries, delta, ids, base, count, duplicates);
    }

    // The long loops of build() are methods of their own: each is compiled alone when it gets hot (an
    // on-stack replacement of build compiled all of it, once per loop, with the JIT's queue waiting behind it)

    /** The addresses' range and order; null when one is negative or not slot-aligned. */
    private record Bounds(long min, long max, boolean ascending) {
        static Bounds of(long[] fileOrder, int count) {
            long min = Long.MAX_VALUE, max = 0;
            boolean ascending = true;
            long previous = -1;
            for (int i = 0; i < count; i++) {
                long a = fileOrder[i];
                if (a < 0 || (a & ((1 << SLOT_SHIFT) - 1)) != 0) return null;
                if (a < min) min = a;
                if (a > max) max = a;
                if (a <= previous) ascending = false;
                previous = a;
            }
            return new Bounds(min, max, ascending);
        }
    }

    /** Sets each address's bit; returns the addresses met more than once. */
    private static int setBits(long[] fileOrder, int count, long min, int[] granuleEntry, long[] entries) {
        int duplicates = 0;
        for (int i = 0; i < count; i++) {
            long slot = (fileOrder[i] - min) >>> SLOT_SHIFT;
            int e = entry(granuleEntry, slot);
            long bit = 1L << (slot & 31);
            if ((entries[e] & bit) != 0) duplicates++;
            else entries[e] |= bit;
        }
        return duplicates;
    }

    /**
     * Fills {@code idOfRank} and, per granule, {@code delta}: id - rank when the same for all its
     * objects, else MIXED. Returns the mixed granules.
     */
    private static int idDeltas(long[] fileOrder, int count, long min, int[] granuleEntry, long[] entries, int duplicates,
            int[] idOfRank, int[] delta) {
        Arrays.fill(delta, UNSET);
        int mixed = 0;
        for (int i = 0; i < count; i++) {
            long a = fileOrder[i];
            int r = rank(min, granuleEntry, entries, a), g = (int) ((a - min) >>> GRANULE_SHIFT);
            if (duplicates == 0 || idOfRank[r] < 0) idOfRank[r] = i; // file order: the first record at an address wins
            int d = idOfRank[r] - r;
            if (delta[g] == UNSET) {
                delta[g] = d;
            } else if (delta[g] != d && delta[g] != MIXED) {
                delta[g] = MIXED;
                mixed++;
            }
        }
        return mixed;
    }

    /** Objects (distinct addresses) in the granule whose entries start at {@code first}. */
    private static int objectsIn(long[] entries, int first) {
        int n = 0;
        for (int e = first; e < first + ENTRIES_PER_GRANULE; e++) n += Integer.bitCount((int) entries[e]);
        return n;
    }

    private static int entry(int[] granuleEntry, long slot) {
        return granuleEntry[(int) (slot >>> (GRANULE_SHIFT - SLOT_SHIFT))]
                + (int) ((slot >>> ENTRY_SHIFT) & (ENTRIES_PER_GRANULE - 1));
    }

    /** Rank in address order of the object at {@code address}, or -1 when none starts there. */
    private static int rank(long min, int[] granuleEntry, long[] entries, long address) {
        long offset = address - min;
        if ((offset & ((1 << SLOT_SHIFT) - 1)) != 0) return -1;
        long slot = offset >>> SLOT_SHIFT;
        long granule = slot >>> (GRANULE_SHIFT - SLOT_SHIFT);
        if (offset < 0 || granule >= granuleEntry.length) return -1; // below min, or past the range
        int first = granuleEntry[(int) granule];
        if (first < 0) return -1;
        long e = entries[first + (int) ((slot >>> ENTRY_SHIFT) & (ENTRIES_PER_GRANULE - 1))];
        int bit = (int) slot & 31;
        if ((e & (1L << bit)) == 0) return -1;
        return (int) (e >>> 32) + Integer.bitCount((int) e & ((1 << bit) - 1));
    }

    @Override int idOf(long address) {
        int r = rank(min, granuleEntry, entries, address);
        if (r < 0 || granuleDelta == null) return r;
        int g = (int) ((address - min) >>> GRANULE_SHIFT); // r >= 0: the address is in range
        int d = granuleDelta[g];
        return d != MIXED ? r + d : ids[idsBase[g] + r];
    }

    @Override int size() { return size; }

    @Override int duplicates() { return duplicates; }

    /** Bytes held (tests and benchmarks). */
    long bytes() {
        return 4L * granuleEntry.length + 8L * entries.length + (granuleDelta == null ? 0 : 4L * granuleDelta.length)
                + (ids == null ? 0 : 4L * ids.length + 4L * idsBase.length);
    }

    /** Granules whose objects mix runs of the file (their ids come from the rank → id table); tests. */
    int mixedGranules() { return granuleDelta == null ? 0 : (int) Arrays.stream(granuleDelta).filter(d -> d == MIXED).count(); }
}
