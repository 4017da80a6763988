package org.polyheap.ui.application;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;

import org.polyheap.ui.OpenRequest;
import org.polyheap.ui.recent.SnapshotEntry;

/**
 * What start-up opens, in this order: the snapshots open at the last exit whose files still exist
 * (with their own options), then the files named on the command line (a file in both opens once, with
 * the command line's defaults); the bundled sample only when neither gives a file. Saved files that are
 * gone are listed, to be named in one line, not opened. Each file's open is a job of its own, so the
 * editors appear as their jobs end. Immutable; {@link #of} reads only the files' existence.
 *
 * @param open    the requests to open, in order
 * @param missing saved files that no longer exist
 */
public record StartupPlan(List<OpenRequest> open, List<Path> missing) {
    public StartupPlan {
        open = List.copyOf(open);
        missing = List.copyOf(missing);
    }

    /** The plan for the saved snapshots {@code saved} (empty when the preference is off) and the command line's {@code files}. */
    public static StartupPlan of(List<SnapshotEntry> saved, List<Path> files) {
        var open = new LinkedHashMap<Path, OpenRequest>(); // by the file itself: a link and its target are one file
        var missing = new ArrayList<Path>();
        for (var e : saved) {
            if (Files.exists(e.file())) open.putIfAbsent(sameFile(e.file()), e.request());
            else missing.add(e.file());
        }
        for (Path f : files) {
            Path file = f.toAbsolutePath().normalize();
            Path key = sameFile(file);
            open.remove(key); // keeps the command line's order at the end
            open.put(key, OpenRequest.of(file));
        }
        return new StartupPlan(new ArrayList<>(open.values()), missing);
    }

    /** The file's real path, so that names of one file compare equal; the absolute path when it has none. */
    private static Path sameFile(Path file) {
        try {
            return file.toRealPath();
        } catch (java.io.IOException | SecurityException e) {
            return file.toAbsolutePath().normalize();
        }
    }

    /** True when nothing is to open: start-up shows the bundled sample. */
    public boolean opensSample() { return open.isEmpty(); }

    /** The one line naming the saved snapshots that are gone, or null when none is. */
    public String missingLine() {
        if (missing.isEmpty()) return null;
        var names = missing.stream().map(Path::toString).toList();
        return (missing.size() == 1 ? "A snapshot open at the last exit is gone: " : missing.size() + " snapshots open at the last exit are gone: ")
                + String.join(", ", names);
    }
}
