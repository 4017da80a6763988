package org.polyheap.ui.editor;

import java.io.IOException;
import java.util.List;
import java.util.regex.Pattern;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.jface.viewers.ColumnViewer;
import org.eclipse.jface.viewers.TreeViewer;
import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.Point;
import org.eclipse.swt.widgets.Composite;
import org.polyheap.analysis.BigDrops;
import org.polyheap.model.Progress;
import org.polyheap.report.BigDropQueries;
import org.polyheap.ui.LoadedSnapshot;

/**
 * The Big Drops page (Eclipse MAT's Big Drops in Dominator Tree): the accumulation points, where the
 * retained size falls by more than 1 % of the heap from an object to its biggest child, each with the
 * drops found below it as its children — the rows of {@code polyheap bigdrops FILE}. Columns: what the
 * point retains, its children, the drop (what it retains beyond its biggest child), and its first dominator outside
 * the JDK's packages (MAT's skip pattern; other formats skip nothing). A row stands for its accumulation
 * point, or for its dominator once the dominator's columns were clicked: the object menu and the views
 * follow. The walk reads only the dominator tree; it runs in a job the first time the page is shown. UI thread.
 */
public final class BigDropsPage extends LazyPage<BigDropQueries.Drops> {
    /** The first column of the dominator's, in {@link #createContent}'s order. */
    private static final int DOMINATOR_COLUMN = 5;
    private TreeViewer viewer;
    private List<BigDropRow> rows = List.of();
    private boolean dominatorSide;

    public BigDropsPage(LoadedSnapshot snapshot) {
        super(snapshot);
    }

    @Override protected String waitingText() { return "Big drops are looked for when this page is first shown."; }

    @Override protected String workingText() { return "Walking the dominator tree for big drops\u2026"; }

    @Override protected String jobName() { return "Big drops"; }

    @Override protected String failureText() { return "Cannot look for big drops"; }

    @Override
    protected void createContent(Composite parent) {
        viewer = treeViewer(parent, BigDropRow.class, BigDropRow::children);
        treeColumn(viewer, "Accumulation point", SWT.LEFT, BigDropRow.class, r -> r.point().label());
        treeColumn(viewer, "Retained bytes", SWT.RIGHT, BigDropRow.class, r -> Format.bytes(r.drop().retained()));
        treeColumn(viewer, "% of heap", SWT.RIGHT, BigDropRow.class, r -> Format.percent(r.drop().retained(), snapshot.heapBytes()));
        treeColumn(viewer, "Children", SWT.RIGHT, BigDropRow.class, r -> Format.count(r.drop().children()));
        treeColumn(viewer, "Drop", SWT.RIGHT, BigDropRow.class, r -> Format.bytes(r.drop().drop()));
        treeColumn(viewer, "Dominator", SWT.LEFT, BigDropRow.class, BigDropRow::dominatorText);
        treeColumn(viewer, "Dominator retained", SWT.RIGHT, BigDropRow.class, r -> Format.bytes(r.dominatorRetained()));
        viewer.getTree().getColumn(DOMINATOR_COLUMN).setWidth(260);
        String bytes = Format.bytes(snapshot.heapBytes());
        ColumnFit.install(viewer.getTree(), 0).number(1, bytes).number(2, Format.percent(1, 1)).number(3, Format.count(snapshot.graph().objectCount()))
                .number(4, bytes).number(6, bytes);
        // which object a row stands for follows the column pressed on, before the selection and the menu
        viewer.getTree().addListener(SWT.MouseDown, e -> chooseSide(new Point(e.x, e.y)));
        viewer.getTree().addListener(SWT.MenuDetect, e -> chooseSide(viewer.getTree().toControl(e.x, e.y)));
    }

    private void chooseSide(Point at) {
        var cell = viewer.getCell(at);
        if (cell != null) dominatorSide = cell.getColumnIndex() >= DOMINATOR_COLUMN;
    }

    @Override
    protected BigDropQueries.Drops find(Progress progress, IProgressMonitor monitor) throws IOException {
        String skip = BigDropQueries.defaultSkip(snapshot.analyzed().format());
        return BigDropQueries.bigDrops(snapshot.analyzed(), BigDrops.MAT_THRESHOLD_PERCENT, skip == null ? null : Pattern.compile(skip), progress);
    }

    @Override
    protected void show(BigDropQueries.Drops drops) {
        var found = drops.found();
        rows = BigDropRow.of(snapshot, found, this);
        viewer.setInput(rows);
        viewer.expandAll();
        String percent = java.math.BigDecimal.valueOf(found.thresholdPercent()).stripTrailingZeros().toPlainString();
        String limit = "more than " + percent + " % of the heap (" + Format.human(found.thresholdBytes()) + ")";
        done(found.drops().isEmpty() ? "No big drop: no object's retained size falls by " + limit + " to its biggest child."
                : Format.count(found.drops().size()) + " accumulation points, where the retained size falls by " + limit
                        + " to the biggest child (as Eclipse MAT's Big Drops in Dominator Tree); a drop found below another is its child. "
                        + (found.skip() == null ? "Dominator: the point itself (nothing is skipped for this format)."
                                : "Dominator: the first object above outside the JDK's packages.")
                        + " A click on the dominator's columns makes the menu act on the dominator.");
    }

    /** True when the dominator's columns were clicked last: rows stand for their dominators. */
    boolean dominatorSide() { return dominatorSide; }

    /** Makes the rows stand for their dominators ({@code true}) or accumulation points, as a click on those columns does. */
    public void chooseDominators(boolean dominators) { dominatorSide = dominators; }

    /** The top-level rows shown; empty until found. */
    public List<BigDropRow> rows() { return rows; }

    public TreeViewer viewer() { return viewer; }

    @Override
    public List<? extends ColumnViewer> viewers() { return List.of(viewer); }
}
