package org.polyheap.ui.editor;

import org.eclipse.swt.widgets.Table;

/**
 * Moves a virtual table's row count to a target in small steps, a few per turn of the event loop
 * (for at most {@value #TURN_MS} ms each turn). GTK makes a model row and a tree-view node for every
 * row a table is told about, and removes rows slower the more it removes in one call: 100,000 →
 * 3,000 rows took 12 s in one call, 1.3 s in calls of 1,000 and 0.7 s in calls of 250 on the loaded
 * test machine (docs/benchmarks.md, UI). In steps, the window keeps answering while a 100 k-row
 * histogram is filtered: the rows on screen are right at once, the scroll bar follows. UI thread only.
 */
final class GradualItemCount {
    /** Rows added per call. */
    static final int GROW = 1_000;
    /** Rows removed per call: removal costs more per row in bigger calls. */
    static final int SHRINK = 250;
    /** Time spent stepping per turn of the event loop. */
    static final long TURN_MS = 20;

    private final Table table;
    private int target;
    private boolean stepping;

    GradualItemCount(Table table) {
        this.table = table;
    }

    /** Makes the table's row count {@code count}: at once when it is at most {@value #GROW} rows away, else in steps. */
    void setTarget(int count) {
        target = count;
        if (stepping) return;
        if (Math.abs(table.getItemCount() - count) <= GROW) {
            table.setItemCount(count);
        } else {
            step();
        }
    }

    /** True when the table has the row count last asked for. */
    boolean settled() {
        return !stepping && !table.isDisposed() && table.getItemCount() == target;
    }

    private void step() {
        if (table.isDisposed()) return;
        long until = System.nanoTime() + TURN_MS * 1_000_000;
        int now = table.getItemCount();
        while (now != target) {
            now = now < target ? Math.min(target, now + GROW) : Math.max(target, now - SHRINK);
            table.setItemCount(now);
            if (System.nanoTime() > until) break;
        }
        stepping = now != target;
        if (stepping) table.getDisplay().asyncExec(this::step);
    }
}
