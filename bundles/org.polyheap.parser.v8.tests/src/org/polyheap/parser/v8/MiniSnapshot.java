package org.polyheap.parser.v8;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Writes small hand-shaped snapshots for format variants and broken input: field lists, type
 * lists, header values and section order are all settable. Nodes are given by field name, edges
 * by target ordinal (to_node is computed from the node field count unless given raw).
 */
final class MiniSnapshot {
    List<String> nodeFields = new ArrayList<>(List.of("type", "name", "id", "self_size", "edge_count", "trace_node_id", "detachedness"));
    List<String> nodeTypes = new ArrayList<>(List.of("hidden", "array", "string", "object", "code", "closure", "regexp",
            "number", "native", "synthetic", "concatenated string", "sliced string", "symbol", "bigint", "object shape"));
    List<String> edgeTypes = new ArrayList<>(List.of("context", "element", "property", "internal", "hidden", "shortcut", "weak"));
    List<String> locationFields = new ArrayList<>(List.of("object_index", "script_id", "line", "column"));
    final List<String> strings = new ArrayList<>(List.of("<dummy>"));
    final List<Map<String, Long>> nodes = new ArrayList<>();
    /** {type index, name, target ordinal, raw to_node or -1} per edge, grouped by source in node order. */
    final List<long[]> edges = new ArrayList<>();
    final List<long[]> locations = new ArrayList<>();
    final Map<String, String> header = new LinkedHashMap<>();
    final Map<String, String> extraSections = new LinkedHashMap<>();
    List<String> order = new ArrayList<>(List.of("snapshot", "nodes", "edges", "locations", "strings"));
    Long nodeCountOverride, edgeCountOverride;

    int string(String s) {
        int i = strings.indexOf(s);
        if (i >= 0) return i;
        strings.add(s);
        return strings.size() - 1;
    }

    /** Adds a node; edges must be added right after it, in order. Returns its ordinal. */
    int node(String type, String name, long id, long selfSize, int edgeCount, int detachedness) {
        var n = new LinkedHashMap<String, Long>();
        n.put("type", (long) nodeTypes.indexOf(type));
        n.put("name", (long) string(name));
        n.put("id", id);
        n.put("self_size", selfSize);
        n.put("edge_count", (long) edgeCount);
        n.put("trace_node_id", 0L);
        n.put("detachedness", (long) detachedness);
        nodes.add(n);
        return nodes.size() - 1;
    }

    /** An edge named by a string (property, internal, context, shortcut, weak). */
    void edge(String type, String name, int toOrdinal) {
        edges.add(new long[] {edgeTypes.indexOf(type), string(name), toOrdinal, -1});
    }

    /** An edge named by an index (element, hidden). */
    void indexEdge(String type, long index, int toOrdinal) {
        edges.add(new long[] {edgeTypes.indexOf(type), index, toOrdinal, -1});
    }

    void location(int ordinal, int script, int line, int column) {
        locations.add(new long[] {ordinal, script, line, column});
    }

    String json() {
        var sections = new LinkedHashMap<String, String>();
        sections.put("snapshot", snapshotHeader());
        sections.put("nodes", nodes.stream().map(n -> nodeFields.stream().map(f -> String.valueOf(n.getOrDefault(f, 0L)))
                .collect(Collectors.joining(","))).collect(Collectors.joining(",\n", "[", "]")));
        int fields = nodeFields.size();
        sections.put("edges", edges.stream().map(e -> e[0] + "," + e[1] + "," + (e[3] >= 0 ? e[3] : e[2] * fields))
                .collect(Collectors.joining(",\n", "[", "]")));
        sections.put("locations", locations.stream().map(l -> {
            var row = new ArrayList<String>();
            for (String f : locationFields) {
                row.add(String.valueOf(switch (f) {
                    case "object_index" -> l[0] * fields;
                    case "script_id" -> l[1];
                    case "line" -> l[2];
                    case "column" -> l[3];
                    default -> 0;
                }));
            }
            return String.join(",", row);
        }).collect(Collectors.joining(",\n", "[", "]")));
        sections.put("strings", strings.stream().map(MiniSnapshot::quote).collect(Collectors.joining(",\n", "[", "]")));
        sections.putAll(extraSections);
        var out = new StringBuilder("{");
        for (String key : order) {
            if (out.length() > 1) out.append(",\n");
            out.append('"').append(key).append("\":").append(sections.get(key));
        }
        for (var e : extraSections.entrySet()) {
            if (!order.contains(e.getKey())) out.append(",\n\"").append(e.getKey()).append("\":").append(e.getValue());
        }
        return out.append("}").toString();
    }

    private String snapshotHeader() {
        String meta = "{\"node_fields\":" + list(nodeFields) + ",\"node_types\":[" + list(nodeTypes)
                + ",\"string\",\"number\",\"number\",\"number\",\"number\",\"number\"],\"edge_fields\":[\"type\",\"name_or_index\",\"to_node\"],"
                + "\"edge_types\":[" + list(edgeTypes) + ",\"string_or_number\",\"node\"],"
                + "\"trace_function_info_fields\":[\"function_id\",\"name\",\"script_name\",\"script_id\",\"line\",\"column\"],"
                + "\"location_fields\":" + list(locationFields) + "}";
        var h = new StringBuilder("{\"meta\":").append(meta)
                .append(",\"node_count\":").append(nodeCountOverride != null ? nodeCountOverride : nodes.size())
                .append(",\"edge_count\":").append(edgeCountOverride != null ? edgeCountOverride : edges.size())
                .append(",\"trace_function_count\":0");
        header.forEach((k, v) -> h.append(",\"").append(k).append("\":").append(v));
        return h.append("}").toString();
    }

    private static String list(List<String> names) {
        return names.stream().map(MiniSnapshot::quote).collect(Collectors.joining(",", "[", "]"));
    }

    static String quote(String s) {
        return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n") + "\"";
    }

    Path write(Path dir, String name) throws IOException {
        return Files.writeString(dir.resolve(name), json(), StandardCharsets.UTF_8);
    }

    /** A small Node-like heap: root, global, a Foo with a string, an array, a closure, natives. */
    static MiniSnapshot sample() {
        var s = new MiniSnapshot();
        s.node("synthetic", "", 1, 0, 2, 0);                      // 0 root
        s.edge("shortcut", "global", 2);
        s.indexEdge("element", 1, 1);
        s.node("synthetic", "(GC roots)", 3, 0, 1, 0);            // 1
        s.indexEdge("element", 1, 5);
        s.node("object", "global", 5, 40, 3, 0);                  // 2
        s.edge("property", "foo", 3);
        s.edge("property", "list", 4);
        s.edge("weak", "cache", 3);
        s.node("object", "Foo", 7, 32, 2, 0);                     // 3
        s.edge("property", "name", 6);
        s.edge("internal", "map", 7);
        s.node("array", "", 9, 48, 2, 0);                         // 4
        s.indexEdge("element", 0, 6);
        s.indexEdge("element", 1, 3);
        s.node("native", "<div id=\"x\" class=\"y\">", 10, 100, 1, 2); // 5 detached
        s.edge("internal", "child", 8);
        s.node("string", "hello world", 11, 24, 0, 0);            // 6
        s.node("hidden", "system / Map", 13, 80, 1, 0);           // 7
        s.indexEdge("hidden", 3, 6);
        s.node("native", "<span>", 12, 60, 0, 0);                 // 8, detached by propagation
        s.location(3, 42, 10, 4);
        return s;
    }
}
