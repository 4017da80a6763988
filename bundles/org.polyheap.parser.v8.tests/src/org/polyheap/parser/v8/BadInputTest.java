package org.polyheap.parser.v8;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.polyheap.model.Progress;
import org.polyheap.model.SnapshotFormatException;
import org.polyheap.model.memory.HeapGraphBuilder;

/** Broken and hostile files end in one SnapshotFormatException naming the byte offset; no OOM, no hang. */
class BadInputTest {
    @TempDir Path dir;

    private SnapshotFormatException failure(Path file) {
        return assertThrows(SnapshotFormatException.class, () -> org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(
                Duration.ofSeconds(20), () -> new V8SnapshotParser().parse(file, new HeapGraphBuilder(), Progress.NONE)));
    }

    private SnapshotFormatException failure(String json) throws Exception {
        return failure(Files.writeString(dir.resolve("bad.heapsnapshot"), json));
    }

    /** The failure's offset lies in {@code [from, to)} of the file's text. */
    private static void assertAt(SnapshotFormatException e, String json, int from, int to, String words) {
        assertTrue(e.offset() >= from && e.offset() < to, "offset " + e.offset() + " not in [" + from + "," + to + "): " + e.getMessage());
        assertTrue(e.problem().contains(words), e.getMessage());
        assertTrue(e.getMessage().contains("bad.heapsnapshot") || e.getMessage().contains(".gz"), e.getMessage());
    }

    private static int edgesStart(String json) { return json.indexOf("\"edges\":"); }

    private static int edgesEnd(String json) { return json.indexOf("]", edgesStart(json)) + 1; }

    @ParameterizedTest
    @ValueSource(ints = {1, 20, 200, 400, 700, 900})
    void truncatedJsonFailsAtTheEnd(int keep) throws Exception {
        String json = MiniSnapshot.sample().json();
        String cut = json.substring(0, Math.min(keep, json.length() - 1));
        var e = failure(cut);
        assertTrue(e.offset() >= 0 && e.offset() <= cut.length(), e.getMessage());
    }

    @Test
    void truncatedGzipFails() throws Exception {
        Path gz = FormatVariantsTest.gzip(MiniSnapshot.sample().write(dir, "s.heapsnapshot"), dir.resolve("s.heapsnapshot.gz"));
        byte[] bytes = Files.readAllBytes(gz);
        Path cut = Files.write(dir.resolve("cut.heapsnapshot.gz"), java.util.Arrays.copyOf(bytes, bytes.length / 2));
        var e = failure(cut);
        assertTrue(e.offset() >= 0, e.getMessage());
    }

    @Test
    void toNodeOutOfRangeFailsAtThatEdge() throws Exception {
        var s = MiniSnapshot.sample();
        s.edges.get(3)[3] = 9L * s.nodeFields.size();
        String json = s.json();
        assertAt(failure(json), json, edgesStart(json), edgesEnd(json), "to_node");
    }

    @Test
    void toNodeNotAMultipleOfTheFieldCountFails() throws Exception {
        var s = MiniSnapshot.sample();
        s.edges.get(3)[3] = 2L * s.nodeFields.size() + 3;
        String json = s.json();
        assertAt(failure(json), json, edgesStart(json), edgesEnd(json), "to_node");
    }

    @Test
    void edgeCountSumBelowTheEdgesFails() throws Exception {
        var s = MiniSnapshot.sample();
        s.nodes.get(2).put("edge_count", 2L); // global claims 2 of its 3 edges
        String json = s.json();
        assertAt(failure(json), json, edgesStart(json), edgesEnd(json), "edge_count");
    }

    @Test
    void edgeCountSumAboveTheEdgesFails() throws Exception {
        var s = MiniSnapshot.sample();
        s.nodes.get(8).put("edge_count", 4L);
        String json = s.json();
        assertAt(failure(json), json, edgesStart(json), edgesEnd(json) + 1, "edge_count");
    }

    @Test
    void headerEdgeCountThatDisagreesFails() throws Exception {
        var s = MiniSnapshot.sample();
        s.edgeCountOverride = 99L;
        String json = s.json();
        assertAt(failure(json), json, edgesStart(json), edgesEnd(json) + 1, "edge_count");
    }

    @Test
    void edgeNameOutsideTheStringsFails() throws Exception {
        var s = MiniSnapshot.sample();
        s.edges.get(3)[1] = 500; // property edge "foo"
        String json = s.json();
        assertAt(failure(json), json, edgesStart(json), edgesEnd(json), "strings");
    }

    @Test
    void nodeNameOutsideTheStringsFails() throws Exception {
        var s = MiniSnapshot.sample();
        s.nodes.get(4).put("name", 77L);
        String json = s.json();
        var e = failure(json);
        assertAt(e, json, json.indexOf("\"nodes\":"), json.indexOf("\"edges\":"), "strings");
    }

    /** Issue 18 A: ten nodes of 999,999,999,999,999,999 bytes summed to a negative shallow total. */
    @Test
    void selfSizeNoRuntimeWritesFailsAtItsNode() throws Exception {
        var s = MiniSnapshot.sample();
        s.nodes.get(3).put("self_size", 999_999_999_999_999_999L);
        String json = s.json();
        assertAt(failure(json), json, json.indexOf("\"nodes\":"), json.indexOf("\"edges\":"), "2^48");
    }

    @Test
    void selfSizesWhoseSumNoLongHoldsFail() throws Exception {
        var s = MiniSnapshot.sample();
        for (var node : s.nodes) node.put("self_size", org.polyheap.model.ObjectSizes.MAX_OBJECT_BYTES);
        for (int i = 0; i < 40_000; i++) s.nodes.add(new java.util.LinkedHashMap<>(s.nodes.get(1))); // 2^48 × 40,000 > 2^63
        String json = s.json();
        var e = failure(json);
        assertTrue(e.problem().contains("beyond 2^63") || e.problem().contains("node_count"), e.getMessage());
    }

    /** Issue 18 E: a control byte was printed raw into the one-line message. */
    @ParameterizedTest
    @ValueSource(strings = {"\"nodes\":[", "\"edges\":[", "\"snapshot\":"})
    void controlByteIsShownByItsValueNotPrintedRaw(String before) throws Exception {
        String json = MiniSnapshot.sample().json();
        int at = json.indexOf(before) + before.length();
        String broken = json.substring(0, at) + "\u001d" + json.substring(at);
        var e = failure(broken);
        assertTrue(e.getMessage().contains("0x1d"), e.getMessage());
        assertTrue(e.getMessage().chars().allMatch(c -> c >= 0x20), "no control character in: " + e.getMessage());
        assertTrue(e.offset() == at, "at the byte itself: " + e.getMessage());
    }

    @Test
    void nodeTypeOutsideTheTypeListFails() throws Exception {
        var s = MiniSnapshot.sample();
        s.nodes.get(4).put("type", 40L);
        String json = s.json();
        assertAt(failure(json), json, json.indexOf("\"nodes\":"), json.indexOf("\"edges\":"), "node type");
    }

    @Test
    void nodesArrayNotAMultipleOfTheFieldsFails() throws Exception {
        String json = MiniSnapshot.sample().json();
        int end = json.indexOf("]", json.indexOf("\"nodes\":"));
        String broken = json.substring(0, end) + ",5" + json.substring(end);
        assertAt(failure(broken), broken, end, end + 4, "multiple");
    }

    @Test
    void hostileNodeCountDoesNotAllocateAndFails() throws Exception {
        var s = MiniSnapshot.sample();
        s.nodeCountOverride = 2_000_000_000L;
        String json = s.json();
        assertAt(failure(json), json, json.indexOf("\"nodes\":"), json.indexOf("\"edges\":"), "node_count");
    }

    @ParameterizedTest
    @ValueSource(strings = {"{\"name\":\"package\",\"version\":\"1.0.0\"}", "[1,2,3]", "not json at all", "",
            "{\"snapshot\":{\"meta\":{}},\"nodes\":[],\"edges\":[],\"strings\":[]}", "{\"snapshot\":7}",
            "{\"snapshot\":{\"meta\":{\"node_fields\":[\"type\"],\"node_types\":[[\"hidden\"]],\"edge_fields\":[\"type\"],\"edge_types\":[[\"x\"]]},\"node_count\":0,\"edge_count\":0}}"})
    void nonSnapshotJsonFailsClearly(String text) throws Exception {
        var e = failure(text);
        assertTrue(e.offset() >= 0 && e.offset() <= text.length(), e.getMessage());
        assertTrue(e.problem().length() > 10, e.getMessage());
    }

    @Test
    void hugeStringsSectionStreams() throws Exception {
        // 60 MB of strings is read string by string; the parse does not need the section as one text
        var s = MiniSnapshot.sample();
        String big = "x".repeat(1 << 20);
        for (int i = 0; i < 60; i++) s.strings.add(big + i);
        Path file = Files.writeString(dir.resolve("big.heapsnapshot"), s.json(), StandardCharsets.UTF_8);
        var sink = new HeapGraphBuilder();
        new V8SnapshotParser().parse(file, sink, Progress.NONE);
        assertTrue(sink.build().stringCount() > 60);
    }

    @Test
    void overlongStringIsRefusedNotLoaded() throws Exception {
        var s = MiniSnapshot.sample();
        s.strings.add("y".repeat(JsonScanner.MAX_STRING_CHARS + 10));
        String json = s.json();
        var e = failure(json);
        assertTrue(e.offset() > json.indexOf("\"strings\":"), e.getMessage());
    }

    @Test
    void snapshotWithoutNodesFails() throws Exception {
        var s = new MiniSnapshot();
        String json = s.json();
        assertAt(failure(json), json, json.indexOf("\"nodes\":"), json.indexOf("\"edges\":"), "no nodes");
    }
}
