package org.polyheap.parser.v8;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.polyheap.model.FieldType;
import org.polyheap.model.FieldValue;
import org.polyheap.model.HeapGraph;
import org.polyheap.model.ObjectInspector;
import org.polyheap.model.ReferenceKind;
import org.polyheap.model.format.V8ObjectTypes;

/**
 * Fields and value hints of V8 nodes, read from the parsed graph alone (a V8 snapshot keeps no
 * field values besides its edges and node names). Each field is an outbound edge: its name
 * ({@code [i]} for element and hidden edges) and an {@link FieldValue.ObjectRef} to the target,
 * whose label the caller looks up. Cost: linear in the node's edges; no I/O. Thread-safe.
 */
final class V8Inspector implements ObjectInspector {
    private final HeapGraph graph;
    private final V8ObjectTypes types;
    private Map<Integer, String> scriptNames;

    V8Inspector(HeapGraph graph) {
        this.graph = graph;
        this.types = V8ObjectTypes.of(graph);
    }

    @Override
    public List<FieldValue> fields(int objectId) {
        long from = graph.outStart().get(objectId), to = graph.outStart().get(objectId + 1L);
        var fields = new ArrayList<FieldValue>((int) Math.min(to - from, 10_000));
        for (long r = from; r < to; r++) {
            var kind = ReferenceKind.ofCode(graph.outKind().get(r));
            int name = graph.outName().get(r);
            fields.add(new FieldValue(edgeName(kind, name), FieldType.OBJECT,
                    new FieldValue.ObjectRef(graph.outTarget().get(r)), false));
        }
        return fields;
    }

    /** An edge's name as DevTools shows it: the string, or the index in brackets. */
    String edgeName(ReferenceKind kind, int name) {
        boolean byIndex = kind == ReferenceKind.ELEMENT || kind == ReferenceKind.HIDDEN
                || (kind == ReferenceKind.WEAK && (name < 0 || name >= graph.stringCount()));
        return byIndex ? "[" + Integer.toUnsignedString(name) + "]" : graph.string(name);
    }

    /** Strings: the node name (V8 writes the string's first 1024 chars); arrays: their element count. */
    @Override
    public Optional<String> valueHint(int objectId, int maxChars) {
        switch (types.type(graph.objectType().get(objectId))) {
            case STRING, CONCATENATED_STRING, SLICED_STRING -> {
                int label = graph.objectLabel().get(objectId);
                if (label < 0) return Optional.empty();
                String text = graph.string(label);
                return Optional.of(text.length() <= maxChars ? text : text.substring(0, Math.max(0, maxChars)));
            }
            case ARRAY -> {
                long from = graph.outStart().get(objectId), to = graph.outStart().get(objectId + 1L);
                long elements = 0;
                for (long r = from; r < to; r++) {
                    if (graph.outKind().get(r) == ReferenceKind.ELEMENT.code()) elements++;
                }
                return Optional.of("length " + elements);
            }
            default -> { return Optional.empty(); }
        }
    }

    /**
     * The location, when the snapshot has one for the node: {@code Location} as DevTools' Sources
     * panel counts (script name, or {@code script N} when the snapshot does not name it, then line and
     * column from 1) and {@code Script id}. Binary searches over the location attributes.
     */
    @Override
    public Map<String, String> facts(int objectId) {
        var location = SourceLocations.of(graph, objectId);
        if (location == null) return Map.of();
        String script = scriptNames().getOrDefault(location.scriptId(), "");
        var facts = new LinkedHashMap<String, String>();
        facts.put("Location", (script.isEmpty() ? "script " + location.scriptId() : script) + ":" + (location.line() + 1)
                + ":" + (location.column() + 1));
        facts.put("Script id", Integer.toString(location.scriptId()));
        return facts;
    }

    /** Script id → name, from the Script nodes the parser marked; built on first use (one entry per script). */
    private synchronized Map<Integer, String> scriptNames() {
        if (scriptNames == null) scriptNames = org.polyheap.model.format.V8Scripts.names(graph);
        return scriptNames;
    }

    @Override
    public void close() { }
}
