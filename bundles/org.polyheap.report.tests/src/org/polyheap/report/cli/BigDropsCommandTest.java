package org.polyheap.report.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.polyheap.testdata.TestData;

/**
 * {@code polyheap bigdrops} on a live dump that a JVM started by the test writes from
 * {@code AccumulationPoint.java} (testdata): a {@code HashMap} of 100,000 small entries under a chain of
 * wrappers. The map's table is the accumulation point, and what it retains, its children and its first
 * dominator outside the JDK follow from the program's own structure (HotSpot's layout with compressed
 * references, which a 256 MB heap gets).
 */
class BigDropsCommandTest {
    private static final Path PROGRAM = TestData.javaProgram("AccumulationPoint");
    private static final String P = "AccumulationPoint$";
    /** Bytes of one entry: HashMap$Node (12-byte header, hash, key, value, next: 28, aligned to 32), Integer 16, Item 16. */
    private static final long ENTRY_BYTES = 32 + 16 + 16;

    @TempDir
    static Path dir;
    private static Path dump;
    private static int entries;

    @BeforeAll
    static void dumpTheProgram() throws Exception {
        String source = Files.readString(PROGRAM);
        entries = Integer.parseInt(source.replaceAll("(?s).*ENTRIES = ([\\d_]+);.*", "$1").replace("_", ""));
        dump = dir.resolve("accumulation.hprof");
        ChildJvm.run(PROGRAM, dir, List.of("-Xmx256m", "-XX:+UseCompressedOops"), List.of(dump.toString()));
    }

    private static Map<String, Object> json(String... extra) throws Exception {
        var args = new java.util.ArrayList<>(List.of("bigdrops", dump.toString(), "--json", "--quiet"));
        args.addAll(List.of(extra));
        CommandRun r = CommandRun.of(args.toArray(String[]::new));
        assertEquals(0, r.code(), r.err());
        return Json.object(Json.parse(r.out()));
    }

    private static List<Map<String, Object>> drops(Map<String, Object> doc) {
        return Json.array(doc.get("drops")).stream().map(Json::object).toList();
    }

    private static Map<String, Object> table(List<Map<String, Object>> drops) {
        var tables = drops.stream().filter(d -> d.get("class").equals("java.util.HashMap$Node[]") && (Long) d.get("children") == entries).toList();
        assertEquals(1, tables.size(), "one drop at the map's table: " + drops);
        return tables.getFirst();
    }

    @Test
    void theMapsTableIsTheAccumulationPointWithWhatTheProgramPutThere() throws Exception {
        var doc = json();
        assertEquals(1.0, doc.get("thresholdPercent"));
        var table = table(drops(doc));
        long slots = 16; // HashMap's first table, doubled whenever more than 3/4 full
        while (entries > slots * 3 / 4) slots *= 2;
        long tableBytes = 16 + 4 * slots; // array header, compressed references
        assertEquals(tableBytes + entries * ENTRY_BYTES, table.get("retained"), "the table retains itself and every entry");
        assertEquals(ENTRY_BYTES, table.get("biggestChild"), "each child is one entry: its node, key and value");
        assertEquals((Long) table.get("retained") - ENTRY_BYTES, table.get("drop"));
        assertEquals(0L, table.get("level"));
        assertNull(table.get("parent"));
        // the first dominator outside the JDK (java.util.HashMap is passed over, as MAT does)
        assertEquals(P + "Cache", table.get("dominatorClass"));
    }

    @Test
    void theChainOfWrappersHasNoDrop() throws Exception {
        for (var d : drops(json())) {
            String c = (String) d.get("class");
            assertTrue(!c.startsWith(P) && !c.equals("java.util.HashMap"), "a wrapper is no drop: " + d);
        }
    }

    @Test
    void theDropsChildrenAreTheDominatorTreesChildren() throws Exception {
        var table = table(drops(json()));
        CommandRun r = CommandRun.of("dominators", dump.toString(), "--of", (String) table.get("id"), "--top", "1", "--json", "--quiet");
        assertEquals(0, r.code(), r.err());
        var biggest = Json.object(Json.array(Json.object(Json.parse(r.out())).get("objects")).getFirst());
        assertEquals("java.util.HashMap$Node", biggest.get("class"));
        assertEquals(table.get("biggestChild"), biggest.get("retained"));
    }

    @Test
    void skipPatternChoosesTheDominatorShown() throws Exception {
        var none = table(drops(json("--skip", "none")));
        assertEquals(none.get("id"), none.get("dominator"), "nothing skipped: the point is its own first dominator");
        var past = table(drops(json("--skip", "java\\..*|AccumulationPoint\\$Cache")));
        assertEquals(P + "Service", past.get("dominatorClass"), "the cache skipped too: the service holding it");
    }

    @Test
    void aThresholdAboveTheDropFindsNoneThere() throws Exception {
        var doc = json("--threshold", "90");
        assertEquals(90.0, doc.get("thresholdPercent"));
        assertTrue(drops(doc).stream().noneMatch(d -> d.get("class").equals("java.util.HashMap$Node[]")), doc.toString());
        var half = drops(json("--threshold", "50"));
        table(half); // the table's drop is about 68 % of this heap
    }

    @Test
    void badThresholdsAndPatternsAreUsageErrors() {
        assertEquals(2, CommandRun.of("bigdrops", dump.toString(), "--threshold", "0", "--quiet").code());
        assertEquals(2, CommandRun.of("bigdrops", dump.toString(), "--threshold", "lots", "--quiet").code());
        assertEquals(2, CommandRun.of("bigdrops", dump.toString(), "--skip", "(", "--quiet").code());
    }

    @Test
    void textAndCsvListTheSameDrops() throws Exception {
        var drops = drops(json());
        CommandRun csv = CommandRun.of("bigdrops", dump.toString(), "--csv", "--quiet");
        assertEquals(0, csv.code(), csv.err());
        assertEquals(drops.size() + 1, csv.out().lines().count(), csv.out());
        CommandRun text = CommandRun.of("bigdrops", dump.toString(), "--quiet");
        assertTrue(text.out().contains((String) table(drops).get("id")), text.out());
    }

    @Test
    void otherFormatsHaveDropsToo() throws Exception {
        Path v8 = TestData.copy(TestData.CHROME_TODO, dir);
        CommandRun r = CommandRun.of("bigdrops", v8.toString(), "--json", "--quiet");
        assertEquals(0, r.code(), r.err());
        var doc = Json.object(Json.parse(r.out()));
        assertNull(doc.get("skip"), "no JDK classes to skip");
        for (var d : drops(doc)) {
            assertTrue((Long) d.get("drop") > (Long) doc.get("thresholdBytes"), d.toString());
            assertEquals(d.get("id"), d.get("dominator"), "without a skip pattern the point is its own dominator");
        }
    }
}
