package org.polyheap.ui.jobs;

import java.io.IOException;
import java.util.concurrent.CancellationException;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.jobs.Job;
import org.polyheap.ui.LoadedSnapshot;
import org.polyheap.ui.PolyheapUi;

/**
 * Builds a snapshot's inbound index in the background once its editor has opened, and reads it into
 * the arrays path searches use ({@code HeapAnalysis.pathIndex}), so the first Paths to GC Roots or
 * incoming references usually find them ready (a parse no longer builds the index: see
 * {@code IndexedSnapshot.prepareInbound}). A search that comes first simply waits for this build.
 * It starts after the editor's pages are made and a short delay: the build keeps both cores of a
 * small machine busy for seconds (3.6 s for the 39.5 M references of the 1 GB HPROF), and the
 * editor's first turns and paints should not wait for a core. Shown in the status line's progress,
 * canceled when the snapshot closes.
 */
public final class InboundIndexJob extends Job {
    public static final Object FAMILY = InboundIndexJob.class;
    /** Null once the job has run or was canceled: the workbench may keep a finished job (its progress). */
    private volatile LoadedSnapshot snapshot;

    private InboundIndexJob(LoadedSnapshot snapshot) {
        super("Indexing incoming references of " + snapshot.analyzed().file().getFileName());
        this.snapshot = snapshot;
        setPriority(LONG);
    }

    /** How long after the editor's last page is made the build starts. */
    public static final long START_DELAY_MS = 500;

    /** Schedules the build in {@code delayMs} unless the snapshot closed; returns the job, or null. */
    public static InboundIndexJob scheduleIfNeeded(LoadedSnapshot snapshot, long delayMs) {
        if (snapshot.isClosed()) return null;
        var job = new InboundIndexJob(snapshot);
        snapshot.onClose(job::cancel);
        job.schedule(delayMs);
        return job;
    }

    @Override
    protected void canceling() { snapshot = null; }

    @Override
    protected IStatus run(IProgressMonitor monitor) {
        var snapshot = this.snapshot;
        this.snapshot = null;
        if (snapshot == null) return Status.CANCEL_STATUS;
        try {
            var progress = MonitorProgress.begin(monitor, getName());
            snapshot.analyzed().snapshot().prepareInbound(progress);
            snapshot.analyzed().analysis().pathIndex(progress);
            return Status.OK_STATUS;
        } catch (CancellationException canceled) {
            return Status.CANCEL_STATUS;
        } catch (IllegalStateException closed) { // the snapshot was closed (its index unmapped) meanwhile
            if (snapshot.isClosed()) return Status.CANCEL_STATUS;
            throw closed;
        } catch (IOException | java.io.UncheckedIOException e) {
            // not fatal: a search that needs the index tries again and reports its own failure
            return new Status(IStatus.WARNING, PolyheapUi.PLUGIN_ID, "Could not index the incoming references: " + e.getMessage(), e);
        } finally {
            monitor.done();
        }
    }

    @Override
    public boolean belongsTo(Object family) {
        return family == FAMILY;
    }
}
