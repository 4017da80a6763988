package org.polyheap.ui.recent;

import java.nio.file.Path;

import org.polyheap.ui.OpenRequest;

/**
 * A remembered snapshot: the file with the options chosen for it alone, and the index folder its last
 * open used (null when not known). The folder is the one the index store picked at that open (beside
 * the file, or in the per-user cache), so it is recorded, never derived again. Immutable.
 */
public record SnapshotEntry(OpenRequest request, Path indexFolder) {
    public SnapshotEntry {
        if (indexFolder != null) indexFolder = indexFolder.toAbsolutePath().normalize();
    }

    public Path file() { return request.file(); }
}
