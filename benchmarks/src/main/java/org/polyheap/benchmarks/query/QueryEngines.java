package org.polyheap.benchmarks.query;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

import org.duckdb.DuckDBConnection;
import org.polyheap.analysis.DominatorTree;
import org.polyheap.model.HeapGraph;
import org.polyheap.model.Progress;
import org.polyheap.report.AnalyzedSnapshot;
import org.polyheap.report.ObjectNames;
import org.polyheap.report.query.SnapshotQuery;

/**
 * The engine comparison of docs/benchmarks.md ("SQL over a snapshot"): the same three statements, as a
 * user types them, through Apache Calcite over the index's mapped columns (what Polyheap ships,
 * {@link SnapshotQuery}) and through DuckDB's JDBC driver over the same data copied into DuckDB tables
 * (with views that write ids as the format does). Each statement runs {@code rounds} times; the first
 * run and the median of the others are printed, with the heap used. Run with the heap limit measured:
 *
 *   java -Xmx2g -cp benchmarks/target/benchmarks.jar org.polyheap.benchmarks.query.QueryEngines FILE [ROUNDS] [calcite|duckdb|both] [CLASS]
 *
 * FILE's index is built first when missing (polyheap parse FILE does it beforehand).
 */
public final class QueryEngines {
    private QueryEngines() { }

    public static void main(String[] args) throws Exception {
        Path file = Path.of(args[0]);
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 5;
        String engines = args.length > 2 ? args[2] : "both";
        String joinClass = args.length > 3 ? args[3] : "Gen$Customer";
        try (var s = AnalyzedSnapshot.open(file, AnalyzedSnapshot.OpenOptions.DEFAULT, Progress.NONE)) {
            HeapGraph g = s.graph();
            String someId = ObjectNames.id(g, g.objectCount() / 2);
            List<String> statements = List.of(
                    "SELECT class, count(*), sum(retained) FROM objects WHERE shallow > 100 GROUP BY class ORDER BY 3 DESC LIMIT 20",
                    "SELECT * FROM objects WHERE id = '" + someId + "'",
                    "SELECT r.name, count(*) FROM objects o JOIN refs r ON r.source = o.id WHERE o.class = '" + joinClass
                            + "' GROUP BY r.name",
                    "SELECT count(*), count(DISTINCT r.target) FROM objects o JOIN refs r ON r.source = o.id WHERE o.class = '"
                            + joinClass + "'",
                    "SELECT count(*) FROM objects o JOIN refs r ON r.target = o.id WHERE o.class = '" + joinClass + "'");
            System.out.printf(Locale.ROOT, "file %s: %,d objects, %,d references; max heap %,d MB%n", file, g.objectCount(),
                    g.outTarget().size(), Runtime.getRuntime().maxMemory() >> 20);
            if (!engines.equals("duckdb")) {
                try (var q = new SnapshotQuery(s)) {
                    for (String sql : statements) {
                        measure("calcite", sql, rounds, () -> q.run(sql, 1000, 0).rows());
                    }
                }
            }
            if (!engines.equals("calcite")) duckdb(s, statements, rounds);
        }
    }

    interface Run {
        List<Object[]> run() throws Exception;
    }

    private static void measure(String engine, String sql, int rounds, Run run) throws Exception {
        long[] ms = new long[rounds];
        List<Object[]> rows = null;
        for (int i = 0; i < rounds; i++) {
            long t = System.nanoTime();
            rows = run.run();
            ms[i] = (System.nanoTime() - t) / 1_000_000;
        }
        long[] warm = Arrays.copyOfRange(ms, Math.min(1, rounds - 1), rounds);
        Arrays.sort(warm);
        Runtime r = Runtime.getRuntime();
        System.out.printf(Locale.ROOT, "%-8s first %,6d ms  median %,6d ms  (%d rounds)  heap used %,d MB  %d rows, first %s%n    %s%n",
                engine, ms[0], warm[warm.length / 2], rounds, (r.totalMemory() - r.freeMemory()) >> 20, rows.size(),
                rows.isEmpty() ? "-" : Arrays.toString(rows.get(0)), sql);
    }

    /** DuckDB: the snapshot's columns appended into tables, then views with the tables' names and columns. */
    private static void duckdb(AnalyzedSnapshot s, List<String> statements, int rounds) throws Exception {
        HeapGraph g = s.graph();
        DominatorTree tree = s.analysis().dominatorTree();
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement st = c.createStatement()) {
            st.execute("SET threads = 2");
            st.execute("SET memory_limit = '2GB'");
            long t = System.nanoTime();
            st.execute("CREATE TABLE classes_dim(class_id INTEGER, name VARCHAR)");
            st.execute("CREATE TABLE names_dim(name_id INTEGER, name VARCHAR)");
            st.execute("CREATE TABLE objects_raw(oid INTEGER, address UBIGINT, class_id INTEGER, shallow BIGINT, retained BIGINT, dominator INTEGER)");
            st.execute("CREATE TABLE refs_raw(source INTEGER, target INTEGER, kind TINYINT, name_id INTEGER)");
            var dc = c.unwrap(DuckDBConnection.class);
            try (var a = dc.createAppender(DuckDBConnection.DEFAULT_SCHEMA, "classes_dim")) {
                for (int i = 0; i < g.classes().size(); i++) a.beginRow().append(i).append(g.classes().get(i).name()).endRow();
            }
            try (var a = dc.createAppender(DuckDBConnection.DEFAULT_SCHEMA, "names_dim")) {
                for (int i = 0; i < g.stringCount(); i++) a.beginRow().append(i).append(g.string(i)).endRow();
            }
            try (var a = dc.createAppender(DuckDBConnection.DEFAULT_SCHEMA, "objects_raw")) {
                for (int o = 0; o < g.objectCount(); o++) {
                    a.beginRow().append(o).append(g.identity().get(o)).append(g.objectClass().get(o)).append(g.shallowSize().get(o))
                            .append(tree.retained().get(o)).append(tree.dominator().get(o)).endRow();
                }
            }
            try (var a = dc.createAppender(DuckDBConnection.DEFAULT_SCHEMA, "refs_raw")) {
                for (int o = 0; o < g.objectCount(); o++) {
                    for (long p = g.outStart().get(o), end = g.outStart().get(o + 1L); p < end; p++) {
                        a.beginRow().append(o).append(g.outTarget().get(p)).append((byte) g.outKind().get(p)).append(g.outName().get(p)).endRow();
                    }
                }
            }
            long loaded = (System.nanoTime() - t) / 1_000_000;
            st.execute("CREATE VIEW objects AS SELECT printf('0x%x', o.address) AS id, c.name AS class, o.shallow, o.retained, o.oid "
                    + "FROM objects_raw o JOIN classes_dim c USING (class_id)");
            st.execute("CREATE VIEW refs AS SELECT printf('0x%x', s.address) AS source, printf('0x%x', t.address) AS target, "
                    + "n.name AS name FROM refs_raw r JOIN objects_raw s ON s.oid = r.source JOIN objects_raw t ON t.oid = r.target "
                    + "LEFT JOIN names_dim n ON n.name_id = r.name_id AND r.kind <> 1");
            Runtime r = Runtime.getRuntime();
            System.out.printf(Locale.ROOT, "duckdb   loaded the tables in %,d ms; heap used %,d MB; DuckDB's own memory: %s%n", loaded,
                    (r.totalMemory() - r.freeMemory()) >> 20, one(st, "SELECT sum(memory_usage_bytes) // (1024 * 1024) || ' MB' FROM duckdb_memory()"));
            for (String sql : statements) {
                measure("duckdb", sql, rounds, () -> {
                    var rows = new ArrayList<Object[]>();
                    try (ResultSet rs = st.executeQuery(sql)) {
                        int n = rs.getMetaData().getColumnCount();
                        while (rs.next()) {
                            Object[] row = new Object[n];
                            for (int i = 0; i < n; i++) row[i] = rs.getObject(i + 1);
                            rows.add(row);
                        }
                    }
                    return rows;
                });
            }
        }
    }

    private static String one(Statement st, String sql) throws Exception {
        try (ResultSet rs = st.executeQuery(sql)) {
            return rs.next() ? rs.getString(1) : "?";
        }
    }
}
