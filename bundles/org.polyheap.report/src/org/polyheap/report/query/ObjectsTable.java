package org.polyheap.report.query;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.apache.calcite.DataContext;
import org.apache.calcite.linq4j.Enumerable;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.schema.Statistic;
import org.apache.calcite.schema.Statistics;
import org.polyheap.analysis.Reachability;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.ints.IntOpenHashSet;

/**
 * {@code objects(id, class, shallow, retained, dominator, label, reachability, root_kind, address)}: one row per
 * object of the snapshot, read from the index's columns and the stored dominator tree, nothing copied.
 * Scans answer these conditions themselves (the rest Calcite evaluates on the rows they give):
 * {@code id = '…'} and {@code id IN (…)} (the objects named, found in the identity column),
 * {@code dominator = '…'} (that node's children in the dominator tree), {@code class = '…'} /
 * {@code class IN (…)} (class ids compared, no names), {@code reachability = '…'}, and comparisons of
 * {@code shallow} and {@code retained} with whole numbers, all tested on column blocks before a row is made.
 */
final class ObjectsTable extends HeapTable {
    static final int ID = 0, CLASS = 1, SHALLOW = 2, RETAINED = 3, DOMINATOR = 4, LABEL = 5, REACHABILITY = 6, ROOT_KIND = 7,
            ADDRESS = 8;

    private final HeapContext heap;

    ObjectsTable(HeapContext heap) { this.heap = heap; }

    @Override
    public RelDataType getRowType(RelDataTypeFactory f) {
        return Tables.row(f, "id", "VARCHAR", "class", "VARCHAR", "shallow", "BIGINT", "retained", "BIGINT",
                "dominator", "VARCHAR?", "label", "VARCHAR?", "reachability", "VARCHAR", "root_kind", "VARCHAR?", "address", "BIGINT");
    }

    @Override
    public Statistic getStatistic() {
        // no unique key declared: the planner would take it for a key of the scan's projected columns too
        return Statistics.of(heap.objectCount(), List.of());
    }

    /** What a scan tests, per object. */
    private static final class Plan {
        int[] candidates; // the objects to look at, ascending; null: all
        boolean[] classes; // by class id; null: any
        boolean[] reach; // by reachability code; null: any
        final List<Pushdown.Comparison> shallow = new ArrayList<>(), retained = new ArrayList<>();
        boolean none;

        void restrict(int[] objects) {
            Arrays.sort(objects);
            if (candidates == null) {
                candidates = objects;
            } else {
                var keep = new IntOpenHashSet(objects);
                candidates = Arrays.stream(candidates).filter(keep::contains).toArray();
            }
        }
    }

    @Override
    double rows() { return heap.objectCount(); }

    @Override
    boolean accepts(RexNode c) {
        var cmp = Pushdown.comparison(c);
        if (cmp != null && cmp.value() instanceof Long && (cmp.column() == SHALLOW || cmp.column() == RETAINED)) return true;
        for (int column : new int[] {ID, CLASS, REACHABILITY, DOMINATOR}) {
            List<Object> values = Pushdown.equalities(null, c, column);
            if (values != null && values.stream().allMatch(v -> v instanceof String)) return true;
        }
        return false;
    }

    @Override
    public Enumerable<Object[]> scan(DataContext root, List<RexNode> conditions, int[] projects) {
        Plan plan = new Plan();
        for (RexNode c : conditions) {
            if (!takeOne(root, c, plan)) throw new IllegalStateException("a condition the scan does not answer: " + c);
        }
        int[] columns = projects == null ? new int[] {0, 1, 2, 3, 4, 5, 6, 7, 8} : projects;
        return Tables.enumerable(heap, (from, sink) -> block(plan, columns, from, sink), blocks(plan));
    }

    /** Number of blocks of a scan: objects in blocks of {@link Tables#BLOCK}, or the candidates in one. */
    private int blocks(Plan plan) {
        if (plan.none) return 0;
        if (plan.candidates != null) return (plan.candidates.length + Tables.BLOCK - 1) / Tables.BLOCK;
        return (heap.objectCount() + Tables.BLOCK - 1) / Tables.BLOCK;
    }

    private boolean takeOne(DataContext root, RexNode c, Plan plan) {
        var cmp = Pushdown.comparison(c);
        if (cmp != null && cmp.value() instanceof Long) {
            if (cmp.column() == SHALLOW) { plan.shallow.add(cmp); return true; }
            if (cmp.column() == RETAINED) { plan.retained.add(cmp); return true; }
        }
        for (int column : new int[] {ID, CLASS, REACHABILITY, DOMINATOR}) {
            List<Object> values = Pushdown.equalities(root, c, column);
            if (values == null || !values.stream().allMatch(v -> v instanceof String)) continue;
            switch (column) {
                case ID -> {
                    var found = new IntArrayList();
                    for (Object v : values) {
                        int o = heap.find((String) v);
                        if (o >= 0) found.add(o);
                    }
                    plan.restrict(found.toIntArray());
                }
                case CLASS -> {
                    boolean[] match = new boolean[heap.classNames.length];
                    for (Object v : values) {
                        for (int k = 0; k < match.length; k++) match[k] |= heap.classNames[k].equals(v);
                    }
                    if (plan.classes != null) for (int k = 0; k < match.length; k++) match[k] &= plan.classes[k];
                    plan.classes = match;
                }
                case REACHABILITY -> {
                    boolean[] match = new boolean[Reachability.values().length];
                    for (Object v : values) {
                        Reachability r = Reachability.ofWord((String) v);
                        if (r != null) match[r.ordinal()] = true;
                    }
                    if (plan.reach != null) for (int k = 0; k < match.length; k++) match[k] &= plan.reach[k];
                    plan.reach = match;
                }
                case DOMINATOR -> {
                    var children = new IntArrayList();
                    for (Object v : values) {
                        int node = heap.findNode((String) v);
                        if (node == -3) continue;
                        for (int child : heap.tree.children(node)) if (child < heap.objectCount()) children.add(child);
                    }
                    plan.restrict(children.toIntArray());
                }
                default -> throw new IllegalStateException();
            }
            return true;
        }
        return false;
    }

    /** Adds the rows of block {@code b} that pass the plan's tests to {@code sink}. */
    private void block(Plan plan, int[] columns, int b, List<Object[]> sink) {
        int n = heap.objectCount();
        int[] objects;
        int count;
        if (plan.candidates != null) {
            int from = b * Tables.BLOCK;
            count = Math.min(Tables.BLOCK, plan.candidates.length - from);
            objects = Arrays.copyOfRange(plan.candidates, from, from + count);
        } else {
            int from = b * Tables.BLOCK;
            count = Math.min(Tables.BLOCK, n - from);
            objects = null;
            if (count <= 0) return;
            // contiguous block: read the columns the tests need in bulk
            int[] cls = needs(plan.classes != null, columns, CLASS) ? new int[count] : null;
            long[] shallow = !plan.shallow.isEmpty() || has(columns, SHALLOW) ? new long[count] : null;
            long[] retained = !plan.retained.isEmpty() || has(columns, RETAINED) ? new long[count] : null;
            if (cls != null) heap.graph.objectClass().copyTo(from, cls, 0, count);
            if (shallow != null) heap.graph.shallowSize().copyTo(from, shallow, 0, count);
            if (retained != null) heap.tree.retained().copyTo(from, retained, 0, count);
            for (int i = 0; i < count; i++) {
                int o = from + i;
                if (plan.classes != null && !plan.classes[cls[i]]) continue;
                if (!all(plan.shallow, shallow, i) || !all(plan.retained, retained, i)) continue;
                if (plan.reach != null && !plan.reach[heap.tree.reachability().get(o)]) continue;
                sink.add(row(o, columns, cls == null ? -1 : cls[i], shallow == null ? -1 : shallow[i], retained == null ? -1 : retained[i]));
            }
            return;
        }
        for (int o : objects) {
            if (o < 0 || o >= n) continue;
            int c = heap.graph.objectClass().get(o);
            if (plan.classes != null && !plan.classes[c]) continue;
            long s = heap.graph.shallowSize().get(o), r = heap.tree.retained().get(o);
            if (!all(plan.shallow, s) || !all(plan.retained, r)) continue;
            if (plan.reach != null && !plan.reach[heap.tree.reachability().get(o)]) continue;
            sink.add(row(o, columns, c, s, r));
        }
    }

    private static boolean needs(boolean tested, int[] columns, int column) { return tested || has(columns, column); }

    private static boolean has(int[] columns, int column) {
        for (int c : columns) if (c == column) return true;
        return false;
    }

    private static boolean all(List<Pushdown.Comparison> tests, long[] values, int i) {
        for (var t : tests) if (!t.test(values[i])) return false;
        return true;
    }

    private static boolean all(List<Pushdown.Comparison> tests, long value) {
        for (var t : tests) if (!t.test(value)) return false;
        return true;
    }

    private static final Object[] NO_COLUMNS = {};

    private Object[] row(int o, int[] columns, int cls, long shallow, long retained) {
        if (columns.length == 0) return NO_COLUMNS;
        Object[] row = new Object[columns.length];
        for (int k = 0; k < columns.length; k++) {
            row[k] = switch (columns[k]) {
                case ID -> heap.id(o);
                case CLASS -> heap.classNames[cls >= 0 ? cls : heap.graph.objectClass().get(o)];
                case SHALLOW -> shallow >= 0 ? shallow : heap.graph.shallowSize().get(o);
                case RETAINED -> retained >= 0 ? retained : heap.tree.retained().get(o);
                case DOMINATOR -> heap.node(heap.tree.dominator().get(o));
                case LABEL -> heap.label(o);
                case REACHABILITY -> heap.reachability(o);
                case ROOT_KIND -> heap.rootKinds(o);
                case ADDRESS -> heap.graph.identity().get(o);
                default -> throw new IllegalStateException("column " + columns[k]);
            };
        }
        return row;
    }

    static boolean isObjectColumn(String name) { return name.equals("id") || name.equals("dominator"); }
}
