package org.polyheap.ui.editor;

import org.eclipse.swt.widgets.Table;

/**
 * Moves a virtual table's row count to a target a thousand rows per turn of the event loop. GTK
 * makes a model row and a tree-view node for every row a table is told about (about 8 µs each on
 * the loaded test machines) and removes rows slower the more it removes at once (a 100,000 → 3,000
 * change took 12 s in one call, 1.2 s in steps of 1,000): see docs/benchmarks.md, UI. In steps, the
 * window keeps answering while a 100 k-row histogram is filtered; the rows on screen are right at
 * once, the scroll bar follows within a second. UI thread only.
 */
final class GradualItemCount {
    /** Rows added or removed per turn of the event loop. */
    static final int STEP = 1_000;

    private final Table table;
    private int target;
    private boolean stepping;

    GradualItemCount(Table table) {
        this.table = table;
    }

    /** Makes the table's row count {@code count}: at once when it is near, else in steps. */
    void setTarget(int count) {
        target = count;
        if (!stepping) step();
    }

    /** True when the table has the row count last asked for. */
    boolean settled() {
        return !stepping && !table.isDisposed() && table.getItemCount() == target;
    }

    private void step() {
        if (table.isDisposed()) return;
        int now = table.getItemCount();
        int next = now < target ? Math.min(target, now + STEP) : Math.max(target, now - STEP);
        if (next != now) table.setItemCount(next);
        stepping = next != target;
        if (stepping) table.getDisplay().asyncExec(this::step);
    }
}
