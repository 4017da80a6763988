package org.polyheap.model.format;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.polyheap.model.HeapGraph;
import org.polyheap.model.SnapshotMetadata;
import org.polyheap.model.SnapshotSink;

/**
 * What a V8 snapshot's {@code objectType} column holds, and how to read it: the node's type as an
 * index into the file's own {@code meta.node_types} in the low byte, DevTools' detached-DOM state
 * ({@link #DOM_UNKNOWN}, {@link #DOM_ATTACHED}, {@link #DOM_DETACHED}) in the next; the file's type
 * list is kept as the fact {@link #NODE_TYPES_FACT}. The parser writes through {@link #pack} and
 * {@link #record}; readers resolve one instance per graph ({@link #of}) and ask it. O(1) per call.
 */
public final class V8ObjectTypes {
    /** The fact that lists the file's node type names, comma-separated, in file order. */
    public static final String NODE_TYPES_FACT = "v8.nodeTypes";
    /** Mask of the node type index in an {@code objectType} value. */
    public static final int TYPE_MASK = 0xff;
    public static final byte DOM_UNKNOWN = 0, DOM_ATTACHED = 1, DOM_DETACHED = 2;
    private static final int DOM_SHIFT = 8;

    private final List<String> names;
    private final V8NodeType[] byCode;

    private V8ObjectTypes(List<String> names) {
        this.names = List.copyOf(names);
        byCode = new V8NodeType[TYPE_MASK + 1];
        Arrays.fill(byCode, V8NodeType.OTHER);
        for (int i = 0; i < Math.min(names.size(), byCode.length); i++) byCode[i] = V8NodeType.ofFileName(names.get(i));
    }

    /** The types of {@code graph}'s V8 snapshot; V8's own order when the parser recorded none. */
    public static V8ObjectTypes of(HeapGraph graph) { return of(graph.metadata()); }

    public static V8ObjectTypes of(SnapshotMetadata metadata) {
        String fact = metadata.fact(NODE_TYPES_FACT, "");
        if (fact.isEmpty()) {
            var names = new ArrayList<String>();
            for (V8NodeType t : V8NodeType.values()) if (t != V8NodeType.OTHER) names.add(t.fileName());
            return new V8ObjectTypes(names);
        }
        return new V8ObjectTypes(Arrays.asList(fact.split(",", -1)));
    }

    /** The {@code objectType} value of a node of the file's type {@code typeCode} in DOM state {@code domState}. */
    public static int pack(int typeCode, byte domState) {
        if (typeCode < 0 || typeCode > TYPE_MASK) throw new IllegalArgumentException("node type code " + typeCode);
        return typeCode | domState << DOM_SHIFT;
    }

    /** Records the file's node type list; a parser calls it once. */
    public static void record(SnapshotSink sink, List<String> fileTypeNames) {
        sink.fact(NODE_TYPES_FACT, String.join(",", fileTypeNames));
    }

    /** The file's type index in an {@code objectType} value. */
    public static int code(int objectType) { return objectType & TYPE_MASK; }

    /** The node's type. */
    public V8NodeType type(int objectType) { return byCode[objectType & TYPE_MASK]; }

    /** The node type's name as the file writes it ("" for an index outside the file's list). */
    public String typeName(int objectType) {
        int c = objectType & TYPE_MASK;
        return c < names.size() ? names.get(c) : "";
    }

    /** The node's detached-DOM state. */
    public static byte domState(int objectType) { return (byte) (objectType >>> DOM_SHIFT); }

    /** The file's index of {@code type}, or -1 when the file does not list it. */
    public int code(V8NodeType type) {
        for (int i = 0; i < byCode.length; i++) if (byCode[i] == type && type != V8NodeType.OTHER) return i;
        return -1;
    }
}
