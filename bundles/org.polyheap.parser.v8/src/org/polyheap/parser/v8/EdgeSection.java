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
 * batches of {@value #BATCH} edges (16 bytes each). A small content ({@link SmallContent}) is read on
 * the calling thread alone, in one batch sized to it: a thread and 1 MB of batches cost more than
 * reading it. One call per pass.
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
        final int[] from, type, name, to;
        int size;
        Exception failure;

        Batch(int capacity) {
            from = new int[capacity];
            type = new int[capacity];
            name = new int[capacity];
            to = new int[capacity];
        }
    }


    private final SnapshotSource source;
    private final long offset;
    private final SnapshotMeta meta;
    private final NodeTable nodes;
    private final int stringCount;
    private final boolean permissive;
    /** Permissive only: the placeholder string id an edge gets whose name was never read. */
    private final int missingName;
    // permissive findings, written by the scanning thread, read after it is joined
    private SnapshotFormatException damage;
    private long edgesRead, dropped, namesMissing;
    private final BlockingQueue<Batch> empty = new ArrayBlockingQueue<>(BATCHES), full = new ArrayBlockingQueue<>(BATCHES);
    private volatile boolean stopped;
    /** Edges per batch. */
    private final int capacity;
    /** Reading inline: the visitor and progress the scan hands each batch to; null when a thread scans. */
    private Visitor inlineVisitor;
    private Progress inlineProgress;

    /**
     * What a permissive read found: edges handed on, references to nodes never read left out, names
     * that were never read (given the placeholder), and the damage that ended the read (or null).
     */
    record Result(long edgesRead, long dropped, long namesMissing, SnapshotFormatException damage) { }

    private EdgeSection(SnapshotSource source, long offset, SnapshotMeta meta, NodeTable nodes, int stringCount,
            boolean permissive, int missingName, int batches, int capacity) {
        this.capacity = capacity;
        this.permissive = permissive;
        this.missingName = missingName;
        this.source = source;
        this.offset = offset;
        this.meta = meta;
        this.nodes = nodes;
        this.stringCount = stringCount;
        for (int i = 0; i < batches; i++) empty.add(new Batch(capacity));
    }

    /**
     * Reads the {@code edges} array that starts at {@code offset} of the (decompressed) file. Cost: one
     * pass over the section on a second thread, no allocation per edge; cancellable through
     * {@code progress} between batches.
     *
     * @param stringCount number of strings, to check string-named edges
     * @param missingName permissive: the string id for names not among the strings read; -1: strict, a
     *                    damaged section throws (permissive: the edges before the damage are handed on)
     */
    static Result read(SnapshotSource source, long offset, SnapshotMeta meta, NodeTable nodes, int stringCount,
            int missingName, Progress progress, Visitor visitor) throws IOException, SnapshotFormatException {
        if (SmallContent.is(source)) {
            // each edge takes at least 6 bytes ("0,0,0,"): one batch holds them all
            int capacity = (int) Math.min(BATCH, source.size() / 6 + 1);
            var section = new EdgeSection(source, offset, meta, nodes, stringCount, missingName >= 0, missingName, 1, capacity);
            section.scanInline(progress, visitor);
            return new Result(section.edgesRead, section.dropped, section.namesMissing, section.damage);
        }
        var section = new EdgeSection(source, offset, meta, nodes, stringCount, missingName >= 0, missingName, BATCHES, BATCH);
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
        return new Result(section.edgesRead, section.dropped, section.namesMissing, section.damage);
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

    /** Scans on the calling thread, handing each batch to {@code visitor} as it is filled. */
    private void scanInline(Progress progress, Visitor visitor) throws IOException, SnapshotFormatException {
        inlineVisitor = visitor;
        inlineProgress = progress;
        try (var in = JsonScanner.open(source, offset)) {
            scan(in);
        } catch (SnapshotFormatException e) {
            if (!permissive) throw e;
            damage = e; // the edges before it were handed on
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new java.util.concurrent.CancellationException("interrupted while reading edges");
        }
    }

    /** Hands a filled batch on: to the visitor's queue, or straight to the visitor when reading inline. */
    private void hand(Batch b) throws InterruptedException {
        if (inlineVisitor == null) {
            full.put(b);
            return;
        }
        inlineVisitor.edges(b.from, b.type, b.name, b.to, b.size); // a visitor throws unchecked exceptions only
        inlineProgress.worked(b.size);
        inlineProgress.checkCanceled();
        empty.add(b);
    }

    /** The scanning thread: fills batches until the array ends, then sends an end (or failure) marker. */
    private void scan() {
        Exception failure = null;
        try (var in = JsonScanner.open(source, offset)) {
            scan(in);
        } catch (SnapshotFormatException e) {
            if (permissive) damage = e; // the edges before it were handed on
            else failure = e;
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
        String[] what = meta.edgeFields().stream().map(f -> "edge field " + f).toArray(String[]::new);
        long[] values = new long[capacity * fields];
        long[] at = new long[capacity];
        var rows = new RowCheck(fields);
        long seen = 0;
        while (true) {
            int got;
            SnapshotFormatException failure = null;
            try {
                got = in.numbers(values, values.length, fields, at, what);
                if (got % fields != 0) {
                    failure = in.fail(at[got / fields], "edges array length is not a multiple of " + fields);
                    got -= got % fields;
                }
            } catch (SnapshotFormatException e) {
                if (!permissive) throw e;
                failure = e;
                got = in.rowsBeforeFailure(fields) * fields;
            }
            if (failure != null && !permissive) throw failure;
            Batch b = next();
            if (b == null) return;
            // permissive: the whole rows read before the scan failed are handed on too (the row of the last
            // number read is left out: it may have been cut), unless one of them is damaged first
            int w = rows.check(values, got / fields, at, b, in);
            if (rows.failure != null && (failure == null || rows.failure.offset() < failure.offset())) failure = rows.failure;
            if (failure != null && !permissive) throw failure;
            b.size = w;
            hand(b);
            edgesRead += w;
            seen += got / fields;
            if (failure != null) throw failure; // permissive: kept as the damage, the edges before it handed on
            if (got < values.length) break;
        }
        long expected = rows.expected;
        if (seen != expected) {
            throw in.fail(in.offset(), "edges array holds " + seen + " edges but the nodes' edge_count fields add up to "
                    + expected);
        }
        if (seen != meta.edgeCount()) {
            throw in.fail(in.offset(), "edges array holds " + seen + " edges but snapshot.edge_count says "
                    + meta.edgeCount());
        }
    }

    /**
     * Checks rows of edge fields and converts them into a batch, keeping the source node across
     * batches. A class of its own, called once per batch, so that the JIT compiles this loop as a
     * small method early instead of the whole {@link #scan} around it, once per loop.
     */
    private final class RowCheck {
        final int fields, oType, oName, oTo, typeCount, element;
        final long nodeValues;
        final RowDivider nodeIndex;
        /** Element and hidden edges carry an index; all other types name a string (DevTools' reading). */
        final boolean[] indexed;
        final int[] edgeCount = nodes.edgeCount;
        final long expected = nodes.edgeCountSum();
        int from;
        int left;
        /** The first bad row's damage after {@link #check}, or null. */
        SnapshotFormatException failure;

        RowCheck(int fields) {
            this.fields = fields;
            oType = meta.edgeField("type");
            oName = meta.edgeField("name_or_index");
            oTo = meta.edgeField("to_node");
            int nodeFields = meta.nodeFieldCount();
            nodeValues = (long) nodes.count * nodeFields;
            nodeIndex = new RowDivider(nodeFields);
            typeCount = meta.edgeTypes().size();
            indexed = new boolean[typeCount];
            element = meta.edgeType("element");
            if (element >= 0) indexed[element] = true;
            if (meta.edgeType("hidden") >= 0) indexed[meta.edgeType("hidden")] = true;
            int weak = meta.edgeType("weak");
            if (weak >= 0) indexed[weak] = true; // V8 writes a string id for weak edges, but numeric names are legal there too
            left = nodes.count > 0 ? edgeCount[0] : 0;
        }

        /**
         * Checks {@code rows} rows of {@code values} into {@code b}; returns the edges written. Stops at the
         * first bad row, leaving its damage in {@link #failure}.
         */
        int check(long[] values, int rows, long[] at, Batch b, JsonScanner in) {
            failure = null;
            int w = 0, from = this.from, left = this.left;
            for (int r = 0, k = 0; r < rows; r++, k += fields) {
                while (left == 0) {
                    if (++from >= nodes.count) {
                        // permissive with nodes cut off: these are the edges of nodes never read
                        failure = nodes.damage == null || !permissive
                                ? in.fail(at[r], "more edges than the nodes' edge_count fields add up to (" + expected + ")")
                                : nodes.damage;
                        break;
                    }
                    left = edgeCount[from];
                }
                if (failure != null) break;
                long type = values[k + oType], name = values[k + oName], to = values[k + oTo];
                if (type >= typeCount) {
                    failure = in.fail(at[r], "edge type " + type + " not in meta.edge_types");
                } else if (to >= nodeValues || !nodeIndex.divides(to)) {
                    if (permissive && nodeIndex.divides(to) && nodeIndex.quotient(to) < meta.nodeCount()) {
                        dropped++; // a node the file declares but that was never read
                        left--;
                        continue;
                    }
                    failure = in.fail(at[r], "to_node " + to + " is not the index of one of " + nodes.count
                            + " nodes of " + meta.nodeFieldCount() + " fields");
                } else if (indexed[(int) type]) {
                    if (name > 0xFFFF_FFFFL) failure = in.fail(at[r], "edge index above 2^32: " + name);
                    else if (permissive && type != element && name >= stringCount) {
                        namesMissing++; // the sink reads hidden and weak edge names as strings too
                        name = missingName;
                    }
                } else if (name >= stringCount) {
                    if (permissive) {
                        namesMissing++;
                        name = missingName;
                    } else {
                        failure = in.fail(at[r], "edge name " + name + " is not one of " + stringCount + " strings");
                    }
                }
                if (failure != null) break;
                b.from[w] = from;
                b.type[w] = (int) type;
                b.name[w] = (int) name;
                b.to[w] = (int) nodeIndex.quotient(to);
                w++;
                left--;
            }
            this.from = from;
            this.left = left;
            return w;
        }
    }
}
