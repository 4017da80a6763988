package org.polyheap.parser.v8;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.Locale;
import java.util.zip.GZIPInputStream;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.polyheap.model.DataLoss;
import org.polyheap.model.HeapGraph;
import org.polyheap.model.Progress;
import org.polyheap.model.SnapshotFormatException;
import org.polyheap.model.memory.HeapGraphBuilder;
import org.polyheap.model.spi.ParseOptions;
import org.polyheap.testdata.TestData;

/**
 * Permissive open of a cut-off or damaged real capture: the nodes, edges and strings before the
 * damage make the snapshot; names never read get the placeholder; the loss is a warning and facts.
 * The strict parse still refuses.
 */
class PermissiveTest {
    private static final ParseOptions PERMISSIVE = ParseOptions.NONE.with(ParseOptions.PERMISSIVE, "on");
    private static byte[] whole;
    private static String text;
    private static HeapGraph full;
    @TempDir static Path dir;

    record Parsed(HeapGraph graph, java.util.List<String> warnings) { }

    @BeforeAll
    static void readWholeCapture() throws Exception {
        try (InputStream in = new GZIPInputStream(Files.newInputStream(TestData.CHROME_TODO))) {
            whole = in.readAllBytes();
        }
        text = new String(whole, StandardCharsets.ISO_8859_1);
        full = parse(Files.write(dir.resolve("whole.heapsnapshot"), whole), PERMISSIVE).graph();
    }

    static Parsed parse(Path file, ParseOptions options) throws Exception {
        return assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
            var builder = new HeapGraphBuilder();
            new V8SnapshotParser().parse(file, builder, Progress.NONE, options);
            HeapGraph g = builder.build();
            assertNamesAreStrings(g);
            return new Parsed(g, builder.warnings());
        });
    }

    @Test
    void wholeCaptureOpenedPermissivelyHasNoLoss() {
        assertTrue(DataLoss.of(full.metadata()).isEmpty());
        assertEquals(full.metadata().fact("nodeCount", ""), Integer.toString(full.objectCount()));
    }

    /** Cut inside nodes, edges, locations and strings (V8 writes them in that order). */
    @ParameterizedTest
    @ValueSource(strings = {"nodes:0.5", "edges:0.1", "edges:0.7", "locations:0.5", "strings:0.3", "strings:0.99"})
    void cutOffCaptureOpensWithWhatWasRead(String where) throws Exception {
        String section = where.substring(0, where.indexOf(':'));
        int cut = offsetIn(section, Double.parseDouble(where.substring(where.indexOf(':') + 1)));
        Path file = Files.write(dir.resolve("cut.heapsnapshot"), Arrays.copyOf(whole, cut));

        var strict = assertThrows(SnapshotFormatException.class, () -> parse(file, ParseOptions.NONE));
        assertTrue(strict.offset() >= 0 && strict.offset() <= cut, strict.getMessage());

        Parsed partial = parse(file, PERMISSIVE);
        HeapGraph g = partial.graph();
        DataLoss loss = DataLoss.of(g.metadata()).orElseThrow();
        assertTrue(g.objectCount() > 0 && g.objectCount() <= full.objectCount(), g.objectCount() + " objects");
        assertEquals(full.objectCount(), loss.objectsDeclared(), "the header's node_count");
        assertEquals(g.objectCount(), loss.objectsRead());
        assertTrue(loss.offset() >= 0 && loss.offset() <= cut, loss.describe());
        assertTrue(loss.permissive());
        String offset = String.format(Locale.ROOT, "%,d", loss.offset());
        assertTrue(partial.warnings().stream().anyMatch(w -> w.contains("byte " + offset)), partial.warnings().toString());
        switch (section) {
            case "nodes" -> {
                assertTrue(g.objectCount() < full.objectCount() && g.objectCount() > full.objectCount() / 3, g.objectCount() + " nodes");
                assertTrue(loss.missing().contains("names"), "no strings were read: " + loss.missing());
                assertEquals(DataLoss.NAME_MISSING, g.string(g.objectLabel().get(g.objectCount() - 1)), "nodes named by the placeholder");
            }
            case "edges" -> {
                assertEquals(full.objectCount(), g.objectCount(), "every node was read");
                assertTrue(references(g) < references(full) && loss.missing().contains("edges not read"), loss.missing());
            }
            case "strings" -> {
                assertEquals(full.objectCount(), g.objectCount());
                assertEquals(references(full), references(g), "every edge was read");
                assertEquals(0, loss.referencesDropped());
            }
            default -> assertEquals(full.objectCount(), g.objectCount());
        }
    }

    /** A letter in place of a digit in the middle of the edges: the edges before it are kept. */
    @Test
    void damagedEdgeKeepsTheEdgesBeforeIt() throws Exception {
        int at = offsetIn("edges", 0.5);
        while (!Character.isDigit(whole[at])) at++;
        byte[] b = whole.clone();
        b[at] = 'x';
        Path file = Files.write(dir.resolve("flip.heapsnapshot"), b);
        var strict = assertThrows(SnapshotFormatException.class, () -> parse(file, ParseOptions.NONE));
        assertEquals(at, strict.offset(), strict.getMessage());

        HeapGraph g = parse(file, PERMISSIVE).graph();
        DataLoss loss = DataLoss.of(g.metadata()).orElseThrow();
        assertEquals(at, loss.offset());
        assertEquals(strict.problem(), loss.problem());
        assertEquals(full.objectCount(), g.objectCount());
        // every whole row before the damaged number, but the row of the last number read (it may have been cut)
        int begin = text.indexOf("\"edges\":[") + "\"edges\":[".length();
        int numberStart = at;
        while (Character.isDigit(whole[numberStart - 1])) numberStart--;
        long numbersBefore = java.util.Arrays.stream(text.substring(begin, numberStart).split("[,\\s]+")).filter(t -> !t.isEmpty()).count();
        long rows = numbersBefore / 3, references = references(g);
        assertTrue(references == rows || references == (numbersBefore - 1) / 3,
                references + " references kept of " + rows + " whole rows before the damage (" + numbersBefore + " numbers)");
        assertTrue(g.classes().stream().noneMatch(c -> c.name().equals(DataLoss.NAME_MISSING)), "the strings after the damage were never read: all names exist");
    }

    /** A damaged node: the nodes before it are kept, edges to the nodes after it are dropped and counted. */
    @Test
    void damagedNodeDropsTheReferencesToTheNodesAfterIt() throws Exception {
        int at = offsetIn("nodes", 0.6);
        while (!Character.isDigit(whole[at])) at++;
        byte[] b = whole.clone();
        b[at] = '-';
        Path file = Files.write(dir.resolve("node.heapsnapshot"), b);
        assertThrows(SnapshotFormatException.class, () -> parse(file, ParseOptions.NONE));
        HeapGraph g = parse(file, PERMISSIVE).graph();
        DataLoss loss = DataLoss.of(g.metadata()).orElseThrow();
        assertTrue(loss.offset() <= at, loss.describe());
        assertTrue(g.objectCount() < full.objectCount() && g.objectCount() > full.objectCount() / 2, g.objectCount() + " nodes");
        assertTrue(loss.referencesDropped() > 0, loss.describe());
        assertTrue(g.classes().stream().noneMatch(c -> c.name().equals(DataLoss.NAME_MISSING)), "strings come after the damage and were read");
    }

    /** What the index checks too: every reference name but an element index is a string the graph has. */
    private static void assertNamesAreStrings(HeapGraph g) {
        for (long r = 0, n = references(g); r < n; r++) {
            if (org.polyheap.model.ReferenceKind.ofCode(g.outKind().get(r)).isIndexed()) continue;
            int name = g.outName().get(r);
            if (name >= g.stringCount()) throw new AssertionError("reference " + r + " has name " + name + " of " + g.stringCount() + " strings");
        }
    }

    private static long references(HeapGraph g) { return g.outStart().get(g.objectCount()); }

    /** The offset {@code fraction} of the way into the array of {@code section}. */
    private static int offsetIn(String section, double fraction) {
        int start = text.indexOf("\"" + section + "\":");
        int end = section.equals("strings") ? text.lastIndexOf(']') : text.indexOf(']', start); // strings may hold ']'; they come last
        assertTrue(start > 0 && end > start, section);
        return start + (int) ((end - start) * fraction);
    }
}
