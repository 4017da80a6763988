package org.polyheap.ui.recent;

import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Properties;

import org.polyheap.report.OpenOption;
import org.polyheap.ui.OpenRequest;

/**
 * A list of {@link SnapshotEntry}s in a properties file: {@code 0.file}, {@code 0.index},
 * {@code 0.option.<flag>} (the headless command's flag of each {@link OpenOption}), then {@code 1.…}.
 * Properties escape any path. Written to a temp file and renamed, so a crash leaves the old list.
 * An entry that does not read (edited by hand, an option no longer known) is left out, never an error.
 */
final class SnapshotListFile {
    private SnapshotListFile() { }

    /** The entries in {@code file}, in order; empty when it does not exist or does not read. O(entries). */
    static List<SnapshotEntry> read(Path file) {
        var p = new Properties();
        try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            p.load(in);
        } catch (IOException | IllegalArgumentException missingOrUnreadable) {
            return List.of();
        }
        var entries = new ArrayList<SnapshotEntry>();
        for (int i = 0; p.containsKey(i + ".file"); i++) {
            try {
                var options = new EnumMap<OpenOption, String>(OpenOption.class);
                for (OpenOption o : OpenOption.values()) {
                    String v = p.getProperty(i + ".option." + o.flag());
                    if (v != null) options.put(o, o.check(v));
                }
                String index = p.getProperty(i + ".index");
                entries.add(new SnapshotEntry(new OpenRequest(Path.of(p.getProperty(i + ".file")), options),
                        index == null || index.isEmpty() ? null : Path.of(index)));
            } catch (RuntimeException badEntry) {
                // a path or option value that no longer reads: skip it, keep the others
            }
        }
        return entries;
    }

    /** Replaces {@code file} with {@code entries}; creates its folder. */
    static void write(Path file, List<SnapshotEntry> entries) throws IOException {
        var p = new Properties();
        for (int i = 0; i < entries.size(); i++) {
            var e = entries.get(i);
            p.setProperty(i + ".file", e.file().toString());
            if (e.indexFolder() != null) p.setProperty(i + ".index", e.indexFolder().toString());
            for (var o : e.request().fileOptions().entrySet()) p.setProperty(i + ".option." + o.getKey().flag(), o.getValue());
        }
        Files.createDirectories(file.toAbsolutePath().getParent());
        Path temp = file.resolveSibling(file.getFileName() + ".tmp");
        try (Writer out = Files.newBufferedWriter(temp, StandardCharsets.UTF_8)) {
            p.store(out, "Polyheap: snapshot files, most recent first");
        }
        Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }
}
