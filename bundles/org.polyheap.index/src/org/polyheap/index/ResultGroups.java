package org.polyheap.index;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.polyheap.index.column.IndexDamagedException;
import org.polyheap.index.column.IntIndexReader;
import org.polyheap.index.column.LongIndexReader;
import org.polyheap.index.column.MappedFile;
import org.polyheap.index.column.OneToManyIndex;
import org.polyheap.index.column.Origin;

/**
 * The result groups of one index folder, {@code results/}: the one owner of their names
 * ({@code <group>.manifest}, {@code <group>-<uuid>/}), of reading them back (mapped in the snapshot's
 * arena, cached per group), of publishing what a {@link ResultWriter} wrote, and of damage: a group whose
 * page fails its check is dropped by deleting its manifest, so the analysis recomputes it. Readers only
 * report damage (through the {@link Origin} each column gets, which names its group); nothing else
 * deletes a published group (only {@link Leftovers} removes dead writers' temporary folders, and a
 * rebuild of the index the whole folder). Thread-safe; publications are serialized.
 */
final class ResultGroups implements ResultStore {
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_.-]{1,64}");
    private static final String MANIFEST_SUFFIX = ".manifest";
    private final Path indexFolder;
    private final Path folder;
    private final Arena arena;
    private final Map<String, AnalysisResult> opened = new ConcurrentHashMap<>();
    private final Consumer<IndexDamagedException> onDamage;

    /**
     * @param arena    where result files are mapped: the snapshot's, so they are unmapped when it closes
     * @param onDamage told of each damaged page found in a group after the group is discarded
     */
    ResultGroups(Path indexFolder, Arena arena, Consumer<IndexDamagedException> onDamage) {
        this.indexFolder = indexFolder;
        this.folder = indexFolder.resolve(IndexFiles.RESULTS);
        this.arena = arena;
        this.onDamage = onDamage;
    }

    /** Refuses a group or column name that is not letters, digits, {@code _ . -} (1 to 64 of them). */
    static void checkName(String name) {
        if (name == null || !NAME.matcher(name).matches()) throw new IllegalArgumentException("bad result group name: " + name);
    }

    private Path manifestOf(String group) { return folder.resolve(group + MANIFEST_SUFFIX); }

    /**
     * A new folder name for a version of {@code group}: {@code <group>-<uuid>}, of 128 bits from
     * {@link java.util.concurrent.ThreadLocalRandom}: a folder name needs no secure randomness, and
     * seeding {@link UUID#randomUUID}'s cost every first open 11-30 ms.
     */
    static String newFolderName(String group) {
        var random = java.util.concurrent.ThreadLocalRandom.current();
        return group + "-" + new UUID(random.nextLong(), random.nextLong());
    }

    /**
     * True when {@code name} is a published folder of {@code group} (see {@link #newFolderName}): the
     * group's name, a dash and a whole UUID, so that a folder of {@code dominators-v8-devtools} is not
     * taken for one of {@code dominators-v8}.
     */
    static boolean isFolderOf(String name, String group) {
        if (!name.startsWith(group + "-") || Leftovers.isTemp(name)) return false;
        String id = name.substring(group.length() + 1);
        try {
            return UUID.fromString(id).toString().equals(id);
        } catch (IllegalArgumentException notAUuid) {
            return false;
        }
    }

    @Override
    public Optional<AnalysisResult> result(String group, int version) {
        checkName(group);
        AnalysisResult cached = opened.get(group);
        if (cached != null && cached.version() == version) return Optional.of(cached);
        try {
            var r = open(group, version);
            r.ifPresent(a -> opened.put(group, a));
            return r;
        } catch (IOException | RuntimeException damaged) {
            return Optional.empty();
        }
    }

    private Optional<AnalysisResult> open(String group, int version) throws IOException {
        Path mf = manifestOf(group);
        if (!Files.isRegularFile(mf)) return Optional.empty();
        var m = ResultManifest.read(mf);
        if (m.formatVersion() != Manifest.FORMAT_VERSION || m.version() != version || !m.group().equals(group)) return Optional.empty();
        Path dir = folder.resolve(m.folder());
        Map<String, Object> columns = new HashMap<>();
        for (var e : m.entries()) {
            Path f = dir.resolve(e.kind().fileName(e.name()));
            if (!Files.isRegularFile(f) || Files.size(f) != e.size()) throw new IndexDamagedException(f, "missing or of the wrong size");
            // bytes have no pages checked on first read: they are checked whole, whatever their size
            boolean whole = e.kind() == ResultManifest.Kind.BYTES || e.size() <= IndexedSnapshot.verifyOnOpenBytes();
            if (whole && Checksums.crc32c(f) != e.crc32c()) {
                throw new IndexDamagedException(f, "checksum mismatch");
            }
            var seg = MappedFile.map(f, arena);
            var origin = Origin.of(f, damage -> {
                discard(group);
                onDamage.accept(damage);
            });
            columns.put(e.name(), switch (e.kind()) {
                case INT -> IntIndexReader.open(seg, origin);
                case LONG -> LongIndexReader.open(seg, origin);
                case ONE_TO_MANY -> OneToManyIndex.open(seg, origin);
                case BYTES -> seg.asReadOnly();
            });
        }
        return Optional.of(new AnalysisResult(group, version, m.facts(), columns));
    }

    @Override
    public ResultWriter writer(String group, int version) throws IOException {
        return new ResultWriter(this, group, version);
    }

    /** A private temp folder for a writer's columns, published later under {@code folderName}. */
    Path tempFolder(String folderName) throws IOException {
        return Files.createDirectories(folder.resolve(Leftovers.temp(folderName)));
    }

    /**
     * Publishes a written group: renames its temp folder to {@code manifest.folder()}, replaces the
     * group's manifest (temp name, rename), then deletes the group's older folders. A crash at any
     * point leaves either the old group or the new one in force.
     */
    synchronized void publish(ResultManifest manifest, Path temp) throws IOException {
        Files.move(temp, folder.resolve(manifest.folder()), StandardCopyOption.ATOMIC_MOVE);
        manifest.write(manifestOf(manifest.group()));
        opened.remove(manifest.group());
        deleteOlderFolders(manifest.group(), manifest.folder());
    }

    private void deleteOlderFolders(String group, String current) {
        try (Stream<Path> s = Files.list(folder)) {
            for (Path p : s.toList()) {
                String n = p.getFileName().toString();
                if (Files.isDirectory(p) && !n.equals(current) && isFolderOf(n, group)) Leftovers.deleteTree(p);
            }
        } catch (IOException stillMapped) {
            // another reader may still map the old files (Windows); the next commit retries
        }
    }

    @Override
    public void discard(String group) {
        opened.remove(group);
        try {
            Files.deleteIfExists(manifestOf(group));
        } catch (IOException | RuntimeException cannotDelete) {
            // read-only folder: the damage is still reported by the exception that follows
        }
    }

    @Override
    public Path scratchFolder() { return indexFolder; }

    @Override
    public String toString() { return folder.toString(); }
}
