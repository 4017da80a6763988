package org.polyheap.report.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.polyheap.testdata.TestData;

/**
 * The V8-only subcommands ({@code v8stats}, {@code detached}, {@code closures}, {@code leaks}) on real
 * snapshots whose answers are known independently: Chrome DevTools' own numbers, the page or program
 * that made the snapshot. One copy of each fixture, indexed once for the class.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class V8CommandsTest {
    private Path dir;
    private Path todo, detached;
    private NodeSteps steps;

    @BeforeAll
    void copyFixtures() throws Exception {
        dir = Files.createTempDirectory("polyheap-v8cli");
        todo = TestData.copyUncompressed(TestData.CHROME_TODO, dir);
        detached = TestData.copyUncompressed(TestData.v8("chrome-detached.heapsnapshot.gz"), dir);
        steps = NodeSteps.write(dir);
    }

    @AfterAll
    void removeTemp() throws Exception {
        try (var walk = Files.walk(dir)) {
            walk.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }

    static Map<String, Object> json(String... args) throws Exception {
        CommandRun r = CommandRun.of(args);
        assertEquals(0, r.code(), () -> "exit code; stderr: " + r.err());
        return Json.object(Json.parse(r.out()));
    }

    @Test
    void statisticsAreDevtoolsOwnFigures() throws Exception {
        var doc = json("v8stats", todo.toString(), "--json", "--quiet");
        var reference = Json.object(Json.parse(Files.readString(TestData.v8("chrome-todo.devtools.json"))));
        assertEquals(reference.get("statistics"), doc.get("statistics"), "DevTools' statistics object, key for key");
        List<Object> rows = Json.array(doc.get("categories"));
        long slices = 0;
        for (Object row : rows.subList(0, rows.size() - 1)) slices += ((Number) Json.object(row).get("bytes")).longValue();
        long total = ((Number) Json.object(rows.getLast()).get("bytes")).longValue();
        assertEquals(total, slices, "the slices add up to the total");
        assertEquals(((Number) reference.get("totalSize")).longValue(), total);
    }

    /**
     * chrome-detached.html removes a {@code <section>} of 25 {@code <p>} and keeps it, and keeps a never
     * attached {@code <table>} of 7 {@code <tr>}, both in {@code holder.kept} (elements 0 and 1) and in
     * the script's {@code const gone} and {@code const table}.
     */
    @Test
    void detachedRootsAreThePagesTwoSubtreesWithTheirHolders() throws Exception {
        var doc = json("detached", detached.toString(), "--json", "--quiet");
        var groups = Json.array(doc.get("groups"));
        assertEquals(List.of("Detached <section>", "Detached <table>"),
                groups.stream().map(x -> Json.object(x).get("name")).toList(), "the two roots, biggest first; the <p> and <tr> are inside them");
        for (Object x : groups) assertEquals(1L, Json.object(x).get("count"));
        var roots = Json.array(doc.get("roots"));
        assertEquals(2, roots.size());
        var section = Json.object(roots.get(0));
        var table = Json.object(roots.get(1));
        assertEquals("<section id=\"gone\">", section.get("label"));
        assertTrue(((String) section.get("jsRetainers")).contains("Array ") && ((String) section.get("jsRetainers")).contains(".[0]"),
                "holder.kept[0]: " + section.get("jsRetainers"));
        assertTrue(((String) section.get("jsRetainers")).contains(".gone"), "const gone: " + section.get("jsRetainers"));
        assertTrue(((String) table.get("jsRetainers")).contains(".[1]") && ((String) table.get("jsRetainers")).contains(".table"),
                "holder.kept[1] and const table: " + table.get("jsRetainers"));
        try (var s = org.polyheap.report.AnalyzedSnapshot.open(detached, org.polyheap.report.AnalyzedSnapshot.OpenOptions.DEFAULT,
                org.polyheap.model.Progress.NONE)) {
            var g = s.graph();
            var tree = s.analysis().dominatorTree();
            for (var root : List.of(section, table)) {
                int o = org.polyheap.report.ObjectNames.find(g, (String) root.get("id"));
                assertEquals(tree.retained().get(o), ((Number) root.get("retained")).longValue());
                // what the root dominates: the page's children, every one detached
                var inside = new java.util.TreeMap<String, Integer>();
                var stack = new it.unimi.dsi.fastutil.ints.IntArrayList(tree.children(o));
                while (!stack.isEmpty()) {
                    int x = stack.popInt();
                    String cls = org.polyheap.report.ObjectNames.className(g, x);
                    if (cls.startsWith("Detached <")) inside.merge(cls, 1, Integer::sum);
                    for (int c : tree.children(x)) stack.add(c);
                }
                assertEquals(root == section ? Map.of("Detached <p>", 25) : Map.of("Detached <tr>", 7), inside);
            }
            // the Array that keeps both is holder.kept
            String arrayId = ((String) section.get("jsRetainers")).replaceAll(".*Array (@\\d+) \\.\\[0\\].*", "$1");
            int array = org.polyheap.report.ObjectNames.find(g, arrayId);
            boolean kept = false;
            for (int o = 0; o < g.objectCount() && !kept; o++) {
                if (!org.polyheap.report.ObjectNames.className(g, o).equals("Holder")) continue;
                for (long r = g.outStart().get(o); r < g.outStart().get(o + 1L); r++) {
                    kept |= g.outTarget().get(r) == array && g.string(g.outName().get(r)).equals("kept");
                }
            }
            assertTrue(kept, "the Array " + arrayId + " is a Holder's kept");
        }
    }

    @Test
    void pagesWithoutDetachedDomAndNodeSnapshotsListNone() throws Exception {
        assertEquals(List.of(), Json.array(json("detached", todo.toString(), "--json", "--quiet").get("groups")));
        CommandRun r = CommandRun.of("detached", todo.toString(), "--quiet");
        assertEquals("No detached DOM.", r.out().strip());
        // Node.js marks some of its own embedder objects (Node / BindingData) detached: they are no DOM
        CommandRun node = CommandRun.of("detached", steps.target().toString(), "--quiet");
        assertEquals("No detached DOM: the snapshot records no DOM (not a page's).", node.out().strip());
    }

    @Test
    void closuresOfOneFunctionExpressionAreOneRowAtItsLine() throws Exception {
        var doc = json("closures", steps.target().toString(), "--min", "2", "--json", "--quiet");
        var rows = Json.array(doc.get("functions")).stream().map(Json::object).toList();
        var counter = rows.stream().filter(r -> r.get("name").equals("counter")).toList();
        assertEquals(1, counter.size(), "one function expression, one row: " + counter);
        var row = counter.getFirst();
        assertEquals((long) NodeSteps.COUNTERS, row.get("count"), "the closures the program keeps");
        String line = NodeSteps.PROGRAM.lines().toList().get(NodeSteps.line("function counter") - 1);
        var m = java.util.regex.Pattern.compile("(.*):(\\d+):(\\d+)").matcher((String) row.get("location"));
        assertTrue(m.matches(), row.toString());
        assertEquals(steps.program().toString(), m.group(1), "the script node ran");
        assertEquals(NodeSteps.line("function counter"), Integer.parseInt(m.group(2)));
        int column = Integer.parseInt(m.group(3)); // V8 places a function at its name or parameter list
        assertTrue(column > line.indexOf("function counter") && column <= line.indexOf("{ return ++n") + 1, column + " in " + line);
        try (var s = org.polyheap.report.AnalyzedSnapshot.open(steps.target(), org.polyheap.report.AnalyzedSnapshot.OpenOptions.DEFAULT,
                org.polyheap.model.Progress.NONE)) {
            var g = s.graph();
            long shallow = 0;
            int closures = 0;
            var types = org.polyheap.model.format.V8ObjectTypes.of(g);
            for (int o = 0; o < g.objectCount(); o++) {
                if (types.type(g.objectType().get(o)) == org.polyheap.model.format.V8NodeType.CLOSURE
                        && org.polyheap.report.ObjectNames.label(g, o).equals("counter")) {
                    closures++;
                    shallow += s.analysis().dominatorTree().shallow().get(o);
                }
            }
            assertEquals(NodeSteps.COUNTERS, closures, "every closure named counter is in the row");
            assertEquals(shallow, ((Number) row.get("shallow")).longValue());
        }
    }

    @Test
    void leaksAreExactlyTheObjectsTheTargetStepKept() throws Exception {
        var doc = json("leaks", steps.baseline().toString(), steps.target().toString(), steps.last().toString(), "--json", "--quiet");
        var clusters = Json.array(doc.get("clusters")).stream().map(Json::object).toList();
        var leaky = clusters.stream().filter(c -> c.get("class").equals("Leaky")).toList();
        assertEquals(1, leaky.size(), "one path keeps them all: " + leaky);
        assertEquals((long) NodeSteps.NEW_LEAKY, leaky.getFirst().get("count"), "the new Leaky only, not the baseline's");
        assertTrue(((String) leaky.getFirst().get("path")).endsWith("global.kept \u2192 Array.[] \u2192 Leaky"), leaky.toString());
        assertTrue(clusters.stream().noneMatch(c -> c.get("class").equals("Temp")), "the temporaries were freed: " + clusters);
        assertTrue(clusters.stream().noneMatch(c -> ((String) c.get("path")).contains("Leaky.payload")),
                "a Leaky's payload is part of its Leaky, not a leak of its own");
        try (var s = org.polyheap.report.AnalyzedSnapshot.open(steps.last(), org.polyheap.report.AnalyzedSnapshot.OpenOptions.DEFAULT,
                org.polyheap.model.Progress.NONE)) {
            // retained: each new Leaky and its payload object, summed from the final snapshot directly
            var g = s.graph();
            var tree = s.analysis().dominatorTree();
            long expected = 0;
            int found = 0;
            for (int o = 0; o < g.objectCount(); o++) {
                if (!org.polyheap.report.ObjectNames.className(g, o).equals("Leaky")) continue;
                if (g.identity().get(o) <= ((Number) doc.get("baselineMaxJsId")).longValue()) continue;
                found++;
                expected += tree.shallow().get(o);
                for (long r = g.outStart().get(o); r < g.outStart().get(o + 1L); r++) {
                    if (g.string(g.outName().get(r)).equals("payload")) expected += tree.shallow().get(g.outTarget().get(r));
                }
            }
            assertEquals(NodeSteps.NEW_LEAKY, found);
            assertEquals(expected, ((Number) leaky.getFirst().get("retained")).longValue());
        }
        // with memlab's default page filter (detached DOM only) a Node.js process has no leaks
        var dom = json("leaks", steps.baseline().toString(), steps.target().toString(), steps.last().toString(), "--filter", "dom",
                "--json", "--quiet");
        assertEquals(0L, dom.get("leakedObjects"));
        // in the wrong order the ids say so
        CommandRun r = CommandRun.of("leaks", steps.target().toString(), steps.baseline().toString(), steps.last().toString(), "--quiet");
        assertEquals(3, r.code(), r.err());
    }

    /** node-sessions.js adds 2,000 Session objects to a cache's Map between its two snapshots (the fixture's README). */
    @Test
    void theSessionsAddedToAMapAreOneClusterThroughItsTable() throws Exception {
        Path a = TestData.copyUncompressed(TestData.NODE_SESSIONS_BEFORE, dir), b = TestData.copyUncompressed(TestData.NODE_SESSIONS_AFTER, dir);
        var doc = json("leaks", a.toString(), b.toString(), b.toString(), "--json", "--quiet");
        var sessions = Json.array(doc.get("clusters")).stream().map(Json::object).filter(c -> c.get("class").equals("Session")).toList();
        assertEquals(1, sessions.size(), "the Map's table slots are one path: " + sessions);
        assertEquals(2000L, sessions.getFirst().get("count"));
        assertTrue(((String) sessions.getFirst().get("path")).contains("Cache.entries \u2192 Map.table"), sessions.toString());
    }

    @Test
    void otherFormatsAreBadInput() throws Exception {
        Path hprof = TestData.copyUncompressed(TestData.GEN_40, dir);
        for (String sub : List.of("v8stats", "detached", "closures")) {
            CommandRun r = CommandRun.of(sub, hprof.toString(), "--quiet");
            assertEquals(3, r.code(), sub + ": " + r.err());
            assertTrue(r.err().contains("V8"), r.err());
        }
    }
}
