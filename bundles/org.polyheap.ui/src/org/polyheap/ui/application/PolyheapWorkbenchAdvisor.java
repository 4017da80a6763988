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
import org.eclipse.ui.statushandlers.AbstractStatusHandler;
import org.eclipse.ui.statushandlers.StatusAdapter;
import org.eclipse.ui.statushandlers.StatusManager;
import org.eclipse.ui.statushandlers.WorkbenchErrorHandler;
import org.polyheap.index.column.IndexDamagedException;
import org.polyheap.ui.PolyheapUi;
import org.polyheap.ui.editor.SnapshotOpener;
import org.polyheap.ui.prefs.PreferenceEffects;

/**
 * Workbench life cycle: one window with the Polyheap perspective. After start-up it opens the files
 * from the command line, or the bundled sample snapshot when there are none. Nothing modal here:
 * a dialog at start-up would block scripted and test runs.
 */
public final class PolyheapWorkbenchAdvisor extends WorkbenchAdvisor {
    private final List<Path> files;
    private AbstractStatusHandler errorHandler;

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

    /**
     * Index damage met by a page, a view or a job while reading a checked-when-read index page is not
     * an internal error to show: the editor's {@code IndexRepair} heard it first and is rebuilding the
     * index (or says why it cannot). It is logged; every other problem is handled as usual.
     */
    @Override
    public synchronized AbstractStatusHandler getWorkbenchErrorHandler() {
        if (errorHandler == null) {
            errorHandler = new WorkbenchErrorHandler() {
                @Override
                public void handle(StatusAdapter adapter, int style) {
                    boolean damage = IndexDamagedException.of(adapter.getStatus().getException()).isPresent();
                    super.handle(adapter, damage ? StatusManager.LOG : style);
                }
            };
        }
        return errorHandler;
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
