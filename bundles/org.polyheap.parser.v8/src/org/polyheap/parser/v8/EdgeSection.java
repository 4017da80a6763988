package org.polyheap.parser.v8;

import java.io.IOException;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;

import org.polyheap.model.Progress;
import org.polyheap.model.SnapshotFormatException;
import org.polyheap.model.spi.SnapshotSource;

/**
 * Streams the {@code edges} section, checking every edge, and hands each one to a visitor with
 * its source node (edges are grouped by source in node order, {@code edge_count} per node).
 * Scanning and checking run on a thread of their own, a few batches ahead of the visitor, which
 * runs on the calling thread (so a sink behind it sees one thread). Memory: {@value #BATCHES}
 * batches of {@value #BATCH} edges (16 bytes each). One call per pass.
 */
final class EdgeSection {
    static final int BATCH = 8192;
    private static final int BATCHES = 6;

    /** Receives edges in file order, a batch at a time: edge i of a batch is {@code from[i] -> to[i]}. */
    interface Visitor {
        /**
         * @param from  source node ordinals, non-decreasing
         * @param type  indexes into meta edge types
         * @param name  string ids, or the index for element/hidden edges (unsigned 32-bit)
         * @param to    target node ordinals
         * @param count edges in this batch (the arrays may be longer); the arrays are reused after the call
         */
        void edges(int[] from, int[] type, int[] name, int[] to, int count);
    }

    /** Checked edges handed from the scanning thread to the visitor; {@code size < 0} ends the stream. */
    private static final class Batch {
        final int[] from = new int[BATCH], type = new int[BATCH], name = new int[BATCH], to = new int[BATCH];
        int size;
        Exception failure;
    }

    private final SnapshotSource source;
    private final long offset;
    private final SnapshotMeta meta;
    private final NodeTable nodes;
    private final int stringCount;
    private final BlockingQueue<Batch> empty = new ArrayBlockingQueue<>(BATCHES), full = new ArrayBlockingQueue<>(BATCHES);
    private volatile boolean stopped;

    private EdgeSection(SnapshotSource source, long offset, SnapshotMeta meta, NodeTable nodes, int stringCount) {
        this.source = source;
        this.offset = offset;
        this.meta = meta;
        this.nodes = nodes;
        this.stringCount = stringCount;
        for (int i = 0; i < BATCHES; i++) empty.add(new Batch());
    }

    /**
     * Reads the {@code edges} array that starts at {@code offset} of the (decompressed) file. Cost: one
     * pass over the section on a second thread, no allocation per edge; cancellable through
     * {@code progress} between batches.
     *
     * @param stringCount number of strings, to check string-named edges
     */
    static void read(SnapshotSource source, long offset, SnapshotMeta meta, NodeTable nodes, int stringCount,
            Progress progress, Visitor visitor) throws IOException, SnapshotFormatException {
        var section = new EdgeSection(source, offset, meta, nodes, stringCount);
        var scanner = Thread.ofPlatform().name("polyheap-v8-edges").daemon().start(section::scan);
        try {
            section.visit(progress, visitor);
        } finally {
            section.stopped = true;
            scanner.interrupt();
            try {
                scanner.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private void visit(Progress progress, Visitor visitor) throws IOException, SnapshotFormatException {
        while (true) {
            Batch b;
            try {
                b = full.take();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new java.util.concurrent.CancellationException("interrupted while reading edges");
            }
            if (b.failure != null) {
                switch (b.failure) {
                    case SnapshotFormatException f -> throw f;
                    case IOException io -> throw io;
                    case RuntimeException r -> throw r;
                    default -> throw new IllegalStateException(b.failure);
                }
            }
            if (b.size < 0) return;
            visitor.edges(b.from, b.type, b.name, b.to, b.size);
            progress.worked(b.size);
            progress.checkCanceled();
            empty.add(b);
        }
    }

    /** The scanning thread: fills batches until the array ends, then sends an end (or failure) marker. */
    private void scan() {
        Exception failure = null;
        try (var in = JsonScanner.open(source, offset)) {
            scan(in);
        } catch (Exception e) {
            failure = e;
        }
        try {
            Batch last = next();
            if (last == null) return; // the visitor stopped
            last.size = -1;
            last.failure = failure;
            full.put(last);
        } catch (InterruptedException e) {
            // the visitor stopped
        }
    }

    /** An empty batch, or null once the visitor has stopped. */
    private Batch next() throws InterruptedException {
        while (!stopped) {
            Batch b = empty.poll(100, TimeUnit.MILLISECONDS);
            if (b != null) return b;
        }
        return null;
    }

    private void scan(JsonScanner in) throws IOException, SnapshotFormatException, InterruptedException {
        in.beginArray("the edges array");
        int fields = meta.edgeFieldCount();
        int oType = meta.edgeField("type"), oName = meta.edgeField("name_or_index"), oTo = meta.edgeField("to_node");
        int nodeFields = meta.nodeFieldCount();
        long nodeValues = (long) nodes.count * nodeFields;
        int typeCount = meta.edgeTypes().size();
        // element and hidden edges carry an index; all other types name a string (DevTools' reading)
        boolean[] indexed = new boolean[typeCount];
        if (meta.edgeType("element") >= 0) indexed[meta.edgeType("element")] = true;
        if (meta.edgeType("hidden") >= 0) indexed[meta.edgeType("hidden")] = true;
        int weak = meta.edgeType("weak");
        if (weak >= 0) indexed[weak] = true; // V8 writes a string id for weak edges, but numeric names are legal there too
        String[] what = meta.edgeFields().stream().map(f -> "edge field " + f).toArray(String[]::new);
        long[] values = new long[BATCH * fields];
        long[] at = new long[BATCH];
        int from = 0;
        int[] edgeCount = nodes.edgeCount;
        int left = nodes.count > 0 ? edgeCount[0] : 0;
        long seen = 0;
        long expected = nodes.edgeCountSum();
        while (true) {
            int got = in.numbers(values, values.length, fields, at, what);
            if (got % fields != 0) throw in.fail(at[got / fields], "edges array length is not a multiple of " + fields);
            Batch b = next();
            if (b == null) return;
            int rows = got / fields;
            for (int r = 0, k = 0; r < rows; r++, k += fields) {
                while (left == 0) {
                    if (++from >= nodes.count) {
                        throw in.fail(at[r], "more edges than the nodes' edge_count fields add up to (" + expected + ")");
                    }
                    left = edgeCount[from];
                }
                long type = values[k + oType], name = values[k + oName], to = values[k + oTo];
                if (type >= typeCount) throw in.fail(at[r], "edge type " + type + " not in meta.edge_types");
                if (to % nodeFields != 0 || to >= nodeValues) {
                    throw in.fail(at[r], "to_node " + to + " is not the index of one of " + nodes.count
                            + " nodes of " + nodeFields + " fields");
                }
                if (indexed[(int) type]) {
                    if (name > 0xFFFF_FFFFL) throw in.fail(at[r], "edge index above 2^32: " + name);
                } else if (name >= stringCount) {
                    throw in.fail(at[r], "edge name " + name + " is not one of " + stringCount + " strings");
                }
                b.from[r] = from;
                b.type[r] = (int) type;
                b.name[r] = (int) name;
                b.to[r] = (int) (to / nodeFields);
                left--;
            }
            b.size = rows;
            full.put(b);
            seen += rows;
            if (got < values.length) break;
        }
        if (seen != expected) {
            throw in.fail(in.offset(), "edges array holds " + seen + " edges but the nodes' edge_count fields add up to "
                    + expected);
        }
        if (seen != meta.edgeCount()) {
            throw in.fail(in.offset(), "edges array holds " + seen + " edges but snapshot.edge_count says "
                    + meta.edgeCount());
        }
    }
}
