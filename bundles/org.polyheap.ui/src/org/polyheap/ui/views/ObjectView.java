package org.polyheap.ui.views;

import org.eclipse.core.runtime.ListenerList;
import org.eclipse.jface.viewers.ISelection;
import org.eclipse.ui.ISelectionListener;
import org.eclipse.ui.IWorkbenchPart;
import org.eclipse.ui.part.ViewPart;
import org.polyheap.ui.ObjectRef;

/**
 * A view about one object: it follows the object selected in the editor or in another view (its own
 * selections excepted, so drilling into a row does not replace what the view shows). Tells listeners
 * ({@link #onShown}) when what it shows changes: the navigation history marks a step. UI thread.
 */
public abstract class ObjectView extends ViewPart {
    private static final ListenerList<Runnable> SHOWN = new ListenerList<>();
    private final ISelectionListener listener = this::selectionChanged;
    private final Runnable onSnapshotClosed = this::snapshotClosed;
    private ObjectRef shown;

    /** Registers for selections and shows what is selected now. Call at the end of createPartControl. */
    protected final void follow() {
        getSite().getPage().addPostSelectionListener(listener);
        show(getSite().getPage().getSelection());
    }

    private void selectionChanged(IWorkbenchPart part, ISelection selection) {
        if (part != this) show(selection);
    }

    /** Shows the selection's first object, if it has one and it is not already shown. */
    public final void show(ISelection selection) {
        ObjectRef.first(selection).ifPresent(this::show);
    }

    public final void show(ObjectRef ref) {
        if (ref.snapshot().isClosed() || ref.equals(shown)) return; // the post-selection repeats selections
        if (shown != null && shown.snapshot() != ref.snapshot()) shown.snapshot().removeOnClose(onSnapshotClosed);
        if (shown == null || shown.snapshot() != ref.snapshot()) ref.snapshot().onClose(onSnapshotClosed);
        shown = ref;
        showObject(ref);
        changed();
    }

    /** Runs {@code listener} (on the UI thread) whenever any object view shows another object or query. */
    public static void onShown(Runnable listener) { SHOWN.add(listener); }

    public static void removeOnShown(Runnable listener) { SHOWN.remove(listener); }

    /** Tells the listeners that what this view shows changed. */
    protected final void changed() {
        for (Runnable r : SHOWN) r.run();
    }

    private void snapshotClosed() {
        shown = null;
        clear();
    }

    /** Shows nothing: the snapshot of the shown object was closed. */
    protected abstract void clear();

    /** Re-shows the current object (after an option changed). */
    protected final void reshow() {
        if (shown != null && !shown.snapshot().isClosed()) showObject(shown);
    }

    public final ObjectRef shown() { return shown; }

    protected abstract void showObject(ObjectRef ref);

    @Override
    public void dispose() {
        getSite().getPage().removePostSelectionListener(listener);
        if (shown != null) shown.snapshot().removeOnClose(onSnapshotClosed);
        super.dispose();
    }
}
