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
    /** The button that opens the file again permissively (MAT's name for the mode in its words). */
    public static final String OPEN_WHAT_CAN_BE_READ = "Open What Can Be Read";
    /**
     * The status code of a file its format refuses, of a format whose parser can read what comes before
     * a damage ({@code SnapshotFormat.readsWhatItCan}): a permissive open may read part of it.
     */
    public static final int DAMAGED_FILE = 1;

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
        boolean readable = e instanceof SnapshotFormatException f && Parsers.readsWhatItCan(f.file() != null ? f.file() : file);
        return new MultiStatus(PolyheapUi.PLUGIN_ID, readable ? DAMAGED_FILE : 0,
                details.toArray(IStatus[]::new), line, null);
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
        show(shell, status, null);
    }

    /**
     * As {@link #show(Shell, IStatus)}; when {@code openWhatCanBeRead} is given and the file is damaged
     * ({@link #DAMAGED_FILE}), the dialog also offers {@value #OPEN_WHAT_CAN_BE_READ}, which runs it.
     */
    public static void show(Shell shell, IStatus status, Runnable openWhatCanBeRead) {
        if (shell == null || shell.isDisposed()) return;
        if (openWhatCanBeRead == null || status.getCode() != DAMAGED_FILE) {
            ErrorDialog.openError(shell, TITLE, null, status);
            return;
        }
        var dialog = new ErrorDialog(shell, TITLE, null, status, IStatus.OK | IStatus.INFO | IStatus.WARNING | IStatus.ERROR) {
            @Override
            protected void createButtonsForButtonBar(org.eclipse.swt.widgets.Composite parent) {
                createButton(parent, OPEN_PERMISSIVE_ID, OPEN_WHAT_CAN_BE_READ, false)
                        .setToolTipText("Open the snapshot read up to the damage, with a banner naming what is missing (permissive mode)");
                super.createButtonsForButtonBar(parent);
            }

            @Override
            protected void buttonPressed(int id) {
                if (id != OPEN_PERMISSIVE_ID) {
                    super.buttonPressed(id);
                    return;
                }
                setReturnCode(id);
                close();
            }
        };
        if (dialog.open() == OPEN_PERMISSIVE_ID) openWhatCanBeRead.run();
    }

    /** The id of the {@value #OPEN_WHAT_CAN_BE_READ} button. */
    public static final int OPEN_PERMISSIVE_ID = org.eclipse.jface.dialogs.IDialogConstants.CLIENT_ID + 1;
}
