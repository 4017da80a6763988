package org.polyheap.report.query;

import java.util.List;

import org.apache.calcite.DataContext;
import org.apache.calcite.linq4j.Enumerable;
import org.apache.calcite.plan.RelOptTable;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.schema.TranslatableTable;
import org.apache.calcite.schema.impl.AbstractTable;

/**
 * A big table of a snapshot ({@code objects}, {@code refs}): planned as a {@link HeapScan}, into which
 * {@link HeapRules} push the columns a statement uses and the conditions the table answers from its
 * columns and indexes, so a scan reads only those columns and makes rows only for the objects that pass.
 * Its rows stream to Calcite's generated code block by block (never all in memory). Public only for the generated code.
 */
public abstract class HeapTable extends AbstractTable implements TranslatableTable {
    HeapTable() { }

    /** True when the scan can answer this condition (a conjunct, SEARCH already expanded) itself. */
    abstract boolean accepts(RexNode condition);

    /**
     * The rows: the {@code projects} columns (null: all) of the rows that pass every one of the
     * {@code conditions} (each accepted by {@link #accepts}); public for the generated code.
     */
    public abstract Enumerable<Object[]> scan(DataContext root, List<RexNode> conditions, int[] projects);

    /** Rows the table has, for the planner. */
    abstract double rows();

    @Override
    public RelNode toRel(RelOptTable.ToRelContext context, RelOptTable table) {
        return new HeapScan(context.getCluster(), table, this, List.of(), null);
    }
}
