package org.polyheap.report.query;

import java.util.Arrays;
import java.util.List;

import org.apache.calcite.DataContext;
import org.apache.calcite.linq4j.Enumerable;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.schema.Statistic;
import org.apache.calcite.schema.Statistics;
import org.polyheap.model.ReferenceKind;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.ints.IntOpenHashSet;

/**
 * {@code refs(source, target, kind, name)}: one row per reference of the snapshot, in the order of the
 * index (by source, then as the format lists them). Scans answer {@code source = '…'} / {@code IN} (the
 * source's row of the outbound index), {@code target = '…'} / {@code IN} (the inbound index, built on its
 * first use) and {@code kind = '…'} / {@code IN} themselves.
 */
public final class RefsTable extends HeapTable {
    static final int SOURCE = 0, TARGET = 1, KIND = 2, NAME = 3;

    private final HeapContext heap;

    RefsTable(HeapContext heap) { this.heap = heap; }

    @Override
    public RelDataType getRowType(RelDataTypeFactory f) {
        return Tables.row(f, "source", "VARCHAR", "target", "VARCHAR", "kind", "VARCHAR", "name", "VARCHAR?");
    }

    @Override
    public Statistic getStatistic() { return Statistics.of(heap.graph.outTarget().size(), List.of()); }

    private static final class Plan {
        int[] sources; // ascending; null: every object
        IntOpenHashSet targets; // null: any
        boolean[] kinds; // by kind code; null: any
    }

    @Override
    double rows() { return heap.graph.outTarget().size(); }

    /** Objects of the snapshot: references per object on average is {@code rows() / objects()}. */
    double objects() { return heap.objectCount(); }

    @Override
    boolean accepts(RexNode c) {
        for (int column : new int[] {SOURCE, TARGET, KIND}) {
            List<Object> v = Pushdown.equalities(null, c, column);
            if (v != null && v.stream().allMatch(x -> x instanceof String)) return true;
        }
        return false;
    }

    @Override
    public Enumerable<Object[]> scan(DataContext root, List<RexNode> conditions, int[] projects) {
        Plan plan = new Plan();
        for (RexNode c : conditions) {
            if (!take(root, c, plan)) throw new IllegalStateException("a condition the scan does not answer: " + c);
        }
        int[] columns = projects == null ? new int[] {0, 1, 2, 3} : projects;
        int sources = plan.sources == null ? heap.objectCount() : plan.sources.length;
        return Tables.enumerable(heap, (b, sink) -> block(plan, columns, b, sink), (sources + Tables.BLOCK - 1) / Tables.BLOCK);
    }

    private boolean take(DataContext root, RexNode c, Plan plan) {
        List<Object> v = Pushdown.equalities(root, c, SOURCE);
        if (v != null && v.stream().allMatch(x -> x instanceof String)) {
            int[] found = v.stream().mapToInt(x -> heap.find((String) x)).filter(o -> o >= 0).distinct().sorted().toArray();
            if (plan.sources != null) {
                var keep = new IntOpenHashSet(found);
                found = Arrays.stream(plan.sources).filter(keep::contains).toArray();
            }
            plan.sources = found;
            return true;
        }
        v = Pushdown.equalities(root, c, TARGET);
        if (v != null && v.stream().allMatch(x -> x instanceof String)) {
            var targets = new IntOpenHashSet();
            var sources = new IntArrayList();
            for (Object x : v) {
                int t = heap.find((String) x);
                if (t < 0) continue;
                targets.add(t);
                var g = heap.graph;
                for (long p = g.inStart().get(t), end = g.inStart().get(t + 1L); p < end; p++) sources.add(g.inSource().get(p));
            }
            if (plan.targets != null) targets.retainAll(plan.targets);
            plan.targets = targets;
            int[] found = Arrays.stream(sources.toIntArray()).distinct().sorted().toArray();
            if (plan.sources != null) {
                var keep = new IntOpenHashSet(found);
                found = Arrays.stream(plan.sources).filter(keep::contains).toArray();
            }
            plan.sources = found;
            return true;
        }
        v = Pushdown.equalities(root, c, KIND);
        if (v != null && v.stream().allMatch(x -> x instanceof String)) {
            boolean[] kinds = new boolean[ReferenceKind.values().length];
            for (Object x : v) {
                for (ReferenceKind k : ReferenceKind.values()) kinds[k.code()] |= HeapContext.kindWord(k.code()).equals(x);
            }
            if (plan.kinds != null) for (int k = 0; k < kinds.length; k++) kinds[k] &= plan.kinds[k];
            plan.kinds = kinds;
            return true;
        }
        return false;
    }

    private void block(Plan plan, int[] columns, int b, List<Object[]> sink) {
        int from = b * Tables.BLOCK;
        int count = Math.min(Tables.BLOCK, (plan.sources == null ? heap.objectCount() : plan.sources.length) - from);
        for (int i = 0; i < count; i++) edges(plan, columns, plan.sources == null ? from + i : plan.sources[from + i], -1, null, sink);
    }

    /**
     * Adds the rows of the references from {@code o} (to {@code onlyTarget} only, unless -1) that pass the
     * plan's tests, each after {@code prefix} (the row of a join's other side) when it is not null.
     */
    private void edges(Plan plan, int[] columns, int o, int onlyTarget, Object[] prefix, List<Object[]> sink) {
        var g = heap.graph;
        long start = g.outStart().get(o), end = g.outStart().get(o + 1L);
        edges(plan, columns, o, start, (int) (end - start), onlyTarget, prefix, sink);
    }

    /** As above, for the references at positions {@code start ..< start + degree} of {@code o}'s row only. */
    private void edges(Plan plan, int[] columns, int o, long start, int degree, int onlyTarget, Object[] prefix,
            List<Object[]> sink) {
        var g = heap.graph;
        if (degree == 0) return;
        boolean wantName = has(columns, NAME), wantKind = wantName || has(columns, KIND) || plan.kinds != null;
        boolean wantTarget = has(columns, TARGET) || plan.targets != null || onlyTarget >= 0;
        int[] targets = null, kinds = null, names = null;
        if (wantTarget) { targets = new int[degree]; g.outTarget().copyTo(start, targets, 0, degree); }
        if (wantKind) { kinds = new int[degree]; g.outKind().copyTo(start, kinds, 0, degree); }
        if (wantName) { names = new int[degree]; g.outName().copyTo(start, names, 0, degree); }
        String source = null;
        int skip = prefix == null ? 0 : prefix.length;
        for (int k = 0; k < degree; k++) {
            if (plan.kinds != null && !plan.kinds[kinds[k]]) continue;
            if (plan.targets != null && !plan.targets.contains(targets[k])) continue;
            if (onlyTarget >= 0 && targets[k] != onlyTarget) continue;
            if (columns.length == 0 && prefix == null) {
                sink.add(NO_COLUMNS);
                continue;
            }
            Object[] row = new Object[skip + columns.length];
            if (prefix != null) System.arraycopy(prefix, 0, row, 0, skip);
            for (int c = 0; c < columns.length; c++) {
                row[skip + c] = switch (columns[c]) {
                    case SOURCE -> source == null ? (source = heap.id(o)) : source;
                    case TARGET -> heap.id(targets[k]);
                    case KIND -> HeapContext.kindWord(kinds[k]);
                    case NAME -> heap.refName(kinds[k], names[k]);
                    default -> throw new IllegalStateException();
                };
            }
            sink.add(row);
        }
    }

    /**
     * A join of other rows with this table on {@code left[key] = source} (or {@code = target} when
     * {@code byTarget}): each row of {@code left} followed by the columns {@code projects} of the references
     * of the object it names that pass the {@code conditions}, found in the outbound (inbound) index: the
     * cost is that of the references joined, not of the table. Public for the generated code.
     */
    public Enumerable<Object[]> lookupJoin(Enumerable<Object[]> left, int key, boolean byTarget, DataContext root,
            List<RexNode> conditions, int[] projects) {
        Plan plan = new Plan();
        for (RexNode c : conditions) {
            if (!take(root, c, plan)) throw new IllegalStateException("a condition the scan does not answer: " + c);
        }
        int[] columns = projects == null ? new int[] {0, 1, 2, 3} : projects;
        var g = heap.graph;
        var bigRows = new it.unimi.dsi.fastutil.ints.Int2ObjectOpenHashMap<long[]>(); // source → its (target, slot) sorted
        return Tables.joined(heap, left, (row, sink) -> {
            Object k = row[key];
            int o = k instanceof String text ? heap.find(text) : -1;
            if (o < 0) return;
            if (!byTarget) {
                if (plan.sources == null || Arrays.binarySearch(plan.sources, o) >= 0) edges(plan, columns, o, -1, row, sink);
                return;
            }
            int previous = -1;
            for (long p = g.inStart().get(o), end = g.inStart().get(o + 1L); p < end; p++) {
                int s = g.inSource().get(p);
                if (s == previous) continue; // a source listed k times: its k references found in one pass
                previous = s;
                if (plan.sources != null && Arrays.binarySearch(plan.sources, s) < 0) continue;
                long start = g.outStart().get(s), stop = g.outStart().get(s + 1L);
                if (stop - start < BIG_ROW) {
                    edges(plan, columns, s, start, (int) (stop - start), o, row, sink);
                    continue;
                }
                // a big array or table referring to many of the objects joined: find o's slots by binary search,
                // not by reading the whole row once per object
                long[] sorted = bigRows.computeIfAbsent(s, unused -> {
                    int n = (int) (stop - start);
                    int[] targets = new int[n];
                    g.outTarget().copyTo(start, targets, 0, n);
                    long[] keyed = new long[n];
                    for (int i = 0; i < n; i++) keyed[i] = (long) targets[i] << 32 | i;
                    Arrays.sort(keyed);
                    return keyed;
                });
                int at = Arrays.binarySearch(sorted, (long) o << 32);
                for (int i = at < 0 ? -at - 1 : at; i < sorted.length && (int) (sorted[i] >>> 32) == o; i++) {
                    edges(plan, columns, s, start + (int) sorted[i], 1, o, row, sink);
                }
            }
        });
    }

    private static final Object[] NO_COLUMNS = {};
    /** References of one source from which a join by target finds its slots by binary search. */
    private static final int BIG_ROW = 512;

    private static boolean has(int[] columns, int column) {
        for (int c : columns) if (c == column) return true;
        return false;
    }
}
