package org.polyheap.parser.v8;

import java.io.IOException;
import java.util.Arrays;

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
    int[] edgeCount;
    /** DOMLinkState: 0 unknown, 1 attached, 2 detached; all 0 when the snapshot has no such field. */
    byte[] detachedness;
    int count;
    /** Offset of the {@code nodes} array in the decompressed stream. */
    long sectionOffset;

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
     * Reads the array whose START_ARRAY is the current token. Cost: one pass over the section.
     *
     * @param byteBudget decompressed bytes the section can at most have (bounds allocation by the header count)
     */
    static NodeTable read(JsonInput in, SnapshotMeta meta, long byteBudget, Progress progress)
            throws IOException, SnapshotFormatException {
        int fields = meta.nodeFieldCount();
        // each value takes at least two bytes ("0,"), so a larger header count is a lie
        long bound = Math.min(meta.nodeCount(), byteBudget / (2L * fields) + 1);
        // trust a plausible header count up to 32 M nodes (700 MB) to avoid copies; grow beyond that
        var t = new NodeTable((int) (bound <= 1 << 25 ? bound : 1 << 22));
        t.sectionOffset = in.tokenOffset();
        int oType = meta.nodeField("type"), oName = meta.nodeField("name"), oId = meta.nodeField("id");
        int oSelf = meta.nodeField("self_size"), oEdges = meta.nodeField("edge_count");
        int oDetached = meta.nodeField("detachedness");
        int typeCount = meta.nodeTypes().size();
        long[] row = new long[fields];
        String[] what = meta.nodeFields().stream().map(f -> "node field " + f).toArray(String[]::new);
        while (true) {
            long first = in.nextNumberOrEnd(what[0]);
            if (first < 0) break;
            row[0] = first;
            for (int f = 1; f < fields; f++) {
                row[f] = in.nextNumberOrEnd(what[f]);
                if (row[f] < 0) {
                    throw in.fail(in.tokenOffset(), "nodes array ends inside a node: its length is not a multiple of "
                            + fields + " node fields");
                }
            }
            int n = t.count;
            if (n == Integer.MAX_VALUE - 8) throw in.fail(in.tokenOffset(), "more than 2^31 nodes");
            if (n == t.type.length) t.grow();
            if (row[oType] >= typeCount) throw in.fail(in.tokenOffset(), "node type " + row[oType] + " not in meta.node_types");
            if (row[oName] > Integer.MAX_VALUE) throw in.fail(in.tokenOffset(), "node name index too large: " + row[oName]);
            if (row[oId] > 0xFFFF_FFFFL) throw in.fail(in.tokenOffset(), "node id above 2^32: " + row[oId]);
            if (row[oEdges] > Integer.MAX_VALUE) throw in.fail(in.tokenOffset(), "edge_count too large: " + row[oEdges]);
            t.type[n] = (byte) row[oType];
            t.name[n] = (int) row[oName];
            t.id[n] = (int) row[oId];
            t.selfSize[n] = row[oSelf];
            t.edgeCount[n] = (int) row[oEdges];
            if (oDetached >= 0) {
                if (row[oDetached] > 2) throw in.fail(in.tokenOffset(), "detachedness " + row[oDetached] + " is not 0, 1 or 2");
                t.detachedness[n] = (byte) row[oDetached];
            }
            t.count = n + 1;
            if ((n & 0xFFFFF) == 0xFFFFF) progress.checkCanceled();
        }
        if (t.count != meta.nodeCount()) {
            throw in.fail(in.tokenOffset(), "nodes array holds " + t.count + " nodes but snapshot.node_count says "
                    + meta.nodeCount());
        }
        t.trim();
        return t;
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
