package org.polyheap.report.query;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

import org.apache.calcite.DataContext;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.sql.SqlKind;

/**
 * Reads the conditions Calcite hands a table's scan ({@code ProjectableFilterableTable}): comparisons of a
 * column with a literal, and ORs of equalities of one column ({@code id IN (...)}), with Calcite's
 * {@code SEARCH} ranges expanded first. A table takes the conditions it can answer from its columns and
 * indexes and leaves the others to Calcite, so a condition is never answered wrongly, only more slowly.
 */
final class Pushdown {
    private Pushdown() { }

    /** {@code column op value}: op one of =, <>, <, <=, >, >=; value a Long (whole numbers) or a String. */
    record Comparison(int column, SqlKind op, Object value) {
        boolean test(long v) {
            long x = (Long) value;
            return switch (op) {
                case EQUALS -> v == x;
                case NOT_EQUALS -> v != x;
                case LESS_THAN -> v < x;
                case LESS_THAN_OR_EQUAL -> v <= x;
                case GREATER_THAN -> v > x;
                case GREATER_THAN_OR_EQUAL -> v >= x;
                default -> throw new IllegalStateException(op.toString());
            };
        }
    }

    /** SEARCH calls (Calcite's ranges and IN lists) rewritten as ORs and ANDs of comparisons. */
    static RexNode expand(DataContext root, RexNode node) {
        if (root != null && node instanceof RexCall c && c.getKind() == SqlKind.SEARCH) {
            return RexUtil.expandSearch(new RexBuilder(root.getTypeFactory()), null, node);
        }
        return node;
    }

    /** The conjuncts of a condition, SEARCHes expanded. */
    static List<RexNode> conjuncts(DataContext root, RexNode node) {
        var out = new ArrayList<RexNode>();
        RexNode n = expand(root, node);
        if (n.getKind() == SqlKind.AND) {
            for (RexNode o : ((RexCall) n).getOperands()) out.addAll(conjuncts(root, o));
        } else {
            out.add(n);
        }
        return out;
    }

    /** The condition as one comparison of a column with a literal, or null. */
    static Comparison comparison(RexNode node) {
        if (!(node instanceof RexCall c) || c.getOperands().size() != 2) return null;
        SqlKind op = c.getKind();
        switch (op) {
            case EQUALS, NOT_EQUALS, LESS_THAN, LESS_THAN_OR_EQUAL, GREATER_THAN, GREATER_THAN_OR_EQUAL -> { }
            default -> { return null; }
        }
        Integer column = column(c.getOperands().get(0));
        RexNode other = c.getOperands().get(1);
        if (column == null) {
            column = column(other);
            other = c.getOperands().get(0);
            op = op.reverse();
        }
        if (column == null) return null;
        Object value = literal(other);
        return value == null ? null : new Comparison(column, op, value);
    }

    /** The values of {@code column = v1 OR column = v2 ...} (one or more), or null when the condition is not of that form. */
    static List<Object> equalities(DataContext root, RexNode node, int column) {
        RexNode n = expand(root, node);
        var out = new ArrayList<Object>();
        var disjuncts = n.getKind() == SqlKind.OR ? ((RexCall) n).getOperands() : List.of(n);
        for (RexNode d : disjuncts) {
            Comparison c = comparison(d);
            if (c == null || c.column() != column || c.op() != SqlKind.EQUALS) return null;
            out.add(c.value());
        }
        return out;
    }

    private static Integer column(RexNode n) {
        if (n instanceof RexInputRef r) return r.getIndex();
        if (n instanceof RexCall c && c.getKind() == SqlKind.CAST && c.getOperands().get(0) instanceof RexInputRef r) {
            return r.getIndex(); // a cast of a column to a wider type compares the same values
        }
        return null;
    }

    private static Object literal(RexNode n) {
        if (n instanceof RexCall c && c.getKind() == SqlKind.CAST) n = c.getOperands().get(0);
        if (!(n instanceof RexLiteral l) || l.isNull()) return null;
        return switch (l.getTypeName().getFamily() == null ? "" : l.getTypeName().getFamily().toString()) {
            case "NUMERIC" -> {
                BigDecimal d = l.getValueAs(BigDecimal.class);
                try {
                    yield d == null ? null : d.longValueExact();
                } catch (ArithmeticException notWhole) {
                    yield null;
                }
            }
            case "CHARACTER" -> l.getValueAs(String.class);
            default -> null;
        };
    }
}
