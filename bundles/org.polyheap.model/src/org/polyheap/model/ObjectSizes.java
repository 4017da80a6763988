package org.polyheap.model;

/**
 * The one rule for object sizes a parser accepts: a size no runtime writes, or sizes whose sum no long
 * holds, are bad input, reported at the offset where they were read, never a plausible-looking wrong
 * total. Every parser checks each size it hands to {@link SnapshotSink#addObject} here.
 */
public final class ObjectSizes {
    /** 256 TiB: the 64-bit address spaces of today's processors are 2^48 bytes; no object is bigger. */
    public static final long MAX_OBJECT_BYTES = 1L << 48;

    private ObjectSizes() { }

    /**
     * What is wrong with adding an object of {@code size} bytes to objects that sum to {@code total}, or
     * null when nothing is. With every size checked here the running total never wraps.
     */
    public static String problem(long size, long total) {
        if (size < 0 || size > MAX_OBJECT_BYTES) {
            return "object size " + Long.toUnsignedString(size) + " bytes: no runtime writes an object over 2^48 bytes";
        }
        if (total > Long.MAX_VALUE - size) return "object sizes sum beyond 2^63 bytes";
        return null;
    }
}
