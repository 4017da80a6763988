package org.polyheap.parser.v8;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPOutputStream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.polyheap.model.HeapGraph;
import org.polyheap.model.Progress;
import org.polyheap.model.ReferenceKind;
import org.polyheap.model.RootKind;
import org.polyheap.model.format.SnapshotFormat;
import org.polyheap.model.format.V8NodeType;
import org.polyheap.model.memory.HeapGraphBuilder;
import org.polyheap.testdata.TestData;

/** Layout variants V8 versions write, and layouts any JSON writer may produce, on small snapshots. */
class FormatVariantsTest {
    @TempDir Path dir;

    private HeapGraph parse(MiniSnapshot s) throws Exception {
        return parse(s.write(dir, "s.heapsnapshot"));
    }

    private static HeapGraph parse(Path file) throws Exception {
        var sink = new HeapGraphBuilder();
        new V8SnapshotParser().parse(file, sink, Progress.NONE);
        return sink.build();
    }

    private static String className(HeapGraph g, int object) {
        return g.classes().get(g.objectClass().get(object)).name();
    }

    /** Everything the sink got, as text, to compare two parses. */
    private static List<String> dump(HeapGraph g) {
        var out = new ArrayList<String>();
        for (int i = 0; i < g.objectCount(); i++) {
            var c = g.classes().get(g.objectClass().get(i));
            out.add(i + " " + c.name() + "@" + c.library() + " " + g.shallowSize().get(i) + " " + g.identity().get(i)
                    + " " + g.string(g.objectLabel().get(i)) + " " + g.objectType().get(i));
            for (long r = g.outStart().get(i); r < g.outStart().get(i + 1); r++) {
                var kind = ReferenceKind.ofCode(g.outKind().get(r));
                int name = g.outName().get(r);
                out.add("  " + kind + " " + (kind == ReferenceKind.ELEMENT || kind == ReferenceKind.HIDDEN ? name : g.string(name))
                        + " -> " + g.outTarget().get(r));
            }
        }
        out.add("roots " + g.gcRoots());
        return out;
    }

    @Test
    void sampleGraphHasNodesEdgesNamesAndKindsAsWritten() throws Exception {
        var g = parse(MiniSnapshot.sample());
        assertEquals(9, g.objectCount());
        assertEquals(12, g.outTarget().size());
        assertEquals(List.of("Function", "(system)"), List.of(V8NodeType.summaryClass("closure"), className(g, 7)));
        assertEquals("Foo", className(g, 3));
        assertEquals("42,10,4", g.classes().get(g.objectClass().get(3)).library(), "object with a location: script,line,column");
        assertEquals("(array)", className(g, 4));
        assertEquals("(string)", className(g, 6));
        assertEquals("Detached <div>", className(g, 5));
        assertEquals("Detached <span>", className(g, 8), "detached state flows to native children");
        assertEquals(2, g.objectType().get(8) >>> 8);
        assertEquals("global", className(g, 2));
        // global's edges: property foo, property list, weak cache
        long first = g.outStart().get(2);
        assertEquals(ReferenceKind.PROPERTY.code(), g.outKind().get(first));
        assertEquals("foo", g.string(g.outName().get(first)));
        assertEquals(3, g.outTarget().get(first));
        assertEquals(ReferenceKind.WEAK.code(), g.outKind().get(first + 2));
        assertEquals("cache", g.string(g.outName().get(first + 2)));
        // the array's element edges carry their index
        assertEquals(ReferenceKind.ELEMENT.code(), g.outKind().get(g.outStart().get(4) + 1));
        assertEquals(1, g.outName().get(g.outStart().get(4) + 1));
        assertEquals(ReferenceKind.HIDDEN.code(), g.outKind().get(g.outStart().get(7)));
        assertEquals(3, g.outName().get(g.outStart().get(7)));
        assertEquals(ReferenceKind.SHORTCUT.code(), g.outKind().get(0));
        assertEquals(List.of(new org.polyheap.model.GcRoot(0, RootKind.V8_SYNTHETIC_ROOT, -1, -1)), g.gcRoots());
        assertEquals(7L, g.identity().get(3));
        assertEquals("hello world", g.string(g.objectLabel().get(6)));
        assertEquals(String.join(",", MiniSnapshot.sample().nodeTypes), g.facts().get("v8.nodeTypes"));
        assertEquals(String.join(",", MiniSnapshot.sample().edgeTypes), g.facts().get("v8.edgeTypes"));
        assertEquals("384", g.facts().get("totalSelfSize"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"strings,snapshot,nodes,edges,locations", "edges,nodes,snapshot,strings,locations",
            "locations,nodes,strings,edges,snapshot", "snapshot,strings,locations,edges,nodes"})
    void sectionsInAnyOrderGiveTheSameGraph(String order) throws Exception {
        var expected = dump(parse(MiniSnapshot.sample()));
        var s = MiniSnapshot.sample();
        s.order = List.of(order.split(","));
        assertEquals(expected, dump(parse(s.write(dir, "reordered.heapsnapshot"))));
    }

    @Test
    void unknownSectionsAreSkipped() throws Exception {
        var expected = dump(parse(MiniSnapshot.sample()));
        var s = MiniSnapshot.sample();
        s.extraSections.put("trace_function_infos", "[]");
        s.extraSections.put("trace_tree", "[1,0,0,0,[2,1,3,4,[]]]");
        s.extraSections.put("samples", "[0,11,100,13]");
        s.extraSections.put("scopes", "{\"a\":[1,{\"b\":\"x\"}],\"nodes\":[9,9,9]}");
        s.extraSections.put("scope_context_vars", "[\"x\",1,null,true]");
        s.order = List.of("scopes", "snapshot", "nodes", "samples", "edges", "trace_tree", "locations", "strings");
        assertEquals(expected, dump(parse(s)));
    }

    @Test
    void sixNodeFieldsWithoutTraceNodeIdDivideToNodeBySix() throws Exception {
        var expected = dump(parse(MiniSnapshot.sample()));
        var s = MiniSnapshot.sample();
        s.nodeFields.remove("trace_node_id");
        assertTrue(s.json().contains("\"node_fields\":[\"type\",\"name\",\"id\",\"self_size\",\"edge_count\",\"detachedness\"]"));
        assertEquals(expected, dump(parse(s)));
    }

    @Test
    void oldFiveFieldSnapshotsTakeDetachedFromNativeNames() throws Exception {
        var s = MiniSnapshot.sample();
        s.nodeFields.remove("trace_node_id");
        s.nodeFields.remove("detachedness");
        s.nodes.get(8).put("name", (long) s.string("Detached <b id=\"q\">"));
        var g = parse(s);
        assertEquals("<div>", className(g, 5), "no detachedness field: no state");
        assertEquals("Detached <b>", className(g, 8));
        assertEquals(2, g.objectType().get(8) >>> 8);
    }

    @Test
    void typeListsAreReadByNameNotPosition() throws Exception {
        var expected = dump(parse(MiniSnapshot.sample()));
        var s = MiniSnapshot.sample();
        // move "object" and "native" to new places and rename an edge type position
        List<String> oldTypes = List.copyOf(s.nodeTypes);
        s.nodeTypes = new ArrayList<>(List.of("native", "object shape", "string", "hidden", "array", "object", "code", "closure",
                "regexp", "number", "synthetic", "concatenated string", "sliced string", "symbol", "bigint", "wasm object"));
        for (var n : s.nodes) n.put("type", (long) s.nodeTypes.indexOf(oldTypes.get(n.get("type").intValue())));
        List<String> oldEdges = List.copyOf(s.edgeTypes);
        s.edgeTypes = new ArrayList<>(List.of("weak", "shortcut", "hidden", "internal", "property", "element", "context"));
        for (long[] e : s.edges) e[0] = s.edgeTypes.indexOf(oldEdges.get((int) e[0]));
        var g = parse(s);
        // same graph apart from the type codes
        var a = dump(g);
        var b = expected;
        assertEquals(b.size(), a.size());
        for (int i = 0; i < a.size(); i++) {
            assertEquals(b.get(i).replaceAll(" -?\\d+$", ""), a.get(i).replaceAll(" -?\\d+$", ""));
        }
        assertEquals("object", s.nodeTypes.get(g.objectType().get(3) & 0xff));
    }

    @Test
    void rootIndexInTheHeaderNamesTheRoot() throws Exception {
        var s = MiniSnapshot.sample();
        s.header.put("root_index", String.valueOf(2 * s.nodeFields.size()));
        var g = parse(s);
        assertEquals(2, g.gcRoots().getFirst().object());
        assertEquals("2", g.facts().get("rootOrdinal"));
    }

    @Test
    void fiveLocationFieldsAndHeaderFactsAreRead() throws Exception {
        var s = MiniSnapshot.sample();
        s.locationFields = new ArrayList<>(List.of("object_index", "script_id", "script_object_index", "line", "column"));
        s.header.put("extra_native_bytes", "123456");
        s.header.put("title", "\"tab 1\"");
        s.header.put("uid", "7");
        var g = parse(s);
        assertEquals("42,10,4", g.classes().get(g.objectClass().get(3)).library());
        assertLocation(g, 3, 42, 10, 4);
        assertEquals("123456", g.facts().get("extraNativeBytes"));
        assertEquals("tab 1", g.facts().get("title"));
        assertEquals("7", g.facts().get("uid"));
    }

    /** The location attributes of {@code node}: script id, and line and column (0-based) in one value. */
    static void assertLocation(HeapGraph g, int node, int script, int line, int column) {
        assertEquals(script, g.attribute(SourceLocations.SCRIPT_ID).orElseThrow().get(node, -1));
        assertEquals((long) line << 32 | column, g.attribute(SourceLocations.LINE_COLUMN).orElseThrow().get(node, -1));
    }

    @Test
    void locationsAreKeptPerNodeTheLastEntryWinning() throws Exception {
        var s = MiniSnapshot.sample();
        int closure = s.node("closure", "handler", 15, 32, 0, 0);
        s.location(closure, 7, 1, 2);
        s.location(closure, 9, 123_456, 2_000_000_000); // columns of minified code run long
        var g = parse(s);
        assertLocation(g, 3, 42, 10, 4);
        assertLocation(g, closure, 9, 123_456, 2_000_000_000);
        assertEquals(2, g.attribute(SourceLocations.SCRIPT_ID).orElseThrow().count());
        try (var inspector = new V8SnapshotParser().inspector(dir.resolve("s.heapsnapshot"), g)) {
            // no Script node in this snapshot: the script is shown by its id; lines and columns from 1
            assertEquals(java.util.Map.of("Location", "script 9:123457:2000000001", "Script id", "9"), inspector.facts(closure));
            assertEquals(java.util.Map.of(), inspector.facts(2));
        }
    }

    @Test
    void aClosuresScriptIsNamedByItsScriptNode() throws Exception {
        var s = MiniSnapshot.sample();
        int closure = s.node("closure", "handler", 15, 32, 1, 0);
        s.edge("internal", "shared", closure + 1);
        int shared = s.node("code", "handler", 17, 40, 1, 0);
        s.edge("internal", "script", shared + 1);
        int script = s.node("code", "system / Script / https://example.com/app.js", 19, 80, 0, 0);
        s.location(closure, 5, 0, 9);
        var g = parse(s);
        assertEquals(5, g.attribute(SourceLocations.SCRIPT).orElseThrow().get(script, -1), "the Script node knows its id");
        try (var inspector = new V8SnapshotParser().inspector(dir.resolve("s.heapsnapshot"), g)) {
            assertEquals("https://example.com/app.js:1:10", inspector.facts(closure).get("Location"));
        }
    }

    @Test
    void gzipAndPlainFilesGiveTheSameGraph() throws Exception {
        Path plain = MiniSnapshot.sample().write(dir, "p.heapsnapshot");
        Path gz = dir.resolve("p.heapsnapshot.gz");
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(gz))) {
            Files.copy(plain, out);
        }
        assertEquals(dump(parse(plain)), dump(parse(gz)));
        assertEquals("gzip", parse(gz).facts().get("compressed"));
    }

    @Test
    void plainObjectsSharingPropertiesGetAnInterfaceClass() throws Exception {
        var s = new MiniSnapshot();
        int objects = 5;
        s.node("synthetic", "", 1, 0, objects + 1, 0);
        for (int i = 0; i < objects; i++) s.indexEdge("element", i, i + 1);
        s.indexEdge("element", objects, objects + 1);
        for (int i = 0; i < objects; i++) {
            boolean odd = i == objects - 1;
            s.node("object", "Object", 3 + 2L * i, 28, odd ? 1 : 3, 0);
            if (odd) {
                s.edge("property", "solo", 0);
                continue;
            }
            s.edge("property", "b,c", 0);
            s.edge("property", "a", 0);
            s.edge("property", "__proto__", 0);
        }
        s.node("object", "Object", 99, 28, 0, 0);
        var g = parse(s);
        assertEquals("{\"b,c\", a}", className(g, 1), "names with commas are quoted, __proto__ left out");
        assertEquals("Object", className(g, objects), "a property set of one object is no interface");
        assertEquals("Object", className(g, objects + 1), "no properties, no interface");
    }

    @Test
    void inspectorListsEdgesAndHints() throws Exception {
        var g = parse(MiniSnapshot.sample());
        try (var inspector = new V8SnapshotParser().inspector(dir, g)) {
            var fields = inspector.fields(4);
            assertEquals(List.of("[0]", "[1]"), fields.stream().map(f -> f.name()).toList());
            assertEquals(new org.polyheap.model.FieldValue.ObjectRef(6), fields.getFirst().value());
            assertEquals(List.of("name", "map"), inspector.fields(3).stream().map(f -> f.name()).toList());
            assertEquals("hello", inspector.valueHint(6, 5).orElseThrow());
            assertEquals("length 2", inspector.valueHint(4, 80).orElseThrow());
            assertTrue(inspector.valueHint(3, 80).isEmpty());
        }
    }

    @Test
    void serviceLoaderFindsTheParserAndProbeAcceptsSnapshotsOnly() throws Exception {
        var parsers = java.util.ServiceLoader.load(org.polyheap.model.spi.SnapshotParser.class).stream()
                .map(p -> p.get().format()).toList();
        assertTrue(parsers.contains(SnapshotFormat.V8), parsers.toString());
        var parser = new V8SnapshotParser();
        assertTrue(parser.accepts(org.polyheap.model.spi.Probe.of(MiniSnapshot.sample().write(dir, "a.heapsnapshot"))));
        assertTrue(parser.accepts(org.polyheap.model.spi.Probe.of(TestData.CHROME_TODO)));
        assertTrue(!parser.accepts(org.polyheap.model.spi.Probe.of(Files.writeString(dir.resolve("x.json"), "{\"name\":\"pkg\"}"))));
        assertTrue(!parser.accepts(org.polyheap.model.spi.Probe.of(Files.write(dir.resolve("x.hprof"),
                "JAVA PROFILE 1.0.2\0".getBytes()))));
    }

    static Path gzip(Path plain, Path out) throws IOException {
        try (OutputStream o = new GZIPOutputStream(Files.newOutputStream(out))) {
            Files.copy(plain, o);
        }
        return out;
    }

    @Test
    void cancelStopsTheParse() throws Exception {
        Path file = MiniSnapshot.sample().write(dir, "c.heapsnapshot");
        var phases = new ArrayList<String>();
        var cancelAtEdges = new Progress() {
            @Override public void phase(String name, long totalWork) { phases.add(name); }
            @Override public void worked(long units) { }
            @Override public boolean isCanceled() { return phases.size() > 1; }
        };
        org.junit.jupiter.api.Assertions.assertThrows(java.util.concurrent.CancellationException.class,
                () -> new V8SnapshotParser().parse(file, new HeapGraphBuilder(), cancelAtEdges));
        assertTrue(phases.size() <= 3, phases.toString());
    }
}
