package org.polyheap.parser.hprof;

/**
 * How HotSpot lays out objects, for shallow sizes (HPROF stores none). Instances: header plus fields,
 * rounded up to the alignment; arrays: header with the length word plus elements, rounded up.
 * Field packing is modelled as the sum of the field sizes (HotSpot's layout fills gaps by size, so
 * the rounded sum matches it except for rare padding between super and subclass fields).
 *
 * @param name            the option value: {@code compressed-oops}, {@code no-compressed-oops}, {@code 32-bit}
 * @param headerSize      mark word plus class pointer
 * @param referenceSize   bytes of one reference field or element
 * @param arrayBase       offset of element 0 (header and length word, padded)
 * @param arrayBaseWide   offset of element 0 for 8-byte elements
 */
record SizeModel(String name, int headerSize, int referenceSize, int arrayBase, int arrayBaseWide) {
    static final int ALIGNMENT = 8;
    /** 64-bit with compressed oops and compressed class pointers: HotSpot's default below 32 GB heaps. */
    static final SizeModel COMPRESSED_OOPS = new SizeModel("compressed-oops", 12, 4, 16, 16);
    /** 64-bit with 8-byte references and an 8-byte class pointer (heaps of 32 GB and more on JDK 8-14). */
    static final SizeModel NO_COMPRESSED_OOPS = new SizeModel("no-compressed-oops", 16, 8, 24, 24);
    /** 32-bit VMs (4-byte ids). */
    static final SizeModel BITS_32 = new SizeModel("32-bit", 8, 4, 12, 16);

    static final long COMPRESSED_OOPS_HEAP_LIMIT = 32L << 30;

    /**
     * The model for the {@code sizeModel} option ({@code auto} when absent): auto picks 32-bit for
     * 4-byte ids, else compressed oops when every object address is below 32 GiB (zero-based
     * compressed oops put the heap there; HotSpot uses them by default for heaps below 32 GB).
     */
    static SizeModel choose(String option, int idSize, long maxAddress) {
        return switch (option == null ? "auto" : option) {
            case "compressed-oops" -> COMPRESSED_OOPS;
            case "no-compressed-oops" -> NO_COMPRESSED_OOPS;
            case "32-bit" -> BITS_32;
            case "auto" -> idSize == 4 ? BITS_32
                    : Long.compareUnsigned(maxAddress, COMPRESSED_OOPS_HEAP_LIMIT) < 0 ? COMPRESSED_OOPS : NO_COMPRESSED_OOPS;
            default -> throw new IllegalArgumentException("sizeModel must be compressed-oops, no-compressed-oops, 32-bit or auto, not " + option);
        };
    }

    boolean compressedOops() { return this == COMPRESSED_OOPS; }

    int fieldSize(BasicType type) {
        return type == BasicType.OBJECT ? referenceSize : type.fieldType.primitiveBytes();
    }

    /** Shallow size of an instance whose fields (all classes of the chain) take {@code fieldBytes}. */
    long instanceSize(long fieldBytes) {
        return align(headerSize + fieldBytes);
    }

    long arraySize(BasicType element, long length) {
        int elementSize = fieldSize(element);
        return align((elementSize == 8 ? arrayBaseWide : arrayBase) + length * elementSize);
    }

    static long align(long size) {
        return (size + ALIGNMENT - 1) & -ALIGNMENT;
    }
}
