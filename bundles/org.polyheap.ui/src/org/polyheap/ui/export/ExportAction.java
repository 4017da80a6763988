package org.polyheap.ui.export;

import java.io.IOException;
import java.nio.file.Path;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.jface.action.Action;
import org.eclipse.jface.dialogs.MessageDialog;
import org.eclipse.jface.window.Window;
import org.eclipse.ui.IWorkbenchWindow;
import org.polyheap.ui.PolyheapUi;
import org.polyheap.ui.editor.SnapshotEditor;
import org.polyheap.ui.jobs.MonitorProgress;

/**
 * File ▸ Export…: exports the active snapshot's histogram (grouping and filter as shown; a set's rows
 * when the page shows a retained set or immediate dominators), the top of its dominator tree, or the
 * full HTML report. The writing runs in a job.
 */
public final class ExportAction extends Action {
    public static final String COMMAND_ID = PolyheapUi.PLUGIN_ID + ".export";
    private final IWorkbenchWindow window;

    public ExportAction(IWorkbenchWindow window) {
        super("&Export\u2026");
        this.window = window;
        setId(COMMAND_ID);
        setActionDefinitionId(COMMAND_ID);
        setToolTipText("Export the histogram, the dominator tree or an HTML report");
        setImageDescriptor(org.polyheap.ui.Icons.descriptor(org.polyheap.ui.Icons.EXPORT));
    }

    @Override
    public void run() {
        if (!(window.getActivePage().getActiveEditor() instanceof SnapshotEditor editor)) {
            MessageDialog.openInformation(window.getShell(), "Export", "Open a heap snapshot first.");
            return;
        }
        var dialog = new ExportDialog(window.getShell(), editor.snapshot().analyzed().file());
        if (dialog.open() != Window.OK || dialog.target() == null) return;
        export(editor, dialog.what(), dialog.target());
    }

    /** Writes {@code what} of the editor's snapshot to {@code file} in a job; returns the scheduled job. */
    public static Job export(SnapshotEditor editor, SnapshotExport.What what, Path file) {
        var snapshot = editor.snapshot();
        var histogram = editor.histogram();
        var grouping = histogram.grouping();
        var only = histogram.reachability();
        var filter = histogram.rows().filter();
        var set = histogram.scope().isWholeHeap() ? null : setRows(histogram.scope().title(), histogram.rows());
        var shell = editor.getSite().getShell();
        var job = new Job("Exporting " + file.getFileName()) {
            @Override protected IStatus run(IProgressMonitor monitor) {
                try {
                    SnapshotExport.write(snapshot, what, grouping, only, filter, set, file, MonitorProgress.begin(monitor, getName()));
                    return Status.OK_STATUS;
                } catch (IOException e) {
                    shell.getDisplay().asyncExec(() -> MessageDialog.openError(shell, "Export failed", file + ": " + e.getMessage()));
                    return new Status(IStatus.WARNING, PolyheapUi.PLUGIN_ID, "export failed", e);
                } finally {
                    monitor.done();
                }
            }
        };
        job.setUser(true);
        job.schedule();
        return job;
    }

    /** The rows a set histogram shows, in the page's order: O(rows shown), read on the UI thread. */
    private static SnapshotExport.SetRows setRows(String title, org.polyheap.ui.editor.HistogramRows.View view) {
        var rows = new java.util.ArrayList<org.polyheap.analysis.HistogramRow>(view.size());
        for (int i = 0; i < view.size(); i++) rows.add(view.row(i));
        return new SnapshotExport.SetRows(title, rows);
    }
}
