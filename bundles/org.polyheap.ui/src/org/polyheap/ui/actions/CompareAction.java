package org.polyheap.ui.actions;

import java.util.ArrayList;
import java.util.List;

import org.eclipse.jface.action.Action;
import org.eclipse.jface.dialogs.MessageDialog;
import org.eclipse.jface.viewers.ArrayContentProvider;
import org.eclipse.jface.viewers.LabelProvider;
import org.eclipse.jface.window.Window;
import org.eclipse.ui.IWorkbenchWindow;
import org.eclipse.ui.PartInitException;
import org.eclipse.ui.dialogs.ListDialog;
import org.polyheap.ui.LoadedSnapshot;
import org.polyheap.ui.editor.SnapshotEditor;
import org.polyheap.ui.views.ComparisonView;

/**
 * File ▸ Compare With Baseline…: compares the active snapshot with another open snapshot of the same
 * format, chosen in a list, and shows the result in the Comparison view.
 */
public final class CompareAction extends Action {
    public static final String TITLE = "Compare With Baseline";
    private final IWorkbenchWindow window;

    public CompareAction(IWorkbenchWindow window) {
        super("Compare With &Baseline\u2026");
        this.window = window;
        setToolTipText("Compare the active snapshot with an older one of the same program");
    }

    @Override
    public void run() {
        if (!(window.getActivePage().getActiveEditor() instanceof SnapshotEditor editor)) {
            MessageDialog.openInformation(window.getShell(), TITLE, "Open two snapshots of the same format first.");
            return;
        }
        var current = editor.snapshot();
        List<LoadedSnapshot> others = baselinesFor(current);
        if (others.isEmpty()) {
            MessageDialog.openInformation(window.getShell(), TITLE, "No other " + current.analyzed().format()
                    + " snapshot is open: open the baseline too, then compare.");
            return;
        }
        var dialog = new ListDialog(window.getShell());
        dialog.setTitle(TITLE);
        dialog.setMessage("Baseline for " + current.analyzed().file().getFileName() + ":");
        dialog.setContentProvider(ArrayContentProvider.getInstance());
        dialog.setLabelProvider(new LabelProvider() {
            @Override public String getText(Object e) {
                return e instanceof LoadedSnapshot s ? s.analyzed().file().getFileName() + "  (" + s.analyzed().file().getParent() + ")" : "";
            }
        });
        dialog.setInput(others);
        dialog.setInitialSelections(others.getFirst());
        if (dialog.open() != Window.OK || dialog.getResult().length == 0) return;
        compare((LoadedSnapshot) dialog.getResult()[0], current);
    }

    /** The other open snapshots of the same format as {@code current}. */
    List<LoadedSnapshot> baselinesFor(LoadedSnapshot current) {
        var out = new ArrayList<LoadedSnapshot>();
        for (var ref : window.getActivePage().getEditorReferences()) {
            if (ref.getEditor(false) instanceof SnapshotEditor e && e.snapshot() != current
                    && e.snapshot().analyzed().format() == current.analyzed().format()) out.add(e.snapshot());
        }
        return out;
    }

    /** Shows the Comparison view on {@code current} against {@code baseline}; returns the view's job, or null. */
    public org.eclipse.core.runtime.jobs.Job compare(LoadedSnapshot baseline, LoadedSnapshot current) {
        try {
            var view = (ComparisonView) window.getActivePage().showView(ComparisonView.ID);
            return view.compare(baseline, current);
        } catch (PartInitException e) {
            org.eclipse.core.runtime.ILog.of(CompareAction.class).error("Cannot show the Comparison view", e);
            return null;
        }
    }
}
