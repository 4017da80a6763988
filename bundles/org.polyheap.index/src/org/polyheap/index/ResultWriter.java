package org.polyheap.index;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;

import org.polyheap.index.column.IntIndexWriter;
import org.polyheap.index.column.LongIndexWriter;
import org.polyheap.index.column.OneToManyWriter;
import org.polyheap.model.IntColumn;
import org.polyheap.model.LongColumn;
import org.polyheap.model.Tasks;

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

        /** Values to write: the order in which {@link #columns} takes them up. */
        long valueCount();

        record Ints(String name, IntColumn column) implements Column {
            @Override public ResultManifest.Kind kind() { return ResultManifest.Kind.INT; }
            @Override public void writeTo(Path file) throws IOException { IntIndexWriter.write(file, column); }
            @Override public long valueCount() { return column.size(); }
        }

        record Longs(String name, LongColumn column) implements Column {
            @Override public ResultManifest.Kind kind() { return ResultManifest.Kind.LONG; }
            @Override public void writeTo(Path file) throws IOException { LongIndexWriter.write(file, column); }
            @Override public long valueCount() { return column.size(); }
        }

        record OneToMany(String name, LongColumn starts, IntColumn values) implements Column {
            @Override public ResultManifest.Kind kind() { return ResultManifest.Kind.ONE_TO_MANY; }
            @Override public void writeTo(Path file) throws IOException { OneToManyWriter.write(file, starts, values); }
            @Override public long valueCount() { return starts.size() + values.size(); }
        }
    }

    /**
     * Writes several columns at once, each to its own file, by this thread and the common fork-join
     * pool's, the columns with the most values first (encoding a column is CPU work: a tree's six columns
     * take a core for most of a second on a big heap), to the same files as one call per column. Returns
     * or throws when every column's writer has ended. The columns are read from several threads: they
     * must allow it.
     */
    public ResultWriter columns(Column... columns) throws IOException {
        Path[] files = new Path[columns.length];
        for (int i = 0; i < columns.length; i++) files[i] = file(columns[i].name(), columns[i].kind());
        if (columns.length == 1) { // on the caller's thread: a single column need not allow others
            columns[0].writeTo(files[0]);
            return this;
        }
        // each thread takes the next column, the biggest first: a split of the list in halves left one
        // thread with the 1:N column and the other waiting (a tree's store: 50 ms of 110 on two cores)
        Integer[] order = IntStream.range(0, columns.length).boxed()
                .sorted(Comparator.comparingLong((Integer i) -> columns[i].valueCount()).reversed()).toArray(Integer[]::new);
        var next = new AtomicInteger();
        Runnable writer = () -> {
            for (int k; (k = next.getAndIncrement()) < order.length; ) {
                int i = order[k];
                try {
                    columns[i].writeTo(files[i]);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
        };
        int helpers = Math.min(columns.length - 1, ForkJoinPool.getCommonPoolParallelism());
        List<CompletableFuture<Void>> helping = IntStream.range(0, helpers).mapToObj(h -> CompletableFuture.runAsync(writer)).toList();
        Throwable failure = null;
        try {
            writer.run();
        } catch (RuntimeException | Error e) {
            next.set(order.length); // the helpers take no new column
            failure = e;
        }
        for (var h : helping) { // every helper has ended before this returns or throws
            try {
                Tasks.join(h);
            } catch (RuntimeException | Error e) {
                if (failure == null) failure = e;
                else failure.addSuppressed(e);
            }
        }
        if (failure instanceof UncheckedIOException e) throw e.getCause();
        if (failure instanceof RuntimeException e) throw e;
        if (failure instanceof Error e) throw e;
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
