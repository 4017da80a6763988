package org.polyheap.ui.recent;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.eclipse.ui.IWorkbench;
import org.polyheap.ui.editor.SnapshotEditor;
import org.polyheap.ui.editor.SnapshotEditorInput;

/**
 * The snapshots open when Polyheap exits, to open again at the next start (preference "Reopen
 * snapshots open at exit"): the file and the options chosen for it (a Fuchsia process and contents
 * folder); the preferences supply the rest at the next open. Kept in {@code open-at-exit.properties}
 * in the UI bundle's state folder. Call on the UI thread.
 */
public final class OpenAtExit {
    private final Path file;

    /** A list kept in {@code file} (tests give their own). */
    public OpenAtExit(Path file) {
        this.file = file;
    }

    /** The workbench's list, in the bundle's state folder. */
    public static OpenAtExit standard() {
        return new OpenAtExit(RecentSnapshots.stateFolder().resolve("open-at-exit.properties"));
    }

    /** The file the list is kept in. */
    public Path file() { return file; }

    /**
     * Writes the snapshots open in {@code workbench}'s windows, in the order of their tabs; with
     * {@code remember} false, forgets any list written before (the preference is off).
     */
    public void save(IWorkbench workbench, boolean remember) throws IOException {
        if (!remember) {
            Files.deleteIfExists(file);
            return;
        }
        var open = new ArrayList<SnapshotEntry>();
        for (var window : workbench.getWorkbenchWindows()) {
            for (var page : window.getPages()) {
                for (var ref : page.getEditorReferences()) {
                    if (ref.getEditor(false) instanceof SnapshotEditor editor && editor.getEditorInput() instanceof SnapshotEditorInput in) {
                        open.add(new SnapshotEntry(in.request(), editor.snapshot().analyzed().snapshot().folder()));
                    }
                }
            }
        }
        SnapshotListFile.write(file, open);
    }

    /** What was open at the last exit; empty when nothing was, or the list was never written. */
    public List<SnapshotEntry> read() {
        return SnapshotListFile.read(file);
    }
}
