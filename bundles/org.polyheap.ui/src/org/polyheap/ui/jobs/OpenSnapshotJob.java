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
import org.polyheap.model.SnapshotFormatException;
import org.polyheap.report.AnalyzedSnapshot;
import org.polyheap.ui.LoadedSnapshot;
import org.polyheap.ui.PolyheapUi;

/**
 * Parses (or reuses the index of) a snapshot file and runs the analysis, as a user job with named
 * phases and a working Cancel. The outcome is handed to one of two callbacks on the UI thread: the
 * opened snapshot, or a one-line reason it could not open. Cancel hands over nothing; the index
 * store removes the half-built index, so the next open starts afresh.
 */
public final class OpenSnapshotJob extends Job {
    /** Job family of all snapshot opens, for {@code Job.getJobManager().find(FAMILY)}. */
    public static final Object FAMILY = OpenSnapshotJob.class;

    private final Path file;
    private final Display display;
    private final Consumer<LoadedSnapshot> onOpened;
    private final Consumer<String> onFailed;
    private volatile MonitorProgress progress;

    public OpenSnapshotJob(Path file, Display display, Consumer<LoadedSnapshot> onOpened, Consumer<String> onFailed) {
        super("Opening " + file.getFileName());
        this.file = file;
        this.display = display;
        this.onOpened = onOpened;
        this.onFailed = onFailed;
        setUser(true);
    }

    public Path file() { return file; }

    /** The phase running now ("Reading HPROF: objects and references"), "" before the first. */
    public String phase() {
        var p = progress;
        return p == null ? "" : p.phaseName();
    }

    @Override
    protected IStatus run(IProgressMonitor monitor) {
        var progress = MonitorProgress.begin(monitor, getName());
        this.progress = progress;
        try {
            var analyzed = AnalyzedSnapshot.open(file, AnalyzedSnapshot.OpenOptions.DEFAULT, progress);
            LoadedSnapshot loaded;
            try {
                loaded = LoadedSnapshot.of(analyzed, progress);
            } catch (RuntimeException | Error e) {
                analyzed.close();
                throw e;
            }
            if (!deliver(() -> onOpened.accept(loaded))) loaded.close();
            return Status.OK_STATUS;
        } catch (CancellationException canceled) {
            return Status.CANCEL_STATUS;
        } catch (SnapshotFormatException e) {
            return failed(e.getMessage());
        } catch (IOException e) {
            return failed(file + ": " + org.polyheap.ui.editor.SnapshotEditor.describe(e), e);
        } catch (RuntimeException e) {
            // a bug or an I/O failure: the user gets one line, the log gets the trace
            return failed(file + ": " + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage()), e);
        } catch (OutOfMemoryError e) {
            return failed(file + ": not enough memory for this snapshot (raise -Xmx in polyheap.ini)");
        } finally {
            monitor.done();
        }
    }

    private IStatus failed(String line) {
        return failed(line, null);
    }

    private IStatus failed(String line, Throwable trace) {
        deliver(() -> onFailed.accept(line));
        // a WARNING (not ERROR) status: our callback shows the dialog, the workbench must not show a second one
        return new Status(IStatus.WARNING, PolyheapUi.PLUGIN_ID, line, trace);
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
