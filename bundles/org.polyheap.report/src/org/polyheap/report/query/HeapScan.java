package org.polyheap.report.query;

import java.util.Arrays;
import java.util.List;

import org.apache.calcite.adapter.enumerable.EnumerableConvention;
import org.apache.calcite.adapter.enumerable.EnumerableRel;
import org.apache.calcite.adapter.enumerable.EnumerableRelImplementor;
import org.apache.calcite.adapter.enumerable.JavaRowFormat;
import org.apache.calcite.adapter.enumerable.PhysType;
import org.apache.calcite.adapter.enumerable.PhysTypeImpl;
import org.apache.calcite.linq4j.tree.Blocks;
import org.apache.calcite.linq4j.tree.Expression;
import org.apache.calcite.linq4j.tree.Expressions;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelOptCost;
import org.apache.calcite.plan.RelOptPlanner;
import org.apache.calcite.plan.RelOptTable;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelWriter;
import org.apache.calcite.rel.core.TableScan;
import org.apache.calcite.rel.metadata.RelMetadataQuery;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeField;
import org.apache.calcite.rex.RexNode;

/** A scan of a {@link HeapTable} with the conditions and columns pushed into it (see {@link HeapRules}). */
final class HeapScan extends TableScan implements EnumerableRel {
    final HeapTable heapTable;
    final List<RexNode> conditions;
    final int[] projects; // null: every column

    HeapScan(RelOptCluster cluster, RelOptTable table, HeapTable heapTable, List<RexNode> conditions, int[] projects) {
        super(cluster, cluster.traitSetOf(EnumerableConvention.INSTANCE), List.of(), table);
        this.heapTable = heapTable;
        this.conditions = List.copyOf(conditions);
        this.projects = projects == null ? null : projects.clone();
        this.rowType = null; // TableScan's constructor derived it before the projection was set
    }

    @Override
    public RelNode copy(RelTraitSet traitSet, List<RelNode> inputs) {
        return new HeapScan(getCluster(), table, heapTable, conditions, projects);
    }

    @Override
    public RelDataType deriveRowType() {
        var fields = table.getRowType().getFieldList();
        if (projects == null) return table.getRowType();
        var b = getCluster().getTypeFactory().builder();
        for (int p : projects) {
            RelDataTypeField f = fields.get(p);
            b.add(f.getName(), f.getType());
        }
        return b.uniquify().build();
    }

    @Override
    public RelWriter explainTerms(RelWriter pw) {
        return super.explainTerms(pw).itemIf("conditions", conditions, !conditions.isEmpty())
                .itemIf("projects", projects == null ? null : Arrays.toString(projects), projects != null);
    }

    @Override
    public void register(RelOptPlanner planner) {
        for (var rule : HeapRules.RULES) planner.addRule(rule);
    }

    @Override
    public double estimateRowCount(RelMetadataQuery mq) {
        return Math.max(1, heapTable.rows() * Math.pow(0.05, conditions.size()));
    }

    @Override
    public RelOptCost computeSelfCost(RelOptPlanner planner, RelMetadataQuery mq) {
        double rows = estimateRowCount(mq);
        double columns = projects == null ? table.getRowType().getFieldCount() : projects.length;
        double all = table.getRowType().getFieldCount();
        // Reading fewer columns, and testing conditions in the scan, is cheaper than rows for Calcite to filter.
        // The planner compares costs by their row count alone, so the columns read scale it too.
        double work = (heapTable.rows() * 0.1 + rows) * (columns + 1) / (all + 1);
        return planner.getCostFactory().makeCost(work, work, 0);
    }

    @Override
    public Result implement(EnumerableRelImplementor implementor, Prefer pref) {
        // the format Calcite's other operators assume for this row type (a single column is a scalar)
        PhysType physType = PhysTypeImpl.of(implementor.getTypeFactory(), getRowType(), pref.preferArray());
        Expression tableExp = implementor.stash(heapTable, HeapTable.class);
        Expression conditionsExp = implementor.stash(conditions, List.class);
        Expression projectsExp = projects == null ? Expressions.constant(null, int[].class) : Expressions.constant(projects);
        return implementor.result(physType, Blocks.toBlock(Tables.as(Expressions.call(tableExp, "scan",
                implementor.getRootExpression(), conditionsExp, projectsExp), physType.getFormat())));
    }
}
