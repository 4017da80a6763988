package org.polyheap.model.spi;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.lang.foreign.MemorySegment;

/**
 * What an inspector learned about its snapshot file that costs a pass over the file to learn again
 * (the HPROF inspector's gzip members and inflater checkpoints), kept beside the snapshot's index so
 * that later inspectors, in this session or a later one, find it instead of reading the file again.
 * Entries are named, versioned byte strings that their {@link Maker} writes once; a stored entry is
 * checked whole (size and CRC32C) before it is first served, is published atomically, and is made
 * again when absent, of another version, or damaged. The reader of an entry still checks its own
 * structure and {@linkplain #discard discards} an entry it cannot use. {@link #NONE} (graphs without an
 * index) makes the bytes on every call and keeps nothing. Thread-safe.
 */
public interface SourceCache {

    /** Writes an entry's bytes; may read the snapshot file for seconds. */
    @FunctionalInterface
    interface Maker {
        void writeTo(OutputStream out) throws IOException;
    }

    /**
     * The bytes of entry {@code name} of exactly {@code version}; when there are none (or they are damaged)
     * {@code maker} writes them and they are stored first. Concurrent callers wait for one maker. Cost: the
     * first call per entry and process maps and checks the stored bytes (a CRC32C pass, several GB/s);
     * later calls a map lookup; a make whatever the maker costs. The segment is read-only and valid until
     * the graph is closed.
     *
     * @param name letters, digits, {@code _ . -}; at most 56 characters
     * @throws IOException what the maker threw (nothing is stored then)
     */
    MemorySegment bytes(String name, int version, Maker maker) throws IOException;

    /** Drops an entry its reader found unusable, so that the next {@link #bytes} call makes it again. */
    void discard(String name);

    /** No store: every call makes the bytes in memory. */
    SourceCache NONE = new SourceCache() {
        @Override
        public MemorySegment bytes(String name, int version, Maker maker) throws IOException {
            var out = new ByteArrayOutputStream();
            maker.writeTo(out);
            return MemorySegment.ofArray(out.toByteArray()).asReadOnly();
        }

        @Override public void discard(String name) { }
    };
}
