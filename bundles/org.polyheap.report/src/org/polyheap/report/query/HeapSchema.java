package org.polyheap.report.query;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.apache.calcite.schema.Table;
import org.apache.calcite.schema.impl.AbstractSchema;
import org.polyheap.analysis.Grouping;
import org.polyheap.analysis.HistogramRow;
import org.polyheap.model.GcRoot;
import org.polyheap.model.Progress;
import org.polyheap.model.format.SnapshotFormat;
import org.polyheap.report.JavaThreads;

/**
 * The tables of one snapshot (docs/query.md): {@code objects}, {@code refs}, {@code classes}, {@code roots}
 * for every format, and {@code threads} and {@code frames} for Java heap dumps.
 */
final class HeapSchema extends AbstractSchema {
    /** Columns, by table, whose values are object ids. */
    static final Map<String, Set<String>> OBJECT_COLUMNS = Map.of("objects", Set.of("id", "dominator"),
            "refs", Set.of("source", "target"), "roots", Set.of("id", "thread"), "threads", Set.of("id"),
            "frames", Set.of("thread"));

    private final Map<String, Table> tables = new LinkedHashMap<>();

    HeapSchema(HeapContext heap) {
        tables.put("objects", new ObjectsTable(heap));
        tables.put("refs", new RefsTable(heap));
        tables.put("classes", new ListTable(List.of(), () -> classes(heap), "name", "VARCHAR", "count", "BIGINT",
                "shallow", "BIGINT", "retained", "BIGINT", "retained_is_lower_bound", "BOOLEAN"));
        tables.put("roots", new ListTable(List.of("id", "thread"), () -> roots(heap), "id", "VARCHAR", "kind", "VARCHAR",
                "thread", "VARCHAR?"));
        if (heap.snapshot.format() == SnapshotFormat.HPROF) {
            tables.put("threads", new ListTable(List.of("id"), () -> threads(heap, false), "id", "VARCHAR", "name", "VARCHAR?",
                    "state", "VARCHAR", "daemon", "BOOLEAN?", "retained", "BIGINT", "locals_retained", "BIGINT"));
            tables.put("frames", new ListTable(List.of("thread"), () -> threads(heap, true), "thread", "VARCHAR", "depth",
                    "BIGINT", "class", "VARCHAR", "method", "VARCHAR", "location", "VARCHAR", "locals", "BIGINT",
                    "locals_retained", "BIGINT"));
        }
    }

    @Override
    protected Map<String, Table> getTableMap() { return tables; }

    private static List<Object[]> classes(HeapContext heap) {
        var rows = new ArrayList<Object[]>();
        for (HistogramRow r : heap.snapshot.analysis().histogram(Grouping.CLASS, null, Progress.NONE)) {
            rows.add(new Object[] {r.name(), r.objects(), r.shallow(), r.retained(), r.retainedIsLowerBound()});
        }
        return rows;
    }

    private static List<Object[]> roots(HeapContext heap) {
        var rows = new ArrayList<Object[]>();
        for (GcRoot r : heap.graph.gcRoots()) {
            rows.add(new Object[] {heap.id(r.object()), r.kind().label(), r.context() >= 0 ? heap.id(r.context()) : null});
        }
        return rows;
    }

    private static List<Object[]> threads(HeapContext heap, boolean frames) {
        List<JavaThreads.JavaThread> threads;
        try {
            threads = JavaThreads.of(heap.snapshot);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        var rows = new ArrayList<Object[]>();
        for (var t : threads) {
            if (!frames) {
                rows.add(new Object[] {t.id(), t.name(), t.state(), t.daemon(), t.retained(), t.localsRetained()});
                continue;
            }
            for (var f : t.frames()) {
                rows.add(new Object[] {t.id(), (long) f.depth(), f.frame().className(), f.frame().method(), f.frame().location(),
                        (long) f.locals().size(), f.localsRetained()});
            }
        }
        return rows;
    }
}
