package org.polyheap.ui.acquire;

import org.eclipse.core.commands.AbstractHandler;
import org.eclipse.core.commands.ExecutionEvent;
import org.eclipse.ui.handlers.HandlerUtil;

/** File ▸ Acquire Snapshot… (command {@value #COMMAND_ID}): opens the dialog. */
public final class AcquireSnapshotHandler extends AbstractHandler {
    public static final String COMMAND_ID = "org.polyheap.ui.acquire";

    @Override
    public Object execute(ExecutionEvent event) {
        var window = HandlerUtil.getActiveWorkbenchWindow(event);
        if (window != null) new AcquireSnapshotDialog(window).open();
        return null;
    }
}
