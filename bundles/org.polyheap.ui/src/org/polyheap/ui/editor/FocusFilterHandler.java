package org.polyheap.ui.editor;

import org.eclipse.core.commands.AbstractHandler;
import org.eclipse.core.commands.ExecutionEvent;
import org.eclipse.ui.handlers.HandlerUtil;

/** Ctrl+F in a snapshot editor: shows the Histogram page and puts the cursor in its filter. */
public final class FocusFilterHandler extends AbstractHandler {
    public static final String COMMAND_ID = "org.polyheap.ui.focusFilter";

    @Override
    public Object execute(ExecutionEvent event) {
        if (HandlerUtil.getActiveEditor(event) instanceof SnapshotEditor editor) editor.focusFilter();
        return null;
    }
}
