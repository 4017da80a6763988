package org.polyheap.report.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.polyheap.testdata.TestData;

/**
 * Issue 21, Dart: the class table diff of two snapshots of one dart-sass process (a, then d after a
 * forced GC) matched by class and identity hash, and the external (native) sizes per class, as
 * {@code polyheap compare --json} and {@code polyheap histogram --native --json} print them, against
 * {@code dart-sass-ia32-a-vs-d.class-diff.txt}: what {@code class-diff.js} reads from the files with
 * the shared tools' independent decoder ({@code decode.js}), not with Polyheap's parser.
 */
class DartDiffCommandTest {
    private static final Path DATA = TestData.dart("");
    /** The columns of a "diff" line after the class name, as compare --json names them. */
    private static final List<String> DIFF_KEYS = List.of("countBefore", "countAfter", "new", "removed", "kept", "newShallow",
            "removedShallow", "keptShallow", "notComparedBefore", "notComparedAfter");

    @Test
    void everyClassRowEqualsTheIndependentDecoder(@TempDir Path tmp) throws Exception {
        var reference = reference();
        Path a = TestData.copyUncompressed(TestData.DART_TINY, tmp), d = TestData.copyUncompressed(TestData.DART_AFTER_GC, tmp);
        var doc = json("compare", a.toString(), d.toString(), "--json", "--quiet");
        var rows = Json.array(doc.get("classes"));
        var diff = reference.get("diff");
        assertEquals(diff.size(), rows.size(), "one row per class name with objects on either side");
        long added = 0, removed = 0, kept = 0, matchedChecked = 0;
        for (Object r : rows) {
            var row = Json.object(r);
            String name = (String) row.get("name");
            long[] expected = diff.get(name);
            assertTrue(expected != null, "class " + name + " in the reference");
            for (int i = 0; i < DIFF_KEYS.size(); i++) assertEquals(expected[i], row.get(DIFF_KEYS.get(i)), name + " " + DIFF_KEYS.get(i));
            assertEquals(expected[2] - expected[3], row.get("matchedDelta"), name + " matchedDelta = new - removed");
            added += expected[2];
            removed += expected[3];
            kept += expected[4];
            if (expected[2] + expected[3] > 0) matchedChecked++;
        }
        var objects = Json.object(doc.get("objects"));
        assertEquals(added, objects.get("new"), "the per-class new objects add up to the total");
        assertEquals(removed, objects.get("removed"));
        assertEquals(kept, objects.get("kept"));
        assertTrue(matchedChecked > 100, matchedChecked + " classes with new or removed objects checked");
        // known facts of the files: lists and maps have no identity hash, so none is matched;
        // Function objects are mostly kept (the same code is loaded), a few new ones came with the frameworks
        var byName = new HashMap<String, Map<String, Object>>();
        for (Object r : rows) byName.put((String) Json.object(r).get("name"), Json.object(r));
        assertEquals(0L, byName.get("_List").get("kept"));
        assertEquals(byName.get("_List").get("countAfter"), byName.get("_List").get("notComparedAfter"));
        assertEquals(14_117L, byName.get("Function").get("kept"));
    }

    /**
     * {@code --reachability strong}: only the objects reachable from the root on each side, as DevTools'
     * Diff counts them (the decoder's breadth-first walk, not through weak references). Most of a's
     * removed objects were garbage already in a (no GC ran before it was taken): live, 296 remain.
     * DevTools' own figures differ only by its one "instance" per class for objects without a hash and
     * per (class, hash) two objects share.
     */
    @Test
    void liveObjectsAreMatchedAsTheIndependentDecoderDoes(@TempDir Path tmp) throws Exception {
        var reference = reference();
        Path a = TestData.copyUncompressed(TestData.DART_TINY, tmp), d = TestData.copyUncompressed(TestData.DART_AFTER_GC, tmp);
        var doc = json("compare", a.toString(), d.toString(), "--reachability", "strong", "--json", "--quiet");
        assertEquals("strong", doc.get("reachability"));
        long[] live = reference.get("live").get("");
        var objects = Json.object(doc.get("objects"));
        assertEquals(List.of(live[0], live[1], live[2], live[3], live[4]), List.of(objects.get("new"), objects.get("removed"),
                objects.get("kept"), objects.get("notComparedBefore"), objects.get("notComparedAfter")));
        long[] devtools = reference.get("devtools").get("");
        assertEquals(296L, devtools[1], "DevTools' released objects");
        assertEquals(devtools[1], objects.get("removed"));
        assertTrue(devtools[2] - devtools[5] - live[2] <= 2 && devtools[0] - devtools[3] - live[0] <= 2,
                "DevTools' persisted and new, less its hash-0 instances, within the shared keys of ours");
        long added = 0, countAfter = 0;
        for (Object r : Json.array(doc.get("classes"))) {
            var row = Json.object(r);
            added += (Long) row.get("new");
            countAfter += (Long) row.get("countAfter");
            assertEquals(row.get("countAfter"), (Long) row.get("new") + (Long) row.get("kept") + (Long) row.get("notComparedAfter"));
        }
        assertEquals(live[0], added);
        assertEquals(live[0] + live[2] + live[4], countAfter, "the live objects of d, and only those, in the rows");
    }

    @Test
    void nativeBytesPerClassEqualTheIndependentDecoder(@TempDir Path tmp) throws Exception {
        var reference = reference();
        for (var side : List.of(Map.entry("A", TestData.DART_TINY), Map.entry("B", TestData.DART_AFTER_GC))) {
            Path file = TestData.copyUncompressed(side.getValue(), tmp);
            var doc = json("histogram", file.toString(), "--native", "--json", "--quiet");
            var expected = reference.get("external" + side.getKey());
            var rows = Json.array(doc.get("classes"));
            assertEquals(expected.size(), rows.size(), "the classes holding native memory, and only those");
            long previous = Long.MAX_VALUE, sum = 0;
            for (Object r : rows) {
                var row = Json.object(r);
                long n = (Long) row.get("native");
                assertEquals(expected.get((String) row.get("name"))[0], n, side + " " + row.get("name"));
                assertTrue(n <= previous, "most native bytes first");
                previous = n;
                sum += n;
            }
            var nativeMemory = Json.object(doc.get("nativeMemory"));
            assertEquals(sum, nativeMemory.get("bytes"));
            // the VM's own figure, the header's externalSize: on these files all of it is in the per-object properties
            assertEquals(sum, nativeMemory.get("vmExternalSize"));
        }
        // the whole histogram of a carries the column too, 0 for the classes without native memory
        var all = json("histogram", TestData.copyUncompressed(TestData.DART_TINY, tmp).toString(), "--json", "--quiet", "--top", "5");
        for (Object r : Json.array(all.get("classes"))) assertTrue(Json.object(r).containsKey("native"));
    }

    /** Parses class-diff.js' output: "diff" rows by class name, "externalA"/"externalB" bytes by class name. */
    private static Map<String, Map<String, long[]>> reference() throws Exception {
        var out = new HashMap<String, Map<String, long[]>>();
        for (String line : Files.readAllLines(DATA.resolve("dart-sass-ia32-a-vs-d.class-diff.txt"))) {
            String[] f = line.split("\t");
            switch (f[0]) {
                case "diff" -> {
                    long[] v = new long[f.length - 2];
                    for (int i = 0; i < v.length; i++) v[i] = Long.parseLong(f[i + 2]);
                    out.computeIfAbsent("diff", k -> new HashMap<>()).put(f[1], v);
                }
                case "external" -> out.computeIfAbsent("external" + f[1], k -> new HashMap<>()).put(f[2], new long[] {Long.parseLong(f[3])});
                case "live", "devtools" -> {
                    long[] v = new long[f.length - 1];
                    for (int i = 0; i < v.length; i++) v[i] = Long.parseLong(f[i + 1]);
                    out.computeIfAbsent(f[0], k -> new HashMap<>()).put("", v);
                }
                default -> throw new AssertionError("unknown line " + line);
            }
        }
        assertFalse(out.get("diff").isEmpty());
        return out;
    }

    private static Map<String, Object> json(String... args) throws Exception {
        CommandRun r = CommandRun.of(args);
        assertEquals(0, r.code(), () -> "exit code; stderr: " + r.err());
        return Json.object(Json.parse(r.out()));
    }
}
