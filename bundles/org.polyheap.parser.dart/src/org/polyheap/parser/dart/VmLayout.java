package org.polyheap.parser.dart;

/**
 * The VM's word and pointer size, which the stream does not record. Inferred as Dart's
 * {@code pkg/heap_snapshot} does, from the shallow size of a {@code PatchClass} object.
 */
enum VmLayout {
    BITS_32(4, "32-bit"),
    BITS_64_COMPRESSED(8, "64-bit, compressed pointers"),
    BITS_64(8, "64-bit"),
    UNKNOWN(0, "unknown word size");

    private final int wordSize;
    private final String description;

    VmLayout(int wordSize, String description) {
        this.wordSize = wordSize;
        this.description = description;
    }

    /** Bytes per machine word (Smis are written as one), 0 when unknown. */
    int wordSize() { return wordSize; }

    String description() { return description; }

    static VmLayout ofPatchClassSize(long size) {
        return switch ((int) Math.min(size, 1000)) {
            case 24 -> BITS_32;
            case 32 -> BITS_64_COMPRESSED;
            case 48 -> BITS_64;
            default -> UNKNOWN;
        };
    }

    static VmLayout ofWordSizeFact(String wordSize) {
        return switch (wordSize) {
            case "4" -> BITS_32;
            case "8" -> BITS_64;
            default -> UNKNOWN;
        };
    }

    /**
     * A Smi's signed value from the written word: the VM writes the word unsigned, so a 32-bit VM's -1
     * arrives as 2^32 - 1; a 64-bit word already wraps to the right long.
     */
    long smiValue(long written) {
        if (this == BITS_32 && written >= (1L << 31) && written < (1L << 32)) return written - (1L << 32);
        return written;
    }
}
