package org.polyheap.ui.recent;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.jface.dialogs.Dialog;
import org.eclipse.jface.dialogs.IDialogConstants;
import org.eclipse.jface.dialogs.MessageDialog;
import org.eclipse.jface.viewers.ArrayContentProvider;
import org.eclipse.jface.viewers.ColumnLabelProvider;
import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.jface.viewers.TableViewer;
import org.eclipse.jface.viewers.TableViewerColumn;
import org.eclipse.swt.SWT;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.ui.IWorkbenchWindow;
import org.polyheap.index.SnapshotStore;
import org.polyheap.ui.editor.Format;
import org.polyheap.ui.editor.SnapshotEditor;
import org.polyheap.ui.editor.SnapshotOpener;
import org.polyheap.ui.jobs.OpenSnapshotJob;

/**
 * File ▸ Recent Snapshots ▸ Manage…: each recent snapshot with its file and size, whether the file
 * still exists, its index folder and the bytes that folder holds, and whether it is open. <b>Delete
 * Index</b> deletes the index folder (never the snapshot) after asking, and refuses while the snapshot
 * is open or opening; its next open parses it anew. <b>Open</b> opens it, <b>Remove from List</b>
 * forgets it. The sizes are summed when the dialog opens and after each change (a walk of up to
 * {@link RecentSnapshots#MAX} folders, some milliseconds each). UI thread.
 */
public final class RecentSnapshotsDialog extends Dialog {
    public static final String TITLE = "Recent Snapshots";
    public static final String DELETE_TITLE = "Delete Index";
    public static final int OPEN_ID = IDialogConstants.CLIENT_ID + 1;
    public static final int DELETE_ID = IDialogConstants.CLIENT_ID + 2;
    public static final int REMOVE_ID = IDialogConstants.CLIENT_ID + 3;

    /** One row: an entry and what the disk says about it now. Sizes are -1 when absent. */
    record Row(SnapshotEntry entry, long fileBytes, long indexBytes, boolean open) {
        String state() {
            if (open) return "open";
            if (fileBytes < 0) return "file is gone";
            return indexBytes < 0 ? "no index" : "";
        }
    }

    private final IWorkbenchWindow window;
    private final SnapshotStore store = new SnapshotStore();
    private TableViewer viewer;
    private Job deleting;

    public RecentSnapshotsDialog(IWorkbenchWindow window) {
        super(window.getShell());
        this.window = window;
        setShellStyle(getShellStyle() | SWT.RESIZE);
    }

    @Override
    protected void configureShell(Shell shell) {
        super.configureShell(shell);
        shell.setText(TITLE);
    }

    @Override
    protected Control createDialogArea(Composite parent) {
        var area = (Composite) super.createDialogArea(parent);
        viewer = new TableViewer(area, SWT.BORDER | SWT.FULL_SELECTION | SWT.SINGLE);
        var table = viewer.getTable();
        table.setHeaderVisible(true);
        table.setLinesVisible(true);
        column("File", 230, SWT.LEFT, r -> r.entry().file().getFileName().toString());
        column("File size", 100, SWT.RIGHT, r -> r.fileBytes() < 0 ? "" : Format.human(r.fileBytes()));
        column("Index folder", 330, SWT.LEFT, r -> r.entry().indexFolder() == null ? "" : r.entry().indexFolder().toString());
        column("Index size", 100, SWT.RIGHT, r -> r.indexBytes() < 0 ? "" : Format.human(r.indexBytes()));
        column("State", 100, SWT.LEFT, Row::state);
        viewer.setContentProvider(ArrayContentProvider.getInstance());
        org.eclipse.jface.viewers.ColumnViewerToolTipSupport.enableFor(viewer); // long paths are cut in their columns
        var data = new GridData(SWT.FILL, SWT.FILL, true, true);
        data.widthHint = 880;
        data.heightHint = table.getItemHeight() * 8;
        table.setLayoutData(data);
        viewer.addSelectionChangedListener(e -> enableButtons());
        viewer.addDoubleClickListener(e -> buttonPressed(OPEN_ID));
        return area;
    }

    private void column(String title, int width, int style, java.util.function.Function<Row, String> text) {
        int column = viewer.getTable().getColumnCount(); // the file's column shows the whole path as its tool tip
        var c = new TableViewerColumn(viewer, style);
        c.getColumn().setText(title);
        c.getColumn().setWidth(width);
        c.setLabelProvider(new ColumnLabelProvider() {
            @Override public String getText(Object element) { return text.apply((Row) element); }
            @Override public String getToolTipText(Object element) { return column == 0 ? ((Row) element).entry().file().toString() : getText(element); }
        });
    }

    @Override
    protected void createButtonsForButtonBar(Composite parent) {
        createButton(parent, OPEN_ID, "&Open", false);
        createButton(parent, DELETE_ID, "&Delete Index\u2026", false);
        createButton(parent, REMOVE_ID, "&Remove from List", false);
        createButton(parent, IDialogConstants.CLOSE_ID, IDialogConstants.CLOSE_LABEL, true);
        refresh();
    }

    /** Reads the list and the disk again. */
    void refresh() {
        if (viewer.getControl().isDisposed()) return;
        viewer.setInput(rows());
        enableButtons();
    }

    private List<Row> rows() {
        return RecentSnapshots.instance().entries().stream()
                .map(e -> new Row(e, size(e.file()), indexBytes(e.indexFolder()), inUse(e))).toList();
    }

    private static long size(Path file) {
        try {
            return Files.isRegularFile(file) ? Files.size(file) : -1;
        } catch (IOException gone) {
            return -1;
        }
    }

    private static long indexBytes(Path folder) {
        try {
            return folder != null && Files.isDirectory(folder) ? SnapshotStore.sizeOnDisk(folder) : -1;
        } catch (IOException unreadable) {
            return -1;
        }
    }

    /** Whether an editor shows the entry's file or maps its index folder, or an open of the file runs. */
    private boolean inUse(SnapshotEntry e) {
        for (var page : window.getPages()) {
            for (var ref : page.getEditorReferences()) {
                if (ref.getEditor(false) instanceof SnapshotEditor editor
                        && (editor.file().equals(e.file()) || editor.snapshot().analyzed().snapshot().folder().equals(e.indexFolder()))) {
                    return true;
                }
            }
        }
        for (Job j : Job.getJobManager().find(OpenSnapshotJob.FAMILY)) {
            if (j instanceof OpenSnapshotJob open && open.file().equals(e.file())) return true;
        }
        return false;
    }

    private Row selected() {
        return viewer.getStructuredSelection() instanceof IStructuredSelection s && s.getFirstElement() instanceof Row r ? r : null;
    }

    private void enableButtons() {
        Row r = selected();
        boolean busy = deleting != null;
        getButton(OPEN_ID).setEnabled(r != null && r.fileBytes() >= 0);
        getButton(DELETE_ID).setEnabled(r != null && r.indexBytes() >= 0 && !busy);
        getButton(REMOVE_ID).setEnabled(r != null && !busy);
    }

    @Override
    protected void buttonPressed(int id) {
        Row r = selected();
        switch (id) {
            case OPEN_ID -> {
                if (r == null || r.fileBytes() < 0) return;
                close();
                SnapshotOpener.openShowingProgress(window, r.entry().request());
            }
            case DELETE_ID -> { if (r != null) deleteIndex(r); }
            case REMOVE_ID -> {
                if (r == null) return;
                RecentSnapshots.instance().remove(r.entry().file());
                refresh();
            }
            case IDialogConstants.CLOSE_ID -> close();
            default -> super.buttonPressed(id);
        }
    }

    /** Asks, then deletes the row's index folder in a job (it waits for a build of it in another process). */
    private void deleteIndex(Row r) {
        Path folder = r.entry().indexFolder();
        String name = r.entry().file().getFileName().toString();
        if (inUse(r.entry())) {
            MessageDialog.openInformation(getShell(), DELETE_TITLE, name + " is open. Close its editor first: its index is in use.");
            return;
        }
        if (!MessageDialog.openConfirm(getShell(), DELETE_TITLE, "Delete the index of " + name + " (" + Format.human(r.indexBytes())
                + " in " + folder + ")?\n\nThe snapshot file stays; opening it again parses it anew.")) {
            return;
        }
        var display = getShell().getDisplay();
        deleting = new Job("Deleting the index of " + name) {
            @Override protected IStatus run(IProgressMonitor monitor) {
                String failure = null;
                try {
                    // a background build of incoming references may still be writing into an index whose
                    // editor just closed (closing cancels it): the folder goes once it has stopped
                    Job.getJobManager().join(org.polyheap.ui.jobs.InboundIndexJob.FAMILY, monitor);
                    store.deleteIndex(folder);
                } catch (IOException | IllegalArgumentException e) {
                    failure = "Cannot delete " + folder + ": " + e.getMessage();
                } catch (InterruptedException | org.eclipse.core.runtime.OperationCanceledException e) {
                    failure = "The index of " + name + " was not deleted: interrupted while a background build was stopping";
                }
                String shown = failure;
                display.asyncExec(() -> {
                    deleting = null;
                    refresh();
                    if (shown != null && !display.isDisposed()) MessageDialog.openError(display.getActiveShell(), DELETE_TITLE, shown);
                });
                return Status.OK_STATUS; // a failure is shown above
            }
        };
        deleting.setSystem(true);
        deleting.schedule();
        enableButtons();
    }

    @Override
    protected boolean isResizable() { return true; }
}
