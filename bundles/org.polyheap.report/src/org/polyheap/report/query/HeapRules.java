package org.polyheap.report.query;

import java.util.ArrayList;
import java.util.List;

import org.apache.calcite.plan.RelOptRule;
import org.apache.calcite.plan.RelOptRuleCall;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rel.core.AggregateCall;
import org.apache.calcite.adapter.enumerable.EnumerableConvention;
import org.apache.calcite.plan.volcano.RelSubset;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.JoinInfo;
import org.apache.calcite.rel.core.JoinRelType;
import org.apache.calcite.rel.logical.LogicalAggregate;
import org.apache.calcite.rel.logical.LogicalJoin;
import org.apache.calcite.rel.logical.LogicalFilter;
import org.apache.calcite.rel.logical.LogicalProject;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexShuttle;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.util.ImmutableBitSet;
import org.apache.calcite.util.mapping.Mapping;
import org.apache.calcite.util.mapping.MappingType;
import org.apache.calcite.util.mapping.Mappings;

/**
 * The planner rules of {@link HeapScan}: a filter's conjuncts that the table answers go into the scan
 * (the rest stay in a filter above it), and a projection's columns into the scan (the projection's
 * expressions stay above it, over the columns read).
 */
final class HeapRules {
    private HeapRules() { }

    static final List<RelOptRule> RULES = List.of(new FilterIntoScan(), new ProjectIntoScan(), new AggregateIntoScan(),
            new ProjectFilterIntoScan(), new JoinToLookup(false), new JoinToLookup(true));

    /** Filter(HeapScan without projection) → [Filter(rest)] HeapScan(conditions + taken). */
    static final class FilterIntoScan extends RelOptRule {
        FilterIntoScan() {
            super(operand(LogicalFilter.class, operand(HeapScan.class, none())), "HeapFilterIntoScan");
        }

        @Override
        public void onMatch(RelOptRuleCall call) {
            LogicalFilter filter = call.rel(0);
            HeapScan scan = call.rel(1);
            if (scan.projects != null) return;
            var rex = filter.getCluster().getRexBuilder();
            var taken = new ArrayList<RexNode>(scan.conditions);
            var rest = new ArrayList<RexNode>();
            for (RexNode c : RelOptUtil.conjunctions(filter.getCondition())) {
                RexNode expanded = RexUtil.expandSearch(rex, null, c);
                var parts = RelOptUtil.conjunctions(expanded);
                if (parts.stream().allMatch(scan.heapTable::accepts)) taken.addAll(parts);
                else rest.add(c);
            }
            if (taken.size() == scan.conditions.size()) return;
            var newScan = new HeapScan(scan.getCluster(), scan.getTable(), scan.heapTable, taken, null);
            var b = call.builder().push(newScan);
            if (!rest.isEmpty()) b.filter(rest);
            call.transformTo(b.build());
        }
    }

    /** Project(HeapScan without projection) → Project(over the columns used) HeapScan(those columns). */
    static final class ProjectIntoScan extends RelOptRule {
        ProjectIntoScan() {
            super(operand(LogicalProject.class, operand(HeapScan.class, none())), "HeapProjectIntoScan");
        }

        @Override
        public void onMatch(RelOptRuleCall call) {
            LogicalProject project = call.rel(0);
            HeapScan scan = call.rel(1);
            if (scan.projects != null) return;
            ImmutableBitSet used = RelOptUtil.InputFinder.bits(project.getProjects(), null);
            int[] columns = used.toArray();
            int[] position = new int[scan.getRowType().getFieldCount()];
            for (int i = 0; i < columns.length; i++) position[columns[i]] = i;
            var newScan = new HeapScan(scan.getCluster(), scan.getTable(), scan.heapTable, scan.conditions, columns);
            var shuttle = new RexShuttle() {
                @Override
                public RexNode visitInputRef(RexInputRef ref) {
                    return new RexInputRef(position[ref.getIndex()], ref.getType());
                }
            };
            var exprs = new ArrayList<RexNode>();
            for (RexNode e : project.getProjects()) exprs.add(e.accept(shuttle));
            var b = call.builder().push(newScan).project(exprs, project.getRowType().getFieldNames(), true);
            call.transformTo(b.build());
        }
    }

    /** Aggregate(HeapScan without projection) → Aggregate(over the columns used) HeapScan(those columns). */
    static final class AggregateIntoScan extends RelOptRule {
        AggregateIntoScan() {
            super(operand(LogicalAggregate.class, operand(HeapScan.class, none())), "HeapAggregateIntoScan");
        }

        @Override
        public void onMatch(RelOptRuleCall call) {
            LogicalAggregate aggregate = call.rel(0);
            HeapScan scan = call.rel(1);
            if (scan.projects != null) return;
            var used = ImmutableBitSet.builder().addAll(aggregate.getGroupSet());
            for (var g : aggregate.getGroupSets()) used.addAll(g);
            for (AggregateCall c : aggregate.getAggCallList()) {
                used.addAll(c.getArgList());
                if (c.filterArg >= 0) used.set(c.filterArg);
            }
            int[] columns = used.build().toArray();
            int fields = scan.getRowType().getFieldCount();
            Mapping mapping = Mappings.create(MappingType.INVERSE_SURJECTION, fields, columns.length);
            for (int i = 0; i < columns.length; i++) mapping.set(columns[i], i);
            var newScan = new HeapScan(scan.getCluster(), scan.getTable(), scan.heapTable, scan.conditions, columns);
            var groupSets = aggregate.getGroupSets().stream().map(g -> Mappings.apply(mapping, g)).toList();
            var calls = aggregate.getAggCallList().stream().map(c -> c.transform(mapping)).toList();
            call.transformTo(aggregate.copy(aggregate.getTraitSet(), newScan, Mappings.apply(mapping, aggregate.getGroupSet()),
                    groupSets, calls));
        }
    }

    /**
     * Project(Filter(HeapScan)) → Project(Filter(rest)) HeapScan(conditions taken, columns used): both at
     * once, since the planner does not always offer the scan a filter rule made to the projection's rule.
     */
    static final class ProjectFilterIntoScan extends RelOptRule {
        ProjectFilterIntoScan() {
            super(operand(LogicalProject.class, operand(LogicalFilter.class, operand(HeapScan.class, none()))),
                    "HeapProjectFilterIntoScan");
        }

        @Override
        public void onMatch(RelOptRuleCall call) {
            LogicalProject project = call.rel(0);
            LogicalFilter filter = call.rel(1);
            HeapScan scan = call.rel(2);
            if (scan.projects != null) return;
            var rex = filter.getCluster().getRexBuilder();
            var taken = new ArrayList<RexNode>(scan.conditions);
            var rest = new ArrayList<RexNode>();
            for (RexNode c : RelOptUtil.conjunctions(filter.getCondition())) {
                RexNode expanded = RexUtil.expandSearch(rex, null, c);
                var parts = RelOptUtil.conjunctions(expanded);
                if (parts.stream().allMatch(scan.heapTable::accepts)) taken.addAll(parts);
                else rest.add(c);
            }
            ImmutableBitSet used = RelOptUtil.InputFinder.bits(project.getProjects(), null)
                    .union(RelOptUtil.InputFinder.bits(rest, null));
            int[] columns = used.toArray();
            int[] position = new int[scan.getRowType().getFieldCount()];
            for (int i = 0; i < columns.length; i++) position[columns[i]] = i;
            var shuttle = new RexShuttle() {
                @Override
                public RexNode visitInputRef(RexInputRef ref) {
                    return new RexInputRef(position[ref.getIndex()], ref.getType());
                }
            };
            var newScan = new HeapScan(scan.getCluster(), scan.getTable(), scan.heapTable, taken, columns);
            var b = call.builder().push(newScan);
            if (!rest.isEmpty()) b.filter(rest.stream().map(r -> r.accept(shuttle)).toList());
            b.project(project.getProjects().stream().map(e -> e.accept(shuttle)).toList(), project.getRowType().getFieldNames(), true);
            call.transformTo(b.build());
        }
    }

    /**
     * Join(rows, HeapScan(refs)) on {@code rows.k = refs.source} (or {@code refs.target}), inner → a
     * {@link HeapLookupJoin}; with {@code refsLeft}, the join written the other way round, its columns put
     * back in order by a projection.
     */
    static final class JoinToLookup extends RelOptRule {
        private final boolean refsLeft;

        JoinToLookup(boolean refsLeft) {
            super(operand(LogicalJoin.class, any()), "HeapJoinToLookup" + (refsLeft ? "Left" : ""));
            this.refsLeft = refsLeft;
        }

        /**
         * The refs scan that {@code input} reads, with the columns it gives: a {@link HeapScan} of refs, under
         * projections of plain columns and filters the scan answers (as the planner's field trimming and
         * filter push-down leave them); null for anything else.
         */
        private static HeapScan refsScan(RelNode input) {
            RelNode r = input instanceof RelSubset s ? s.getOriginal() : input;
            if (r instanceof HeapScan h) return h.heapTable instanceof RefsTable ? h : null;
            if (r instanceof LogicalProject p && p.getProjects().stream().allMatch(e -> e instanceof RexInputRef)) {
                HeapScan below = refsScan(p.getInput());
                if (below == null) return null;
                int[] columns = p.getProjects().stream().mapToInt(e -> {
                    int i = ((RexInputRef) e).getIndex();
                    return below.projects == null ? i : below.projects[i];
                }).toArray();
                return new HeapScan(below.getCluster(), below.getTable(), below.heapTable, below.conditions, columns);
            }
            if (r instanceof LogicalFilter f) {
                HeapScan below = refsScan(f.getInput());
                if (below == null || below.projects != null) return null;
                var rex = f.getCluster().getRexBuilder();
                var conditions = new ArrayList<RexNode>(below.conditions);
                for (RexNode c : RelOptUtil.conjunctions(RexUtil.expandSearch(rex, null, f.getCondition()))) {
                    if (!below.heapTable.accepts(c)) return null;
                    conditions.add(c);
                }
                return new HeapScan(below.getCluster(), below.getTable(), below.heapTable, conditions, null);
            }
            return null;
        }

        @Override
        public void onMatch(RelOptRuleCall call) {
            LogicalJoin join = call.rel(0);
            if (join.getJoinType() != JoinRelType.INNER) return;
            RelNode other = refsLeft ? join.getRight() : join.getLeft();
            JoinInfo info = join.analyzeCondition();
            if (!info.isEqui() || info.leftKeys.size() != 1) return;
            HeapScan refs = refsScan(refsLeft ? join.getLeft() : join.getRight());
            if (refs != null) {
                int otherKey = refsLeft ? info.rightKeys.get(0) : info.leftKeys.get(0);
                int refsKey = refsLeft ? info.leftKeys.get(0) : info.rightKeys.get(0);
                int column = refs.projects == null ? refsKey : refs.projects[refsKey];
                if (column != RefsTable.SOURCE && column != RefsTable.TARGET) return;
                RelNode input = convert(other, other.getTraitSet().replace(EnumerableConvention.INSTANCE));
                RelNode lookup = new HeapLookupJoin(join.getCluster(), input, refs, otherKey, column == RefsTable.TARGET);
                if (!refsLeft) {
                    call.transformTo(lookup);
                    return;
                }
                int n = other.getRowType().getFieldCount(), r = refs.getRowType().getFieldCount();
                var b = call.builder().push(lookup);
                var fields = new ArrayList<RexNode>();
                for (int i = 0; i < r; i++) fields.add(b.field(n + i));
                for (int i = 0; i < n; i++) fields.add(b.field(i));
                call.transformTo(b.project(fields, join.getRowType().getFieldNames(), true).build());
            }
        }
    }
}
