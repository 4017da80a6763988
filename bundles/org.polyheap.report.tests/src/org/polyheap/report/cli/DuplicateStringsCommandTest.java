package org.polyheap.report.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.polyheap.analysis.DuplicateStrings;
import org.polyheap.model.Progress;
import org.polyheap.report.AnalyzedSnapshot;
import org.polyheap.report.ObjectNames;
import org.polyheap.testdata.TestData;

/**
 * {@code polyheap duplicates} on real snapshots of the three formats with strings, checked against a
 * plain grouping of every string object's full value in a hash map (no hashing shortcut, no sort).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class DuplicateStringsCommandTest {
    private static final int MIN = 5;
    private Path dir;
    private final Map<String, Path> files = new HashMap<>();

    @BeforeAll
    void copyFixtures() throws Exception {
        dir = Files.createTempDirectory("polyheap-dup");
        files.put("hprof", TestData.copyUncompressed(TestData.JACKSON_TREE, dir));
        files.put("v8", TestData.copyUncompressed(TestData.CHROME_TODO, dir));
        files.put("dart", TestData.copyUncompressed(TestData.DART_TINY, dir));
    }

    @AfterAll
    void removeTemp() throws Exception {
        try (var walk = Files.walk(dir)) {
            walk.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"hprof", "v8", "dart"})
    void groupsEqualAPlainGroupingOfEveryStringValue(String format) throws Exception {
        CommandRun r = CommandRun.of("duplicates", files.get(format).toString(), "--min", Integer.toString(MIN),
                "--top", "100000", "--json", "--quiet");
        assertEquals(0, r.code(), () -> "exit code; stderr: " + r.err());
        var doc = Json.object(Json.parse(r.out()));
        assertEquals((long) MIN, doc.get("minCount"));
        List<Object> rows = Json.array(doc.get("strings"));

        Map<String, Integer> expected = new TreeMap<>();
        Map<String, Long> expectedShallow = new HashMap<>();
        try (var s = AnalyzedSnapshot.open(files.get(format), AnalyzedSnapshot.OpenOptions.DEFAULT, Progress.NONE);
             var inspector = s.parser().inspector(s.file(), s.graph())) {
            var g = s.graph();
            Map<String, List<Integer>> byValue = new HashMap<>();
            for (int o = 0; o < g.objectCount(); o++) {
                if (!DuplicateStrings.isStringClass(g.classes().get(g.objectClass().get(o)).name())) continue;
                int label = g.objectLabel().get(o);
                String v = inspector.valueHint(o, DuplicateStrings.MAX_CHARS).orElse(label < 0 ? "" : g.string(label));
                byValue.computeIfAbsent(v, k -> new java.util.ArrayList<>()).add(o);
            }
            byValue.forEach((v, objects) -> {
                if (objects.size() < MIN) return;
                String shown = v.length() > DuplicateStrings.SHOWN_CHARS ? v.substring(0, DuplicateStrings.SHOWN_CHARS) + "…" : v;
                expected.merge(shown, objects.size(), Integer::sum);
                expectedShallow.merge(shown, objects.stream().mapToLong(o -> g.shallowSize().get(o)).sum(), Long::sum);
            });
            assertFalse(expected.isEmpty(), "the fixture has strings held " + MIN + " times or more");

            Map<String, Integer> actual = new TreeMap<>();
            long lastWasted = Long.MAX_VALUE;
            for (Object row : rows) {
                var m = Json.object(row);
                String value = (String) m.get("value");
                actual.merge(value, Math.toIntExact((long) m.get("count")), Integer::sum);
                assertEquals(expectedShallow.get(value), m.get("shallow"), "shallow bytes of \"" + value + "\"");
                long wasted = (long) m.get("wasted");
                assertTrue(wasted <= lastWasted, "rows sorted by wasted bytes, descending");
                lastWasted = wasted;
                long retained = (long) m.get("retained");
                long count = (long) m.get("count");
                assertEquals(retained - retained / count, wasted);
                int example = ObjectNames.find(g, (String) m.get("example"));
                assertTrue(DuplicateStrings.isStringClass(g.classes().get(g.objectClass().get(example)).name()));
            }
            assertEquals(expected, actual);
        }
    }

    @org.junit.jupiter.api.Test
    void aMinimumBelowTwoIsAUsageError() {
        CommandRun r = CommandRun.of("duplicates", files.get("v8").toString(), "--min", "1", "--quiet");
        assertEquals(2, r.code(), r.err());
        assertTrue(r.err().contains("--min"), r.err());
    }
}
