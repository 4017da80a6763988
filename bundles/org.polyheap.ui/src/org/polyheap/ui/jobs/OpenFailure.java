package org.polyheap.ui.jobs;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.MultiStatus;
import org.eclipse.core.runtime.Status;
import org.eclipse.jface.dialogs.ErrorDialog;
import org.eclipse.swt.widgets.Shell;
import org.polyheap.model.SnapshotFormatException;
import org.polyheap.model.format.SnapshotFormat;
import org.polyheap.model.spi.SnapshotSource;
import org.polyheap.report.Parsers;
import org.polyheap.ui.PolyheapUi;
import org.polyheap.ui.editor.Format;
import org.polyheap.ui.editor.SnapshotEditor;

/**
 * Why a snapshot did not open, as the error dialog shows it: a status whose message is one line
 * (file, byte offset, problem) and whose children are the details behind the dialog's Details
 * button (file size, detected format, offset, the chain of causes). Never a stack trace: that goes
 * to the log. Building it reads at most 4 KiB of the file (to name the format); call it off the UI
 * thread.
 */
public final class OpenFailure {
    public static final String TITLE = "Cannot open snapshot";

    private OpenFailure() { }

    /** The status of a failed open of {@code file}. */
    public static MultiStatus of(Path file, Throwable e) {
        String line = switch (e) {
            case SnapshotFormatException f -> f.getMessage();
            case IOException io -> file + ": " + SnapshotEditor.describe(io);
            case OutOfMemoryError _ -> file + ": not enough memory for this snapshot";
            default -> file + ": " + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage());
        };
        List<IStatus> details = new ArrayList<>();
        details.add(error(switch (e) {
            case SnapshotFormatException f -> "Problem: " + f.problem();
            case IOException io -> "Problem: " + SnapshotEditor.describe(io);
            case OutOfMemoryError _ -> "Problem: the heap limit of " + Format.human(Runtime.getRuntime().maxMemory())
                    + " is too small; raise the maximum heap in Window > Preferences > Polyheap and restart";
            default -> "Problem: an internal error (" + e.getClass().getName() + "); the log has the stack trace";
        }));
        details.add(info("File: " + file));
        fileFacts(file, details);
        if (e instanceof SnapshotFormatException f && f.offset() >= 0) {
            details.add(info("Byte offset: " + Format.count(f.offset()) + (gzip(file) ? " (in the decompressed stream)" : "")));
        }
        for (Throwable c = e.getCause(); c != null && c != c.getCause(); c = c.getCause()) {
            details.add(info("Caused by: " + c.getClass().getSimpleName() + (c.getMessage() == null ? "" : ": " + c.getMessage())));
        }
        return new MultiStatus(PolyheapUi.PLUGIN_ID, 0, details.toArray(IStatus[]::new), line, null);
    }

    private static void fileFacts(Path file, List<IStatus> details) {
        try {
            if (!Files.isRegularFile(file)) return;
            details.add(info("Size: " + Format.count(Files.size(file)) + " bytes (" + Format.human(Files.size(file)) + ")"
                    + (gzip(file) ? ", gzip-compressed" : "")));
            SnapshotFormat format = Parsers.detect(file);
            details.add(info("Format: " + (format == null ? "not recognised from the first bytes" : format.key() + " (from the first bytes)")));
        } catch (IOException unreadable) {
            details.add(info("The file cannot be read: " + SnapshotEditor.describe(unreadable)));
        }
    }

    private static boolean gzip(Path file) {
        try {
            return SnapshotSource.of(file).gzip();
        } catch (IOException e) {
            return false;
        }
    }

    private static IStatus info(String s) { return new Status(IStatus.INFO, PolyheapUi.PLUGIN_ID, s); }

    private static IStatus error(String s) { return new Status(IStatus.ERROR, PolyheapUi.PLUGIN_ID, s); }

    /** The error dialog: the one line, and the details behind its Details button. UI thread; modal. */
    public static void show(Shell shell, IStatus status) {
        if (shell == null || shell.isDisposed()) return;
        ErrorDialog.openError(shell, TITLE, null, status);
    }
}
