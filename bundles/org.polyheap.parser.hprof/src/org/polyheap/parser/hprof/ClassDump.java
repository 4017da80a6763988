package org.polyheap.parser.hprof;

import java.util.List;

/**
 * What the first pass keeps of a CLASS_DUMP sub-record: links and the layout. Static values and the
 * constant pool are read again in the second pass.
 *
 * @param address      the class object's address
 * @param offset       byte offset of the sub-record
 * @param superAddress 0 when none
 * @param loader       class loader address, 0 for the boot loader
 * @param instanceSize the dump's instance size field (field bytes as HPROF writes them)
 * @param fields       declared instance fields, in dump order
 * @param staticTypes  types of the static fields, in dump order
 */
record ClassDump(long address, long offset, long superAddress, long loader, int instanceSize,
        List<Field> fields, List<BasicType> staticTypes) {

    /** A declared instance field; {@code name} is the dump's string id. */
    record Field(long name, BasicType type) { }
}
