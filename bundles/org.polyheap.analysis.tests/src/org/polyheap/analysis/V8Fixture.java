package org.polyheap.analysis;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPInputStream;

import org.polyheap.model.ClassInfo;
import org.polyheap.model.GcRoot;
import org.polyheap.model.HeapGraph;
import org.polyheap.model.ReferenceKind;
import org.polyheap.model.RootKind;
import org.polyheap.model.memory.HeapGraphBuilder;

import it.unimi.dsi.fastutil.longs.LongArrayList;

/**
 * Loads a gzipped V8 .heapsnapshot into a HeapGraph with the encoding the V8 parser uses (object =
 * node ordinal, identity = node id, label = name string id, type = node type index | detachedness << 8,
 * edges in file order, root = node 0). Test-only stand-in until the parser branch is merged.
 */
final class V8Fixture {
    private V8Fixture() { }

    private static final Map<Path, HeapGraph> LOADED = new java.util.concurrent.ConcurrentHashMap<>();

    /** The graph of a fixture, loaded once per test run (parsing the JSON is the slow part). */
    static synchronized HeapGraph load(Path gz) throws IOException {
        HeapGraph g = LOADED.get(gz);
        if (g == null) {
            g = read(gz);
            LOADED.put(gz, g);
        }
        return g;
    }

    @SuppressWarnings("unchecked")
    private static HeapGraph read(Path gz) throws IOException {
        Map<String, Object> meta = null;
        LongArrayList nodes = null, edges = null;
        List<String> strings = new ArrayList<>();
        try (var reader = new BufferedReader(new InputStreamReader(new GZIPInputStream(Files.newInputStream(gz),
                1 << 16), StandardCharsets.UTF_8), 1 << 16)) {
            var json = new MiniJson(reader);
            json.expect('{');
            while (true) {
                String key = json.string();
                json.expect(':');
                switch (key) {
                    case "snapshot" -> meta = (Map<String, Object>) ((Map<String, Object>) json.value()).get("meta");
                    case "nodes" -> nodes = json.numbers();
                    case "edges" -> edges = json.numbers();
                    case "strings" -> {
                        for (Object s : (List<Object>) json.value()) strings.add((String) s);
                    }
                    default -> json.value();
                }
                int d = json.skipSpace();
                json.next();
                if (d == '}') break;
            }
        }
        List<String> nodeFields = (List<String>) meta.get("node_fields");
        List<String> nodeTypes = (List<String>) ((List<Object>) meta.get("node_types")).get(0);
        List<String> edgeFields = (List<String>) meta.get("edge_fields");
        List<String> edgeTypes = (List<String>) ((List<Object>) meta.get("edge_types")).get(0);
        int nf = nodeFields.size(), ef = edgeFields.size();
        int fType = nodeFields.indexOf("type"), fName = nodeFields.indexOf("name"), fId = nodeFields.indexOf("id");
        int fSize = nodeFields.indexOf("self_size"), fEdges = nodeFields.indexOf("edge_count");
        int fDetached = nodeFields.indexOf("detachedness");
        int eType = edgeFields.indexOf("type"), eName = edgeFields.indexOf("name_or_index");
        int eTo = edgeFields.indexOf("to_node");
        var b = new HeapGraphBuilder();
        b.format("v8");
        b.fact("v8.nodeTypes", String.join(",", nodeTypes));
        for (String s : strings) b.addString(s);
        for (String t : nodeTypes) b.addClass(ClassInfo.named("(" + t + ")"));
        int n = nodes.size() / nf;
        for (int i = 0; i < n; i++) {
            int type = (int) nodes.getLong(i * nf + fType);
            int detached = fDetached < 0 ? 0 : (int) nodes.getLong(i * nf + fDetached);
            b.addObject(type, nodes.getLong(i * nf + fSize), nodes.getLong(i * nf + fId), -1,
                    (int) nodes.getLong(i * nf + fName), type | (detached << 8));
        }
        int e = 0;
        for (int i = 0; i < n; i++) {
            int count = (int) nodes.getLong(i * nf + fEdges);
            for (int k = 0; k < count; k++, e++) {
                String type = edgeTypes.get((int) edges.getLong(e * ef + eType));
                int name = (int) edges.getLong(e * ef + eName);
                int to = (int) (edges.getLong(e * ef + eTo) / nf);
                b.addReference(i, to, kind(type), name);
            }
        }
        b.addRoot(new GcRoot(0, RootKind.V8_SYNTHETIC_ROOT, -1, -1));
        return b.build();
    }

    private static ReferenceKind kind(String type) {
        return switch (type) {
            case "context" -> ReferenceKind.CONTEXT;
            case "element" -> ReferenceKind.ELEMENT;
            case "property" -> ReferenceKind.PROPERTY;
            case "internal" -> ReferenceKind.INTERNAL;
            case "hidden" -> ReferenceKind.HIDDEN;
            case "shortcut" -> ReferenceKind.SHORTCUT;
            case "weak" -> ReferenceKind.WEAK;
            default -> ReferenceKind.OTHER;
        };
    }

    /** The reference answer {@code *.devtools.json}. */
    @SuppressWarnings("unchecked")
    static Map<String, Object> reference(Path json) throws IOException {
        try (var reader = Files.newBufferedReader(json)) {
            return (Map<String, Object>) new MiniJson(reader).value();
        }
    }
}
