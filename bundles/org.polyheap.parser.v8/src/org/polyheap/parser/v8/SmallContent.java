package org.polyheap.parser.v8;

import org.polyheap.model.spi.SnapshotSource;

/**
 * A content small enough to read on the calling thread alone: starting the threads that read the
 * nodes, locations and edges of a big snapshot beside the main pass, and their batches, costs more
 * than reading it (a 1 KB snapshot: 2 ms a parse with them, see docs/robustness.md on the fuzzers' rate).
 */
final class SmallContent {
    /** Below this many bytes a content is read inline. */
    static final long BYTES = 1 << 20;

    private SmallContent() { }

    /** True for a content of known size under {@link #BYTES}. */
    static boolean is(SnapshotSource source) {
        return source.size() >= 0 && source.size() < BYTES;
    }
}
