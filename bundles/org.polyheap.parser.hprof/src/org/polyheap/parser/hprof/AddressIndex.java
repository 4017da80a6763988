package org.polyheap.parser.hprof;

/**
 * Object address → object id (the rank of the record in file order), the parse's most frequent
 * question: the second pass asks it once per reference. Two forms, chosen by {@link #of}: an
 * {@link AddressBitmap} (one bit per 8 bytes of occupied heap, a memory read or two per lookup) for the
 * heaps every JVM writes, and {@link SortedAddresses} for any other set of addresses (unaligned or
 * spread over a range too wide for a bitmap, as a damaged or hostile file may hold). Read-only after
 * construction; thread-safe.
 */
abstract sealed class AddressIndex permits AddressBitmap, SortedAddresses {
    /** The index of {@code count} addresses given in file order (the array is only read). */
    static AddressIndex of(long[] fileOrder, int count) {
        AddressIndex bitmap = AddressBitmap.build(fileOrder, count);
        return bitmap != null ? bitmap : new SortedAddresses(fileOrder, count);
    }

    /** The object id at an address, or -1 when no object record has that address. */
    abstract int idOf(long address);

    /** How many object records were indexed, repeats included. */
    abstract int size();

    /** How many object records repeat an earlier record's address; lookups find the first. */
    abstract int duplicates();
}
