package org.polyheap.index;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Optional;

import org.polyheap.index.column.IndexDamagedException;
import org.polyheap.index.column.OneToManyIndex;
import org.polyheap.index.sort.InboundSorter;
import org.polyheap.model.HeapGraph;
import org.polyheap.model.IntColumn;
import org.polyheap.model.LongColumn;
import org.polyheap.model.Progress;

/**
 * The inbound index (for each object, the objects that reference it, ascending, once per reference),
 * kept beside the snapshot's index as the result group {@value #GROUP}. It is built from the outbound
 * index the first time it is needed, not while parsing: the dominator tree, histograms and reports
 * never read it, so a parse followed by them saves the sort (measured in docs/benchmarks.md); paths to
 * GC roots and incoming references pay for it once, and every later open maps it. Thread-safe:
 * concurrent first users wait for one build; afterwards {@link #columns} is a volatile read.
 */
final class InboundIndex {
    static final String GROUP = "inbound";
    static final int VERSION = 1;
    private static final String COLUMN = "inbound";
    private static final int CHUNK = 1 << 16;
    private final HeapGraph graph;
    private final long references;
    private final ResultStore results;
    private final Object lock = new Object();
    private volatile OneToManyIndex columns;

    /**
     * @param graph      whose outbound columns are read (only when the index is built)
     * @param references the graph's reference count, which a stored index must hold
     * @param results    where the index is kept
     */
    InboundIndex(HeapGraph graph, long references, ResultStore results) {
        this.graph = graph;
        this.references = references;
        this.results = results;
    }

    /** The columns; the first call may build them (see {@link #prepare}), later ones cost a volatile read. */
    OneToManyIndex columns() {
        OneToManyIndex in = columns;
        if (in != null) return in;
        try {
            prepare(InboundSorter.DEFAULT_RUN_PAIRS, Progress.NONE);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return columns;
    }

    /** True when the columns are mapped (stored by an earlier run, or built here). No I/O. */
    boolean ready() { return columns != null; }

    /**
     * Maps the stored index, or builds and stores it: see {@link IndexedSnapshot#prepareInbound(int, Progress)}.
     */
    void prepare(int sortPairs, Progress progress) throws IOException {
        if (columns != null) return;
        synchronized (lock) {
            if (columns != null) return;
            var stored = load();
            if (stored.isEmpty()) {
                build(sortPairs, progress);
                stored = load();
            }
            columns = stored.orElseThrow(() -> new IndexDamagedException(results.scratchFolder(), "the inbound index just built does not read back"));
        }
    }

    /** The stored index if present, of this version and of the snapshot's counts; empty otherwise. */
    private Optional<OneToManyIndex> load() {
        try {
            return results.result(GROUP, VERSION).map(r -> r.oneToMany(COLUMN))
                    .filter(in -> in.lists() == graph.objectCount() && in.values().size() == references);
        } catch (RuntimeException damaged) {
            return Optional.empty();
        }
    }

    /**
     * Reads the outbound references once, in source order, through an external sort by target
     * ({@link InboundSorter}: {@code sortPairs} pairs of 8 bytes in memory per run) and publishes the
     * result group atomically. O(references) time plus the merge; cancellable through {@code progress}.
     */
    private void build(int sortPairs, Progress progress) throws IOException {
        var writer = results.writer(GROUP, VERSION);
        boolean committed = false;
        try {
            int objects = graph.objectCount();
            try (var sorter = new InboundSorter(writer.scratchFolder(), sortPairs)) {
                feed(graph.outStart(), graph.outTarget(), objects, sorter, progress);
                progress.phase("Sorting incoming references", sorter.count());
                writer.oneToMany(COLUMN, out -> sorter.writeTo(out, objects, progress));
            } // deletes the sorter's run files before the folder is published
            writer.fact("references", Long.toString(references)).commit();
            committed = true;
        } finally {
            if (!committed) writer.abort();
        }
    }

    /** Hands every (target, source) pair to the sorter in source order, a chunk of targets at a time. */
    private static void feed(LongColumn starts, IntColumn targets, int objects, InboundSorter sorter, Progress progress)
            throws IOException {
        long total = targets.size();
        progress.phase("Reading references for the inbound index", total);
        int[] to = new int[CHUNK], from = new int[CHUNK];
        long[] ends = new long[CHUNK];
        int source = -1, endsAt = 0, endsLength = 0; // ends[i] = starts[firstObject + i + 1]
        long end = 0; // end of source's list
        for (long p = 0; p < total; ) {
            int length = (int) Math.min(CHUNK, total - p);
            targets.copyTo(p, to, 0, length);
            for (int i = 0; i < length; i++) {
                long position = p + i;
                while (position >= end) { // next source with a non-empty list
                    source++;
                    if (endsAt == endsLength) {
                        endsLength = (int) Math.min(CHUNK, objects - source);
                        starts.copyTo(source + 1L, ends, 0, endsLength);
                        endsAt = 0;
                    }
                    end = ends[endsAt++];
                }
                from[i] = source;
            }
            sorter.addAll(to, from, length);
            p += length;
            progress.worked(length);
            progress.checkCanceled();
        }
    }
}
