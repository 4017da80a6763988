package org.polyheap.ui.navigation;

import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.ui.IViewPart;
import org.eclipse.ui.IWorkbenchPage;
import org.polyheap.ui.ObjectRef;
import org.polyheap.ui.editor.HistogramPage;
import org.polyheap.ui.editor.SnapshotEditor;
import org.polyheap.ui.views.InspectorView;
import org.polyheap.ui.views.ObjectView;
import org.polyheap.ui.views.PathsView;
import org.polyheap.ui.views.ReferencesView;

/**
 * One step of the navigation history: what a snapshot editor and the object views showed. The
 * histogram's rows are kept (not recomputed), so going back to a retained-set histogram is instant;
 * objects are kept as ids. Equal when the window would look the same.
 *
 * @param editor      the snapshot editor
 * @param page        its page ({@link SnapshotEditor#OVERVIEW} …)
 * @param histogram   the Histogram page's scope, grouping, filter and sort; null before the page was made
 * @param treeObject  the object selected in the Dominator Tree, or null
 * @param inspector   what the Inspector showed, or null
 * @param paths       what Paths to GC Roots showed, or null
 * @param references  what References showed, or null
 * @param incoming    References listed incoming (true) or outgoing references
 * @param topView     the id of the bottom view in front (Paths or References), or null
 */
record Location(SnapshotEditor editor, int page, HistogramPage.State histogram, ObjectRef treeObject,
        ObjectRef inspector, ObjectRef paths, ObjectRef references, boolean incoming, String topView) {

    /** What the window shows now, or null when no snapshot editor is active. UI thread. */
    static Location capture(IWorkbenchPage page) {
        if (!(page.getActiveEditor() instanceof SnapshotEditor editor) || editor.snapshot().isClosed()) return null;
        // pages not made yet show their first state: looking at them must not make them (that is the editor's job, in turns)
        var tree = !editor.isMade(SnapshotEditor.DOMINATORS) ? null
                : ObjectRef.first((IStructuredSelection) editor.dominators().viewer().getSelection()).orElse(null);
        var histogram = editor.isMade(SnapshotEditor.HISTOGRAM) ? editor.histogram().state() : null;
        var refs = page.findView(ReferencesView.ID) instanceof ReferencesView r ? r : null;
        String top = null;
        for (String id : new String[] { PathsView.ID, ReferencesView.ID }) {
            IViewPart v = page.findView(id);
            if (v != null && page.isPartVisible(v)) top = id;
        }
        return new Location(editor, editor.activePage(), histogram, tree,
                shown(page, InspectorView.ID, editor), shown(page, PathsView.ID, editor),
                refs == null ? null : shown(page, ReferencesView.ID, editor), refs == null || refs.incoming(), top);
    }

    /** The object a view shows, when it is one of the editor's snapshot. */
    private static ObjectRef shown(IWorkbenchPage page, String viewId, SnapshotEditor editor) {
        return page.findView(viewId) instanceof ObjectView v && v.shown() != null && v.shown().snapshot() == editor.snapshot()
                ? v.shown() : null;
    }

    /** Shows this step again: the editor, its page and histogram, the tree selection, the views. UI thread. */
    void restore(IWorkbenchPage page) {
        if (page.getActivePart() != editor) page.activate(editor); // its selection then reaches the views
        if (histogram != null || editor.isMade(SnapshotEditor.HISTOGRAM)) {
            var wanted = histogram != null ? histogram : editor.histogram().initialState();
            if (!editor.histogram().state().equals(wanted)) editor.histogram().restore(wanted);
        }
        if (editor.activePage() != this.page) editor.showPage(this.page);
        var selected = ObjectRef.first((IStructuredSelection) editor.dominators().viewer().getSelection()).orElse(null);
        if (treeObject != null && !treeObject.equals(selected)) editor.dominators().reveal(treeObject.objectId());
        if (page.findView(InspectorView.ID) instanceof InspectorView v && inspector != null) v.show(inspector);
        if (page.findView(PathsView.ID) instanceof PathsView v && paths != null) v.show(paths);
        if (page.findView(ReferencesView.ID) instanceof ReferencesView v && references != null) v.show(references, incoming);
        if (topView != null && page.findView(topView) instanceof IViewPart v && !page.isPartVisible(v)) page.bringToTop(v);
    }

    /** A short description, for the history's tool tips and tests. */
    String describe() {
        String where = SnapshotEditor.pageTitle(page);
        ObjectRef object = page == SnapshotEditor.DOMINATORS && treeObject != null ? treeObject : inspector;
        String scope = histogram == null || histogram.scope().isWholeHeap() ? "" : ": " + histogram.scope().title();
        return editor.getPartName() + " \u2013 " + where + (page == SnapshotEditor.HISTOGRAM ? scope : "")
                + (object == null ? "" : ", " + object.className() + " " + object.displayId());
    }
}
