package org.polyheap.ui.editor;

import java.util.List;

import org.eclipse.jface.viewers.ColumnViewer;
import org.eclipse.swt.widgets.Composite;
import org.polyheap.model.format.SnapshotFormat;

/**
 * A page of the {@link SnapshotEditor}. The editor makes its widgets the first time the page is shown
 * or asked for, feeds the selection of its viewers to the views, gives their rows the object menu,
 * focuses the first viewer, and tells the page whenever it is shown. UI thread.
 */
public interface EditorPage {
    /** Makes the page's widgets in {@code parent}; its top control. */
    Composite create(Composite parent);

    /** The viewers whose rows stand for objects or classes, first the one that takes the focus; may be empty. */
    List<? extends ColumnViewer> viewers();

    /** True when the page has something to show for snapshots of {@code format} (the editor leaves it out otherwise). */
    default boolean appliesTo(SnapshotFormat format) { return true; }

    /** The page was brought to the front (after {@link #create}); a page may start finding its rows. */
    default void shown() { }
}
