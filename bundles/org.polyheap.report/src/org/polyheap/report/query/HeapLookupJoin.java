package org.polyheap.report.query;

import java.util.List;

import org.apache.calcite.adapter.enumerable.EnumerableConvention;
import org.apache.calcite.adapter.enumerable.EnumerableRel;
import org.apache.calcite.adapter.enumerable.EnumerableRelImplementor;
import org.apache.calcite.adapter.enumerable.JavaRowFormat;
import org.apache.calcite.adapter.enumerable.PhysType;
import org.apache.calcite.adapter.enumerable.PhysTypeImpl;
import org.apache.calcite.linq4j.tree.BlockBuilder;
import org.apache.calcite.linq4j.tree.Expression;
import org.apache.calcite.linq4j.tree.Expressions;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelOptCost;
import org.apache.calcite.plan.RelOptPlanner;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelWriter;
import org.apache.calcite.rel.SingleRel;
import org.apache.calcite.rel.metadata.RelMetadataQuery;
import org.apache.calcite.rel.type.RelDataType;

/**
 * An inner join of any rows with {@code refs} on {@code key = refs.source} (or {@code refs.target}): for each
 * row of its input, the references of the object the key names, looked up in the outbound (inbound) index
 * rather than found by scanning all references ({@link RefsTable#lookupJoin}). Made by {@link HeapRules}.
 */
final class HeapLookupJoin extends SingleRel implements EnumerableRel {
    private static final java.lang.reflect.Method LOOKUP_JOIN;

    static {
        try {
            LOOKUP_JOIN = RefsTable.class.getMethod("lookupJoin", org.apache.calcite.linq4j.Enumerable.class, int.class,
                    boolean.class, org.apache.calcite.DataContext.class, List.class, int[].class);
        } catch (NoSuchMethodException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    final HeapScan refs;
    final int key;
    final boolean byTarget;

    HeapLookupJoin(RelOptCluster cluster, RelNode input, HeapScan refs, int key, boolean byTarget) {
        super(cluster, cluster.traitSetOf(EnumerableConvention.INSTANCE), input);
        this.refs = refs;
        this.key = key;
        this.byTarget = byTarget;
        this.rowType = null; // derived again with the fields set
    }

    @Override
    public RelNode copy(RelTraitSet traitSet, List<RelNode> inputs) {
        return new HeapLookupJoin(getCluster(), inputs.get(0), refs, key, byTarget);
    }

    @Override
    protected RelDataType deriveRowType() {
        var b = getCluster().getTypeFactory().builder();
        b.addAll(getInput().getRowType().getFieldList());
        b.addAll(refs.getRowType().getFieldList());
        return b.uniquify().build();
    }

    @Override
    public RelWriter explainTerms(RelWriter pw) {
        return super.explainTerms(pw).item("key", key).item("on", byTarget ? "target" : "source")
                .itemIf("conditions", refs.conditions, !refs.conditions.isEmpty());
    }

    private double degree() {
        double objects = Math.max(1, ((RefsTable) refs.heapTable).objects());
        return Math.max(1, refs.heapTable.rows() / objects * Math.pow(0.05, refs.conditions.size()));
    }

    @Override
    public double estimateRowCount(RelMetadataQuery mq) {
        return mq.getRowCount(getInput()) * degree();
    }

    @Override
    public RelOptCost computeSelfCost(RelOptPlanner planner, RelMetadataQuery mq) {
        double in = mq.getRowCount(getInput());
        double work = in * (1 + degree()) * 0.5; // a lookup per row, then the references found
        return planner.getCostFactory().makeCost(work, work, 0);
    }

    @Override
    public Result implement(EnumerableRelImplementor implementor, Prefer pref) {
        BlockBuilder b = new BlockBuilder();
        Result in = implementor.visitChild(this, 0, (EnumerableRel) getInput(), Prefer.ARRAY);
        Expression left = b.append("left", in.block);
        Expression rows = in.physType.convertTo(left, JavaRowFormat.ARRAY);
        Expression table = Expressions.convert_(implementor.stash(refs.heapTable, HeapTable.class), RefsTable.class);
        Expression conditions = implementor.stash(refs.conditions, List.class);
        Expression projects = refs.projects == null ? Expressions.constant(null, int[].class) : Expressions.constant(refs.projects);
        PhysType physType = PhysTypeImpl.of(implementor.getTypeFactory(), getRowType(), pref.preferArray());
        b.add(Expressions.return_(null, Tables.as(Expressions.call(table, LOOKUP_JOIN, rows, Expressions.constant(key),
                Expressions.constant(byTarget), implementor.getRootExpression(), conditions, projects), physType.getFormat())));
        return implementor.result(physType, b.toBlock());
    }
}
