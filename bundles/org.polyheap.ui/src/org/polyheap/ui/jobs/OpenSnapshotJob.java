package org.polyheap.ui.jobs;

import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.CancellationException;
import java.util.function.Consumer;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.swt.widgets.Display;
import org.polyheap.report.AnalyzedSnapshot;
import org.polyheap.ui.LoadedSnapshot;
import org.polyheap.ui.OpenRequest;
import org.polyheap.ui.PolyheapUi;
import org.polyheap.ui.prefs.PolyheapPreferences;
import org.polyheap.ui.prefs.SnapshotOptions;

/**
 * Parses (or reuses the index of) a snapshot file and runs the analysis, as a user job with named
 * phases and a working Cancel. The options are the preferences' at the time the job runs plus the
 * request's own ({@link SnapshotOptions}). The outcome is handed to one of two callbacks on the UI
 * thread: the opened snapshot, or why it could not open ({@link OpenFailure}: one line, details as
 * children). Cancel hands over nothing; the index store removes the half-built index, so the next
 * open starts afresh.
 */
public final class OpenSnapshotJob extends Job {
    /** Job family of all snapshot opens, for {@code Job.getJobManager().find(FAMILY)}. */
    public static final Object FAMILY = OpenSnapshotJob.class;

    private final OpenRequest request;
    private final Display display;
    private final Consumer<LoadedSnapshot> onOpened;
    private final Consumer<IStatus> onFailed;
    private volatile MonitorProgress progress;

    public OpenSnapshotJob(OpenRequest request, Display display, Consumer<LoadedSnapshot> onOpened, Consumer<IStatus> onFailed) {
        super("Opening " + request.file().getFileName());
        this.request = request;
        this.display = display;
        this.onOpened = onOpened;
        this.onFailed = onFailed;
        setUser(true);
    }

    public OpenSnapshotJob(Path file, Display display, Consumer<LoadedSnapshot> onOpened, Consumer<IStatus> onFailed) {
        this(OpenRequest.of(file), display, onOpened, onFailed);
    }

    public Path file() { return request.file(); }

    public OpenRequest request() { return request; }

    /** The phase running now ("Reading HPROF: objects and references"), "" before the first. */
    public String phase() {
        var p = progress;
        return p == null ? "" : p.phaseName();
    }

    /** The phases met so far (the last one runs now); empty before the first. */
    public java.util.List<MonitorProgress.Phase> phases() {
        var p = progress;
        return p == null ? java.util.List.of() : p.phases();
    }

    /** The share of the work done, 0 to 1, as the progress bar shows it. */
    public double fraction() {
        var p = progress;
        return p == null ? 0 : p.fraction();
    }

    @Override
    protected IStatus run(IProgressMonitor monitor) {
        var progress = MonitorProgress.begin(monitor, getName());
        this.progress = progress;
        Path file = request.file();
        try {
            var options = SnapshotOptions.of(request, PolyheapPreferences.store());
            var analyzed = AnalyzedSnapshot.open(file, options, progress);
            LoadedSnapshot loaded;
            try {
                loaded = LoadedSnapshot.of(analyzed, progress);
            } catch (RuntimeException | Error e) {
                analyzed.close();
                throw e;
            }
            if (!deliver(() -> onOpened.accept(loaded))) loaded.close(); // the editor then starts InboundIndexJob
            return Status.OK_STATUS;
        } catch (CancellationException canceled) {
            return Status.CANCEL_STATUS;
        } catch (Exception | OutOfMemoryError e) {
            // bad input, I/O, or a bug: the user gets one line and the details, the log gets the trace
            return failed(OpenFailure.of(file, e), e instanceof OutOfMemoryError ? null : e);
        } finally {
            monitor.done();
        }
    }

    private IStatus failed(IStatus status, Throwable trace) {
        deliver(() -> onFailed.accept(status));
        // a WARNING (not ERROR) status: our callback shows the dialog, the workbench must not show a second one
        return new Status(IStatus.WARNING, PolyheapUi.PLUGIN_ID, status.getMessage(), trace);
    }

    /** Runs {@code r} on the UI thread later; false when the display is gone. */
    private boolean deliver(Runnable r) {
        if (display.isDisposed()) return false;
        try {
            display.asyncExec(r);
            return true;
        } catch (org.eclipse.swt.SWTException disposed) {
            return false;
        }
    }

    @Override
    public boolean belongsTo(Object family) {
        return family == FAMILY;
    }
}
