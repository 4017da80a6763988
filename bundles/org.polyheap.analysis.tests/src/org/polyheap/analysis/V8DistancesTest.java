package org.polyheap.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.zip.GZIPInputStream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.polyheap.testdata.TestData;

/**
 * Every node's distance against DevTools' own worker ({@code *.devtools-distances.txt.gz}, written by
 * {@code devtools-distances.mjs} beside the fixtures: one line per node ordinal). chrome-todo has no
 * user roots under the synthetic root (one walk from 0); node-marked has them, and 3,500 nodes only
 * the synthetic root reaches (100,000,000 + depth); both have WeakMap pairs.
 */
class V8DistancesTest {
    @ParameterizedTest
    @ValueSource(strings = {"chrome-todo", "node-marked"})
    void everyNodeHasDevtoolsDistance(String name) throws IOException {
        var graph = ParsedFixtures.load(TestData.v8(name + ".heapsnapshot.gz"));
        var distances = V8Distances.of(graph);
        int ordinal = 0, system = 0, mismatches = 0;
        String firstMismatch = null;
        try (var in = new BufferedReader(new InputStreamReader(
                new GZIPInputStream(Files.newInputStream(TestData.v8(name + ".devtools-distances.txt.gz"))), StandardCharsets.US_ASCII))) {
            for (String line = in.readLine(); line != null; line = in.readLine(), ordinal++) {
                int expected = Integer.parseInt(line);
                if (expected >= V8Distances.SYSTEM) system++;
                if (distances.of(ordinal) != expected) {
                    if (firstMismatch == null) firstMismatch = "node " + ordinal + ": " + distances.of(ordinal) + ", DevTools " + expected;
                    mismatches++;
                }
            }
        }
        assertEquals(graph.objectCount(), ordinal, "one line per node");
        assertEquals(0, mismatches, firstMismatch);
        assertTrue(name.equals("chrome-todo") ? system == 0 : system > 1000, "nodes reached only from the synthetic root: " + system);
    }
}
