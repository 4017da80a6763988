package org.polyheap.ui.views;

import org.eclipse.core.runtime.ListenerList;
import org.eclipse.jface.viewers.ISelection;
import org.eclipse.ui.ISelectionListener;
import org.eclipse.ui.IWorkbenchPart;
import org.eclipse.ui.part.ViewPart;
import org.polyheap.ui.ObjectRef;
import org.polyheap.ui.editor.SnapshotEditor;

/**
 * A view about one object: it follows the object selected in the editor or in another view (its own
 * selections excepted, so drilling into a row does not replace what the view shows), and the active
 * snapshot editor: activating the editor of another snapshot shows that editor's selected object, or
 * nothing. Its description starts with the name of the snapshot it shows. Tells listeners
 * ({@link #onShown}) when what it shows changes: the navigation history marks a step. UI thread.
 */
public abstract class ObjectView extends ViewPart {
    private static final ListenerList<Runnable> SHOWN = new ListenerList<>();
    private final ISelectionListener listener = this::selectionChanged;
    private final Runnable onSnapshotClosed = this::snapshotClosed;
    private ActiveSnapshot activeSnapshot;
    private ObjectRef shown;

    /** Registers for selections and active editors and shows what is selected now. Call at the end of createPartControl. */
    protected final void follow() {
        var page = getSite().getPage();
        page.addPostSelectionListener(listener);
        activeSnapshot = ActiveSnapshot.watch(page, this::editorActivated);
        show(page.getSelection());
        if (shown == null && page.getActiveEditor() instanceof SnapshotEditor editor && !editor.snapshot().isClosed()) {
            editorActivated(editor);
        }
    }

    private void selectionChanged(IWorkbenchPart part, ISelection selection) {
        if (part != this) show(selection);
    }

    /** Another snapshot's editor became active: show its selected object, or nothing (never the other snapshot's). */
    private void editorActivated(SnapshotEditor editor) {
        var snapshot = editor.snapshot();
        if (shown != null && shown.snapshot() == snapshot) return;
        var selected = ObjectRef.first(editor.getSite().getSelectionProvider().getSelection()).filter(r -> r.snapshot() == snapshot);
        if (selected.isPresent()) {
            show(selected.get());
        } else {
            unshow();
            setContentDescription(snapshot.fileName() + " \u2014 no object selected");
        }
    }

    /** Shows the selection's first object, if it has one and it is not already shown. */
    public final void show(ISelection selection) {
        ObjectRef.first(selection).ifPresent(this::show);
    }

    public final void show(ObjectRef ref) {
        if (ref.snapshot().isClosed() || ref.equals(shown)) return; // the post-selection repeats selections
        if (shown != null && shown.snapshot() != ref.snapshot()) shown.snapshot().removeOnClose(onSnapshotClosed);
        if (shown == null || shown.snapshot() != ref.snapshot()) {
            ref.snapshot().onClose(onSnapshotClosed);
            fitColumns(ref.snapshot());
        }
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
        unshow();
        setContentDescription("");
    }

    /** Drops the shown object and empties the view. */
    private void unshow() {
        if (shown != null) shown.snapshot().removeOnClose(onSnapshotClosed);
        shown = null;
        clear();
    }

    /** Sets the description to "{@code snapshot file} — {@code text}": every line about an object names its snapshot. */
    protected final void describe(ObjectRef ref, String text) {
        setContentDescription(ref.snapshot().fileName() + " \u2014 " + text);
    }

    /** Shows nothing (the shown object's snapshot was closed, or the user turned to another snapshot); the description is set by the caller. */
    protected abstract void clear();

    /** Re-shows the current object (after an option changed). */
    protected final void reshow() {
        if (shown != null && !shown.snapshot().isClosed()) showObject(shown);
    }

    public final ObjectRef shown() { return shown; }

    protected abstract void showObject(ObjectRef ref);

    /** Sizes the number columns for {@code snapshot}'s numbers (its objects are about to be shown); none by default. */
    protected void fitColumns(org.polyheap.ui.LoadedSnapshot snapshot) { }

    @Override
    public void dispose() {
        getSite().getPage().removePostSelectionListener(listener);
        if (activeSnapshot != null) activeSnapshot.stop();
        if (shown != null) shown.snapshot().removeOnClose(onSnapshotClosed);
        super.dispose();
    }
}
