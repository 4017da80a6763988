package org.polyheap.report.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.polyheap.analysis.DominatorTree;
import org.polyheap.analysis.Grouping;
import org.polyheap.model.Progress;
import org.polyheap.report.AnalyzedSnapshot;
import org.polyheap.report.ObjectNames;
import org.polyheap.testdata.TestData;

/**
 * Runs each subcommand on a real snapshot of every format and checks the JSON against the schema of
 * docs/cli.md and against the analysis results read directly from the same index.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class HeadlessCommandTest {
    private Path dir;
    private final Map<String, Path> files = new java.util.HashMap<>();

    @BeforeAll
    void copyFixtures() throws Exception {
        dir = Files.createTempDirectory("polyheap-cli");
        files.put("hprof", TestData.copyUncompressed(TestData.JACKSON_TREE, dir));
        files.put("v8", TestData.copyUncompressed(TestData.CHROME_TODO, dir));
        files.put("dart", TestData.copyUncompressed(TestData.DART_TINY, dir));
        files.put("fuchsia", TestData.copyUncompressed(TestData.FUCHSIA_TREE, dir));
    }

    @AfterAll
    void removeTemp() throws Exception {
        try (var walk = Files.walk(dir)) {
            walk.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }

    private Map<String, Object> json(String... args) throws Exception {
        CommandRun r = CommandRun.of(args);
        assertEquals(0, r.code(), () -> "exit code; stderr: " + r.err());
        return Json.object(Json.parse(r.out()));
    }

    private AnalyzedSnapshot direct(String format) throws Exception {
        return AnalyzedSnapshot.open(files.get(format), AnalyzedSnapshot.OpenOptions.DEFAULT, Progress.NONE);
    }

    @ParameterizedTest
    @ValueSource(strings = {"hprof", "v8", "dart", "fuchsia"})
    void overviewJsonHasTheSchemaAndTheAnalysisNumbers(String format) throws Exception {
        var o = json("overview", files.get(format).toString(), "--json", "--quiet");
        for (String key : List.of("objects", "classes", "references", "gcRoots", "shallowBytes", "reachableObjects",
                "reachableBytes", "unreachableObjects")) {
            assertInstanceOf(Long.class, o.get(key), key + " is an integer");
        }
        assertInstanceOf(String.class, o.get("sizeModel"));
        assertEquals(format, o.get("format"));
        try (var s = direct(format)) {
            DominatorTree tree = s.analysis().dominatorTree();
            assertEquals((long) s.graph().objectCount(), o.get("objects"));
            assertEquals(s.graph().outTarget().size(), o.get("references"));
            assertEquals((long) tree.reachableObjects(), o.get("reachableObjects"));
            assertEquals(tree.reachableBytes(), o.get("reachableBytes"));
            long everyObject = 0, everyByte = 0;
            for (String stem : List.of("reachable", "onlySoftlyReachable", "onlyWeaklyReachable", "onlyFinalizerReachable",
                    "onlyPhantomReachable", "unreachable")) {
                everyObject += (long) o.get(stem + "Objects");
                everyByte += (long) o.get(stem + "Bytes");
            }
            assertEquals((long) s.graph().objectCount(), everyObject, "every object is in one reachability class");
            assertEquals(o.get("shallowBytes"), everyByte);
            assertEquals(tree.totalBytes(), o.get("shallowBytes"));
            assertInstanceOf(String.class, o.get("reachability"));
            assertTrue(s.reused(), "the second open reuses the index the command built");
        }
    }

    /** Every object is in the dominator tree, so the virtual root retains every byte of the file's objects. */
    @ParameterizedTest
    @ValueSource(strings = {"hprof", "v8", "dart", "fuchsia"})
    void theRootRetainsEveryByteOfTheSnapshot(String format) throws Exception {
        try (var s = direct(format)) {
            var g = s.graph();
            var tree = s.analysis().dominatorTree();
            long total = 0;
            for (int o = 0; o < g.objectCount(); o++) {
                total += g.shallowSize().get(o); // the parser's sizes (V8: DevTools moves sizes between nodes, never changes the sum)
                assertTrue(tree.inTree(o), "object " + o + " has a place in the tree");
            }
            long underRoot = 0;
            for (int c : tree.children(DominatorTree.VIRTUAL_ROOT)) underRoot += tree.retained().get(c);
            assertEquals(total, underRoot, format);
            assertEquals(total, tree.totalBytes(), format);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"hprof", "v8", "dart", "fuchsia"})
    void histogramJsonRowsAddUpToTheWholeSnapshot(String format) throws Exception {
        var h = json("histogram", files.get(format).toString(), "--json", "--quiet");
        var rows = Json.array(h.get("classes"));
        long count = 0, shallow = 0, notStrong = 0, nativeBytes = 0;
        // a snapshot that records native memory per object (the Dart fixture's external properties) has a native column
        var keys = new java.util.HashSet<>(Set.of("name", "count", "shallow", "retained", "retainedIsLowerBound", "notStrong"));
        if (format.equals("dart")) keys.add("native");
        assertEquals(format.equals("dart"), h.containsKey("nativeMemory"));
        for (Object row : rows) {
            var r = Json.object(row);
            assertEquals(keys, r.keySet());
            if (r.get("native") instanceof Long n) nativeBytes += n;
            count += (long) r.get("count");
            shallow += (long) r.get("shallow");
            notStrong += (long) r.get("notStrong");
            assertTrue((long) r.get("retained") >= 0);
            assertTrue((long) r.get("notStrong") <= (long) r.get("shallow"));
        }
        var o = json("overview", files.get(format).toString(), "--json", "--quiet");
        assertEquals(o.get("objects"), count, "every object is counted");
        assertEquals(o.get("shallowBytes"), shallow);
        assertEquals((long) o.get("shallowBytes") - (long) o.get("reachableBytes"), notStrong);
        if (h.get("nativeMemory") instanceof Map<?, ?> nativeMemory) assertEquals(nativeMemory.get("bytes"), nativeBytes, "rows add up");
        // --reachability strong counts exactly the strongly reachable objects
        var strong = Json.array(json("histogram", files.get(format).toString(), "--json", "--quiet", "--reachability", "strong").get("classes"));
        assertEquals(o.get("reachableObjects"), strong.stream().mapToLong(r -> (long) Json.object(r).get("count")).sum());
        assertEquals(0L, strong.stream().mapToLong(r -> (long) Json.object(r).get("notStrong")).sum());
    }

    @ParameterizedTest
    @ValueSource(strings = {"hprof", "v8", "dart", "fuchsia"})
    void dominatorsJsonListsTheBiggestObjectsWithTheirDominators(String format) throws Exception {
        var d = json("dominators", files.get(format).toString(), "--top", "10", "--json", "--quiet");
        var objects = Json.array(d.get("objects"));
        assertFalse(objects.isEmpty());
        try (var s = direct(format)) {
            var tree = s.analysis().dominatorTree();
            long previous = Long.MAX_VALUE;
            for (Object row : objects) {
                var r = Json.object(row);
                String id = (String) r.get("id");
                int o = id.startsWith("<") ? ObjectNames.findGroup(s, id) : ObjectNames.find(s.graph(), id);
                assertTrue(o >= 0, "id " + r.get("id") + " resolves");
                assertEquals(tree.retained().get(o), r.get("retained"));
                assertEquals(tree.shallow().get(o), r.get("shallow"));
                assertTrue((long) r.get("retained") <= previous, "sorted by retained size");
                previous = (long) r.get("retained");
                int dom = tree.dominator().get(o);
                assertEquals(dom < 0 ? "<root>" : ObjectNames.nodeId(s, dom), r.get("dominator"));
            }
            // every reachability group is a top-level row whose children are its objects
            for (var r : tree.groups()) {
                int node = tree.groupNode(r);
                var groupKids = Json.array(json("dominators", files.get(format).toString(), "--of", "<" + r.word() + ">",
                        "--json", "--quiet", "--top", "1000000").get("objects"));
                assertEquals(tree.childCount(node), groupKids.size());
                for (Object k : groupKids) assertEquals("<" + r.word() + ">", Json.object(k).get("dominator"));
            }
            // the children of the biggest object are its dominated objects
            String first = (String) Json.object(objects.get(0)).get("id");
            var kids = Json.array(json("dominators", files.get(format).toString(), "--of", first, "--json", "--quiet",
                    "--top", "1000000").get("objects"));
            int firstNode = first.startsWith("<") ? ObjectNames.findGroup(s, first) : ObjectNames.find(s.graph(), first);
            assertEquals(tree.children(firstNode).length, kids.size());
        }
    }

    /** Dart external properties are the object's native memory: a "native" column, only where a format records it. */
    @org.junit.jupiter.api.Test
    void dominatorRowsOfADartSnapshotCarryTheObjectsNativeMemory() throws Exception {
        String file = files.get("dart").toString();
        String parent;
        try (var s = direct("dart")) { // #152074 has a 16-byte external property (decode.js lists it)
            int dom = s.analysis().dominatorTree().dominator().get(152073);
            assertTrue(dom >= 0, "dominated by an object");
            parent = ObjectNames.id(s.graph(), dom);
        }
        var rows = Json.array(json("dominators", file, "--of", parent, "--top", "1000000", "--json", "--quiet").get("objects"));
        var row = rows.stream().map(Json::object).filter(r -> r.get("id").equals("#152074")).findFirst().orElseThrow();
        assertEquals(16L, row.get("native"));
        assertEquals("_RandomAccessFileOpsImpl", row.get("class"));
        assertTrue(rows.stream().map(Json::object).filter(r -> r != row).allMatch(r -> r.get("native").equals(0L)));
        CommandRun text = CommandRun.of("dominators", file, "--of", parent, "--top", "3", "--quiet");
        assertTrue(text.out().lines().findFirst().orElseThrow().contains("Native bytes"), text.out());
        var hprof = Json.array(json("dominators", files.get("hprof").toString(), "--top", "3", "--json", "--quiet").get("objects"));
        assertFalse(Json.object(hprof.get(0)).containsKey("native"), "no native column where none is recorded");
    }

    @ParameterizedTest
    @ValueSource(strings = {"hprof", "v8", "dart", "fuchsia"})
    void pathsJsonLeadFromTheObjectToAGcRoot(String format) throws Exception {
        var d = json("dominators", files.get(format).toString(), "--top", "10", "--json", "--quiet");
        var top = Json.array(d.get("objects")).stream().map(Json::object)
                .filter(r -> !((String) r.get("id")).startsWith("<")).findFirst().orElseThrow(); // an object, not a group
        // a child of the biggest object has a path of at least one step
        var kids = Json.array(json("dominators", files.get(format).toString(), "--of", (String) top.get("id"),
                "--top", "1", "--json", "--quiet").get("objects"));
        String target = kids.isEmpty() ? (String) top.get("id") : (String) Json.object(kids.get(0)).get("id");
        var p = json("paths", files.get(format).toString(), "--object", target, "--max", "3", "--json", "--quiet");
        var paths = Json.array(p.get("paths"));
        assertFalse(paths.isEmpty(), "a reachable object has a path to a root");
        try (var s = direct(format)) {
            var g = s.graph();
            var rootObjects = new java.util.HashSet<Integer>();
            g.gcRoots().forEach(r -> rootObjects.add(r.object()));
            int lastLength = 0;
            for (Object path : paths) {
                var steps = Json.array(path);
                assertEquals(target, Json.object(steps.get(0)).get("id"));
                var last = Json.object(steps.get(steps.size() - 1));
                assertTrue(rootObjects.contains(ObjectNames.find(g, (String) last.get("id"))), "ends at a GC root");
                assertInstanceOf(String.class, last.get("rootKind"));
                assertTrue(steps.size() >= lastLength, "shortest first");
                lastLength = steps.size();
                for (int i = 1; i < steps.size(); i++) {
                    int holder = ObjectNames.find(g, (String) Json.object(steps.get(i)).get("id"));
                    int held = ObjectNames.find(g, (String) Json.object(steps.get(i - 1)).get("id"));
                    assertTrue(references(g, holder, held), "step " + i + " references the previous step");
                }
            }
        }
    }

    private static boolean references(org.polyheap.model.HeapGraph g, int from, int to) {
        for (long e = g.outStart().get(from); e < g.outStart().get(from + 1); e++) {
            if (g.outTarget().get(e) == to) return true;
        }
        return false;
    }

    @ParameterizedTest
    @ValueSource(strings = {"hprof", "v8", "dart", "fuchsia"})
    void csvHistogramEqualsTheJsonRows(String format) throws Exception {
        CommandRun csv = CommandRun.of("histogram", files.get(format).toString(), "--csv", "--top", "20", "--quiet");
        assertEquals(0, csv.code(), csv.err());
        var lines = csv.out().split("\r\n");
        assertEquals("Class,Objects,Shallow bytes,Retained bytes,Retained is a lower bound,Not strongly reachable bytes"
                + (format.equals("dart") ? ",Native bytes" : ""), lines[0]);
        var rows = Json.array(json("histogram", files.get(format).toString(), "--json", "--top", "20", "--quiet").get("classes"));
        assertEquals(rows.size(), lines.length - 1);
        var firstRow = Json.object(rows.get(0));
        assertTrue(lines[1].endsWith("," + firstRow.get("count") + "," + firstRow.get("shallow") + "," + firstRow.get("retained")
                + "," + firstRow.get("retainedIsLowerBound") + "," + firstRow.get("notStrong")
                + (format.equals("dart") ? "," + firstRow.get("native") : "")), lines[1]);
    }

    @ParameterizedTest
    @ValueSource(strings = {"hprof", "v8", "dart", "fuchsia"})
    void histogramByGroupAndFilter(String format) throws Exception {
        var all = Json.array(json("histogram", files.get(format).toString(), "--json", "--quiet").get("classes"));
        String name = (String) Json.object(all.get(0)).get("name");
        var filtered = Json.array(json("histogram", files.get(format).toString(), "--json", "--quiet",
                "--filter", java.util.regex.Pattern.quote(name)).get("classes"));
        assertTrue(filtered.stream().allMatch(r -> ((String) Json.object(r).get("name")).contains(name)));
        assertFalse(filtered.isEmpty());
        String by = switch (format) { case "hprof" -> "package"; case "v8" -> "script"; case "fuchsia" -> "module"; default -> "library"; };
        var grouped = Json.array(json("histogram", files.get(format).toString(), "--json", "--quiet", "--by", by).get("classes"));
        long total = grouped.stream().mapToLong(r -> (long) Json.object(r).get("count")).sum();
        long totalByClass = all.stream().mapToLong(r -> (long) Json.object(r).get("count")).sum();
        assertEquals(totalByClass, total, "grouping keeps every object");
        try (var s = direct(format)) {
            var precise = Json.array(json("histogram", files.get(format).toString(), "--json", "--quiet", "--precise",
                    "--top", "3").get("classes"));
            for (Object r : precise) {
                var row = Json.object(r);
                assertEquals(false, row.get("retainedIsLowerBound"));
                var lower = s.analysis().histogram(Grouping.CLASS, java.util.regex.Pattern.compile(
                        java.util.regex.Pattern.quote((String) row.get("name"))), Progress.NONE).stream()
                        .filter(h -> h.name().equals(row.get("name"))).findFirst().orElseThrow();
                assertTrue((long) row.get("retained") >= lower.retained(), "precise ≥ lower bound");
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"hprof", "v8", "dart", "fuchsia"})
    void compareOfASnapshotWithItselfHasNoDelta(String format) throws Exception {
        var c = json("compare", files.get(format).toString(), files.get(format).toString(), "--json", "--quiet");
        boolean matched = !format.equals("hprof") && !format.equals("fuchsia");
        for (Object r : Json.array(c.get("classes"))) {
            var row = Json.object(r);
            assertEquals(0L, row.get("countDelta"));
            assertEquals(row.get("countBefore"), row.get("countAfter"));
            assertEquals(0L, row.get("retainedDelta"));
            assertEquals(matched, row.containsKey("new"), "per-class new/removed/kept where objects are matched");
            if (matched) { // every object with a usable identity is kept; the others are counted as not matched
                assertEquals(0L, row.get("new"));
                assertEquals(0L, row.get("removed"));
                assertEquals(row.get("countAfter"), (Long) row.get("kept") + (Long) row.get("notComparedAfter"));
                assertEquals(row.get("notComparedBefore"), row.get("notComparedAfter"));
            }
        }
        assertEquals(!format.equals("hprof") && !format.equals("fuchsia"), c.containsKey("objects"),
                "objects matched one by one where ids are stable (V8, Dart)");
        if (c.get("objects") instanceof Map<?, ?> objects) {
            assertEquals(0L, objects.get("new"));
            assertEquals(0L, objects.get("removed"));
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"hprof", "v8", "dart", "fuchsia"})
    void jsonReportHasEverySection(String format) throws Exception {
        Path out = dir.resolve("report-json-" + format);
        CommandRun r = CommandRun.of("report", files.get(format).toString(), "--out", out.toString(), "--format", "json", "--quiet");
        assertEquals(0, r.code(), r.err());
        List<Path> written = new ArrayList<>();
        try (var l = Files.list(out)) { l.forEach(written::add); }
        assertEquals(1, written.size());
        var doc = Json.object(Json.parse(Files.readString(written.get(0))));
        assertEquals(List.of("overview", "topConsumers", "dominators", "suspects", "classes"), new ArrayList<>(doc.keySet()));
        assertFalse(Json.array(doc.get("dominators")).isEmpty());
    }

    /**
     * Issue 19: a suspect that is a group of instances was labelled with one object's id and credited
     * with the group's retained size. On the Dart fixture two classes are suspects: the report says how
     * many instances retain the bytes together and what the biggest one, whose id it names, retains alone.
     */
    @org.junit.jupiter.api.Test
    void classSuspectsNameTheirInstancesAndTheBiggestOnesOwnSize() throws Exception {
        Path out = dir.resolve("report-suspects");
        CommandRun r = CommandRun.of("report", files.get("dart").toString(), "--out", out.toString(), "--format", "json", "--quiet");
        assertEquals(0, r.code(), r.err());
        Path json;
        try (var l = Files.list(out)) { json = l.findFirst().orElseThrow(); }
        var suspects = Json.array(Json.object(Json.parse(Files.readString(json))).get("suspects")).stream().map(Json::object)
                .filter(x -> (long) x.get("instances") > 1).toList();
        assertFalse(suspects.isEmpty(), "the Dart fixture has class suspects");
        try (var s = direct("dart")) {
            var tree = s.analysis().dominatorTree();
            for (var x : suspects) {
                int biggest = ObjectNames.find(s.graph(), (String) x.get("id"));
                assertEquals(tree.retained().get(biggest), x.get("objectRetained"), "the id's own retained size");
                assertTrue((long) x.get("objectRetained") < (long) x.get("retained"), "the group retains more than one of it");
            }
        }
        Path html = dir.resolve("report-suspects-html");
        assertEquals(0, CommandRun.of("report", files.get("dart").toString(), "--out", html.toString(), "--quiet").code());
        String page;
        try (var l = Files.list(html)) { page = Files.readString(l.filter(p -> p.toString().endsWith(".html")).findFirst().orElseThrow()); }
        var first = suspects.get(0);
        assertTrue(page.contains(String.format(java.util.Locale.ROOT, "%,d instances of %s retain <b>", (long) first.get("instances"), first.get("class"))), "class suspect sentence");
        assertTrue(page.contains("the biggest, " + first.get("id") + ", retains "), "names the biggest instance and its own size");
    }
}
