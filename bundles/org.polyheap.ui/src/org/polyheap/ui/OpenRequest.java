package org.polyheap.ui;

import java.nio.file.Path;
import java.util.Map;

import org.polyheap.report.OpenOption;

/**
 * A snapshot file to open and the options chosen for this file alone when it was opened (the
 * Fuchsia contents folder and process); the preferences supply the rest at
 * each open, so a re-analysis after a preference change keeps these. Immutable.
 */
public record OpenRequest(Path file, Map<OpenOption, String> fileOptions) {
    public OpenRequest {
        file = file.toAbsolutePath().normalize();
        fileOptions = Map.copyOf(fileOptions);
    }

    /** A file with no options of its own. */
    public static OpenRequest of(Path file) { return new OpenRequest(file, Map.of()); }
}
