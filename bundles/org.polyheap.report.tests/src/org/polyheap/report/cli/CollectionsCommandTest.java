package org.polyheap.report.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.polyheap.model.Progress;
import org.polyheap.report.AnalyzedSnapshot;
import org.polyheap.report.ObjectNames;

/**
 * {@code polyheap collections} and {@code polyheap entries} on a live dump of {@code data/live/KnownCollections.java},
 * written by a JVM the test starts: each figure is what the program built (its comments say why), each
 * collection kind being a subclass of its own so that its row holds exactly the program's objects.
 */
class CollectionsCommandTest {
    private static final Path PROGRAM = Path.of("data/live/KnownCollections.java");
    private static final String P = "KnownCollections$";
    /** Bytes of a reference slot: the child's heap is small, so HotSpot uses compressed oops. */
    private static final int REF = 4;

    @TempDir
    static Path dir;
    private static Path dump;
    private static Map<String, Object> doc;
    private static AnalyzedSnapshot snapshot;

    @BeforeAll
    static void dumpTheProgram() throws Exception {
        dump = dir.resolve("collections.hprof");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        var command = new ProcessBuilder(java, "-Xmx256m", "-XX:+UseCompressedOops", PROGRAM.toAbsolutePath().toString(),
                dump.toString()).redirectErrorStream(true).redirectOutput(dir.resolve("child.log").toFile());
        command.environment().keySet().removeAll(Set.of("JAVA_TOOL_OPTIONS", "_JAVA_OPTIONS", "JDK_JAVA_OPTIONS"));
        Process child = command.start();
        if (!child.waitFor(60, TimeUnit.SECONDS)) {
            child.destroyForcibly();
            fail("the program did not end within 60 s");
        }
        assertEquals(0, child.exitValue(), Files.readString(dir.resolve("child.log")));
        CommandRun r = CommandRun.of("collections", dump.toString(), "--json", "--quiet");
        assertEquals(0, r.code(), () -> "stderr: " + r.err());
        doc = Json.object(Json.parse(r.out()));
        snapshot = AnalyzedSnapshot.open(dump, AnalyzedSnapshot.OpenOptions.DEFAULT, Progress.NONE);
    }

    @AfterAll
    static void close() {
        if (snapshot != null) snapshot.close();
    }

    private static Map<String, Object> row(String table, String className) {
        for (Object row : Json.array(doc.get(table))) {
            var m = Json.object(row);
            if (m.get("class").equals(P + className)) return m;
        }
        throw new AssertionError("no row of " + className + " in " + table);
    }

    private static void assertBuckets(Map<String, Object> row, long... expected) {
        var keys = List.of("size0", "size1", "size2to10", "size11to100", "size101to1000", "sizeOver1000");
        for (int i = 0; i < keys.size(); i++) assertEquals(expected[i], row.get(keys.get(i)), keys.get(i) + " of " + row.get("class"));
    }

    private static double number(Map<String, Object> row, String key) { return ((Number) row.get(key)).doubleValue(); }

    @Test
    void thousandMapsOfThreeEntriesFillThreeSixteenthsWithoutCollisions() {
        var r = row("collections", "ThreeEntries");
        assertEquals("hash map", r.get("kind"));
        assertEquals(1000L, r.get("count"));
        assertBuckets(r, 0, 0, 1000, 0, 0, 0);
        assertEquals(100.0 * 3 / 16, number(r, "averageFill"), 1e-9);
        assertEquals(1000L * (16 - 3) * REF, r.get("unusedCapacity"), "13 empty buckets of 16 per map");
        assertEquals(3000L, r.get("entries"));
        assertEquals(0.0, number(r, "collisionRatio"));
        assertEquals(0L, r.get("empty"));
    }

    @Test
    void listOfCapacityHundredHoldingTenWastesNinetySlots() {
        var r = row("collections", "TenOfHundred");
        assertEquals(1L, r.get("count"));
        assertBuckets(r, 0, 0, 1, 0, 0, 0);
        assertEquals(10.0, number(r, "averageFill"), 1e-9);
        assertEquals(90L * REF, r.get("unusedCapacity"));
        assertNull(r.get("collisionRatio"), "a list has no hash buckets");
    }

    @Test
    void fiveHundredNeverUsedListsAreEmptyWithoutCapacity() {
        var r = row("collections", "NeverUsed");
        assertEquals(500L, r.get("count"));
        assertBuckets(r, 500, 0, 0, 0, 0, 0);
        assertNull(r.get("averageFill"), "they share the JDK's empty array: no capacity, no fill ratio");
        assertEquals(0L, r.get("unusedCapacity"));
        var e = row("empty", "NeverUsed");
        assertEquals(500L, e.get("count"));
        long shallow = 0;
        var g = snapshot.graph();
        for (int o = 0; o < g.objectCount(); o++) if (ObjectNames.className(g, o).equals(P + "NeverUsed")) shallow += g.shallowSize().get(o);
        assertEquals(shallow, e.get("shallow"));
        assertEquals(shallow, e.get("retained"), "an empty list retains only itself (the empty array is shared)");
    }

    @Test
    void keysOfOneHashCodeAllCollideInEveryHashTable() {
        for (String c : List.of("Colliding", "CollidingConcurrent", "CollidingTable")) {
            var r = row("collections", c);
            assertEquals(1L, r.get("count"), c);
            assertBuckets(r, 0, 0, 0, 1, 0, 0);
            assertEquals(16L, r.get("entries"), c + ": every entry found, tree bins included");
            assertEquals(100.0, number(r, "collisionRatio"), 1e-9, c);
        }
    }

    @Test
    void otherKindsCountWhatTheyHold() {
        assertBuckets(row("collections", "SortedFive"), 0, 0, 1, 0, 0, 0);
        assertNull(row("collections", "SortedFive").get("averageFill"), "a tree map has no backing array");
        assertBuckets(row("collections", "LinkedFour"), 0, 0, 1, 0, 0, 0);
        var set = row("collections", "SetOfThree");
        assertEquals(100.0 * 3 / 16, number(set, "averageFill"), 1e-9, "a set fills its map's table");
        var deque = row("collections", "Deque");
        assertEquals(100.0 * 5 / 21, number(deque, "averageFill"), 1e-9, "5 of 21 slots after two polls");
        assertEquals(16L * REF, deque.get("unusedCapacity"));
    }

    @Test
    void theArrayOfZerosHoldsOneValueTheOtherDoesNot() throws Exception {
        var g = snapshot.graph();
        int zeros = -1, lastIsOne = -1;
        try (var inspector = snapshot.parser().inspector(snapshot.file(), g)) {
            for (int o = 0; o < g.objectCount(); o++) {
                if (!ObjectNames.className(g, o).equals("long[]") || inspector.arrayLength(o).orElse(0) != 10_000) continue;
                byte[] data = inspector.primitiveArray(o).orElseThrow().data();
                if (data[data.length - 1] == 1) lastIsOne = o;
                else zeros = o;
            }
        }
        assertTrue(zeros >= 0 && lastIsOne >= 0, "the program's two long[10000]");
        var constant = Json.array(doc.get("constantArrays")).stream().map(Json::object)
                .filter(m -> m.get("class").equals("long[]")).findFirst().orElseThrow();
        var onlyLong = org.polyheap.report.CollectionQueries.collections(snapshot, "long[]", Progress.NONE);
        assertEquals(0, onlyLong.classes().rows().size(), "--class long[] lists no collection");
        int[] listed = onlyLong.arrayObjects().get(0);
        assertEquals(constant.get("count"), (long) listed.length, "the same arrays with and without --class");
        int z = zeros, one = lastIsOne;
        assertTrue(java.util.Arrays.stream(listed).anyMatch(o -> o == z), "the zeros are listed");
        assertTrue(java.util.Arrays.stream(listed).noneMatch(o -> o == one), "the array ending in 1 is not");
        long shallow = 0;
        for (int o : listed) shallow += g.shallowSize().get(o);
        assertEquals(shallow, constant.get("shallow"));
    }

    @Test
    void entriesOfTheListAreItsTenElementsInOrder() throws Exception {
        int list = onlyObjectOf("TenOfHundred");
        CommandRun r = CommandRun.of("entries", dump.toString(), "--object", ObjectNames.id(snapshot.graph(), list), "--json", "--quiet");
        assertEquals(0, r.code(), r.err());
        var d = Json.object(Json.parse(r.out()));
        assertEquals("array list", d.get("kind"));
        var rows = Json.array(d.get("entries"));
        assertEquals(10, rows.size());
        for (int i = 0; i < 10; i++) {
            var m = Json.object(rows.get(i));
            assertEquals((long) i, m.get("index"));
            assertEquals("java.lang.String", m.get("valueClass"));
            assertEquals("element " + i, m.get("valueValue"));
        }
    }

    @Test
    void entriesOfMapsHaveKeysAndValuesInIterationOrder() throws Exception {
        var tree = entries("SortedFive");
        assertEquals(List.of("a", "b", "c", "d", "e"), tree.stream().map(m -> m.get("keyValue")).toList(), "key order");
        var colliding = entries("CollidingConcurrent");
        assertEquals(16, colliding.size());
        for (var m : colliding) assertEquals("v" + m.get("keyValue"), m.get("valueValue"));
        assertEquals(List.of("w", "x", "y", "z"), entries("LinkedFour").stream().map(m -> m.get("valueValue")).toList());
        assertEquals(List.of("d2", "d3", "d4", "d5", "d6"), entries("Deque").stream().map(m -> m.get("valueValue")).toList());
        assertEquals(Set.of("s1", "s2", "s3"), Set.copyOf(entries("SetOfThree").stream().map(m -> m.get("valueValue")).toList()));
        assertEquals(16, entries("CollidingTable").size());
    }

    @Test
    void entriesOfAnObjectThatIsNoCollectionIsAUsageError() {
        int string = -1;
        var g = snapshot.graph();
        for (int o = 0; o < g.objectCount() && string < 0; o++) if (ObjectNames.className(g, o).equals("java.lang.String")) string = o;
        CommandRun r = CommandRun.of("entries", dump.toString(), "--object", ObjectNames.id(g, string), "--quiet");
        assertEquals(2, r.code(), r.err());
        assertTrue(r.err().contains("not a Java list, map, set or array"), r.err());
    }

    @Test
    void otherFormatsHaveNoJavaCollections() throws Exception {
        Path v8 = org.polyheap.testdata.TestData.copyUncompressed(org.polyheap.testdata.TestData.CHROME_TODO, dir);
        CommandRun r = CommandRun.of("collections", v8.toString(), "--json", "--quiet");
        assertEquals(0, r.code(), r.err());
        var d = Json.object(Json.parse(r.out()));
        for (String table : List.of("collections", "empty", "constantArrays")) assertEquals(List.of(), Json.array(d.get(table)), table);
    }

    private static List<Map<String, Object>> entries(String className) throws Exception {
        CommandRun r = CommandRun.of("entries", dump.toString(), "--object", ObjectNames.id(snapshot.graph(), onlyObjectOf(className)),
                "--json", "--quiet");
        assertEquals(0, r.code(), r.err());
        return Json.array(Json.object(Json.parse(r.out())).get("entries")).stream().map(Json::object).toList();
    }

    private static int onlyObjectOf(String className) {
        var g = snapshot.graph();
        int found = -1;
        for (int o = 0; o < g.objectCount(); o++) {
            if (!ObjectNames.className(g, o).equals(P + className)) continue;
            assertEquals(-1, found, "one " + className);
            found = o;
        }
        assertTrue(found >= 0, className);
        return found;
    }
}
