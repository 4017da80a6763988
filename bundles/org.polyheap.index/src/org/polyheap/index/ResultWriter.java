package org.polyheap.index;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.polyheap.index.column.IntIndexWriter;
import org.polyheap.index.column.LongIndexWriter;
import org.polyheap.index.column.OneToManyWriter;
import org.polyheap.model.IntColumn;
import org.polyheap.model.LongColumn;

/**
 * Writes one group of analysis results (dominators, retained sizes, ...) beside a snapshot's index,
 * in the same file formats. Columns go to a temp folder as they are given; {@link #commit} publishes
 * them atomically: rename the folder, then replace the group's manifest (temp name, rename). A crash
 * before the manifest rename leaves the previous result (or none) in force. One thread per writer;
 * commits of different writers of one snapshot are serialized.
 */
public final class ResultWriter {
    private static final Pattern GROUP = Pattern.compile("[A-Za-z0-9_.-]{1,64}");
    private final IndexedSnapshot snapshot;
    private final Path results;
    private final String group;
    private final int version;
    private final String dirName;
    private final Path temp;
    private final Map<String, String> facts = new LinkedHashMap<>();
    private final List<ResultManifest.Entry> entries = new ArrayList<>();
    private boolean done;

    ResultWriter(IndexedSnapshot snapshot, Path results, String group, int version) throws IOException {
        checkGroupName(group);
        this.snapshot = snapshot;
        this.results = Files.createDirectories(results);
        this.group = group;
        this.version = version;
        this.dirName = group + "-" + UUID.randomUUID();
        this.temp = Files.createDirectories(results.resolve(Leftovers.temp(dirName)));
    }

    static void checkGroupName(String group) {
        if (group == null || !GROUP.matcher(group).matches()) throw new IllegalArgumentException("bad result group name: " + group);
    }

    private Path file(String name, ResultManifest.Kind kind) {
        checkGroupName(name);
        if (done) throw new IllegalStateException("result already committed");
        if (entries.stream().anyMatch(e -> e.name().equals(name))) throw new IllegalArgumentException("column " + name + " given twice");
        entries.add(new ResultManifest.Entry(name, kind, 0, 0));
        return temp.resolve(name + ".index");
    }

    /** Writes an int column now (page by page, reading it through {@code copyTo}). */
    public ResultWriter intColumn(String name, IntColumn column) throws IOException {
        IntIndexWriter.write(file(name, ResultManifest.Kind.INT), column);
        return this;
    }

    public ResultWriter longColumn(String name, LongColumn column) throws IOException {
        LongIndexWriter.write(file(name, ResultManifest.Kind.LONG), column);
        return this;
    }

    /** A 1:N result in CSR form: {@code starts} has lists + 1 entries, the last = values.size(). */
    public ResultWriter oneToMany(String name, LongColumn starts, IntColumn values) throws IOException {
        OneToManyWriter.write(file(name, ResultManifest.Kind.ONE_TO_MANY), starts, values);
        return this;
    }

    /** Writes a 1:N result list by list: {@code lists} fills the writer, which is closed afterwards. */
    public ResultWriter oneToMany(String name, Lists lists) throws IOException {
        try (var out = new OneToManyWriter(file(name, ResultManifest.Kind.ONE_TO_MANY))) {
            lists.writeTo(out);
        }
        return this;
    }

    /** Fills a {@link OneToManyWriter}: {@code endList()} once per list, values in between. */
    @FunctionalInterface
    public interface Lists {
        void writeTo(OneToManyWriter out) throws IOException;
    }

    /**
     * The writer's private temp folder, for scratch files of the computation; anything left in it when
     * {@link #commit} runs is published with the group, so delete scratch files first.
     */
    public Path scratchFolder() { return temp; }

    public ResultWriter fact(String key, String value) {
        facts.put(key, value);
        return this;
    }

    /** Publishes the group atomically; the previous version's files are deleted when possible. */
    public void commit() throws IOException {
        if (done) throw new IllegalStateException("result already committed");
        done = true;
        List<ResultManifest.Entry> sized = new ArrayList<>();
        for (var e : entries) {
            var f = Checksums.entry(temp, e.name() + ".index");
            sized.add(new ResultManifest.Entry(e.name(), e.kind(), f.size(), f.crc32c()));
        }
        synchronized (snapshot) {
            Files.move(temp, results.resolve(dirName), StandardCopyOption.ATOMIC_MOVE);
            new ResultManifest(Manifest.FORMAT_VERSION, group, version, dirName, facts, sized)
                    .write(results.resolve(group + ".manifest"));
            snapshot.committed(group);
            deleteOtherFolders();
        }
    }

    /** Drops the uncommitted files. */
    public void abort() throws IOException {
        if (done) return;
        done = true;
        deleteTree(temp);
    }

    private void deleteOtherFolders() {
        try (Stream<Path> s = Files.list(results)) {
            for (Path p : s.toList()) {
                String n = p.getFileName().toString();
                if (Files.isDirectory(p) && n.startsWith(group + "-") && !n.equals(dirName) && !Leftovers.isTemp(n)) deleteTree(p);
            }
        } catch (IOException stillMapped) {
            // another reader may still map the old files (Windows); the next commit retries
        }
    }

    static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root)) return;
        try (Stream<Path> s = Files.walk(root)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) Files.deleteIfExists(p);
        }
    }
}
