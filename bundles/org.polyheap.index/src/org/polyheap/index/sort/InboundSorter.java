package org.polyheap.index.sort;

import java.io.Closeable;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.polyheap.index.column.OneToManyWriter;
import org.polyheap.model.Progress;

/**
 * Builds the inbound index from the outbound references by an external sort: (target, source) pairs
 * fill a buffer of {@code runPairs} longs; a full buffer is sorted and spilled to a temp file as a
 * run (varint deltas, about 1-3 bytes per pair); at the end the runs are merged with a heap into a
 * 1:N writer. Pairs come in non-decreasing source order (the sink's contract), so a buffer is sorted
 * by a stable radix sort on the target alone, about 6x faster than {@code Arrays.sort} (JMH:
 * {@code InboundSortBenchmark}). Memory: 16 bytes x runPairs (the buffer and the radix sort's scratch
 * array; the scratch only as large as the pairs to sort), plus 64 KiB per run while merging. Never
 * holds the graph. Not thread-safe.
 */
public final class InboundSorter implements Closeable {
    public static final int DEFAULT_RUN_PAIRS = 1 << 22; // 32 MiB, and as much for the scratch array
    private static final int READ_BUFFER = 1 << 16;
    /** Target bits sorted per radix pass: 2 passes up to 4 M objects, 3 up to 8 G. */
    private static final int RADIX_BITS = 11;

    private final Path tempDir;
    private final long[] buffer;
    private long[] scratch = new long[0];
    private final List<Path> runs = new ArrayList<>();
    private int filled;
    private long count;
    private int lastSource;

    public InboundSorter(Path tempDir, int runPairs) {
        if (runPairs < 1) throw new IllegalArgumentException("runPairs " + runPairs);
        this.tempDir = tempDir;
        this.buffer = new long[runPairs];
    }

    /** Records a reference {@code source -> target}; both non-negative, sources in non-decreasing order. */
    public void add(int target, int source) throws IOException {
        if (source < lastSource) throw new IllegalArgumentException("source " + source + " after " + lastSource);
        lastSource = source;
        buffer[filled++] = ((long) target << 32) | source;
        count++;
        if (filled == buffer.length) spill();
    }

    public long count() { return count; }

    /** Number of runs spilled to disk so far. */
    public int spilledRuns() { return runs.size(); }

    private void spill() throws IOException {
        sortBuffer();
        Path run = tempDir.resolve("inbound-run-" + runs.size() + ".tmp");
        // varints encoded into a byte array and written a chunk at a time: a stream's write(int) per byte
        // cost more than the sort (JFR)
        byte[] chunk = new byte[READ_BUFFER];
        try (OutputStream out = Files.newOutputStream(run)) {
            long prev = 0;
            int at = 0;
            for (int i = 0; i < filled; i++) {
                if (at > chunk.length - 10) {
                    out.write(chunk, 0, at);
                    at = 0;
                }
                long v = buffer[i] - prev;
                prev = buffer[i];
                while ((v & ~0x7FL) != 0) {
                    chunk[at++] = (byte) ((v & 0x7F) | 0x80);
                    v >>>= 7;
                }
                chunk[at++] = (byte) v;
            }
            out.write(chunk, 0, at);
        }
        runs.add(run);
        filled = 0;
    }

    /**
     * Merges everything into {@code out}: one list per object {@code 0..objectCount-1}, sources
     * ascending within a list. All targets must be below {@code objectCount} (the caller checked).
     */
    public void writeTo(OneToManyWriter out, int objectCount, Progress progress) throws IOException {
        sortBuffer();
        scratch = new long[0];
        List<Run> sources = new ArrayList<>();
        sources.add(new MemoryRun(buffer, filled));
        for (Path p : runs) sources.add(new FileRun(Files.newInputStream(p)));
        try {
            var heap = new RunHeap(sources);
            int list = 0;
            long done = 0;
            while (!heap.isEmpty()) {
                long pair = heap.poll();
                int target = (int) (pair >>> 32);
                while (list < target) {
                    out.endList();
                    list++;
                }
                out.add((int) pair);
                if ((++done & 0xFFFF) == 0) {
                    progress.worked(0x10000);
                    progress.checkCanceled();
                }
            }
            while (list < objectCount) {
                out.endList();
                list++;
            }
        } finally {
            for (Run r : sources) r.close();
        }
    }

    private void sortBuffer() {
        if (scratch.length < filled) scratch = new long[filled];
        sortByTarget(buffer, filled, scratch);
    }

    /**
     * Sorts {@code (target << 32 | source)} pairs {@code [0..n)} by target, then source, given that the
     * sources are already in non-decreasing order: a least-significant-digit radix sort of the target
     * bits, which is stable, so equal targets keep their sources in order. O(n) per 11 target bits;
     * {@code scratch} holds at least n longs. Public for the JMH benchmark.
     */
    public static void sortByTarget(long[] pairs, int n, long[] scratch) {
        int maxTarget = 0;
        for (int i = 0; i < n; i++) maxTarget = Math.max(maxTarget, (int) (pairs[i] >>> 32));
        int bits = 32 - Integer.numberOfLeadingZeros(maxTarget);
        if (bits == 0) return; // one target: already in source order
        long[] from = pairs, to = scratch;
        int[] start = new int[(1 << RADIX_BITS) + 1];
        for (int shift = 32; shift < 32 + bits; shift += RADIX_BITS) {
            Arrays.fill(start, 0);
            int mask = (1 << RADIX_BITS) - 1;
            for (int i = 0; i < n; i++) start[(int) (from[i] >>> shift) & mask]++;
            for (int d = 0, sum = 0; d <= mask; d++) { // counts → first position of each digit
                int c = start[d];
                start[d] = sum;
                sum += c;
            }
            for (int i = 0; i < n; i++) to[start[(int) (from[i] >>> shift) & mask]++] = from[i];
            long[] t = from;
            from = to;
            to = t;
        }
        if (from != pairs) System.arraycopy(from, 0, pairs, 0, n);
    }

    @Override
    public void close() throws IOException {
        for (Path p : runs) Files.deleteIfExists(p);
        runs.clear();
    }

    /** A sorted sequence of pairs. */
    sealed interface Run extends Closeable permits MemoryRun, FileRun {
        /** Moves to the next pair; false at the end. */
        boolean advance() throws IOException;

        long head();

        @Override default void close() throws IOException { }
    }

    static final class MemoryRun implements Run {
        private final long[] pairs;
        private final int size;
        private int at = -1;

        MemoryRun(long[] pairs, int size) { this.pairs = pairs; this.size = size; }

        @Override public boolean advance() { return ++at < size; }

        @Override public long head() { return pairs[at]; }
    }

    /** A spilled run, decoded from a 64 KiB byte buffer refilled from the file. */
    static final class FileRun implements Run {
        private final InputStream in;
        private final byte[] chunk = new byte[READ_BUFFER];
        private int at, limit;
        private long head;

        FileRun(InputStream in) { this.in = in; }

        @Override public boolean advance() throws IOException {
            if (limit - at < 10 && !refill()) return false;
            long v = 0;
            for (int shift = 0;; shift += 7) {
                if (at == limit) throw new EOFException("inbound run truncated");
                int b = chunk[at++];
                v |= (long) (b & 0x7F) << shift;
                if (b >= 0) break;
            }
            head += v;
            return true;
        }

        /** Moves the unread bytes to the front and reads more; false at the end of the run. */
        private boolean refill() throws IOException {
            int left = limit - at;
            System.arraycopy(chunk, at, chunk, 0, left);
            at = 0;
            limit = left;
            int n;
            while (limit < chunk.length && (n = in.read(chunk, limit, chunk.length - limit)) > 0) limit += n;
            return limit > 0;
        }

        @Override public long head() { return head; }

        @Override public void close() throws IOException { in.close(); }
    }

    /** A binary min-heap of runs keyed by their head pair; the keys sit in an array beside the runs. */
    private static final class RunHeap {
        private final Run[] heap;
        private final long[] keys;
        private int size;

        RunHeap(List<Run> runs) throws IOException {
            heap = new Run[runs.size()];
            keys = new long[runs.size()];
            for (Run r : runs) {
                if (r.advance()) {
                    keys[size] = r.head();
                    heap[size++] = r;
                }
            }
            for (int i = size / 2 - 1; i >= 0; i--) down(i);
        }

        boolean isEmpty() { return size == 0; }

        long poll() throws IOException {
            long pair = keys[0];
            Run top = heap[0];
            if (top.advance()) {
                keys[0] = top.head();
            } else {
                heap[0] = heap[--size];
                keys[0] = keys[size];
            }
            if (size > 1) down(0);
            return pair;
        }

        private void down(int i) {
            Run r = heap[i];
            long key = keys[i];
            while (true) {
                int c = 2 * i + 1;
                if (c >= size) break;
                if (c + 1 < size && keys[c + 1] < keys[c]) c++;
                if (keys[c] >= key) break;
                heap[i] = heap[c];
                keys[i] = keys[c];
                i = c;
            }
            heap[i] = r;
            keys[i] = key;
        }
    }
}
