package org.polyheap.parser.dart;

/**
 * Who wrote the stream. The VM's own writer (the VM service, {@code writeHeapSnapshotToFile}) writes
 * strings as Latin-1/UTF-16 data. {@code package:vm_service}'s {@code HeapSnapshotGraph.toChunks} (the
 * DevTools "export") writes every string as a name, and every int as the unsigned number its reader made
 * of the VM's bytes; for a {@code _Mint} that keeps the VM's signed LEB128 bytes except a dropped
 * trailing sign byte, so Mints are still read signed (see docs/formats/dart.md).
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
}
