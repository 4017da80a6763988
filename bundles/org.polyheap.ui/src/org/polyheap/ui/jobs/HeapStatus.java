package org.polyheap.ui.jobs;

import org.eclipse.jface.action.ContributionItem;
import org.eclipse.jface.action.StatusLineLayoutData;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;
import org.polyheap.ui.editor.Format;

/**
 * Status-line item with this JVM's heap use ("Heap 312.0 MiB of 4.0 GiB"), refreshed every two
 * seconds on the UI thread (two Runtime calls: cheap).
 */
public final class HeapStatus extends ContributionItem {
    private static final int PERIOD_MS = 2000;
    private Label label;

    public HeapStatus() {
        super("org.polyheap.ui.heapStatus");
    }

    @Override
    public void fill(Composite parent) {
        label = new Label(parent, SWT.NONE);
        label.setToolTipText("Heap used by Polyheap itself (the JVM's -Xmx is the limit)");
        var data = new StatusLineLayoutData();
        data.widthHint = 190;
        label.setLayoutData(data);
        update();
        tick();
    }

    private void tick() {
        if (label == null || label.isDisposed()) return;
        label.getDisplay().timerExec(PERIOD_MS, () -> {
            update();
            tick();
        });
    }

    @Override
    public void update() {
        if (label == null || label.isDisposed()) return;
        Runtime rt = Runtime.getRuntime();
        label.setText("Heap " + Format.human(rt.totalMemory() - rt.freeMemory()) + " of " + Format.human(rt.maxMemory()));
    }

    /** The text shown now, for tests. */
    public String text() { return label == null ? "" : label.getText(); }
}
