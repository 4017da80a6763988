package org.polyheap.ui.recent;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.eclipse.core.runtime.ILog;
import org.eclipse.core.runtime.Platform;
import org.osgi.framework.FrameworkUtil;
import org.polyheap.ui.OpenRequest;
import org.polyheap.ui.PolyheapUi;

/**
 * The snapshot files opened lately, most recent first, at most {@link #MAX} (as MAT's history and
 * Eclipse's list of recent files): each with its own open options and the index folder its last open
 * used. Kept in {@code recent-snapshots.properties} in the UI bundle's state folder of the workspace,
 * rewritten on each change (a few hundred bytes). Thread-safe; the list is read once.
 */
public final class RecentSnapshots {
    public static final int MAX = 10;
    private static RecentSnapshots instance;

    private final Path file;
    private List<SnapshotEntry> entries;

    /** A list kept in {@code file} (tests give their own). */
    public RecentSnapshots(Path file) {
        this.file = file;
    }

    /** The workbench's list, in the bundle's state folder. */
    public static synchronized RecentSnapshots instance() {
        if (instance == null) instance = new RecentSnapshots(stateFolder().resolve("recent-snapshots.properties"));
        return instance;
    }

    /** The UI bundle's folder in the workspace's metadata ({@code .metadata/.plugins/org.polyheap.ui}). */
    static Path stateFolder() {
        return Platform.getStateLocation(FrameworkUtil.getBundle(RecentSnapshots.class)).toPath();
    }

    /** The entries, most recent first. */
    public synchronized List<SnapshotEntry> entries() {
        if (entries == null) entries = new ArrayList<>(SnapshotListFile.read(file));
        return List.copyOf(entries);
    }

    /**
     * Puts {@code request} first, with the index folder this open used; the bundled sample is not
     * listed (it is no file of the user's, and its index lives in the cache).
     */
    public synchronized void opened(OpenRequest request, Path indexFolder) {
        if (PolyheapUi.isInInstallation(request.file())) return;
        entries();
        entries.removeIf(e -> e.file().equals(request.file()));
        entries.addFirst(new SnapshotEntry(request, indexFolder));
        while (entries.size() > MAX) entries.removeLast();
        save();
    }

    /** Forgets {@code file} (its index is left as it is). */
    public synchronized void remove(Path file) {
        entries();
        if (entries.removeIf(e -> e.file().equals(file))) save();
    }

    private void save() {
        try {
            SnapshotListFile.write(file, entries);
        } catch (IOException e) {
            ILog.of(RecentSnapshots.class).warn("Cannot write the recent snapshots to " + file + ": " + e);
        }
    }
}
