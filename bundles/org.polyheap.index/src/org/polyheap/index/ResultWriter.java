package org.polyheap.index;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.polyheap.index.column.IntIndexWriter;
import org.polyheap.index.column.LongIndexWriter;
import org.polyheap.index.column.OneToManyWriter;
import org.polyheap.model.IntColumn;
import org.polyheap.model.LongColumn;

/**
 * Writes one group of analysis results (dominators, retained sizes, ...) beside a snapshot's index,
 * in the same file formats; made by {@link ResultStore#writer}. Columns go to a temp folder as they
 * are given; {@link #commit} has the store publish them atomically (its {@link ResultGroups} names the
 * folder and the manifest). A crash before the manifest rename leaves the previous result (or none) in
 * force. One thread per writer; commits of different writers of one snapshot are serialized.
 */
public final class ResultWriter {
    private final ResultGroups groups;
    private final String group;
    private final int version;
    private final String folderName;
    private final Path temp;
    private final Map<String, String> facts = new LinkedHashMap<>();
    private final List<ResultManifest.Entry> entries = new ArrayList<>();
    private boolean done;

    ResultWriter(ResultGroups groups, String group, int version) throws IOException {
        ResultGroups.checkName(group);
        this.groups = groups;
        this.group = group;
        this.version = version;
        this.folderName = ResultGroups.newFolderName(group);
        this.temp = groups.tempFolder(folderName);
    }

    private Path file(String name, ResultManifest.Kind kind) {
        ResultGroups.checkName(name);
        if (done) throw new IllegalStateException("result already committed");
        if (entries.stream().anyMatch(e -> e.name().equals(name))) throw new IllegalArgumentException("column " + name + " given twice");
        entries.add(new ResultManifest.Entry(name, kind, 0, 0));
        return temp.resolve(kind.fileName(name));
    }

    /** Writes an int column now (page by page, reading it through {@code copyTo}). */
    public ResultWriter intColumn(String name, IntColumn column) throws IOException {
        return columns(new Column.Ints(name, column));
    }

    public ResultWriter longColumn(String name, LongColumn column) throws IOException {
        return columns(new Column.Longs(name, column));
    }

    /** A 1:N result in CSR form: {@code starts} has lists + 1 entries, the last = values.size(). */
    public ResultWriter oneToMany(String name, LongColumn starts, IntColumn values) throws IOException {
        return columns(new Column.OneToMany(name, starts, values));
    }

    /** One column for {@link #columns}: what {@link #intColumn}, {@link #longColumn} or {@link #oneToMany} take. */
    public sealed interface Column {
        String name();

        ResultManifest.Kind kind();

        /** Writes the column's file. */
        void writeTo(Path file) throws IOException;

        record Ints(String name, IntColumn column) implements Column {
            @Override public ResultManifest.Kind kind() { return ResultManifest.Kind.INT; }
            @Override public void writeTo(Path file) throws IOException { IntIndexWriter.write(file, column); }
        }

        record Longs(String name, LongColumn column) implements Column {
            @Override public ResultManifest.Kind kind() { return ResultManifest.Kind.LONG; }
            @Override public void writeTo(Path file) throws IOException { LongIndexWriter.write(file, column); }
        }

        record OneToMany(String name, LongColumn starts, IntColumn values) implements Column {
            @Override public ResultManifest.Kind kind() { return ResultManifest.Kind.ONE_TO_MANY; }
            @Override public void writeTo(Path file) throws IOException { OneToManyWriter.write(file, starts, values); }
        }
    }

    /**
     * Writes several columns at once, each to its own file on the common fork-join pool (encoding a
     * column is CPU work: a tree's six columns take a core for most of a second on a big heap), to the
     * same files as one call per column. The columns are read from several threads: they must allow it.
     */
    public ResultWriter columns(Column... columns) throws IOException {
        Path[] files = new Path[columns.length];
        for (int i = 0; i < columns.length; i++) files[i] = file(columns[i].name(), columns[i].kind());
        if (columns.length == 1) { // on the caller's thread: a single column need not allow others
            columns[0].writeTo(files[0]);
            return this;
        }
        try {
            java.util.stream.IntStream.range(0, columns.length).parallel().forEach(i -> {
                try {
                    columns[i].writeTo(files[i]);
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            });
        } catch (java.io.UncheckedIOException e) {
            throw e.getCause();
        }
        return this;
    }

    /** Writes a 1:N result list by list: {@code lists} fills the writer, which is closed afterwards. */
    public ResultWriter oneToMany(String name, Lists lists) throws IOException {
        try (var out = new OneToManyWriter(file(name, ResultManifest.Kind.ONE_TO_MANY))) {
            lists.writeTo(out);
        }
        return this;
    }

    /**
     * Writes bytes of the caller's own layout now, through a buffered stream; readers get them back
     * mapped ({@link AnalysisResult#bytes}) after a check of the whole file.
     */
    public ResultWriter bytes(String name, Bytes content) throws IOException {
        try (var out = new java.io.BufferedOutputStream(Files.newOutputStream(file(name, ResultManifest.Kind.BYTES)), 1 << 16)) {
            content.writeTo(out);
        }
        return this;
    }

    /** Writes a bytes column's content. */
    @FunctionalInterface
    public interface Bytes {
        void writeTo(java.io.OutputStream out) throws IOException;
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
            var f = Checksums.entry(temp, e.kind().fileName(e.name()));
            sized.add(new ResultManifest.Entry(e.name(), e.kind(), f.size(), f.crc32c()));
        }
        groups.publish(new ResultManifest(Manifest.FORMAT_VERSION, group, version, folderName, facts, sized), temp);
    }

    /** Drops the uncommitted files. */
    public void abort() throws IOException {
        if (done) return;
        done = true;
        Leftovers.deleteTree(temp);
    }
}
