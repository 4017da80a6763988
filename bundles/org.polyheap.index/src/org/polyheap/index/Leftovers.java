package org.polyheap.index;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Temporary files and folders inside an index folder (result writers' folders and manifests, the
 * analysis' working files) carry their writer's process id: {@code <name>.tmp-<pid>}. Another process
 * may be writing them right now (the index lock covers only building), so they are removed only once
 * that process is gone: a killed writer's leftovers go at the next open. A reused pid only delays that.
 */
public final class Leftovers {
    private static final String TMP = ".tmp-";
    private static final Pattern TEMP = Pattern.compile(".*\\.tmp-(\\d+)");

    private Leftovers() { }

    /** The temporary name of {@code name} for this process. */
    public static String temp(String name) { return name + TMP + ProcessHandle.current().pid(); }

    static boolean isTemp(String name) { return TEMP.matcher(name).matches(); }

    /** Deletes the temporary entries of {@code folder} whose writing process no longer runs. Best effort. */
    static void removeDead(Path folder) {
        if (!Files.isDirectory(folder)) return;
        try (Stream<Path> s = Files.list(folder)) {
            for (Path p : s.toList()) {
                var m = TEMP.matcher(p.getFileName().toString());
                if (m.matches() && !running(m.group(1))) deleteTree(p);
            }
        } catch (IOException | RuntimeException inUse) {
            // still mapped on a platform that refuses, or raced by another cleaner: tried again next time
        }
    }

    /** Deletes {@code root} and everything below it; nothing when it does not exist. */
    static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root)) return;
        try (Stream<Path> s = Files.walk(root)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) Files.deleteIfExists(p);
        }
    }

    private static boolean running(String pid) {
        try {
            return ProcessHandle.of(Long.parseLong(pid)).map(ProcessHandle::isAlive).orElse(false);
        } catch (NumberFormatException | UnsupportedOperationException unknown) {
            return true; // keep what cannot be judged
        }
    }
}
