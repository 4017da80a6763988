package org.polyheap.parser.v8;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.polyheap.model.HeapGraph;
import org.polyheap.model.Progress;
import org.polyheap.model.RootKind;
import org.polyheap.model.memory.HeapGraphBuilder;
import org.polyheap.testdata.TestData;

/**
 * The three real snapshots of the shared fixtures (Node 20 and Chromium 156) and a Chromium page
 * with detached DOM ({@code data/chrome-detached.html}, captured with the shared cdp-capture.js), against Chrome
 * DevTools' own heap-snapshot worker: {@code *.devtools.json} (counts, totals, top 50 by retained
 * size) and {@code *.devtools-classes.json.gz} (every Summary class key with its node count and
 * raw self-size sum, made by {@code data/devtools-classes.mjs} with the same DevTools bundle).
 */
class FixtureSnapshotsTest {
    private static final Map<String, HeapGraph> PARSED = new HashMap<>();

    static synchronized HeapGraph parsed(String name) throws Exception {
        HeapGraph g = PARSED.get(name);
        if (g == null) {
            var sink = new HeapGraphBuilder();
            new V8SnapshotParser().parse(TestData.v8(name + ".heapsnapshot.gz"), sink, Progress.NONE);
            g = sink.build();
            PARSED.put(name, g);
        }
        return g;
    }

    @ParameterizedTest
    @ValueSource(strings = {"chrome-todo", "chrome-detached", "gen-v8-20", "node-marked"})
    void nodeAndEdgeCountsEqualHeaderAndDevTools(String name) throws Exception {
        var g = parsed(name);
        var ref = ReferenceAnswers.read(TestData.v8(name + ".devtools.json"));
        assertEquals(ReferenceAnswers.number(ref, "nodeCount"), g.objectCount());
        assertEquals(ReferenceAnswers.number(ref, "edgeCount"), g.outTarget().size());
        assertEquals(Long.toString(g.objectCount()), g.facts().get("nodeCount"));
        assertEquals(Long.toString(g.outTarget().size()), g.facts().get("edgeCount"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"chrome-todo", "chrome-detached", "gen-v8-20", "node-marked"})
    void totalSelfSizeEqualsDevToolsRawTotal(String name) throws Exception {
        var g = parsed(name);
        var ref = ReferenceAnswers.read(TestData.v8(name + ".devtools.json"));
        long sum = 0;
        for (int i = 0; i < g.objectCount(); i++) sum += g.shallowSize().get(i);
        assertEquals(ReferenceAnswers.number(ref, "rawTotalSelfSize"), sum);
        assertEquals(Long.toString(sum), g.facts().get("totalSelfSize"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"chrome-todo", "chrome-detached", "gen-v8-20", "node-marked"})
    void everyLocatedNodeKeepsItsLocationAndClosuresNameTheirScript(String name) throws Exception {
        var g = parsed(name);
        var scripts = g.attribute(SourceLocations.SCRIPT_ID).orElseThrow();
        var positions = g.attribute(SourceLocations.LINE_COLUMN).orElseThrow();
        assertEquals(scripts.count(), positions.count());
        assertTrue(scripts.count() > 0 && scripts.count() <= Long.parseLong(g.facts().get("locationCount")), name);
        // an object's class key carries the same location DevTools keys it by
        long checked = 0;
        for (long k = 0; k < scripts.count(); k++) {
            int node = scripts.object(k);
            String library = g.classes().get(g.objectClass().get(node)).library();
            if (library.isEmpty()) continue;
            long lineColumn = positions.get(node, -1);
            assertEquals(scripts.value(k) + "," + (lineColumn >>> 32) + "," + (lineColumn & 0xFFFF_FFFFL), library);
            checked++;
        }
        assertTrue(checked > 0, name + ": objects with constructor locations");
        // closures' scripts are found by name through their shared function info (Chromium's builtins
        // belong to a script without a name: "script N")
        long named = 0, closures = 0;
        try (var inspector = new V8SnapshotParser().inspector(TestData.v8(name + ".heapsnapshot.gz"), g)) {
            for (long k = 0; k < scripts.count(); k++) {
                int node = scripts.object(k);
                if (!g.classes().get(g.objectClass().get(node)).name().equals("Function")) continue;
                closures++;
                if (!inspector.facts(node).get("Location").startsWith("script ")) named++;
            }
        }
        assertTrue(named > 0 && (closures < 10 || named > closures / 2), name + ": " + named + " of " + closures
                + " closures with a script name");
    }

    @ParameterizedTest
    @ValueSource(strings = {"chrome-todo", "chrome-detached", "gen-v8-20", "node-marked"})
    void perClassCountsAndSelfSizesEqualDevToolsSummaryClasses(String name) throws Exception {
        assertClassesEqual(ReferenceAnswers.read(TestData.v8(name + ".devtools-classes.json.gz")), parsed(name));
    }

    /** Every DevTools class key (name + location) has the same node count and raw self-size sum in the graph. */
    static void assertClassesEqual(Map<String, Object> ref, HeapGraph g) {
        Map<String, long[]> expected = new TreeMap<>();
        for (var c : ReferenceAnswers.list(ref, "classes")) {
            long[] v = expected.computeIfAbsent(c.get("name") + " @" + c.get("location"), k -> new long[2]);
            v[0] += ReferenceAnswers.number(c, "count");
            v[1] += ReferenceAnswers.number(c, "rawSelf");
        }
        Map<String, long[]> actual = new TreeMap<>();
        for (int i = 0; i < g.objectCount(); i++) {
            var c = g.classes().get(g.objectClass().get(i));
            long[] v = actual.computeIfAbsent(c.name() + " @" + c.library(), k -> new long[2]);
            v[0]++;
            v[1] += g.shallowSize().get(i);
        }
        var diff = new StringBuilder();
        for (var k : expected.keySet()) {
            long[] a = actual.getOrDefault(k, new long[2]), e = expected.get(k);
            if (a[0] != e[0] || a[1] != e[1]) diff.append(k).append(": expected ").append(e[0]).append('/').append(e[1])
                    .append(" got ").append(a[0]).append('/').append(a[1]).append('\n');
        }
        for (var k : actual.keySet()) if (!expected.containsKey(k)) diff.append("unexpected class ").append(k).append('\n');
        assertTrue(diff.isEmpty(), diff.length() > 4000 ? diff.substring(0, 4000) : diff.toString());
        assertEquals(expected.size(), g.classes().size(), "one class per DevTools class key");
    }

    @ParameterizedTest
    @ValueSource(strings = {"chrome-todo", "chrome-detached", "gen-v8-20", "node-marked"})
    void topRetainersHaveDevToolsIdsClassesAndRawSizes(String name) throws Exception {
        var g = parsed(name);
        var ref = ReferenceAnswers.read(TestData.v8(name + ".devtools.json"));
        for (var top : ReferenceAnswers.list(ref, "top")) {
            int ordinal = (int) ReferenceAnswers.number(top, "ordinal");
            assertEquals(ReferenceAnswers.number(top, "id"), g.identity().get(ordinal));
            assertEquals(ReferenceAnswers.number(top, "rawSelfSize"), g.shallowSize().get(ordinal));
            String cls = g.classes().get(g.objectClass().get(ordinal)).name();
            assertEquals(top.get("className"), cls.length() > 80 ? cls.substring(0, 80) : cls);
            String label = g.string(g.objectLabel().get(ordinal));
            String type = g.facts().get("v8.nodeTypes").split(",")[g.objectType().get(ordinal) & 0xff];
            assertEquals(top.get("type"), type);
            // DevTools shows plain objects as {props...}, cons strings rebuilt, detached nodes renamed
            boolean rebuilt = label.equals("Object") || type.equals("concatenated string")
                    || top.get("className").toString().startsWith("Detached");
            if (!rebuilt) assertEquals(top.get("name"), label.length() > 80 ? label.substring(0, 80) : label);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"chrome-todo", "chrome-detached", "gen-v8-20", "node-marked"})
    void rootNodeIsTheSyntheticGcRoot(String name) throws Exception {
        var g = parsed(name);
        var ref = ReferenceAnswers.read(TestData.v8(name + ".devtools.json"));
        assertEquals(1, g.gcRoots().size());
        assertEquals(RootKind.V8_SYNTHETIC_ROOT, g.gcRoots().getFirst().kind());
        assertEquals(ReferenceAnswers.number(ref, "rootNodeIndex") / g.facts().get("v8.nodeFields").split(",").length,
                g.gcRoots().getFirst().object());
    }

    @org.junit.jupiter.api.Test
    void detachedDomSubtreesBecomeDetachedClasses() throws Exception {
        var g = parsed("chrome-detached");
        Map<String, Integer> counts = new TreeMap<>();
        for (int i = 0; i < g.objectCount(); i++) {
            String cls = g.classes().get(g.objectClass().get(i)).name();
            if (cls.startsWith("Detached <")) {
                counts.merge(cls, 1, Integer::sum);
                assertEquals(2, g.objectType().get(i) >>> 8, "detachedness of " + cls);
            }
        }
        // the page removes one <section> of 25 <p> and keeps a never-attached <table> of 7 <tr>
        assertEquals(Map.of("Detached <p>", 25, "Detached <section>", 1, "Detached <table>", 1, "Detached <tr>", 7), counts);
    }
}
