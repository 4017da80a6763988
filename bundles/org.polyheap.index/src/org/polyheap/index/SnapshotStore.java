package org.polyheap.index;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

import org.polyheap.model.Progress;
import org.polyheap.model.SnapshotFormatException;
import org.polyheap.model.spi.ParseOptions;
import org.polyheap.model.spi.Probe;
import org.polyheap.model.spi.SnapshotParser;

/**
 * Opens a snapshot file through its index: reuses a valid index, else parses the file into a new
 * one and publishes it atomically. The input file is only ever read. Thread-safe; builds of one
 * index are serialized between threads and processes by a lock file, so a second opener waits and
 * then reuses the first one's index.
 */
public final class SnapshotStore {
    /** Option: where the index lives. {@code beside} (default, when the folder is writable) or {@code cache}. */
    public static final String OPTION_LOCATION = "index.location";
    /** Options with this prefix steer the store; they are not passed to parsers nor recorded in the manifest. */
    public static final String STORE_OPTION_PREFIX = "index.";
    static final String FOLDER_SUFFIX = ".polyheap";

    private final Path cacheRoot;

    /** @param cacheRoot where indexes of read-only folders go, e.g. {@code ~/.cache/polyheap} */
    public SnapshotStore(Path cacheRoot) { this.cacheRoot = cacheRoot; }

    /** A store whose cache is {@code $XDG_CACHE_HOME/polyheap}, or {@code ~/.cache/polyheap}. */
    public SnapshotStore() { this(defaultCacheRoot()); }

    static Path defaultCacheRoot() {
        String xdg = System.getenv("XDG_CACHE_HOME");
        Path base = xdg != null && !xdg.isBlank() ? Path.of(xdg) : Path.of(System.getProperty("user.home"), ".cache");
        return base.resolve("polyheap");
    }

    /**
     * The outcome of {@link #open}: the caller owns (closes) the snapshot.
     *
     * @param reused true when an existing index was used without parsing
     */
    public record Opened(IndexedSnapshot snapshot, SnapshotParser parser, boolean reused) implements AutoCloseable {
        @Override public void close() { snapshot.close(); }
    }

    /**
     * Opens {@code snapshotFile}: probes its content to choose the parser, then reuses or builds the
     * index. Reuse costs the checks of {@link IndexedSnapshot#open} plus reading 128 KiB of the source
     * for its fingerprint; a build costs a full parse. Blocks while another thread or process builds
     * the same index. Call off the UI thread.
     *
     * @throws SnapshotFormatException the file is no known format, or the parser or the graph check refused it
     */
    public Opened open(Path snapshotFile, List<SnapshotParser> parsers, ParseOptions options, Progress progress)
            throws IOException, SnapshotFormatException {
        if (!Files.exists(snapshotFile)) throw new NoSuchFileException(snapshotFile.toString());
        if (!Files.isRegularFile(snapshotFile)) { // a device, a FIFO, a folder: a snapshot is a file whose size is known
            throw new SnapshotFormatException(snapshotFile, -1, Files.isDirectory(snapshotFile) ? "a folder, not a snapshot file"
                    : "not a regular file (a device or a pipe): a snapshot must be a file on disk");
        }
        Probe probe = Probe.of(snapshotFile);
        SnapshotParser parser = parsers.stream().filter(p -> p.accepts(probe)).findFirst()
                .orElseThrow(() -> new SnapshotFormatException(snapshotFile, 0, "not a known snapshot format"));
        ParseOptions parseOptions = parseOptions(options);
        Path target = indexFolder(snapshotFile, options);
        Files.createDirectories(target.getParent());
        try (var lock = IndexLock.acquire(target.resolveSibling(target.getFileName() + ".lock"))) {
            removeLeftovers(target);
            Leftovers.removeDead(target);
            Leftovers.removeDead(target.resolve(IndexFiles.RESULTS));
            SourceStamp stamp = SourceStamp.of(snapshotFile);
            var existing = reuse(target, stamp, parser, parseOptions);
            if (existing != null) return new Opened(existing, parser, true);
            Manifest built = build(snapshotFile, target, stamp, parser, parseOptions, progress);
            return new Opened(IndexedSnapshot.openBuilt(target, built), parser, false); // checksummed by the build
        }
    }

    /** The index folder for a file: beside it, or in the cache when asked or when its folder is not writable. */
    public Path indexFolder(Path snapshotFile, ParseOptions options) throws IOException {
        Path file = snapshotFile.toAbsolutePath().normalize();
        String where = options.get(OPTION_LOCATION, "beside");
        if (!where.equals("beside") && !where.equals("cache")) throw new IllegalArgumentException(OPTION_LOCATION + " must be beside or cache, not " + where);
        if (where.equals("beside") && Files.isWritable(file.getParent())) {
            return file.resolveSibling(file.getFileName() + FOLDER_SUFFIX);
        }
        return cacheRoot.resolve(hash(file.toRealPath().toString()));
    }

    /**
     * Whether {@code folder} is where this store puts indexes: a {@code FILE.polyheap} folder, or a
     * folder directly in the cache. Two path comparisons, no I/O. Guards {@link #deleteIndex}, whose
     * folder comes from a list a user may have edited.
     */
    public boolean isIndexFolder(Path folder) {
        Path f = folder.toAbsolutePath().normalize();
        Path name = f.getFileName();
        if (name == null) return false;
        return (name.toString().endsWith(FOLDER_SUFFIX) && name.toString().length() > FOLDER_SUFFIX.length())
                || cacheRoot.toAbsolutePath().normalize().equals(f.getParent());
    }

    /**
     * Deletes an index folder and its lock file, never the snapshot. Waits, under the index's lock,
     * for a build of it in progress (in this or another process) to end first. The caller makes sure
     * no open snapshot maps it. Nothing happens when the folder does not exist. O(files in the folder).
     *
     * @throws IllegalArgumentException {@code folder} is not where this store puts indexes ({@link #isIndexFolder})
     */
    public void deleteIndex(Path folder) throws IOException {
        if (!isIndexFolder(folder)) throw new IllegalArgumentException("not an index folder: " + folder);
        Path target = folder.toAbsolutePath().normalize();
        Path lockFile = target.resolveSibling(target.getFileName() + ".lock");
        if (!Files.isDirectory(target.getParent())) return;
        try (var lock = IndexLock.acquire(lockFile)) {
            removeLeftovers(target);
            Leftovers.deleteTree(target);
        }
        Files.deleteIfExists(lockFile);
    }

    /**
     * Bytes the files under {@code folder} hold (their sizes summed; 0 when it does not exist). Walks
     * the folder: O(files), some milliseconds for an index. Call off the UI thread for many folders.
     */
    public static long sizeOnDisk(Path folder) throws IOException {
        if (!Files.isDirectory(folder)) return 0;
        try (Stream<Path> s = Files.walk(folder)) {
            long total = 0;
            for (Path p : s.toList()) {
                try {
                    if (Files.isRegularFile(p)) total += Files.size(p);
                } catch (NoSuchFileException gone) {
                    // removed while walking (a result replaced): not there any more
                }
            }
            return total;
        }
    }

    private static final java.util.concurrent.atomic.AtomicLong NAMES = new java.util.concurrent.atomic.AtomicLong();

    /**
     * {@code <pid>-<n>-<time>}: unique among this process' builds and every other live process'. Not a
     * random UUID: seeding its SecureRandom cost every first open 11-30 ms of its main thread.
     */
    private static String uniqueSuffix() {
        return ProcessHandle.current().pid() + "-" + NAMES.incrementAndGet() + "-" + Long.toHexString(System.nanoTime());
    }

    static ParseOptions parseOptions(ParseOptions options) {
        Map<String, String> kept = new TreeMap<>(options.values());
        kept.keySet().removeIf(k -> k.startsWith(STORE_OPTION_PREFIX));
        return new ParseOptions(kept);
    }

    private static IndexedSnapshot reuse(Path target, SourceStamp stamp, SnapshotParser parser, ParseOptions options) {
        if (!Files.isDirectory(target)) return null;
        try {
            Manifest m = Manifest.read(target.resolve(IndexFiles.MANIFEST));
            if (!m.source().equals(stamp) || !m.parser().equals(parser.format().key()) || !m.options().equals(options)) return null;
            return IndexedSnapshot.open(target, m);
        } catch (IOException | RuntimeException staleOrDamaged) {
            return null; // rebuilt below
        }
    }

    /** Parses into a temp folder and publishes it as {@code target}; returns its manifest. */
    private static Manifest build(Path file, Path target, SourceStamp stamp, SnapshotParser parser, ParseOptions options,
            Progress progress) throws IOException, SnapshotFormatException {
        Path temp = target.resolveSibling(target.getFileName() + ".tmp-" + uniqueSuffix());
        boolean published = false;
        Manifest manifest;
        try {
            try (var builder = new IndexBuilder(temp, progress)) {
                builder.source(file, stamp, parser.format().key(), options);
                parser.parse(file, builder, progress, options);
                manifest = builder.finish();
            } catch (UncheckedIOException e) {
                throw e.getCause();
            } catch (java.util.concurrent.CancellationException canceled) {
                throw canceled;
            } catch (IllegalStateException | IllegalArgumentException badGraph) {
                throw new SnapshotFormatException(file, -1, badGraph.getMessage(), badGraph);
            }
            if (!SourceStamp.of(file).equals(stamp)) throw new IOException(file + " changed while it was being parsed");
            if (Files.exists(target)) { // move the stale index aside first: a folder cannot be renamed over another
                Path old = target.resolveSibling(target.getFileName() + ".old-" + uniqueSuffix());
                Files.move(target, old, StandardCopyOption.ATOMIC_MOVE);
                Leftovers.deleteTree(old);
            }
            Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE);
            published = true;
        } finally {
            if (!published) Leftovers.deleteTree(temp);
        }
        return manifest;
    }

    /**
     * Marks an index as damaged so that no later open trusts it: deletes its manifest, and the next
     * {@link #open} rebuilds the index. Called when a page of an open snapshot fails its check (pages are
     * checked when first read). Best effort: in a folder this process may not write to, the damage is
     * still reported by the reader's exception, and the page fails its check again next time.
     */
    static void invalidate(Path indexFolder) {
        try {
            Files.deleteIfExists(indexFolder.resolve(IndexFiles.MANIFEST));
        } catch (IOException | RuntimeException cannotDelete) {
            // read-only folder: see above
        }
    }

    /** Deletes temp and old folders of this index. Called under the lock, so their builders are dead. */
    private static void removeLeftovers(Path target) throws IOException {
        String name = target.getFileName().toString();
        try (Stream<Path> s = Files.list(target.getParent())) {
            for (Path p : s.toList()) {
                String n = p.getFileName().toString();
                if (n.startsWith(name + ".tmp-") || n.startsWith(name + ".old-")) {
                    try {
                        Leftovers.deleteTree(p);
                    } catch (IOException inUse) {
                        // still mapped by a reader on a platform that refuses; tried again next time
                    }
                }
            }
        }
    }

    private static String hash(String path) {
        try {
            byte[] d = MessageDigest.getInstance("SHA-256").digest(path.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(d, 0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }
}
