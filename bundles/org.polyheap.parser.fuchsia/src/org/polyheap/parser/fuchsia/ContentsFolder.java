package org.polyheap.parser.fuchsia;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import it.unimi.dsi.fastutil.longs.Long2ObjectOpenHashMap;

/**
 * The block-contents files of one process in an {@code --output-contents-dir} folder. ffx names
 * them {@code 0x<hex address>}, or {@code <koid>-0x<hex address>} in multi-process mode. Only
 * regular files whose real path lies inside the folder's real path are kept: a symlink that leads
 * outside is skipped with a warning, so nothing outside the chosen folder is ever read. Listing
 * costs one directory read; the object is immutable afterwards.
 */
final class ContentsFolder {
    private static final Pattern NAME = Pattern.compile("(?:(\\d{1,20})-)?0x([0-9a-fA-F]{1,16})");
    private static final int EXAMPLES = 3;

    private final Path realDir;
    private final Long2ObjectOpenHashMap<Path> files = new Long2ObjectOpenHashMap<>();

    private ContentsFolder(Path realDir) { this.realDir = realDir; }

    /**
     * Lists the folder.
     *
     * @param koid the chosen process's koid in a multi-process profile, or -1: then only names
     *             without a koid prefix belong to the snapshot
     */
    static ContentsFolder list(Path dir, long koid, Consumer<String> warning) throws IOException {
        var folder = new ContentsFolder(dir.toRealPath());
        List<String> badNames = new ArrayList<>(), outside = new ArrayList<>();
        int badCount = 0, outsideCount = 0, otherProcess = 0;
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(folder.realDir)) {
            for (Path entry : entries) {
                String name = entry.getFileName().toString();
                Matcher m = NAME.matcher(name);
                if (!m.matches()) {
                    if (badCount++ < EXAMPLES) badNames.add(name);
                    continue;
                }
                if (m.group(1) == null ? koid != -1 : !m.group(1).equals(Long.toString(koid))) {
                    otherProcess++;
                    continue;
                }
                Path real;
                try {
                    real = entry.toRealPath();
                } catch (IOException dangling) {
                    if (outsideCount++ < EXAMPLES) outside.add(name);
                    continue;
                }
                if (!real.startsWith(folder.realDir) || !Files.isRegularFile(real, LinkOption.NOFOLLOW_LINKS)) {
                    if (outsideCount++ < EXAMPLES) outside.add(name);
                    continue;
                }
                folder.files.put(Long.parseUnsignedLong(m.group(2), 16), real);
            }
        }
        if (badCount > 0) {
            warning.accept(badCount + " file(s) in the contents folder are not named 0x<hex> or <koid>-0x<hex> and were ignored, e.g. "
                    + String.join(", ", badNames));
        }
        if (outsideCount > 0) {
            warning.accept(outsideCount + " contents file(s) are links leading outside the contents folder, dangling, or not regular files,"
                    + " and were skipped, e.g. " + String.join(", ", outside));
        }
        if (otherProcess > 0) {
            warning.accept(otherProcess + " contents file(s) are named for another process (koid prefix) and were not read");
        }
        return folder;
    }

    Path realDir() { return realDir; }

    /** The contents file of the block at {@code address} (a resolved real path inside the folder), or null. */
    Path file(long address) { return files.get(address); }

    int size() { return files.size(); }

    /** Addresses that have a contents file, for matching against the profile's blocks. */
    long[] addresses() { return files.keySet().toLongArray(); }
}
