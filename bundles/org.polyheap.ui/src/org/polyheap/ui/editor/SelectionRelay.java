package org.polyheap.ui.editor;

import org.eclipse.core.runtime.ListenerList;
import org.eclipse.jface.viewers.IPostSelectionProvider;
import org.eclipse.jface.viewers.ISelection;
import org.eclipse.jface.viewers.ISelectionChangedListener;
import org.eclipse.jface.viewers.SelectionChangedEvent;
import org.eclipse.jface.viewers.StructuredSelection;
import org.eclipse.jface.viewers.StructuredViewer;

/**
 * The editor's selection: whatever the viewer of the page last used selected. Pages register their
 * viewers; the workbench's selection service (and so the views) sees one provider. UI thread only.
 */
final class SelectionRelay implements IPostSelectionProvider {
    private final ListenerList<ISelectionChangedListener> listeners = new ListenerList<>();
    private final ListenerList<ISelectionChangedListener> postListeners = new ListenerList<>();
    private ISelection current = StructuredSelection.EMPTY;

    void watch(StructuredViewer viewer) {
        viewer.addSelectionChangedListener(e -> fire(listeners, e.getSelection()));
        viewer.addPostSelectionChangedListener(e -> fire(postListeners, e.getSelection()));
    }

    private void fire(ListenerList<ISelectionChangedListener> to, ISelection selection) {
        current = selection;
        var event = new SelectionChangedEvent(this, selection);
        for (var l : to) l.selectionChanged(event);
    }

    @Override public void addSelectionChangedListener(ISelectionChangedListener l) { listeners.add(l); }
    @Override public void removeSelectionChangedListener(ISelectionChangedListener l) { listeners.remove(l); }
    @Override public void addPostSelectionChangedListener(ISelectionChangedListener l) { postListeners.add(l); }
    @Override public void removePostSelectionChangedListener(ISelectionChangedListener l) { postListeners.remove(l); }
    @Override public ISelection getSelection() { return current; }

    @Override
    public void setSelection(ISelection selection) {
        current = selection;
        fire(listeners, selection);
        fire(postListeners, selection);
    }
}
