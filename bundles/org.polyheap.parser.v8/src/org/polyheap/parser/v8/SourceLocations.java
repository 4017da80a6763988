package org.polyheap.parser.v8;

import org.polyheap.model.HeapGraph;
import org.polyheap.model.SnapshotSink;
import org.polyheap.model.format.V8Scripts;

/**
 * Source locations (the {@code locations} section) as per-object attributes, and reading them back.
 * Encoding (see docs/formats/v8.md; the names are {@link V8Scripts}'s, which readers outside the parser use):
 * <ul>
 * <li>{@value #SCRIPT_ID}: the location's script id;</li>
 * <li>{@value #LINE_COLUMN}: {@code line << 32 | column}, both 0-based unsigned 32-bit as V8 writes them;</li>
 * <li>{@value #SCRIPT}: on a {@code Script} node, the script id it is (found by {@link ScriptNodes}).</li>
 * </ul>
 * Stateless.
 */
final class SourceLocations {
    static final String SCRIPT_ID = V8Scripts.SCRIPT_ID;
    static final String LINE_COLUMN = V8Scripts.LINE_COLUMN;
    static final String SCRIPT = V8Scripts.SCRIPT;

    /** A node's location; line and column 0-based. */
    record Location(int scriptId, long line, long column) { }

    private SourceLocations() { }

    /**
     * Writes the attributes, one after the other, in node order (so the sink need not sort them);
     * call after the objects exist. O(nodes).
     *
     * @param entryOfNode per node, its location entry or -1 ({@link Locations#entryOfNode})
     */
    static void write(SnapshotSink sink, Locations locations, int[] entryOfNode, ScriptNodes scripts) {
        for (int node = 0; node < entryOfNode.length; node++) {
            int k = entryOfNode[node];
            if (k >= 0) sink.addAttribute(SCRIPT_ID, node, locations.script.getInt(k));
        }
        for (int node = 0; node < entryOfNode.length; node++) {
            int k = entryOfNode[node];
            if (k >= 0) sink.addAttribute(LINE_COLUMN, node, (long) locations.line.getInt(k) << 32 | (locations.column.getInt(k) & 0xFFFF_FFFFL));
        }
        for (var e : scripts.scriptNodes(locations).int2IntEntrySet()) sink.addAttribute(SCRIPT, e.getIntValue(), e.getIntKey());
    }

    /** The location of {@code object}, or null. Two binary searches over the mapped attributes. */
    static Location of(HeapGraph graph, int object) {
        var script = graph.attribute(SCRIPT_ID);
        var position = graph.attribute(LINE_COLUMN);
        if (script.isEmpty() || position.isEmpty()) return null;
        long id = script.get().get(object, Long.MIN_VALUE);
        long lineColumn = position.get().get(object, Long.MIN_VALUE);
        if (id == Long.MIN_VALUE || lineColumn == Long.MIN_VALUE) return null;
        return new Location((int) id, lineColumn >>> 32, lineColumn & 0xFFFF_FFFFL);
    }
}
