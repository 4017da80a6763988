package org.polyheap.index.sort;

import java.io.Closeable;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import org.polyheap.index.column.OneToManyWriter;
import org.polyheap.model.Progress;
import org.polyheap.model.Tasks;

/**
 * Builds the inbound index from the outbound references by an external sort: (target, source) pairs
 * fill a buffer of {@code runPairs} longs; a full buffer is sorted and spilled to a temp file as a
 * run (varint deltas, about 1-3 bytes per pair) on a thread of its own while the caller fills a second
 * buffer; at the end the runs are merged with a heap into a 1:N writer. Pairs come in non-decreasing
 * source order (the order of references in the index), so a stable radix sort on the target alone
 * (two passes of 16 bits at most) orders a run. Memory: 8 bytes x runPairs for each of the two
 * buffers and the radix sort's scratch (allocated when the first run spills), plus 64 KiB per run
 * while merging. Never holds the graph. Not thread-safe: one caller thread.
 */
public final class InboundSorter implements Closeable {
    public static final int DEFAULT_RUN_PAIRS = 1 << 21; // 16 MiB per buffer (two, and the radix sort's scratch)
    private static final int IO_BUFFER = 1 << 16;
    private static final int DIGIT_BITS = 16;

    private final Path tempDir;
    private long[] buffer, spare, scratch;
    private final List<Path> runs = new ArrayList<>();
    private int filled;
    private long count;
    private int lastSource = -1;
    private ExecutorService spiller;
    private CompletableFuture<Void> spilling = CompletableFuture.completedFuture(null);

    public InboundSorter(Path tempDir, int runPairs) {
        if (runPairs < 1) throw new IllegalArgumentException("runPairs " + runPairs);
        this.tempDir = tempDir;
        this.buffer = new long[runPairs];
    }

    /** Records a reference {@code source -> target}; both non-negative, sources non-decreasing between calls. */
    public void add(int target, int source) throws IOException {
        if (source < lastSource) throw new IllegalArgumentException("inbound pairs out of source order: " + source + " after " + lastSource);
        lastSource = source;
        buffer[filled++] = ((long) target << 32) | source;
        count++;
        if (filled == buffer.length) spill();
    }

    /** {@link #add} for {@code source[i] -> target[i]}, i in {@code [0, count)}. */
    public void addAll(int[] target, int[] source, int n) throws IOException {
        for (int i = 0; i < n; i++) {
            int s = source[i];
            if (s < lastSource) throw new IllegalArgumentException("inbound pairs out of source order: " + s + " after " + lastSource);
            lastSource = s;
            buffer[filled++] = ((long) target[i] << 32) | s;
            if (filled == buffer.length) spill();
        }
        count += n;
    }

    public long count() { return count; }

    /** Number of runs spilled to disk so far (including one being written). */
    public int spilledRuns() { return runs.size(); }

    /** Hands the full buffer to the spill thread and goes on with the other one. */
    private void spill() throws IOException {
        awaitSpill();
        if (spare == null) {
            spare = new long[buffer.length];
            scratch = new long[buffer.length];
            spiller = Executors.newSingleThreadExecutor(r -> {
                Thread t = new Thread(r, "polyheap-inbound-sort");
                t.setDaemon(true);
                return t;
            });
        }
        long[] full = buffer;
        int n = filled;
        Path run = tempDir.resolve("inbound-run-" + runs.size() + ".tmp");
        runs.add(run);
        spilling = CompletableFuture.runAsync(() -> {
            try {
                sortByTarget(full, n, scratch);
                writeRun(run, full, n);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }, spiller);
        buffer = spare;
        spare = full;
        filled = 0;
    }

    private void awaitSpill() throws IOException {
        Tasks.joinIo(spilling);
    }

    /**
     * Sorts {@code pairs[0..n)} by their high 32 bits (the target), stably: an LSD radix sort over the
     * bits the largest target needs, 16 per pass. O(n) per pass; {@code scratch} is as long as {@code pairs}.
     */
    public static void sortByTarget(long[] pairs, int n, long[] scratch) {
        long maxTarget = 0;
        for (int i = 0; i < n; i++) maxTarget = Math.max(maxTarget, pairs[i] >>> 32);
        int bits = 64 - Long.numberOfLeadingZeros(maxTarget);
        long[] from = pairs, to = scratch;
        int[] counts = new int[1 << DIGIT_BITS];
        for (int shift = 32; shift < 32 + bits; shift += DIGIT_BITS) {
            java.util.Arrays.fill(counts, 0);
            int mask = (1 << DIGIT_BITS) - 1;
            for (int i = 0; i < n; i++) counts[(int) (from[i] >>> shift) & mask]++;
            for (int d = 0, sum = 0; d < counts.length; d++) {
                int c = counts[d];
                counts[d] = sum;
                sum += c;
            }
            for (int i = 0; i < n; i++) to[counts[(int) (from[i] >>> shift) & mask]++] = from[i];
            long[] t = from;
            from = to;
            to = t;
        }
        if (from != pairs) System.arraycopy(from, 0, pairs, 0, n);
    }

    private static void writeRun(Path run, long[] pairs, int n) throws IOException {
        try (OutputStream out = Files.newOutputStream(run)) {
            byte[] bytes = new byte[IO_BUFFER + 10];
            int at = 0;
            long prev = 0;
            for (int i = 0; i < n; i++) {
                long v = pairs[i] - prev;
                prev = pairs[i];
                while ((v & ~0x7FL) != 0) {
                    bytes[at++] = (byte) ((v & 0x7F) | 0x80);
                    v >>>= 7;
                }
                bytes[at++] = (byte) v;
                if (at >= IO_BUFFER) {
                    out.write(bytes, 0, at);
                    at = 0;
                }
            }
            out.write(bytes, 0, at);
        }
    }

    /**
     * Merges everything into {@code out}: one list per object {@code 0..objectCount-1}, sources
     * ascending within a list. All targets must be below {@code objectCount} (the caller checked).
     */
    public void writeTo(OneToManyWriter out, int objectCount, Progress progress) throws IOException {
        awaitSpill();
        sortByTarget(buffer, filled, scratch != null ? scratch : new long[filled]);
        var merge = new RunMerge(buffer, filled, runs);
        try {
            int list = 0;
            long done = 0;
            for (long pair = merge.next(); pair != RunMerge.END; pair = merge.next()) {
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
            merge.close();
        }
    }

    @Override
    public void close() throws IOException {
        try {
            awaitSpill();
        } catch (IOException | RuntimeException e) {
            // the build failed already; only the files need to go
        } finally {
            if (spiller != null) spiller.shutdownNow();
            for (Path p : runs) Files.deleteIfExists(p);
            runs.clear();
        }
    }

    /**
     * A k-way merge of the sorted runs: the in-memory tail and the spilled files, each file decoded a
     * block of pairs at a time; a binary heap of run numbers ordered by their current pair. Pairs are
     * non-negative, so -1 can mark the end.
     */
    private static final class RunMerge implements Closeable {
        static final long END = -1;
        private static final int BLOCK = 4096;
        private final long[][] blocks;
        private final int[] at, size;
        private final InputStream[] in;
        private final byte[][] bytes;
        private final int[] byteAt, byteEnd;
        private final long[] last; // previous pair of each file run (delta base)
        private final long[] heads; // each run's current pair, so the heap compares one array
        private final int[] heap;
        private int heapSize;

        RunMerge(long[] memory, int memorySize, List<Path> files) throws IOException {
            int k = files.size() + 1;
            blocks = new long[k][];
            at = new int[k];
            size = new int[k];
            in = new InputStream[k];
            bytes = new byte[k][];
            byteAt = new int[k];
            byteEnd = new int[k];
            last = new long[k];
            heads = new long[k];
            heap = new int[k];
            blocks[0] = memory;
            size[0] = memorySize;
            try {
                for (int r = 1; r < k; r++) {
                    in[r] = Files.newInputStream(files.get(r - 1));
                    blocks[r] = new long[BLOCK];
                    bytes[r] = new byte[IO_BUFFER];
                    refill(r);
                }
            } catch (IOException | RuntimeException e) {
                close();
                throw e;
            }
            for (int r = 0; r < k; r++) {
                if (at[r] < size[r]) {
                    heads[r] = blocks[r][at[r]];
                    heap[heapSize++] = r;
                }
            }
            for (int i = heapSize / 2 - 1; i >= 0; i--) down(i);
        }

        /** The smallest pair left, or {@link #END}. */
        long next() throws IOException {
            if (heapSize == 0) return END;
            int r = heap[0];
            long pair = heads[r];
            if (++at[r] < size[r] || (r != 0 && refill(r))) heads[r] = blocks[r][at[r]];
            else heap[0] = heap[--heapSize];
            if (heapSize > 1) down(0);
            return pair;
        }

        /** Decodes the next block of a file run; false at its end. */
        private boolean refill(int r) throws IOException {
            long[] block = blocks[r];
            byte[] b = bytes[r];
            int n = 0, p = byteAt[r], end = byteEnd[r];
            long prev = last[r];
            while (n < BLOCK) {
                if (end - p < 10) { // a varint takes at most 10 bytes: keep whole ones in view
                    System.arraycopy(b, p, b, 0, end - p);
                    end -= p;
                    p = 0;
                    int got = in[r].readNBytes(b, end, b.length - end);
                    end += got;
                    if (end == 0) break;
                }
                long v = 0;
                for (int shift = 0;; shift += 7) {
                    if (p == end) throw new EOFException("inbound run truncated");
                    int x = b[p++];
                    v |= (long) (x & 0x7F) << shift;
                    if (x >= 0) break;
                }
                prev += v;
                block[n++] = prev;
            }
            byteAt[r] = p;
            byteEnd[r] = end;
            last[r] = prev;
            at[r] = 0;
            size[r] = n;
            return n > 0;
        }

        private void down(int i) {
            int r = heap[i];
            long key = heads[r];
            while (true) {
                int c = 2 * i + 1;
                if (c >= heapSize) break;
                if (c + 1 < heapSize && heads[heap[c + 1]] < heads[heap[c]]) c++;
                if (heads[heap[c]] >= key) break;
                heap[i] = heap[c];
                i = c;
            }
            heap[i] = r;
        }

        @Override
        public void close() throws IOException {
            for (InputStream s : in) if (s != null) s.close();
        }
    }
}
