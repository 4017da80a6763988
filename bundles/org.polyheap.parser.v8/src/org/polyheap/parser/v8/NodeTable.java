package org.polyheap.parser.v8;

import java.io.IOException;
import java.util.Arrays;

import org.polyheap.model.ObjectSizes;
import org.polyheap.model.Progress;
import org.polyheap.model.SnapshotFormatException;

/**
 * The {@code nodes} section as compact columns by node ordinal: 22 bytes per node (type,
 * name, id, self size, edge count, detachedness). Filled once by one thread, then read-only.
 */
final class NodeTable {
    byte[] type;
    int[] name;
    /** V8 SnapshotObjectId, an unsigned 32-bit value. */
    int[] id;
    long[] selfSize;
    /** The sum of {@link #selfSize}, checked as it grows ({@link ObjectSizes}). */
    long totalSelf;
    int[] edgeCount;
    /** DOMLinkState: 0 unknown, 1 attached, 2 detached; all 0 when the snapshot has no such field. */
    byte[] detachedness;
    int count;
    /** Offset of the {@code nodes} array in the decompressed stream. */
    long sectionOffset;
    /** Permissive: why the nodes after {@link #count} were not read, or null when all were. */
    SnapshotFormatException damage;

    private NodeTable(int capacity) {
        type = new byte[capacity];
        name = new int[capacity];
        id = new int[capacity];
        selfSize = new long[capacity];
        edgeCount = new int[capacity];
        detachedness = new byte[capacity];
    }

    long identity(int ordinal) { return Integer.toUnsignedLong(id[ordinal]); }

    /**
     * Reads the {@code nodes} array (the scanner is before its {@code [}). Cost: one pass over the section.
     *
     * @param byteBudget decompressed bytes the section can at most have (bounds allocation by the header count)
     */
    static NodeTable read(JsonScanner in, SnapshotMeta meta, long byteBudget, Progress progress)
            throws IOException, SnapshotFormatException {
        return read(in, meta, byteBudget, progress, false);
    }

    /**
     * As {@link #read(JsonScanner, SnapshotMeta, long, Progress)}; {@code permissive}: a damaged or cut-off
     * array keeps the whole nodes before the damage, which goes to {@link #damage} instead of being thrown.
     */
    static NodeTable read(JsonScanner in, SnapshotMeta meta, long byteBudget, Progress progress, boolean permissive)
            throws IOException, SnapshotFormatException {
        int fields = meta.nodeFieldCount();
        // each value takes at least two bytes ("0,"), so a larger header count is a lie
        long bound = Math.min(meta.nodeCount(), byteBudget / (2L * fields) + 1);
        // trust a plausible header count up to 32 M nodes (700 MB) to avoid copies; grow beyond that
        var t = new NodeTable((int) (bound <= 1 << 25 ? bound : 1 << 22));
        in.peek();
        t.sectionOffset = in.offset();
        in.beginArray("the nodes array");
        int oType = meta.nodeField("type"), oName = meta.nodeField("name"), oId = meta.nodeField("id");
        int oSelf = meta.nodeField("self_size"), oEdges = meta.nodeField("edge_count");
        int oDetached = meta.nodeField("detachedness");
        int typeCount = meta.nodeTypes().size();
        String[] what = meta.nodeFields().stream().map(f -> "node field " + f).toArray(String[]::new);
        int rows = (int) Math.min(4096, bound + 1); // a small content needs no 4096-row buffer
        long[] batch = new long[rows * fields];
        long[] at = new long[rows];
        while (true) {
            int got;
            SnapshotFormatException failure = null;
            try {
                got = in.numbers(batch, batch.length, fields, at, what);
                if (got % fields != 0) {
                    failure = in.fail(at[got / fields], "nodes array ends inside a node: its length is not a multiple of "
                            + fields + " node fields");
                    got -= got % fields;
                }
            } catch (SnapshotFormatException e) {
                failure = e;
                got = in.rowsBeforeFailure(fields) * fields;
            }
            if (failure != null && !permissive) throw failure;
            try {
                t.add(batch, got, at, fields, typeCount, oType, oName, oId, oSelf, oEdges, oDetached, in);
            } catch (SnapshotFormatException e) {
                if (!permissive) throw e;
                failure = failure == null || e.offset() < failure.offset() ? e : failure;
            }
            if (failure != null) {
                t.damage = failure;
                break;
            }
            progress.checkCanceled();
            if (got < batch.length) break;
        }
        if (t.damage == null && t.count != meta.nodeCount()) {
            var e = in.fail(in.offset(), "nodes array holds " + t.count + " nodes but snapshot.node_count says "
                    + meta.nodeCount());
            if (!permissive) throw e;
            t.damage = e;
        }
        t.trim();
        return t;
    }

    /** Adds {@code got / fields} rows of {@code batch}, checking each; stops at the first bad one. */
    private void add(long[] batch, int got, long[] at, int fields, int typeCount, int oType, int oName, int oId, int oSelf,
            int oEdges, int oDetached, JsonScanner in) throws SnapshotFormatException {
        for (int r = 0, k = 0; k < got; r++, k += fields) {
            int n = count;
            if (n == Integer.MAX_VALUE - 8) throw in.fail(at[r], "more than 2^31 nodes");
            if (n == this.type.length) grow();
            long type = batch[k + oType], name = batch[k + oName], id = batch[k + oId], edges = batch[k + oEdges];
            if (type >= typeCount) throw in.fail(at[r], "node type " + type + " not in meta.node_types");
            if (name > Integer.MAX_VALUE) throw in.fail(at[r], "node name index too large: " + name);
            if (id > 0xFFFF_FFFFL) throw in.fail(at[r], "node id above 2^32: " + id);
            if (edges > Integer.MAX_VALUE) throw in.fail(at[r], "edge_count too large: " + edges);
            this.type[n] = (byte) type;
            this.name[n] = (int) name;
            this.id[n] = (int) id;
            String sizeProblem = ObjectSizes.problem(batch[k + oSelf], totalSelf);
            if (sizeProblem != null) throw in.fail(at[r], "node self_size: " + sizeProblem);
            selfSize[n] = batch[k + oSelf];
            totalSelf += batch[k + oSelf];
            edgeCount[n] = (int) edges;
            if (oDetached >= 0) {
                long d = batch[k + oDetached];
                if (d > 2) throw in.fail(at[r], "detachedness " + d + " is not 0, 1 or 2");
                detachedness[n] = (byte) d;
            }
            count = n + 1;
        }
    }

    private void grow() {
        int n = (int) Math.min(Integer.MAX_VALUE - 8L, Math.max(16, type.length + (type.length >> 1)));
        type = Arrays.copyOf(type, n);
        name = Arrays.copyOf(name, n);
        id = Arrays.copyOf(id, n);
        selfSize = Arrays.copyOf(selfSize, n);
        edgeCount = Arrays.copyOf(edgeCount, n);
        detachedness = Arrays.copyOf(detachedness, n);
    }

    private void trim() {
        if (type.length == count) return;
        type = Arrays.copyOf(type, count);
        name = Arrays.copyOf(name, count);
        id = Arrays.copyOf(id, count);
        selfSize = Arrays.copyOf(selfSize, count);
        edgeCount = Arrays.copyOf(edgeCount, count);
        detachedness = Arrays.copyOf(detachedness, count);
    }

    /** Sum of all {@code edge_count} fields. */
    long edgeCountSum() {
        long s = 0;
        for (int i = 0; i < count; i++) s += edgeCount[i];
        return s;
    }
}
