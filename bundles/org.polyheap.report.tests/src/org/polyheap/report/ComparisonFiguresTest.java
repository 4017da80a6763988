package org.polyheap.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.polyheap.analysis.Grouping;
import org.polyheap.analysis.HistogramRow;
import org.polyheap.analysis.SnapshotComparison;
import org.polyheap.model.HeapGraph;
import org.polyheap.model.Progress;
import org.polyheap.testdata.TestData;

/**
 * The comparison's figures on two real snapshots of one process each (V8: node-sessions a/b; Dart:
 * dart-sass a-tiny/d-after-gc), against a count made here from the graphs' identity columns with plain
 * sets: new, removed, kept and not compared, before and after; what the program did between the V8
 * snapshots (2,000 Sessions made, 200 let go); and the retained columns as each snapshot's histogram.
 */
class ComparisonFiguresTest {
    @TempDir Path tmp;

    @Test
    void v8ObjectCountsAreTheSetDifferencesOfNodeIds() throws Exception {
        try (var a = open(TestData.NODE_SESSIONS_BEFORE); var b = open(TestData.NODE_SESSIONS_AFTER)) {
            var c = Queries.comparison(a, b, Integer.MAX_VALUE);
            assertEquals(expected(a.graph(), b.graph(), false), c.objects());

            var sessionsNew = SnapshotComparison.ofClass(b.graph(), c.delta().added(), "Session");
            var sessionsGone = SnapshotComparison.ofClass(a.graph(), c.delta().removed(), "Session");
            assertEquals(List.of(2000, 200), List.of(sessionsNew.length, sessionsGone.length), "what node-sessions.js did");
            Object[] row = row(c, "Session");
            assertEquals(List.of(500L, 2300L, 1800L), List.of(row[1], row[2], row[3]));
        }
    }

    /** Many Dart objects have no identity hash (strings, lists, maps, numbers: the VM writes none): they are counted, not matched. */
    @Test
    void dartObjectCountsAreTheSetDifferencesOfClassAndHash() throws Exception {
        try (var a = open(TestData.DART_TINY); var b = open(TestData.DART_AFTER_GC)) {
            var c = Queries.comparison(a, b, Integer.MAX_VALUE);
            var expected = expected(a.graph(), b.graph(), true);
            assertEquals(expected, c.objects());
            assertEquals(a.graph().objectCount(), (long) expected.get("kept") + (long) expected.get("removed")
                    + (long) expected.get("notComparedBefore"));
        }
    }

    @Test
    void retainedColumnsAreEachSnapshotsHistogramAndJavaHasNoObjectCounts() throws Exception {
        try (var a = open(TestData.JACKSON_TREE); var b = open(TestData.GEN_40)) {
            var c = Queries.comparison(a, b, Integer.MAX_VALUE);
            assertNull(c.objects(), "Java addresses are not stable across dumps");
            assertNull(c.delta());
            var before = byName(a.analysis().histogram(Grouping.CLASS, null, Progress.NONE));
            var after = byName(b.analysis().histogram(Grouping.CLASS, null, Progress.NONE));
            long previous = Long.MAX_VALUE;
            for (Object[] row : c.classes().rows()) {
                long x = before.containsKey(row[0]) ? before.get(row[0]).retained() : 0;
                long y = after.containsKey(row[0]) ? after.get(row[0]).retained() : 0;
                assertEquals(List.of(x, y, y - x), List.of(row[7], row[8], row[9]), (String) row[0]);
                assertEquals(true, y - x <= previous, "biggest retained growth first");
                previous = y - x;
            }
            assertEquals(before.keySet().size() + after.keySet().stream().filter(n -> !before.containsKey(n)).count(),
                    c.classes().rows().size(), "one row per class name of either snapshot");
        }
    }

    /**
     * The counts from scratch: an object's key is its identity (Dart: class name, library and a non-zero
     * hash); a key found once on each side is kept, once after only new, once before only removed;
     * every other object (no key, or a key found twice on a side) is not compared.
     */
    private static Map<String, Object> expected(HeapGraph a, HeapGraph b, boolean dart) {
        Map<String, int[]> keys = new HashMap<>();
        long noKeyA = count(a, dart, keys, 0), noKeyB = count(b, dart, keys, 1);
        long added = 0, removed = 0, kept = 0, ambiguousA = 0, ambiguousB = 0;
        for (int[] n : keys.values()) {
            if (n[0] <= 1 && n[1] <= 1) {
                if (n[0] == 1 && n[1] == 1) kept++;
                else if (n[1] == 1) added++;
                else removed++;
            } else {
                ambiguousA += n[0];
                ambiguousB += n[1];
            }
        }
        var out = new java.util.LinkedHashMap<String, Object>();
        out.put("new", added);
        out.put("removed", removed);
        out.put("kept", kept);
        out.put("notCompared", noKeyA + ambiguousA + noKeyB + ambiguousB);
        out.put("notComparedBefore", noKeyA + ambiguousA);
        out.put("notComparedAfter", noKeyB + ambiguousB);
        return out;
    }

    /** Counts each object's key on one side; returns the objects without one. */
    private static long count(HeapGraph g, boolean dart, Map<String, int[]> keys, int side) {
        long none = 0;
        for (int o = 0; o < g.objectCount(); o++) {
            long id = g.identity().get(o);
            if (dart && id == 0) {
                none++;
                continue;
            }
            var cls = g.classes().get(g.objectClass().get(o));
            String key = dart ? cls.name() + "\u0000" + cls.library() + "\u0000" + id : Long.toString(id);
            keys.computeIfAbsent(key, k -> new int[2])[side]++;
        }
        return none;
    }

    private static Map<String, HistogramRow> byName(List<HistogramRow> rows) {
        var m = new HashMap<String, HistogramRow>();
        for (var r : rows) m.put(r.name(), r);
        return m;
    }

    private static Object[] row(Queries.Comparison c, String name) {
        return c.classes().rows().stream().filter(r -> r[0].equals(name)).findFirst().orElseThrow();
    }

    private AnalyzedSnapshot open(Path fixture) throws Exception {
        Path dir = java.nio.file.Files.createDirectories(tmp.resolve(fixture.getFileName().toString() + ".d"));
        return AnalyzedSnapshot.open(TestData.copy(fixture, dir), AnalyzedSnapshot.OpenOptions.DEFAULT, Progress.NONE);
    }
}
