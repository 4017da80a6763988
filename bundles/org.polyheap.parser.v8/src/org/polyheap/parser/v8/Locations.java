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

    /**
     * Per node ordinal, the index of its location entry, -1 for none; the last entry of a node wins,
     * as in DevTools' map. 4 bytes per node.
     */
    int[] entryOfNode(int nodeCount) {
        int[] entry = new int[nodeCount];
        java.util.Arrays.fill(entry, -1);
        for (int k = 0, n = size(); k < n; k++) entry[node.getInt(k)] = k;
        return entry;
    }

    /** The entries of nodes below {@code nodeCount} (the nodes a cut-off file kept); this when all are. */
    Locations below(int nodeCount) {
        boolean all = true;
        for (int k = 0, n = size(); k < n && all; k++) all = node.getInt(k) < nodeCount;
        if (all) return this;
        var l = new Locations();
        for (int k = 0, n = size(); k < n; k++) {
            if (node.getInt(k) >= nodeCount) continue;
            l.node.add(node.getInt(k));
            l.script.add(script.getInt(k));
            l.line.add(line.getInt(k));
            l.column.add(column.getInt(k));
        }
        return l;
    }

    /** Reads the {@code locations} array (the scanner is before its {@code [}); node indexes become ordinals. */
    static Locations read(JsonScanner in, SnapshotMeta meta, long byteBudget) throws IOException, SnapshotFormatException {
        var l = new Locations();
        int fields = meta.locationFields().size();
        if (fields == 0) {
            in.skipValue();
            return l;
        }
        in.beginArray("the locations array");
        int oNode = meta.locationField("object_index"), oScript = meta.locationField("script_id");
        int oLine = meta.locationField("line"), oColumn = meta.locationField("column");
        int nodeFields = meta.nodeFieldCount();
        String[] what = meta.locationFields().stream().map(f -> "location field " + f).toArray(String[]::new);
        int rows = (int) Math.min(4096, byteBudget / (2L * fields) + 1); // each value takes two bytes at least ("0,")
        long[] batch = new long[rows * fields];
        long[] at = new long[rows];
        while (true) {
            int got = in.numbers(batch, batch.length, fields, at, what);
            if (got % fields != 0) throw in.fail(at[got / fields], "locations array length is not a multiple of " + fields);
            for (int r = 0, k = 0; k < got; r++, k += fields) {
                long index = batch[k + oNode];
                // like to_node, object_index is an index into the flat nodes array
                if (index % nodeFields != 0 || index / nodeFields >= meta.nodeCount()) {
                    throw in.fail(at[r], "location object_index " + index + " is not a node index");
                }
                long largest = Math.max(batch[k + oScript], Math.max(batch[k + oLine], batch[k + oColumn]));
                if (largest > Integer.MAX_VALUE) throw in.fail(at[r], "location value too large: " + largest);
                l.node.add((int) (index / nodeFields));
                l.script.add((int) batch[k + oScript]);
                l.line.add((int) batch[k + oLine]);
                l.column.add((int) batch[k + oColumn]);
            }
            if (got < batch.length) break;
        }
        return l;
    }
}
