package org.polyheap.report.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.polyheap.testdata.TestData;

/** {@code polyheap query}: its JSON and CSV documents, OQL, and one line for a bad statement. */
class QueryCommandTest {
    @TempDir
    static Path tmp;
    private static String v8;

    @BeforeAll
    static void copy() throws Exception {
        v8 = TestData.copyUncompressed(TestData.CHROME_TODO, tmp).toString();
    }

    @Test
    @SuppressWarnings("unchecked")
    void jsonHasColumnsAndRowsWithIntegers() throws Exception {
        var r = CommandRun.of("query", v8, "SELECT class, count(*) AS objects, sum(shallow) AS bytes FROM objects "
                + "GROUP BY class ORDER BY 3 DESC", "--limit", "5", "--json", "--quiet");
        assertEquals(0, r.code(), r.err());
        var doc = (Map<String, Object>) JsonAccess.parse(r.out());
        assertEquals(List.of("class", "objects", "bytes"), doc.get("columns"));
        var rows = (List<List<Object>>) doc.get("rows");
        assertEquals(5, rows.size());
        assertEquals(Boolean.TRUE, doc.get("truncated"));
        assertTrue(rows.get(0).get(1) instanceof Long && rows.get(0).get(2) instanceof Long, "integers: " + rows.get(0));
        assertTrue(!r.out().contains("E+") && !r.out().contains(".0,"), "no number written as a decimal");
        long total = 0;
        var all = (Map<String, Object>) JsonAccess.parse(CommandRun.of("query", v8, "SELECT sum(shallow) FROM objects", "--json",
                "--quiet").out());
        total = (Long) ((List<List<Object>>) all.get("rows")).get(0).get(0);
        var ref = (Map<String, Object>) JsonAccess.parse(java.nio.file.Files.readString(TestData.v8("chrome-todo.devtools.json")));
        assertEquals(((Number) ref.get("totalSize")).longValue(), total, "every byte, as DevTools counts them");
    }

    @Test
    void csvHasAHeaderAndOneLinePerRow() {
        var r = CommandRun.of("query", v8, "SELECT id, class FROM objects", "--limit", "3", "--csv", "--quiet");
        assertEquals(0, r.code(), r.err());
        var lines = r.out().lines().toList();
        assertEquals("id,class", lines.get(0));
        assertEquals(4, lines.size());
        assertTrue(lines.get(1).startsWith("@"), lines.get(1));
    }

    @Test
    void oqlRunsAsItsTranslation() {
        var oql = CommandRun.of("query", v8, "SELECT s.@objectId FROM \"\\(string\\)\" s WHERE s.@retainedHeapSize > 100",
                "--oql", "--csv", "--limit", "100000", "--quiet");
        var sql = CommandRun.of("query", v8, "SELECT id FROM objects WHERE class = '(string)' AND retained > 100",
                "--csv", "--limit", "100000", "--quiet");
        assertEquals(0, oql.code(), oql.err());
        assertEquals(sql.out().lines().skip(1).sorted().toList(), oql.out().lines().skip(1).sorted().toList());
        assertTrue(sql.out().lines().count() > 2);
    }

    @Test
    void aBadStatementIsOneLineWithItsPosition() {
        var r = CommandRun.of("query", v8, "SELECT id FROM objects WHERE retained >", "--quiet");
        assertEquals(2, r.code());
        assertEquals(1, r.err().lines().count(), r.err());
        assertTrue(r.err().startsWith("polyheap: line 1, column "), r.err());
        r = CommandRun.of("query", v8, "SELECT OBJECTS s FROM java.lang.String s", "--oql", "--quiet");
        assertEquals(2, r.code());
        assertEquals("polyheap: line 1, column 8: OQL: SELECT OBJECTS is not supported (docs/query.md lists the OQL that is)",
                r.err().strip());
    }
}
