package org.polyheap.report.query;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.polyheap.model.ClassInfo;
import org.polyheap.model.HeapGraph;
import org.polyheap.model.Progress;
import org.polyheap.report.AnalyzedSnapshot;
import org.polyheap.testdata.TestData;

/**
 * The forms of MAT's OQL that {@link Oql} translates, each as MAT's documentation writes it, run on the
 * Jackson dump and checked against the graph read directly (and the program's known structure); and
 * the forms it refuses, each refused with its name.
 */
class OqlTest {
    @TempDir
    static Path tmp;
    private static AnalyzedSnapshot s;
    private static SnapshotQuery q;

    @BeforeAll
    static void open() throws Exception {
        s = AnalyzedSnapshot.open(TestData.copyUncompressed(TestData.JACKSON_TREE, tmp), AnalyzedSnapshot.OpenOptions.DEFAULT,
                Progress.NONE);
        q = new SnapshotQuery(s);
    }

    @AfterAll
    static void close() {
        q.close();
        s.close();
    }

    private static List<Object[]> oql(String statement) throws QueryException {
        return q.run(Oql.toSql(statement, s.graph().classes()), 1_000_000, 120_000).rows();
    }

    /** Objects whose class is one of the named classes, counted from the class column. */
    private static long objectsOf(java.util.function.Predicate<ClassInfo> which) {
        HeapGraph g = s.graph();
        long n = 0;
        for (int o = 0; o < g.objectCount(); o++) if (which.test(g.classes().get(g.objectClass().get(o)))) n++;
        return n;
    }

    @Test
    void selectStarFromAClass() throws Exception {
        var rows = oql("SELECT * FROM java.lang.String");
        assertEquals(objectsOf(c -> c.name().equals("java.lang.String")), rows.size());
        assertEquals("java.lang.String", rows.get(0)[1]);
    }

    @Test
    void selectFromInstanceofTakesSubclasses() throws Exception {
        var classes = s.graph().classes();
        java.util.function.Predicate<ClassInfo> isMap = c -> {
            for (ClassInfo k = c; k != null; k = k.superClass() < 0 ? null : classes.get(k.superClass())) {
                if (k.name().equals("java.util.AbstractMap")) return true;
            }
            return false;
        };
        long expected = objectsOf(isMap);
        assertTrue(expected > objectsOf(c -> c.name().equals("java.util.HashMap")), "LinkedHashMaps and others too");
        assertEquals(expected, oql("SELECT * FROM INSTANCEOF java.util.AbstractMap").size());
    }

    @Test
    void selectFromAClassPattern() throws Exception {
        var p = java.util.regex.Pattern.compile("java\\.util\\.Hash.*");
        assertEquals(objectsOf(c -> p.matcher(c.name()).matches()), oql("SELECT * FROM \"java\\.util\\.Hash.*\"").size());
    }

    @Test
    void selectFromAnAddress() throws Exception {
        var rows = oql("SELECT * FROM 0xe01b8ff0");
        assertEquals(1, rows.size());
        assertEquals("JacksonTree$Holder", rows.get(0)[1]);
    }

    /** JacksonTree.java names its orders "ORD-" + (100000 + i): ten of them match ORD-10000., as a regular expression. */
    @Test
    void toStringAndLikeAreRegularExpressionsOnTheText() throws Exception {
        var rows = oql("SELECT toString(s) FROM java.lang.String s WHERE toString(s) LIKE \"ORD-10000.\"");
        assertEquals(List.of("ORD-100000", "ORD-100001", "ORD-100002", "ORD-100003", "ORD-100004", "ORD-100005", "ORD-100006",
                "ORD-100007", "ORD-100008", "ORD-100009"), rows.stream().map(r -> (String) r[0]).sorted().toList());
        long notLike = oql("SELECT * FROM java.lang.String s WHERE toString(s) NOT LIKE \"ORD-.*\"").size();
        long like = oql("SELECT * FROM java.lang.String s WHERE toString(s) LIKE \"ORD-.*\"").size();
        assertEquals(objectsOf(c -> c.name().equals("java.lang.String")), like + notLike);
    }

    @Test
    void builtInAttributes() throws Exception {
        var tree = s.analysis().dominatorTree();
        var rows = oql("SELECT s.@objectId, s.@objectAddress, s.@usedHeapSize, s.@retainedHeapSize, s.@displayName "
                + "FROM java.lang.String s WHERE s.@retainedHeapSize > 5000");
        assertTrue(!rows.isEmpty());
        for (Object[] r : rows) {
            int o = org.polyheap.report.ObjectNames.find(s.graph(), (String) r[0]);
            assertEquals(s.graph().identity().get(o), r[1]);
            assertEquals(s.graph().shallowSize().get(o), r[2]);
            assertEquals(tree.retained().get(o), r[3]);
            assertTrue(tree.retained().get(o) > 5000);
            assertTrue(((String) r[4]).startsWith("java.lang.String @ " + r[0]), (String) r[4]);
        }
    }

    @Test
    void fieldNavigationAndLength() throws Exception {
        // the String's byte[] value: its @length is the array's own length, read from the dump
        var rows = oql("SELECT s.@objectId, s.value.@length, s.value FROM java.lang.String s WHERE s.value.@length > 1000");
        assertTrue(!rows.isEmpty());
        try (var inspector = s.parser().inspector(s.file(), s.graph())) {
            for (Object[] r : rows) {
                int value = org.polyheap.report.ObjectNames.find(s.graph(), (String) r[2]);
                assertEquals((long) inspector.arrayLength(value).getAsInt(), r[1]);
                assertTrue((Long) r[1] > 1000);
            }
        }
        assertEquals(List.of(5000L), oql("SELECT h.byId.size FROM JacksonTree$Holder h").stream().map(r -> r[0]).toList());
        assertEquals(1, oql("SELECT * FROM JacksonTree$Holder h WHERE h.byId.size = 5000 AND (h.tree != null OR h.document = null)").size());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "SELECT DISTINCT s FROM java.lang.String s | SELECT DISTINCT",
            "SELECT OBJECTS s.value FROM java.lang.String s | SELECT OBJECTS",
            "SELECT AS RETAINED SET * FROM java.lang.String | SELECT AS RETAINED SET",
            "SELECT * FROM (SELECT * FROM java.lang.String) | a sub-select in FROM",
            "SELECT dominators(s) FROM java.lang.String s | the function dominators()",
            "SELECT s.getName() FROM java.lang.String s | a method call",
            "SELECT * FROM java.lang.String s UNION (SELECT * FROM java.lang.Object) | 'UNION'",
            "SELECT s.@GCRootInfo FROM java.lang.String s | the attribute @GCRootInfo",
            "SELECT * FROM OBJECTS java.lang.String | FROM OBJECTS",
            "SELECT s[0] FROM java.lang.Object[] s | the character '['"})
    void formsOutsideTheSubsetAreRefusedByName(String statement, String named) {
        var e = assertThrows(QueryException.class, () -> Oql.toSql(statement, s.graph().classes()));
        assertEquals(QueryException.Reason.UNSUPPORTED, e.reason());
        assertTrue(e.getMessage().contains(named), e.getMessage());
        assertTrue(e.getMessage().startsWith("line 1, column "), e.getMessage());
    }
}
