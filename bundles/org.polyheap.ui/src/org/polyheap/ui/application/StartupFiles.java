package org.polyheap.ui.application;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The snapshot files named on the command line. The launcher script passes them after a {@code --}
 * argument, so that they cannot be mistaken for values of the launcher's, the OSGi framework's or a
 * test harness's own options.
 */
public final class StartupFiles {
    public static final String SEPARATOR = "--";

    private StartupFiles() { }

    /** The arguments after the first {@code --}, as absolute paths; empty when there is none. */
    public static List<Path> fromArguments(String[] args) {
        List<Path> files = new ArrayList<>();
        if (args == null) return files;
        boolean after = false;
        for (String a : args) {
            if (after) {
                if (!a.isBlank()) files.add(Path.of(a).toAbsolutePath().normalize());
            } else if (a.equals(SEPARATOR)) {
                after = true;
            }
        }
        return files;
    }
}
