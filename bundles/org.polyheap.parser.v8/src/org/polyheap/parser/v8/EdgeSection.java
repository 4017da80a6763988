package org.polyheap.parser.v8;

import java.io.IOException;

import org.polyheap.model.Progress;
import org.polyheap.model.SnapshotFormatException;

/**
 * Streams the {@code edges} section, checking every edge, and hands each one to a visitor with
 * its source node (edges are grouped by source in node order, {@code edge_count} per node).
 * Nothing is kept: memory is constant. Not thread-safe.
 */
final class EdgeSection {

    /** Receives edges in file order. */
    interface Visitor {
        /**
         * @param from source node ordinal
         * @param type index into meta edge types
         * @param name string id, or the index for element/hidden edges (unsigned 32-bit)
         * @param to   target node ordinal
         */
        void edge(int from, int type, int name, int to);
    }

    private EdgeSection() { }

    /**
     * Reads the array whose START_ARRAY is the current token. Cost: one pass over the section,
     * no allocation per edge.
     *
     * @param stringCount number of strings, to check string-named edges
     */
    static void read(JsonInput in, SnapshotMeta meta, NodeTable nodes, int stringCount, Progress progress,
            Visitor visitor) throws IOException, SnapshotFormatException {
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
        long[] row = new long[fields];
        String[] what = meta.edgeFields().stream().map(f -> "edge field " + f).toArray(String[]::new);
        int from = 0;
        int left = nodes.count > 0 ? nodes.edgeCount[0] : 0;
        long seen = 0;
        long expected = nodes.edgeCountSum();
        while (true) {
            row[0] = in.nextNumberOrEnd(what[0]);
            if (row[0] < 0) break;
            for (int f = 1; f < fields; f++) {
                row[f] = in.nextNumberOrEnd(what[f]);
                if (row[f] < 0) throw in.fail(in.tokenOffset(), "edges array length is not a multiple of " + fields);
            }
            while (left == 0) {
                if (++from >= nodes.count) {
                    throw in.fail(in.tokenOffset(), "more edges than the nodes' edge_count fields add up to ("
                            + expected + ")");
                }
                left = nodes.edgeCount[from];
            }
            long type = row[oType], name = row[oName], to = row[oTo];
            if (type >= typeCount) throw in.fail(in.tokenOffset(), "edge type " + type + " not in meta.edge_types");
            if (to % nodeFields != 0 || to >= nodeValues) {
                throw in.fail(in.tokenOffset(), "to_node " + to + " is not the index of one of " + nodes.count
                        + " nodes of " + nodeFields + " fields");
            }
            if (indexed[(int) type] || type == weak) {
                // V8 writes a string id for weak edges, but numeric names are legal there too
                if (name > 0xFFFF_FFFFL) throw in.fail(in.tokenOffset(), "edge index above 2^32: " + name);
            } else if (name >= stringCount) {
                throw in.fail(in.tokenOffset(), "edge name " + name + " is not one of " + stringCount + " strings");
            }
            visitor.edge(from, (int) type, (int) name, (int) (to / nodeFields));
            left--;
            if ((++seen & 0xFFFFF) == 0) {
                progress.worked(1 << 20);
                progress.checkCanceled();
            }
        }
        if (seen != expected) {
            throw in.fail(in.tokenOffset(), "edges array holds " + seen + " edges but the nodes' edge_count fields add up to "
                    + expected);
        }
        if (seen != meta.edgeCount()) {
            throw in.fail(in.tokenOffset(), "edges array holds " + seen + " edges but snapshot.edge_count says "
                    + meta.edgeCount());
        }
    }
}
