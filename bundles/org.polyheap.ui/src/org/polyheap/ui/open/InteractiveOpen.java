package org.polyheap.ui.open;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CancellationException;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.jface.window.Window;
import org.eclipse.ui.IWorkbenchWindow;
import org.polyheap.model.SnapshotFormatException;
import org.polyheap.model.format.SnapshotFormat;
import org.polyheap.parser.fuchsia.FuchsiaHeapdumpParser;
import org.polyheap.parser.fuchsia.ProfileProcess;
import org.polyheap.report.Parsers;
import org.polyheap.ui.OpenRequest;
import org.polyheap.ui.editor.SnapshotOpener;
import org.polyheap.ui.jobs.MonitorProgress;
import org.polyheap.ui.jobs.OpenFailure;

/**
 * Opening a file the user chose (File ▸ Open…): a Fuchsia heapdump first lists its processes in a
 * job (a decode of the profile, about as long as reading it) and then asks with
 * {@link FuchsiaOpenDialog}; every other format opens at once. A long open shows its phases in a
 * dialog ({@link SnapshotOpener#openShowingProgress}). Start-up and command-line opens do not
 * come here: they must not show dialogs, and take the parser's defaults as the headless command does.
 * UI thread.
 */
public final class InteractiveOpen {
    private InteractiveOpen() { }

    /** Opens or asks; returns the job started (listing processes, or opening), or null when none was needed. */
    public static Job open(IWorkbenchWindow window, Path file) {
        SnapshotFormat format;
        try {
            format = Parsers.detect(file);
        } catch (IOException unreadable) {
            format = null; // the open job reports it in its dialog
        }
        if (format != SnapshotFormat.FUCHSIA) return SnapshotOpener.openShowingProgress(window, OpenRequest.of(file));
        return askForFuchsia(window, file);
    }

    private static Job askForFuchsia(IWorkbenchWindow window, Path file) {
        var display = window.getShell().getDisplay();
        var job = new Job("Reading the processes of " + file.getFileName()) {
            @Override protected IStatus run(IProgressMonitor monitor) {
                try {
                    List<ProfileProcess> processes = FuchsiaHeapdumpParser.processes(file, MonitorProgress.begin(monitor, getName()));
                    display.asyncExec(() -> ask(window, file, processes));
                    return Status.OK_STATUS;
                } catch (CancellationException e) {
                    return Status.CANCEL_STATUS;
                } catch (IOException | SnapshotFormatException | RuntimeException e) {
                    var status = OpenFailure.of(file, e);
                    display.asyncExec(() -> OpenFailure.show(window.getShell(), status));
                    return Status.OK_STATUS; // reported by our dialog
                } finally {
                    monitor.done();
                }
            }
        };
        job.setUser(true);
        job.schedule();
        return job;
    }

    private static void ask(IWorkbenchWindow window, Path file, List<ProfileProcess> processes) {
        if (window.getShell().isDisposed()) return;
        var dialog = new FuchsiaOpenDialog(window.getShell(), file, FuchsiaHeapdumpParser.siblingContentsFolder(file), processes);
        if (dialog.open() != Window.OK) return;
        OpenRequest request = dialog.request();
        SnapshotOpener.openShowingProgress(window, request);
    }
}
