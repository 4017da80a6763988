package org.polyheap.report.query;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.polyheap.model.Progress;
import org.polyheap.report.AnalyzedSnapshot;
import org.polyheap.report.cli.JsonAccess;
import org.polyheap.testdata.TestData;

/**
 * The tables and functions on each format's fixtures, against answers known without Polyheap: the
 * NetBeans profiler library's for the Java dump, Chrome DevTools' for V8, the independent decoder's
 * for Dart, and the known structure of the programs and of the Fuchsia sample.
 */
class QueryTablesTest {
    @TempDir
    static Path tmp;
    private static AnalyzedSnapshot jackson;
    private static SnapshotQuery javaQuery;

    @BeforeAll
    static void openJava() throws Exception {
        jackson = AnalyzedSnapshot.open(TestData.copyUncompressed(TestData.JACKSON_TREE, tmp), AnalyzedSnapshot.OpenOptions.DEFAULT,
                Progress.NONE);
        javaQuery = new SnapshotQuery(jackson);
    }

    @AfterAll
    static void close() {
        javaQuery.close();
        jackson.close();
    }

    static List<Object[]> rows(SnapshotQuery q, String sql) throws QueryException {
        return q.run(sql, 100_000, 120_000).rows();
    }

    static Object one(SnapshotQuery q, String sql) throws QueryException {
        var rows = rows(q, sql);
        assertEquals(1, rows.size(), sql);
        return rows.get(0)[0];
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> json(Path file) throws Exception {
        return (Map<String, Object>) JsonAccess.parse(Files.readString(file));
    }

    @Test
    @SuppressWarnings("unchecked")
    void javaObjectsAndClassesCountAsNetbeans() throws Exception {
        var ref = json(TestData.hprof("jackson-tree.netbeans.json"));
        long instances = ((Number) ref.get("objectCount")).longValue(), classes = ((Number) ref.get("classCount")).longValue();
        // NetBeans does not count class objects as instances; the objects table has one per class
        assertEquals(instances + classes, one(javaQuery, "SELECT count(*) FROM objects"));
        Map<String, Long> counts = new HashMap<>();
        for (Object[] r : rows(javaQuery, "SELECT class, count(*) FROM objects GROUP BY class")) counts.put((String) r[0], (Long) r[1]);
        Map<String, Long> table = new HashMap<>();
        for (Object[] r : rows(javaQuery, "SELECT name, count FROM classes")) table.merge((String) r[0], (Long) r[1], Long::sum);
        for (var row : (List<Map<String, Object>>) ref.get("histogramTopByCount")) {
            long expected = ((Number) row.get("instances")).longValue();
            assertEquals(expected, counts.get((String) row.get("class")), "objects of " + row.get("class"));
            assertEquals(expected, table.get((String) row.get("class")), "classes row of " + row.get("class"));
        }
        assertEquals(ref.get("gcRootDistinctObjects"), one(javaQuery, "SELECT count(DISTINCT id) FROM roots"));
        assertEquals(ref.get("gcRootCount"), one(javaQuery, "SELECT count(*) FROM roots"));
    }

    @Test
    @SuppressWarnings("unchecked")
    void javaDominatorsFieldsReferencesAndPathsAsNetbeans() throws Exception {
        var ref = json(TestData.hprof("jackson-tree.netbeans.json"));
        int paths = 0;
        for (var t : (List<Map<String, Object>>) ref.get("topRetained")) {
            String id = (String) t.get("id"), dom = (String) t.get("immediateDominator");
            if (dom == null) continue;
            String expected = dom.startsWith("(none") ? "<root>" : dom.substring(0, dom.indexOf(' '));
            assertEquals(expected, one(javaQuery, "SELECT dominator FROM objects WHERE id = '" + id + "'"), id);
            if (t.get("incomingReferenceCount") instanceof Number incoming) {
                assertEquals(incoming.longValue(), one(javaQuery, "SELECT count(*) FROM refs WHERE target = '" + id + "' AND kind <> 'class'"), id);
            }
            if (t.get("fields") instanceof Map<?, ?> fields) {
                for (var f : fields.entrySet()) {
                    if (!(f.getValue() instanceof String value) || !value.startsWith("0x")) continue;
                    String target = value.substring(0, value.indexOf(' '));
                    assertEquals(target, one(javaQuery, "SELECT field(id, '" + f.getKey() + "') FROM objects WHERE id = '" + id + "'"));
                    assertEquals(target, one(javaQuery, "SELECT target FROM refs WHERE source = '" + id + "' AND name = '" + f.getKey() + "'"));
                }
            }
            if (t.get("pathToGcRoot") instanceof List<?> path) {
                String p = (String) one(javaQuery, "SELECT path_to_root('" + id + "')");
                var last = (Map<String, Object>) path.get(path.size() - 1);
                assertEquals(path.size(), p.split(" <-").length, p);
                assertTrue(p.startsWith(id + " "), p);
                assertTrue(p.contains(last.get("id") + " "), p + " ends at " + last.get("id"));
                paths++;
            }
        }
        assertTrue(paths > 0);
    }

    /** JacksonTree.java keeps every order in Holder.byId under its id "ORD-" + (100000 + i). */
    @Test
    void javaStringTextsAndFieldValuesAreTheProgramsOwn() throws Exception {
        String holder = (String) one(javaQuery, "SELECT id FROM objects WHERE class = 'JacksonTree$Holder'");
        long orders = (Long) one(javaQuery, "SELECT field('" + holder + "', 'byId.size')");
        assertEquals(orders, one(javaQuery, "SELECT count(DISTINCT text(id)) FROM objects WHERE class = 'java.lang.String'"
                + " AND text(id) SIMILAR TO 'ORD-1[0-9]{5}'"));
        assertEquals("ORD-100000", one(javaQuery, "SELECT min(text(id)) FROM objects WHERE class = 'java.lang.String'"
                + " AND text(id) LIKE 'ORD-1%'"));
        assertNull(one(javaQuery, "SELECT text('" + holder + "')"), "text of an object that is no string");
        assertEquals(holder, one(javaQuery, "SELECT dominator FROM objects WHERE id = field('" + holder + "', 'byId')"));
        // the map retains itself, its table and a node per order; keys and values are the tree's, held by it too
        assertEquals(orders + 2, one(javaQuery, "SELECT retained_set_size(field('" + holder + "', 'byId'))"));
    }

    @Test
    void javaThreadsAndFramesOfTheMainThread() throws Exception {
        var main = rows(javaQuery, "SELECT id FROM threads WHERE name = 'main'");
        assertEquals(1, main.size());
        var frames = rows(javaQuery, "SELECT method, class FROM frames WHERE thread = '" + main.get(0)[0] + "' ORDER BY depth");
        assertTrue(frames.stream().anyMatch(f -> f[0].equals("main") && f[1].equals("JacksonTree")), "main is on the stack");
    }

    @SuppressWarnings("unchecked")
    @Test
    void v8TablesAsChromeDevtools() throws Exception {
        var ref = json(TestData.v8("chrome-todo.devtools.json"));
        try (var s = AnalyzedSnapshot.open(TestData.copyUncompressed(TestData.CHROME_TODO, tmp), AnalyzedSnapshot.OpenOptions.DEFAULT,
                Progress.NONE); var q = new SnapshotQuery(s)) {
            assertEquals(ref.get("nodeCount"), one(q, "SELECT count(*) FROM objects"));
            assertEquals(ref.get("edgeCount"), one(q, "SELECT count(*) FROM refs"));
            for (var t : (List<Map<String, Object>>) ref.get("top")) {
                String id = "@" + t.get("id");
                var row = rows(q, "SELECT retained, shallow FROM objects WHERE id = '" + id + "'").get(0);
                assertEquals(((Number) t.get("retainedSize")).longValue(), row[0], id);
                assertEquals(((Number) t.get("devtoolsSelfSize")).longValue(), row[1], id);
            }
            // a V8 string's text is its node name, as DevTools shows it
            for (Object[] r : rows(q, "SELECT text(id), label FROM objects WHERE class = '(string)' LIMIT 50")) assertEquals(r[1], r[0]);
        }
    }

    @Test
    void dartTablesAsTheIndependentDecoder() throws Exception {
        String facts = Files.readString(TestData.dart("dart-sass-ia32-a-tiny.facts.txt"));
        long objects = number(facts, "objectCount: ([\\d,]+)");
        long nonZero = number(facts, "non-zero references: ([\\d,]+)");
        long reachable = number(facts, "reachable from object 1 .*?: ([\\d,]+) objects");
        long reachableBytes = number(facts, "reachable from object 1 .*?shallow total ([\\d,]+) bytes");
        try (var s = AnalyzedSnapshot.open(TestData.copyUncompressed(TestData.DART_TINY, tmp), AnalyzedSnapshot.OpenOptions.DEFAULT,
                Progress.NONE); var q = new SnapshotQuery(s)) {
            assertEquals(objects, one(q, "SELECT count(*) FROM objects"));
            assertEquals(nonZero, one(q, "SELECT count(*) FROM refs"));
            var r = rows(q, "SELECT count(*), sum(shallow) FROM objects WHERE reachability <> 'unreachable'").get(0);
            assertEquals(reachable, r[0]);
            assertEquals(reachableBytes, r[1]);
            assertEquals("#1", one(q, "SELECT id FROM objects WHERE class = 'Root'"), "object 1 is the root");
        }
    }

    private static long number(String text, String regex) {
        var m = java.util.regex.Pattern.compile(regex).matcher(text);
        assertTrue(m.find(), regex);
        return Long.parseLong(m.group(1).replace(",", ""));
    }

    /** The Fuchsia sample: a root holding 3 nodes, each holding 4 leaves (one pointing back into its node), and a two-block cycle. */
    @Test
    void warmingUpMakesTheIdentityLookupAndKeepsItForTheNextOpen() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("warm"));
        Path file = TestData.copyUncompressed(TestData.GEN_40, dir);
        String id;
        try (var s = AnalyzedSnapshot.open(file, AnalyzedSnapshot.OpenOptions.DEFAULT, Progress.NONE);
             var q = new SnapshotQuery(s)) {
            assertEquals(null, s.analysis().identityLookupIfMade());
            q.warmUp();
            assertTrue(s.analysis().identityLookupIfMade() != null, "warm-up made the lookup");
            id = org.polyheap.report.ObjectNames.id(s.graph(), 12_345);
            assertEquals(12_345, q.find(id));
        }
        try (var s = AnalyzedSnapshot.open(file, AnalyzedSnapshot.OpenOptions.DEFAULT, Progress.NONE);
             var q = new SnapshotQuery(s)) {
            assertEquals(1L, one(q, "SELECT count(*) FROM objects WHERE id = '" + id + "'"));
            assertTrue(!s.analysis().identityLookup().inPlace(), "mapped from the index, sorted: gen-40's addresses do not ascend");
        }
    }

    @Test
    void fuchsiaTablesAsTheSamplesStructure() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("fuchsia"));
        Path file = TestData.copy(TestData.FUCHSIA_TREE, dir);
        Path contents = TestData.copyFolder(TestData.FUCHSIA_TREE.resolveSibling("sample-tree.contents"), dir.resolve("sample-tree.contents"));
        var options = AnalyzedSnapshot.OpenOptions.DEFAULT.with(org.polyheap.report.OpenOption.CONTENTS, contents.toString());
        try (var s = AnalyzedSnapshot.open(file, options, Progress.NONE);
             var q = new SnapshotQuery(s)) {
            assertEquals(18L, one(q, "SELECT count(*) FROM objects"));
            // 3 + 12 pointers down, 3 leaves pointing into their node, 2 in the cycle
            assertEquals(20L, one(q, "SELECT count(*) FROM refs"));
            var fanOut = rows(q, "SELECT source, count(*) FROM refs GROUP BY source HAVING count(*) >= 3 ORDER BY 2 DESC");
            assertEquals(4, fanOut.size(), "the root and the 3 nodes");
        }
    }

    @Test
    void badStatementsSayWhereInOneLine() throws Exception {
        var e = org.junit.jupiter.api.Assertions.assertThrows(QueryException.class, () -> javaQuery.run("SELECT nme FROM objects", 10, 0));
        assertEquals(QueryException.Reason.INVALID, e.reason());
        assertEquals("line 1, column 8: Column 'nme' not found in any table", e.getMessage());
        e = org.junit.jupiter.api.Assertions.assertThrows(QueryException.class, () -> javaQuery.run("SELECT count FROM\nclasses WHERE", 10, 0));
        assertEquals(QueryException.Reason.SYNTAX, e.reason());
        assertEquals(2, e.line());
        assertTrue(e.getMessage().startsWith("line 2, column "), e.getMessage());
        assertTrue(e.getMessage().lines().count() == 1, e.getMessage());
        e = org.junit.jupiter.api.Assertions.assertThrows(QueryException.class, () -> javaQuery.run("SELECT * FROM heap_objects", 10, 0));
        assertEquals("line 1, column 15: Object 'heap_objects' not found", e.getMessage());
    }

    @Test
    void aQueryPastItsTimeLimitStops() throws Exception {
        long start = System.nanoTime();
        var e = org.junit.jupiter.api.Assertions.assertThrows(QueryException.class,
                () -> javaQuery.run(SLOW, 10, 300));
        assertEquals(QueryException.Reason.TIME_LIMIT, e.reason());
        assertTrue((System.nanoTime() - start) / 1_000_000 < 20_000, "stopped soon after the limit");
        assertEquals(javaQuery.run("SELECT count(*) FROM classes", 10, 0).rows().size(), 1, "the engine still answers");
    }

    /** A path search per object: minutes for the whole dump. */
    private static final String SLOW = "SELECT count(*) FROM objects WHERE path_to_root(id) IS NULL";

    @Test
    void aCanceledQueryStops() throws Exception {
        var done = new java.util.concurrent.atomic.AtomicBoolean();
        var t = new Thread(() -> { // cancels until the query has stopped: a cancel before it starts is not enough
            while (!done.get()) {
                javaQuery.cancel();
                java.util.concurrent.locks.LockSupport.parkNanos(1_000_000);
            }
        });
        t.start();
        try {
            var e = org.junit.jupiter.api.Assertions.assertThrows(QueryException.class, () -> javaQuery.run(SLOW, 10, 0));
            assertEquals(QueryException.Reason.CANCELED, e.reason());
            assertEquals("the query was canceled", e.getMessage());
        } finally {
            done.set(true);
            t.join();
        }
    }
}
