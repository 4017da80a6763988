package org.polyheap.ui.editor;

import java.util.ArrayList;

import org.eclipse.jface.action.Action;
import org.eclipse.jface.action.IMenuManager;
import org.eclipse.jface.action.MenuManager;
import org.eclipse.jface.action.Separator;
import org.eclipse.jface.viewers.CellLabelProvider;
import org.eclipse.jface.viewers.ColumnLabelProvider;
import org.eclipse.jface.viewers.ColumnViewer;
import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.swt.dnd.Clipboard;
import org.eclipse.swt.dnd.TextTransfer;
import org.eclipse.swt.dnd.Transfer;
import org.eclipse.ui.IEditorReference;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.IWorkbenchPart;
import org.eclipse.ui.PartInitException;
import org.polyheap.ui.Icons;
import org.polyheap.ui.ObjectRef;
import org.polyheap.ui.views.PathsView;
import org.polyheap.ui.views.ReferencesView;

/**
 * The context menu of rows: for objects, Paths to GC Roots, incoming and outgoing references and
 * Open in Dominator Tree; for every row, Copy (id, class name, the row as CSV). Built each time it
 * opens, from the selection. UI thread.
 */
public final class ObjectMenu {
    private final IWorkbenchPart part;
    private final ColumnViewer viewer;

    public ObjectMenu(IWorkbenchPart part, ColumnViewer viewer) {
        this.part = part;
        this.viewer = viewer;
    }

    public void install() {
        var manager = new MenuManager();
        manager.setRemoveAllWhenShown(true);
        manager.addMenuListener(this::fill);
        viewer.getControl().setMenu(manager.createContextMenu(viewer.getControl()));
    }

    private void fill(IMenuManager menu) {
        var selection = (IStructuredSelection) viewer.getSelection();
        ObjectRef ref = ObjectRef.first(selection).orElse(null);
        if (ref != null) {
            menu.add(action("Paths to GC Roots", Icons.PATHS, () -> show(PathsView.ID, null)));
            menu.add(action("List Incoming References", Icons.REFERENCES_IN, () -> show(ReferencesView.ID, true)));
            menu.add(action("List Outgoing References", Icons.REFERENCES_OUT, () -> show(ReferencesView.ID, false)));
            if (!(part instanceof SnapshotEditor e && e.activePage() == SnapshotEditor.DOMINATORS)) {
                menu.add(action("Open in Dominator Tree", Icons.DOMINATORS, () -> openInDominatorTree(part.getSite().getPage(), ref)));
            }
            menu.add(new Separator());
            menu.add(action("Copy Id", () -> copy(ref.displayId())));
            menu.add(action("Copy Class Name", () -> copy(ref.className())));
        } else if (selection.getFirstElement() instanceof org.polyheap.analysis.HistogramRow row) {
            menu.add(action("Copy Name", () -> copy(row.name())));
        }
        if (!selection.isEmpty()) menu.add(action("Copy Rows as CSV", () -> copy(rowsAsCsv(selection))));
    }

    private static Action action(String text, Runnable run) {
        return new Action(text) {
            @Override public void run() { run.run(); }
        };
    }

    private static Action action(String text, String icon, Runnable run) {
        Action a = action(text, run);
        a.setImageDescriptor(Icons.descriptor(icon));
        return a;
    }

    private void show(String viewId, Boolean incoming) {
        try {
            var view = part.getSite().getPage().showView(viewId);
            if (view instanceof ReferencesView refs && incoming != null) refs.setIncoming(incoming);
            if (view instanceof org.polyheap.ui.views.ObjectView objects) objects.show(viewer.getSelection());
        } catch (PartInitException e) {
            org.eclipse.core.runtime.ILog.of(ObjectMenu.class).error("Cannot show " + viewId, e);
        }
    }

    /** Activates the editor of the object's snapshot and reveals the object in its dominator tree. */
    public static void openInDominatorTree(IWorkbenchPage page, ObjectRef ref) {
        for (IEditorReference r : page.getEditorReferences()) {
            if (r.getEditor(false) instanceof SnapshotEditor editor && editor.snapshot() == ref.snapshot()) {
                page.activate(editor);
                editor.showInDominatorTree(ref.objectId());
                return;
            }
        }
    }

    private void copy(String text) {
        var clipboard = new Clipboard(viewer.getControl().getDisplay());
        try {
            clipboard.setContents(new Object[] { text }, new Transfer[] { TextTransfer.getInstance() });
        } finally {
            clipboard.dispose();
        }
    }

    /** The selected rows as the viewer shows them, one CSV line each. */
    String rowsAsCsv(IStructuredSelection selection) {
        var lines = new ArrayList<String>();
        for (Object element : selection.toList()) {
            var cells = new ArrayList<String>();
            for (int i = 0; i < columnCount(); i++) {
                CellLabelProvider p = viewer.getLabelProvider(i);
                cells.add(p instanceof ColumnLabelProvider c ? quote(c.getText(element)) : "");
            }
            lines.add(String.join(",", cells));
        }
        return String.join("\n", lines);
    }

    private int columnCount() {
        return switch (viewer.getControl()) {
            case org.eclipse.swt.widgets.Table t -> t.getColumnCount();
            case org.eclipse.swt.widgets.Tree t -> t.getColumnCount();
            default -> 0;
        };
    }

    static String quote(String s) {
        return s.contains(",") || s.contains("\"") || s.contains("\n") ? '"' + s.replace("\"", "\"\"") + '"' : s;
    }

}
