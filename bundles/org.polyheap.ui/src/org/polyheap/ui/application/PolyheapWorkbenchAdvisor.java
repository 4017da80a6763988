package org.polyheap.ui.application;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

import org.eclipse.core.runtime.ILog;
import org.eclipse.ui.IWorkbenchWindow;
import org.eclipse.ui.application.IWorkbenchConfigurer;
import org.eclipse.ui.application.IWorkbenchWindowConfigurer;
import org.eclipse.ui.application.WorkbenchAdvisor;
import org.eclipse.ui.application.WorkbenchWindowAdvisor;
import org.polyheap.ui.PolyheapUi;
import org.polyheap.ui.editor.SnapshotOpener;
import org.polyheap.ui.prefs.PreferenceEffects;
import org.polyheap.ui.prefs.PreferenceEffects;

/**
 * Workbench life cycle: one window with the Polyheap perspective. After start-up it opens the files
 * from the command line, or the bundled sample snapshot when there are none. Nothing modal here:
 * a dialog at start-up would block scripted and test runs.
 */
public final class PolyheapWorkbenchAdvisor extends WorkbenchAdvisor {
    private final List<Path> files;

    public PolyheapWorkbenchAdvisor(List<Path> files) {
        this.files = List.copyOf(files);
    }

    @Override
    public void initialize(IWorkbenchConfigurer configurer) {
        configurer.setSaveAndRestore(false); // editors reopen from the command line, not from old state
    }

    @Override
    public void preStartup() {
        org.polyheap.ui.prefs.Themes.keepCssOffRows(getWorkbenchConfigurer().getWorkbench().getDisplay());
    }

    @Override
    public WorkbenchWindowAdvisor createWorkbenchWindowAdvisor(IWorkbenchWindowConfigurer configurer) {
        return new PolyheapWindowAdvisor(configurer);
    }

    @Override
    public String getInitialWindowPerspectiveId() {
        return PolyheapUi.PERSPECTIVE_ID;
    }

    @Override
    public void postStartup() {
        PreferenceEffects.install(getWorkbenchConfigurer().getWorkbench()); // theme now; re-analysis on later changes
        IWorkbenchWindow window = getWorkbenchConfigurer().getWorkbench().getActiveWorkbenchWindow();
        if (window == null) return;
        if (window.getActivePage() != null) WarmUpEditor.warmUp(window.getActivePage());
        if (files.isEmpty()) {
            openSample(window);
            return;
        }
        // a missing or unreadable file still gets its editor, which says what is wrong
        for (Path file : files) SnapshotOpener.open(window, file);
    }

    private static void openSample(IWorkbenchWindow window) {
        try {
            SnapshotOpener.open(window, PolyheapUi.sampleSnapshot());
        } catch (IOException e) {
            ILog.of(PolyheapWorkbenchAdvisor.class).error("Cannot open the bundled sample", e);
        }
    }
}
