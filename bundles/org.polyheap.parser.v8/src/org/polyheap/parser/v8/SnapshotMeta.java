package org.polyheap.parser.v8;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.polyheap.model.SnapshotFormatException;

/**
 * What the {@code snapshot} header says: field layouts and type lists from {@code meta}, and the
 * counts. Every offset is looked up by field name, never assumed, because V8 versions differ
 * (6 or 7 node fields, 4 or 5 location fields). Immutable.
 *
 * @param nodeFields     node field names in file order
 * @param nodeTypes      node type names (the enum list of the {@code type} field)
 * @param edgeFields     edge field names in file order
 * @param edgeTypes      edge type names
 * @param locationFields location field names, empty when the snapshot has none
 * @param nodeCount      header {@code node_count}
 * @param edgeCount      header {@code edge_count}
 * @param extraNativeBytes header {@code extra_native_bytes}, or -1 when absent
 * @param rootIndex      header {@code root_index} (an index into {@code nodes}), or -1 when absent
 * @param title          header {@code title}, or null
 * @param uid            header {@code uid}, or null
 * @param traceFunctionCount header {@code trace_function_count}, or -1 when absent
 */
record SnapshotMeta(List<String> nodeFields, List<String> nodeTypes, List<String> edgeFields, List<String> edgeTypes,
        List<String> locationFields, long nodeCount, long edgeCount, long extraNativeBytes, long rootIndex,
        String title, String uid, long traceFunctionCount) {

    int nodeFieldCount() { return nodeFields.size(); }

    int edgeFieldCount() { return edgeFields.size(); }

    int nodeField(String name) { return nodeFields.indexOf(name); }

    int edgeField(String name) { return edgeFields.indexOf(name); }

    int locationField(String name) { return locationFields.indexOf(name); }

    int nodeType(String name) { return nodeTypes.indexOf(name); }

    int edgeType(String name) { return edgeTypes.indexOf(name); }

    /** Checks and converts the parsed header value; {@code at} is the header's offset for errors. */
    static SnapshotMeta of(Object header, Path file, long at) throws SnapshotFormatException {
        if (!(header instanceof Map<?, ?> h)) throw new SnapshotFormatException(file, at, "\"snapshot\" is not an object");
        if (!(h.get("meta") instanceof Map<?, ?> meta)) throw new SnapshotFormatException(file, at, "\"snapshot\" has no \"meta\" object");
        var nodeFields = strings(meta.get("node_fields"), "meta.node_fields", file, at);
        var edgeFields = strings(meta.get("edge_fields"), "meta.edge_fields", file, at);
        var nodeTypes = enumList(meta.get("node_types"), "meta.node_types", file, at);
        var edgeTypes = enumList(meta.get("edge_types"), "meta.edge_types", file, at);
        List<String> locationFields = meta.get("location_fields") == null ? List.of()
                : strings(meta.get("location_fields"), "meta.location_fields", file, at);
        for (String f : List.of("type", "name", "id", "self_size", "edge_count")) {
            if (!nodeFields.contains(f)) throw new SnapshotFormatException(file, at, "meta.node_fields lacks \"" + f + "\"");
        }
        for (String f : List.of("type", "name_or_index", "to_node")) {
            if (!edgeFields.contains(f)) throw new SnapshotFormatException(file, at, "meta.edge_fields lacks \"" + f + "\"");
        }
        if (!locationFields.isEmpty()) {
            for (String f : List.of("object_index", "script_id", "line", "column")) {
                if (!locationFields.contains(f)) {
                    throw new SnapshotFormatException(file, at, "meta.location_fields lacks \"" + f + "\"");
                }
            }
        }
        long nodeCount = number(h.get("node_count"), "node_count", file, at, true);
        long edgeCount = number(h.get("edge_count"), "edge_count", file, at, true);
        long extra = number(h.get("extra_native_bytes"), "extra_native_bytes", file, at, false);
        long root = number(h.get("root_index"), "root_index", file, at, false);
        long traceFunctions = number(h.get("trace_function_count"), "trace_function_count", file, at, false);
        return new SnapshotMeta(nodeFields, nodeTypes, edgeFields, edgeTypes, locationFields, nodeCount, edgeCount,
                extra, root, h.get("title") instanceof String s ? s : null,
                h.get("uid") == null ? null : String.valueOf(h.get("uid")), traceFunctions);
    }

    private static List<String> strings(Object v, String what, Path file, long at) throws SnapshotFormatException {
        if (!(v instanceof List<?> list) || list.isEmpty() || !list.stream().allMatch(String.class::isInstance)) {
            throw new SnapshotFormatException(file, at, what + " is not a list of names");
        }
        return list.stream().map(String.class::cast).toList();
    }

    /** {@code node_types}/{@code edge_types}: the first entry is the list of type names. */
    private static List<String> enumList(Object v, String what, Path file, long at) throws SnapshotFormatException {
        if (!(v instanceof List<?> list) || list.isEmpty()) {
            throw new SnapshotFormatException(file, at, what + " is missing");
        }
        return strings(list.getFirst(), what + "[0]", file, at);
    }

    private static long number(Object v, String what, Path file, long at, boolean required) throws SnapshotFormatException {
        if (v == null && !required) return -1;
        if (!(v instanceof Long n) || n < 0) {
            throw new SnapshotFormatException(file, at, "snapshot." + what + " is " + (v == null ? "missing" : "not a count: " + v));
        }
        return n;
    }
}
