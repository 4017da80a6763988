package org.polyheap.ui.actions;

import java.nio.file.Path;

import org.eclipse.jface.action.Action;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.FileDialog;
import org.eclipse.ui.IWorkbenchWindow;
import org.polyheap.ui.PolyheapUi;
import org.polyheap.ui.Icons;
import org.polyheap.ui.open.InteractiveOpen;

/** File ▸ Open…: picks one or more snapshot files and opens an editor on each (asking first for a Fuchsia heapdump). */
public final class OpenSnapshotAction extends Action {
    private final IWorkbenchWindow window;

    public OpenSnapshotAction(IWorkbenchWindow window) {
        super("&Open\u2026");
        this.window = window;
        setId(PolyheapUi.OPEN_COMMAND_ID);
        setActionDefinitionId(PolyheapUi.OPEN_COMMAND_ID);
        setToolTipText("Open a heap snapshot");
        setImageDescriptor(Icons.descriptor(Icons.OPEN));
    }

    @Override
    public void run() {
        FileDialog dialog = new FileDialog(window.getShell(), SWT.OPEN | SWT.MULTI);
        dialog.setText("Open Heap Snapshot");
        // the format is detected from the content; the filters only help finding files
        dialog.setFilterNames(new String[] {
                "Heap snapshots (*.hprof, *.heapsnapshot, *.dartheap, *.pb, gzip)", "All files" });
        dialog.setFilterExtensions(new String[] {
                "*.hprof;*.hprof.gz;*.heapsnapshot;*.heapsnapshot.gz;*.dartheap;*.dartheap.gz;*.pb;*.pb.gz;*.gz", "*" });
        if (dialog.open() == null) return;
        // failures are reported by the open job's error dialog; a file already open comes to the front
        for (String name : dialog.getFileNames()) InteractiveOpen.open(window, Path.of(dialog.getFilterPath(), name));
    }
}
