package org.polyheap.ui.prefs;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * The file the {@code polyheap} launcher reads at start for settings that must be known before the
 * JVM starts: {@code ${XDG_CONFIG_HOME:-~/.config}/polyheap/polyheap.conf}, lines {@code KEY=value}.
 * The launcher takes {@code POLYHEAP_XMX} from it when the environment does not set it (it parses
 * the value, it does not source the file). Writing replaces only our key's line, through a
 * temporary file and a rename. A few hundred bytes of I/O per call.
 */
public final class LauncherConfig {
    public static final String XMX = "POLYHEAP_XMX";
    /** What {@code -Xmx} accepts and the launcher passes on: a number with an optional unit k, m, g or t. */
    public static final Pattern HEAP_SIZE = Pattern.compile("[1-9][0-9]{0,8}[kKmMgGtT]?");

    private final Path file;

    public LauncherConfig(Path file) { this.file = file; }

    /** The file the launcher reads, for this user. */
    public static LauncherConfig forUser() {
        String xdg = System.getenv("XDG_CONFIG_HOME");
        Path base = xdg != null && !xdg.isBlank() ? Path.of(xdg) : Path.of(System.getProperty("user.home"), ".config");
        return new LauncherConfig(base.resolve("polyheap").resolve("polyheap.conf"));
    }

    public Path file() { return file; }

    /** The heap limit the next start uses, "" when the file sets none. */
    public String maxHeap() throws IOException {
        if (!Files.isRegularFile(file)) return "";
        String value = "";
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            if (line.startsWith(XMX + "=")) value = line.substring(XMX.length() + 1).strip();
        }
        return value;
    }

    /** Sets (or with "" removes) the heap limit of the next start. */
    public void setMaxHeap(String size) throws IOException {
        String value = size == null ? "" : size.strip();
        if (!value.isEmpty() && !HEAP_SIZE.matcher(value).matches()) {
            throw new IllegalArgumentException("not a heap size like 8g or 6144m: " + value);
        }
        List<String> lines = new ArrayList<>();
        if (Files.isRegularFile(file)) {
            for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) if (!line.startsWith(XMX + "=")) lines.add(line);
        } else {
            lines.add("# Read by the polyheap launcher at start; written by Window > Preferences > General.");
        }
        if (!value.isEmpty()) lines.add(XMX + "=" + value.toLowerCase(Locale.ROOT));
        Files.createDirectories(file.getParent());
        Path temp = file.resolveSibling(file.getFileName() + ".tmp");
        Files.write(temp, lines, StandardCharsets.UTF_8);
        Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }
}
