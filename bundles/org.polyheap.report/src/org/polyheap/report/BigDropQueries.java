package org.polyheap.report;

import java.util.regex.Pattern;

import org.polyheap.analysis.BigDrops;
import org.polyheap.analysis.DominatorTree;
import org.polyheap.model.HeapGraph;
import org.polyheap.model.Progress;
import org.polyheap.model.format.SnapshotFormat;
import org.polyheap.report.table.Column;
import org.polyheap.report.table.Table;

/**
 * The big drops in the dominator tree ({@link BigDrops}, Eclipse MAT's query of that name) as the table
 * {@code polyheap bigdrops} prints and the window's Big Drops page shows: one row per accumulation
 * point, depth first, with the drop below it and its first dominator whose class the skip pattern does
 * not match. Cost: {@link BigDrops#find}, then O(1) per row; no file I/O.
 */
public final class BigDropQueries {
    private BigDropQueries() { }

    /**
     * The rows, and the drops behind them row for row.
     *
     * @param table the {@code drops} table
     * @param found the walk's drops, its threshold and skip pattern
     */
    public record Drops(Table table, BigDrops.Result found) { }

    /** The skip pattern a format gets by default: MAT's for Java, none for the others (their classes have no JDK to skip). */
    public static String defaultSkip(SnapshotFormat format) {
        return format == SnapshotFormat.HPROF ? BigDrops.MAT_SKIP : null;
    }

    /**
     * The drops of a snapshot.
     *
     * @param percent the threshold in percent of the heap ({@link BigDrops#MAT_THRESHOLD_PERCENT} as MAT)
     * @param skip    the classes of dominators to pass over (a regular expression on the whole class name,
     *                {@code class X} for the class object of X); null for none
     */
    public static Drops bigDrops(AnalyzedSnapshot s, double percent, Pattern skip, Progress progress) {
        HeapGraph g = s.graph();
        DominatorTree tree = s.analysis().dominatorTree();
        var found = BigDrops.find(g, tree, percent, skip, progress);
        var b = new Table.Builder("drops", Column.count("level", "Level"), Column.text("id", "Accumulation point"),
                Column.text("class", "Class"), Column.text("label", "Value"), Column.bytes("retained", "Retained bytes"),
                Column.percent("percent", "% of heap"), Column.count("children", "Children"),
                Column.bytes("biggestChild", "Biggest child retained bytes"), Column.bytes("drop", "Drop bytes"),
                Column.text("dominator", "Dominator"), Column.text("dominatorClass", "Dominator class"),
                Column.bytes("dominatorRetained", "Dominator retained bytes"), Column.text("parent", "Found under"));
        long total = Math.max(1, tree.totalBytes());
        for (var d : found.drops()) {
            int dom = d.dominator();
            b.row((long) d.level(), ObjectNames.id(g, d.object()), ObjectNames.className(g, d.object()), ObjectNames.label(g, d.object()),
                    d.retained(), d.retained() * 100.0 / total, (long) d.children(), d.biggestChild(), d.drop(),
                    ObjectNames.nodeId(s, dom), nodeClass(s, dom),
                    dom == DominatorTree.VIRTUAL_ROOT ? tree.totalBytes() : tree.retained().get(dom),
                    d.parent() < 0 ? null : ObjectNames.id(g, found.drops().get(d.parent()).object()));
        }
        return new Drops(b.build(), found);
    }

    private static String nodeClass(AnalyzedSnapshot s, int node) {
        DominatorTree tree = s.analysis().dominatorTree();
        if (node == DominatorTree.VIRTUAL_ROOT) return "";
        return tree.isGroup(node) ? tree.groupOf(node).label() : ObjectNames.className(s.graph(), node);
    }
}
