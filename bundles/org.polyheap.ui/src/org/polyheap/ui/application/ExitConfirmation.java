package org.polyheap.ui.application;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.eclipse.core.runtime.ILog;
import org.eclipse.jface.dialogs.ErrorDialog;
import org.eclipse.jface.dialogs.IDialogConstants;
import org.eclipse.jface.dialogs.MessageDialogWithToggle;
import org.eclipse.jface.preference.IPersistentPreferenceStore;
import org.eclipse.ui.IWorkbench;
import org.polyheap.ui.editor.SnapshotEditor;
import org.polyheap.ui.prefs.PolyheapPreferences;

/**
 * Exit asks first while snapshots are open (as Eclipse's and MAT's "Confirm Exit"): OK or Cancel,
 * and "Do not ask again", which clears the preference. With no snapshot open it does not ask: there
 * is nothing to lose. Not in JFace's automated mode either (test harnesses set it so that no modal
 * dialog blocks their run, and close the workbench themselves). UI thread.
 */
public final class ExitConfirmation {
    public static final String TITLE = "Confirm Exit";
    public static final String DO_NOT_ASK = "Do not ask again";

    private ExitConfirmation() { }

    /** True when the workbench may close: nothing is open, the user said not to ask, or pressed OK. */
    public static boolean confirm(IWorkbench workbench) {
        var store = PolyheapPreferences.store();
        List<Path> open = openSnapshots(workbench);
        if (open.isEmpty() || !store.getBoolean(PolyheapPreferences.CONFIRM_EXIT) || ErrorDialog.AUTOMATED_MODE) return true;
        var window = workbench.getActiveWorkbenchWindow() != null ? workbench.getActiveWorkbenchWindow() : workbench.getWorkbenchWindows()[0];
        var dialog = MessageDialogWithToggle.openOkCancelConfirm(window.getShell(), TITLE, message(open), DO_NOT_ASK, false, null, null);
        boolean ok = dialog.getReturnCode() == IDialogConstants.OK_ID;
        if (ok && dialog.getToggleState()) {
            store.setValue(PolyheapPreferences.CONFIRM_EXIT, false);
            try {
                if (store instanceof IPersistentPreferenceStore persistent) persistent.save();
            } catch (IOException e) {
                ILog.of(ExitConfirmation.class).warn("Cannot save the preferences: " + e);
            }
        }
        return ok;
    }

    /** "Exit Polyheap? 2 snapshots are open: a.hprof, b.heapsnapshot." (up to five names). */
    static String message(List<Path> open) {
        var names = open.stream().limit(5).map(p -> p.getFileName().toString()).toList();
        String more = open.size() > names.size() ? ", \u2026" : "";
        return "Exit Polyheap? " + (open.size() == 1 ? "1 snapshot is" : open.size() + " snapshots are") + " open: "
                + String.join(", ", names) + more + ".";
    }

    /** The files of the snapshot editors in every window, in the order of their tabs. */
    static List<Path> openSnapshots(IWorkbench workbench) {
        var files = new ArrayList<Path>();
        for (var window : workbench.getWorkbenchWindows()) {
            for (var page : window.getPages()) {
                for (var ref : page.getEditorReferences()) if (ref.getEditor(false) instanceof SnapshotEditor e) files.add(e.file());
            }
        }
        return files;
    }
}
