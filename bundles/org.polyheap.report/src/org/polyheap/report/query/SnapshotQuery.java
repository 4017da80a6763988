package org.polyheap.report.query;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import org.apache.calcite.jdbc.CalciteConnection;
import org.apache.calcite.runtime.CalciteContextException;
import org.apache.calcite.schema.SchemaPlus;
import org.apache.calcite.schema.impl.ScalarFunctionImpl;
import org.apache.calcite.sql.parser.SqlParseException;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.polyheap.report.AnalyzedSnapshot;

/**
 * SQL over one open snapshot, with Apache Calcite planning and running the statements over tables that
 * read the index's mapped columns in place (docs/query.md lists tables, columns and functions; the choice
 * of Calcite is measured in docs/benchmarks.md). One statement at a time per instance ({@link #run} is
 * synchronized); {@link #cancel} may be called from any thread. Close it to free the connection and the
 * inspector; closing does not close the snapshot.
 */
public final class SnapshotQuery implements AutoCloseable {
    /** Names of the tables every snapshot has, then the Java ones. */
    public static final List<String> TABLES = List.of("objects", "refs", "classes", "roots", "threads", "frames");
    /** Names of the functions. */
    public static final List<String> FUNCTIONS = List.of("field", "text", "retained_set_size", "path_to_root", "matches_regex",
            "to_string", "display_name", "array_length", "address_of", "shallow_size", "retained_size");

    private static final ScheduledExecutorService TIMER = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "polyheap-query-timer");
        t.setDaemon(true);
        return t;
    });

    private final HeapContext heap;
    private final CalciteConnection connection;
    private final HeapSchema schema;
    private volatile Statement running;

    public SnapshotQuery(AnalyzedSnapshot snapshot) throws QueryException {
        this.heap = new HeapContext(snapshot);
        this.schema = new HeapSchema(heap);
        Properties info = new Properties();
        info.setProperty("caseSensitive", "false");
        info.setProperty("unquotedCasing", "UNCHANGED");
        info.setProperty("quotedCasing", "UNCHANGED");
        info.setProperty("quoting", "DOUBLE_QUOTE");
        info.setProperty("conformance", "LENIENT");
        info.setProperty("fun", "standard,postgresql");
        try {
            Connection c = new org.apache.calcite.jdbc.Driver().connect("jdbc:calcite:", info);
            connection = c.unwrap(CalciteConnection.class);
            SchemaPlus root = connection.getRootSchema();
            SchemaPlus heapSchema = root.add("heap", schema);
            for (String f : FUNCTIONS) heapSchema.add(f, ScalarFunctionImpl.create(HeapFunctions.class, f));
            connection.setSchema("heap");
        } catch (SQLException e) {
            throw new QueryException(QueryException.Reason.FAILED, "cannot start the query engine: " + e.getMessage());
        }
    }

    /** The tables this snapshot has, in {@link #TABLES} order. */
    public List<String> tables() {
        return TABLES.stream().filter(t -> schema.getTableMap().containsKey(t)).toList();
    }

    /** A table's columns, for completion; empty for an unknown table. */
    public List<String> columns(String table) {
        var t = schema.getTableMap().get(table);
        if (t == null) return List.of();
        return t.getRowType(connection.getTypeFactory()).getFieldNames();
    }

    /** The object an id of a result names (as the tables write ids), or -1. O(log objects) after the first call. */
    public int find(String id) { return heap.find(id); }

    /** The class names of the snapshot, for completion (the class table's order). */
    public List<String> classNames() { return List.of(heap.classNames).stream().distinct().toList(); }

    /**
     * Runs one SQL statement and reads at most {@code limit} rows of its result.
     *
     * @param timeoutMillis the time limit, 0 for none
     * @throws QueryException for a bad statement, a time limit passed or a cancel: one line, with the position where there is one
     */
    public synchronized QueryResult run(String sql, int limit, long timeoutMillis) throws QueryException {
        long start = System.nanoTime();
        heap.reset();
        var timer = timeoutMillis > 0 ? TIMER.schedule(() -> { heap.markTimedOut(); cancelStatement(); }, timeoutMillis,
                TimeUnit.MILLISECONDS) : null;
        HeapContext.CURRENT.set(heap);
        var words = new ColumnWords(sql);
        try (Statement st = connection.createStatement()) {
            running = st;
            try (ResultSet rs = st.executeQuery(words.sql)) {
                ResultSetMetaData md = rs.getMetaData();
                int n = md.getColumnCount();
                var columns = new ArrayList<String>();
                var types = new ArrayList<String>();
                var objects = new ArrayList<Boolean>();
                for (int i = 1; i <= n; i++) {
                    columns.add(md.getColumnLabel(i));
                    types.add(md.getColumnTypeName(i));
                    objects.add(isObjectColumn(md, i));
                }
                var rows = new ArrayList<Object[]>();
                boolean truncated = false;
                while (rs.next()) {
                    if (rows.size() >= limit) {
                        truncated = true;
                        break;
                    }
                    Object[] row = new Object[n];
                    for (int i = 0; i < n; i++) row[i] = value(rs.getObject(i + 1));
                    rows.add(row);
                    if ((rows.size() & 0xfff) == 0) heap.checkCanceled();
                }
                heap.checkCanceled();
                return new QueryResult(columns, types, objects, rows, truncated, (System.nanoTime() - start) / 1_000_000);
            }
        } catch (SQLException | RuntimeException e) {
            if (Boolean.getBoolean("polyheap.query.debug")) e.printStackTrace();
            throw translate(e, timeoutMillis, words);
        } finally {
            running = null;
            HeapContext.CURRENT.remove();
            if (timer != null) timer.cancel(false);
        }
    }

    /**
     * Pays the first statement's costs ahead of it: Calcite's classes and its generated code for a scan,
     * a filter and a grouping of {@code objects}, and the identity lookup (a sort on a snapshot's first use
     * when its ids do not ascend). A window calls it when a Query page opens, so the statement a user
     * then types runs at its warm speed. Cancelled like a statement by {@link #cancel}.
     */
    public void warmUp() throws QueryException {
        heap.prepareIdentities();
        if (heap.objectCount() == 0) return;
        run("SELECT class, count(*), sum(retained) FROM objects WHERE id = '" + heap.id(0) + "' AND shallow >= 0 GROUP BY class ORDER BY 3 DESC",
                1, 0);
    }

    /** Stops the statement running, if any: its {@link #run} throws a {@link QueryException} of reason CANCELED. */
    public void cancel() {
        heap.canceled.set(true);
        cancelStatement();
    }

    private void cancelStatement() {
        Statement st = running;
        if (st == null) return;
        try {
            st.cancel();
        } catch (SQLException | RuntimeException ignored) {
            // the flag stops our scans at their next block anyway
        }
    }

    private boolean isObjectColumn(ResultSetMetaData md, int i) throws SQLException {
        String table = md.getTableName(i), column = md.getColumnName(i);
        Set<String> cols = table == null ? null : HeapSchema.OBJECT_COLUMNS.get(table);
        return cols != null && column != null && cols.contains(column);
    }

    /** A value as the results keep it: whole numbers as Long, others as Double. */
    static Object value(Object v) {
        return switch (v) {
            case null -> null;
            case Integer i -> (long) i;
            case Short s -> (long) s;
            case Byte b -> (long) b;
            case Float f -> (double) f;
            case BigDecimal d -> {
                try {
                    yield d.longValueExact();
                } catch (ArithmeticException notWhole) {
                    yield d.doubleValue();
                }
            }
            default -> v;
        };
    }

    private QueryException translate(Throwable e, long timeoutMillis, ColumnWords words) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof CancellationException) {
                return heap.timedOut()
                        ? new QueryException(QueryException.Reason.TIME_LIMIT, String.format(Locale.ROOT,
                                "the query ran past its time limit of %.1f s and was stopped", timeoutMillis / 1000.0))
                        : new QueryException(QueryException.Reason.CANCELED, "the query was canceled");
            }
        }
        if (heap.canceled.get()) {
            return heap.timedOut() ? new QueryException(QueryException.Reason.TIME_LIMIT, String.format(Locale.ROOT,
                    "the query ran past its time limit of %.1f s and was stopped", timeoutMillis / 1000.0))
                    : new QueryException(QueryException.Reason.CANCELED, "the query was canceled");
        }
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof SqlParseException p) {
                SqlParserPos pos = p.getPos();
                String first = p.getMessage().lines().findFirst().orElse("syntax error").trim();
                first = first.replaceFirst("\\s*at line \\d+, column \\d+\\.?$", "");
                String expected = expected(p);
                int line = pos.getLineNum(), column = words.originalColumn(line, pos.getColumnNum());
                return new QueryException(QueryException.Reason.SYNTAX, at(line, column) + "syntax error: " + first + expected,
                        line, column);
            }
            if (t instanceof CalciteContextException c) {
                String why = c.getCause() != null && c.getCause().getMessage() != null ? c.getCause().getMessage() : c.getMessage();
                int line = c.getPosLine(), column = words.originalColumn(line, c.getPosColumn());
                return new QueryException(QueryException.Reason.INVALID, at(line, column) + oneLine(why), line, column);
            }
        }
        Throwable deepest = e;
        while (deepest.getCause() != null && deepest.getCause() != deepest) deepest = deepest.getCause();
        String message = deepest.getMessage() == null ? deepest.getClass().getSimpleName() : deepest.getMessage();
        return new QueryException(QueryException.Reason.FAILED, "the query failed: " + oneLine(message));
    }

    private static String expected(SqlParseException p) {
        var tokens = p.getExpectedTokenNames();
        if (tokens == null || tokens.isEmpty() || tokens.size() > 6) return "";
        return " (expected " + String.join(", ", tokens.stream().sorted().limit(6).toList()) + ")";
    }

    private static String at(int line, int column) {
        return line > 0 ? "line " + line + ", column " + column + ": " : "";
    }

    private static String oneLine(String s) {
        String first = s.lines().findFirst().orElse("").trim();
        return first.length() > 300 ? first.substring(0, 299) + "…" : first;
    }

    @Override
    public void close() {
        try {
            connection.close();
        } catch (SQLException ignored) {
            // nothing held but memory
        }
        heap.close();
    }
}
