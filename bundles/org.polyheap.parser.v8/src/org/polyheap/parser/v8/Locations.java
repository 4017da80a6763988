package org.polyheap.parser.v8;

import java.io.IOException;

import org.polyheap.model.SnapshotFormatException;

import it.unimi.dsi.fastutil.ints.IntArrayList;

/**
 * The {@code locations} section: source positions (script id, line, column, all 0-based as V8
 * writes them) of closures and of objects whose constructor has one. Kept as parallel columns in
 * file order; 16 bytes per entry. Filled by one thread, then read-only.
 */
final class Locations {
    final IntArrayList node = new IntArrayList();
    final IntArrayList script = new IntArrayList();
    final IntArrayList line = new IntArrayList();
    final IntArrayList column = new IntArrayList();

    int size() { return node.size(); }

    /** Reads the array whose START_ARRAY is the current token; node indexes become ordinals. */
    static Locations read(JsonInput in, SnapshotMeta meta) throws IOException, SnapshotFormatException {
        var l = new Locations();
        int fields = meta.locationFields().size();
        if (fields == 0) {
            in.skipValue();
            return l;
        }
        int oNode = meta.locationField("object_index"), oScript = meta.locationField("script_id");
        int oLine = meta.locationField("line"), oColumn = meta.locationField("column");
        int nodeFields = meta.nodeFieldCount();
        long[] row = new long[fields];
        String[] what = meta.locationFields().stream().map(f -> "location field " + f).toArray(String[]::new);
        while (true) {
            row[0] = in.nextNumberOrEnd(what[0]);
            if (row[0] < 0) break;
            for (int f = 1; f < fields; f++) {
                row[f] = in.nextNumberOrEnd(what[f]);
                if (row[f] < 0) throw in.fail(in.tokenOffset(), "locations array length is not a multiple of " + fields);
            }
            long index = row[oNode];
            // like to_node, object_index is an index into the flat nodes array
            if (index % nodeFields != 0 || index / nodeFields >= meta.nodeCount()) {
                throw in.fail(in.tokenOffset(), "location object_index " + index + " is not a node index");
            }
            for (int f : new int[] {oScript, oLine, oColumn}) {
                if (row[f] > Integer.MAX_VALUE) throw in.fail(in.tokenOffset(), "location value too large: " + row[f]);
            }
            l.node.add((int) (index / nodeFields));
            l.script.add((int) row[oScript]);
            l.line.add((int) row[oLine]);
            l.column.add((int) row[oColumn]);
        }
        return l;
    }
}
