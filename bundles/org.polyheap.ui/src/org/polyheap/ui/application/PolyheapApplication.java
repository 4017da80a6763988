package org.polyheap.ui.application;

import java.nio.file.Path;
import java.util.List;

import org.eclipse.equinox.app.IApplication;
import org.eclipse.equinox.app.IApplicationContext;
import org.eclipse.swt.widgets.Display;
import org.eclipse.ui.IWorkbench;
import org.eclipse.ui.PlatformUI;

/** Entry point of the desktop product: runs the workbench until its last window closes. */
public final class PolyheapApplication implements IApplication {

    @Override
    public Object start(IApplicationContext context) {
        List<Path> files = StartupFiles.fromArguments(
                (String[]) context.getArguments().get(IApplicationContext.APPLICATION_ARGS));
        Display display = PlatformUI.createDisplay();
        org.polyheap.ui.jobs.BackgroundPriority.install(); // jobs yield the CPU to the UI thread
        try {
            int code = PlatformUI.createAndRunWorkbench(display, new PolyheapWorkbenchAdvisor(files));
            return code == PlatformUI.RETURN_RESTART ? EXIT_RESTART : EXIT_OK;
        } finally {
            display.dispose();
        }
    }

    @Override
    public void stop() {
        if (!PlatformUI.isWorkbenchRunning()) return;
        IWorkbench workbench = PlatformUI.getWorkbench();
        Display display = workbench.getDisplay();
        display.syncExec(() -> {
            if (!display.isDisposed()) workbench.close();
        });
    }
}
