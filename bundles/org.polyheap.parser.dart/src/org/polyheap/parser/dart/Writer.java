package org.polyheap.parser.dart;

/**
 * Who wrote the stream. The VM's own writer (the VM service, {@code writeHeapSnapshotToFile}) writes
 * strings as Latin-1/UTF-16 data and a {@code _Mint} as signed LEB128. {@code package:vm_service}'s
 * {@code HeapSnapshotGraph.toChunks} (the DevTools "export") writes every string as a name and every
 * int, Mints included, unsigned (negatives as 10-byte two's complement).
 */
enum Writer {
    VM("Dart VM"),
    VM_SERVICE_EXPORT("package:vm_service re-export (DevTools)");

    private final String fact;

    Writer(String fact) { this.fact = fact; }

    /** The value of the {@code writer} fact. */
    String fact() { return fact; }

    /** Re-exports have string objects, all written as names. */
    static Writer of(long stringsAsText, long stringsAsNames) {
        return stringsAsNames > 0 && stringsAsText == 0 ? VM_SERVICE_EXPORT : VM;
    }

    static Writer ofFact(String fact) {
        return VM_SERVICE_EXPORT.fact.equals(fact) ? VM_SERVICE_EXPORT : VM;
    }

    /** Whether a {@code _Mint}'s value is signed LEB128. */
    boolean signedMints() { return this == VM; }
}
