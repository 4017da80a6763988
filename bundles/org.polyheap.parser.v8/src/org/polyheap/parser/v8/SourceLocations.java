package org.polyheap.parser.v8;

import org.polyheap.model.HeapGraph;
import org.polyheap.model.SnapshotSink;
import org.polyheap.model.format.V8Scripts;

import it.unimi.dsi.fastutil.ints.Int2IntLinkedOpenHashMap;

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

    /** The attributes' values by node, ascending, and the Script nodes by script id. */
    record Columns(int[] scriptIdNodes, long[] scriptIds, int[] lineColumnNodes, long[] lineColumns, Int2IntLinkedOpenHashMap scriptNodes) { }

    /**
     * Gathers the attributes in node order (so the sink need not sort them), without touching the sink:
     * this may run on another thread while the parser writes the objects. O(nodes).
     *
     * @param entryOfNode per node, its location entry or -1 ({@link Locations#entryOfNode})
     */
    static Columns columns(Locations locations, int[] entryOfNode, ScriptNodes scripts) {
        int count = 0;
        for (int k : entryOfNode) if (k >= 0) count++;
        int[] nodes = new int[count];
        long[] scriptIds = new long[count], lineColumns = new long[count];
        for (int node = 0, i = 0; node < entryOfNode.length; node++) {
            int k = entryOfNode[node];
            if (k < 0) continue;
            nodes[i] = node;
            scriptIds[i] = locations.script.getInt(k);
            lineColumns[i++] = (long) locations.line.getInt(k) << 32 | (locations.column.getInt(k) & 0xFFFF_FFFFL);
        }
        return new Columns(nodes, scriptIds, nodes.clone(), lineColumns, scripts.scriptNodes(locations));
    }

    /** Writes the attributes; call after the objects exist. The sink takes the arrays over. */
    static void write(SnapshotSink sink, Columns c) {
        sink.addAttributes(SCRIPT_ID, c.scriptIdNodes(), c.scriptIds(), c.scriptIdNodes().length);
        sink.addAttributes(LINE_COLUMN, c.lineColumnNodes(), c.lineColumns(), c.lineColumnNodes().length);
        for (var e : c.scriptNodes().int2IntEntrySet()) sink.addAttribute(SCRIPT, e.getIntValue(), e.getIntKey());
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
