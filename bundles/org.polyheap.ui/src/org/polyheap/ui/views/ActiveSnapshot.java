package org.polyheap.ui.views;

import java.util.function.Consumer;

import org.eclipse.ui.IPartListener2;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.IWorkbenchPartReference;
import org.polyheap.ui.editor.SnapshotEditor;

/**
 * Tells a view when the user turns to a snapshot editor (one is activated), through the page's part
 * service: the views follow the active snapshot rather than keep showing another one. UI thread.
 */
final class ActiveSnapshot implements IPartListener2 {
    private final IWorkbenchPage page;
    private final Consumer<SnapshotEditor> onActivated;

    private ActiveSnapshot(IWorkbenchPage page, Consumer<SnapshotEditor> onActivated) {
        this.page = page;
        this.onActivated = onActivated;
    }

    /** Calls {@code onActivated} with each snapshot editor activated on {@code page} from now on, until {@link #stop}. */
    static ActiveSnapshot watch(IWorkbenchPage page, Consumer<SnapshotEditor> onActivated) {
        var watch = new ActiveSnapshot(page, onActivated);
        page.addPartListener(watch);
        return watch;
    }

    @Override
    public void partActivated(IWorkbenchPartReference ref) {
        if (ref.getPart(false) instanceof SnapshotEditor editor && !editor.snapshot().isClosed()) onActivated.accept(editor);
    }

    void stop() { page.removePartListener(this); }
}
