package org.polyheap.parser.fuchsia;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import it.unimi.dsi.fastutil.longs.Long2LongOpenHashMap;
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
    private final String prefix;
    /** Address → file size, for every accepted file. */
    private final Long2LongOpenHashMap sizes = new Long2LongOpenHashMap();
    /** Address → real path, only for files not at their canonical name (links, upper-case hex, leading zeros). */
    private final Long2ObjectOpenHashMap<Path> elsewhere = new Long2ObjectOpenHashMap<>();

    private ContentsFolder(Path realDir, String prefix) {
        this.realDir = realDir;
        this.prefix = prefix;
    }

    /**
     * Lists the folder: one directory read and one {@code lstat} per entry, plus a real-path
     * resolution for links. Keeps 16 bytes per file.
     *
     * @param koid the chosen process's koid in a multi-process profile, or -1: then only names
     *             without a koid prefix belong to the snapshot
     */
    static ContentsFolder list(Path dir, long koid, Consumer<String> warning) throws IOException {
        var folder = new ContentsFolder(dir.toRealPath(), koid == -1 ? "" : koid + "-");
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
                long address = Long.parseUnsignedLong(m.group(2), 16);
                var attributes = Files.readAttributes(entry, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
                if (attributes.isRegularFile()) { // a plain entry of the real folder: inside by construction
                    folder.sizes.put(address, attributes.size());
                    if (!name.equals(folder.canonicalName(address))) folder.elsewhere.put(address, entry);
                    continue;
                }
                Path real = null;
                if (attributes.isSymbolicLink()) {
                    try {
                        real = entry.toRealPath();
                    } catch (IOException dangling) {
                        real = null;
                    }
                }
                if (real == null || !real.startsWith(folder.realDir) || !Files.isRegularFile(real, LinkOption.NOFOLLOW_LINKS)) {
                    if (outsideCount++ < EXAMPLES) outside.add(name);
                    continue;
                }
                folder.sizes.put(address, Files.size(real));
                folder.elsewhere.put(address, real);
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

    /**
     * The contents file of the block at {@code address} (inside the folder, no link left to follow),
     * or null when there is none.
     */
    Path file(long address) {
        if (!sizes.containsKey(address)) return null;
        Path p = elsewhere.get(address);
        return p != null ? p : realDir.resolve(canonicalName(address));
    }

    /** Size of that file as listed, or -1. */
    long size(long address) { return sizes.containsKey(address) ? sizes.get(address) : -1; }

    int size() { return sizes.size(); }

    private String canonicalName(long address) { return prefix + "0x" + Long.toHexString(address); }
}
