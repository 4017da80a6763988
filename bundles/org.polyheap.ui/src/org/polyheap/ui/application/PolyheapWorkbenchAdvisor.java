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
import org.polyheap.ui.prefs.PolyheapPreferences;
import org.polyheap.ui.prefs.PreferenceEffects;
import org.polyheap.ui.recent.OpenAtExit;

/**
 * Workbench life cycle: one window with the Polyheap perspective. After start-up it opens the
 * snapshots open at the last exit (a preference) and the files from the command line, or the bundled
 * sample snapshot when there are none ({@link StartupPlan}). Nothing modal at start-up: a dialog would
 * block scripted and test runs. Exit asks first while snapshots are open ({@link ExitConfirmation}) and
 * then remembers them ({@link OpenAtExit}).
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
        var saved = PolyheapPreferences.store().getBoolean(PolyheapPreferences.REOPEN_SNAPSHOTS) ? OpenAtExit.standard().read()
                : java.util.List.<org.polyheap.ui.recent.SnapshotEntry>of();
        var configurer = getWorkbenchConfigurer().getWindowConfigurer(window);
        openAtStart(window, StartupPlan.of(saved, files),
                line -> { if (configurer != null) configurer.getActionBarConfigurer().getStatusLineManager().setMessage(line); });
    }

    /**
     * Opens what {@code plan} says, in its order, and names the saved snapshots that are gone in one
     * line (the log, and {@code statusLine}), not in a dialog per file. Returns the jobs started.
     */
    public static List<org.polyheap.ui.jobs.OpenSnapshotJob> openAtStart(IWorkbenchWindow window, StartupPlan plan,
            java.util.function.Consumer<String> statusLine) {
        String missing = plan.missingLine();
        if (missing != null) {
            ILog.of(PolyheapWorkbenchAdvisor.class).warn(missing);
            statusLine.accept(missing);
        }
        if (plan.opensSample()) {
            openSample(window);
            return List.of();
        }
        // a missing or unreadable command-line file still gets its error dialog, which says what is wrong
        var jobs = new java.util.ArrayList<org.polyheap.ui.jobs.OpenSnapshotJob>();
        for (var request : plan.open()) {
            var job = SnapshotOpener.open(window, request);
            if (job != null) jobs.add(job);
        }
        return jobs;
    }

    /**
     * Asks before exiting while snapshots are open, then remembers them for the next start. Every way
     * out comes here: File ▸ Exit closes the workbench, and closing the last window does too.
     */
    @Override
    public boolean preShutdown() {
        var workbench = getWorkbenchConfigurer().getWorkbench();
        if (!ExitConfirmation.confirm(workbench)) return false;
        try {
            OpenAtExit.standard().save(workbench, PolyheapPreferences.store().getBoolean(PolyheapPreferences.REOPEN_SNAPSHOTS));
        } catch (IOException | RuntimeException e) {
            ILog.of(PolyheapWorkbenchAdvisor.class).warn("Cannot remember the open snapshots: " + e);
        }
        return true;
    }

    private static void openSample(IWorkbenchWindow window) {
        try {
            SnapshotOpener.open(window, PolyheapUi.sampleSnapshot());
        } catch (IOException e) {
            ILog.of(PolyheapWorkbenchAdvisor.class).error("Cannot open the bundled sample", e);
        }
    }
}
