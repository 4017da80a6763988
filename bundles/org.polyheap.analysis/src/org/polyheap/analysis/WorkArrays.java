package org.polyheap.analysis;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Locale;

import org.polyheap.index.Leftovers;
import org.polyheap.index.ResultStore;

/**
 * Where the analysis keeps its big working arrays (retaining graph, dominator pass, tree): plain heap
 * arrays while they fit comfortably in the heap, else temporary files mapped through
 * {@code java.lang.foreign}, so a graph of a hundred million objects needs almost no heap (the OS page
 * cache holds the pages and can write them out under memory pressure). A mapped file lives in the
 * result store's scratch folder, the snapshot's index folder (else {@code java.io.tmpdir}), and is unlinked as soon as it is mapped, so
 * nothing is left behind even by a killed process (one killed between creating and mapping a file
 * leaves {@code analysis-*.work.tmp-<pid>}, removed by the store's next open); its disk space returns
 * when it is unmapped.
 *
 * <p>The choice: system property {@value #PROPERTY} = {@code heap}, {@code mapped} or {@code auto}
 * (default: mapped when the analysis' estimated working set would leave the rest less than a quarter
 * of the maximum heap or less than 256 MB; see {@link #forStore}). When the
 * machine has the memory for the working set twice over, "mapped" arrays are anonymous native memory
 * outside the Java heap (never written to disk; no file); else files mapped shared, so the kernel can
 * write pages out and read them back under memory pressure: the price is its periodic write-back of
 * dirty pages, which for the random writes of the dominator pass came to 79 GB of disk writes for a
 * 5 GB working set (100 M objects).
 * Arrays of a {@link #scratch} set are unmapped by {@link #close}; the others when they become
 * unreachable. Allocation costs a file creation and a mapping (mapped) or a zeroed array (heap).
 * Thread-safe.
 */
public final class WorkArrays implements AutoCloseable {
    /** System property choosing the backing: heap, mapped or auto. */
    public static final String PROPERTY = "polyheap.analysis.workArrays";
    /** Arrays below this many bytes stay on the heap whatever the backing: a file per tiny array does not pay. */
    private static final long SMALL = 1 << 16;

    public enum Backing { HEAP, MAPPED }

    private final Backing backing;
    private final Path folder;
    private final Arena arena; // null for heap; for mapped: a shared arena (scratch) or an automatic one
    private final long minMappedBytes;
    private final boolean writeBack; // shared mapping: pages may go to disk; else private (copy on write)

    private WorkArrays(Backing backing, Path folder, Arena arena, long minMappedBytes, boolean writeBack) {
        this.backing = backing;
        this.folder = folder;
        this.arena = arena;
        this.minMappedBytes = minMappedBytes;
        this.writeBack = writeBack;
    }

    /** Heap arrays only. */
    public static WorkArrays heap() { return new WorkArrays(Backing.HEAP, null, null, 0, false); }

    /**
     * Mapped arrays in temporary files in {@code folder}, unmapped when unreachable.
     *
     * @param writeBack true for a shared mapping (the kernel may write pages to the file and drop them
     *                  from memory), false for native memory (pages stay in memory or swap; no file)
     */
    public static WorkArrays mapped(Path folder, boolean writeBack) {
        return new WorkArrays(Backing.MAPPED, folder, Arena.ofAuto(), SMALL, writeBack);
    }

    /** Mapped arrays of any size, even tiny ones (tests: every array in a file). */
    static WorkArrays mappedAlways(Path folder, boolean writeBack) {
        return new WorkArrays(Backing.MAPPED, folder, Arena.ofAuto(), 0, writeBack);
    }

    /**
     * The backing for an analysis with about {@code workingBytes} of working arrays: the system
     * property's choice, else the heap when they leave a quarter of the maximum heap (at least 256 MB)
     * to everything else, mapped otherwise. Heap arrays are the faster: native memory costs a liveness
     * and bounds check per access that the compiler cannot hoist out of the random walks of the
     * dominator pass (1.5x a heap array in a DFS-like loop). Mapped files go to
     * the {@code store}'s {@link ResultStore#scratchFolder}, or to {@code java.io.tmpdir} without a
     * store (an in-memory graph); they are shared (written back) unless the memory available now holds
     * the working set twice.
     *
     * @param store the snapshot's result store, or null
     */
    public static WorkArrays forStore(ResultStore store, long workingBytes) {
        String mode = System.getProperty(PROPERTY, "auto").toLowerCase(Locale.ROOT);
        boolean mapped = switch (mode) {
            case "heap" -> false;
            case "mapped" -> true;
            default -> workingBytes > heapForWork(Runtime.getRuntime().maxMemory());
        };
        if (!mapped) return heap();
        return mapped(store != null ? store.scratchFolder() : Path.of(System.getProperty("java.io.tmpdir")),
                2 * workingBytes > availableMemory());
    }

    /** The part of a maximum heap that working arrays may take; the rest is left to everything else. */
    static long heapForWork(long maxHeap) {
        return maxHeap - Math.max(maxHeap / 4, 256L << 20);
    }

    /** Physical memory available to new pages now: Linux's MemAvailable, else the OS's free memory. */
    static long availableMemory() {
        try (var lines = Files.lines(Path.of("/proc/meminfo"))) {
            var line = lines.filter(l -> l.startsWith("MemAvailable:")).findFirst();
            if (line.isPresent()) return 1024 * Long.parseLong(line.get().replaceAll("[^0-9]", ""));
        } catch (IOException | RuntimeException notLinux) {
            // fall through
        }
        var os = java.lang.management.ManagementFactory.getOperatingSystemMXBean();
        return os instanceof com.sun.management.OperatingSystemMXBean sun ? sun.getFreeMemorySize() : 0;
    }

    /** True when mapped pages may be written to disk (shared mapping); false on the heap or mapped privately. */
    public boolean writesBack() { return writeBack; }

    public Backing backing() { return backing; }

    /**
     * A set of the same backing whose mapped arrays are all unmapped (and their disk space returned) by
     * its {@link #close}: for arrays that do not outlive one computation. Heap sets close as a no-op.
     */
    public WorkArrays scratch() {
        return backing == Backing.HEAP ? this : new WorkArrays(Backing.MAPPED, folder, Arena.ofShared(), minMappedBytes, writeBack);
    }

    /** A zeroed int array of {@code length} elements. */
    public IntArray ints(long length) {
        if (onHeap(length * 4, length)) return IntArray.of(new int[(int) length]);
        return IntArray.mapped(map(length * 4));
    }

    /** A zeroed long array of {@code length} elements. */
    public LongArray longs(long length) {
        if (onHeap(length * 8, length)) return LongArray.of(new long[(int) length]);
        return LongArray.mapped(map(length * 8));
    }

    /** Heap arrays hold at most 2^31 - 9 elements; a longer one is mapped whatever the backing. */
    private boolean onHeap(long bytes, long length) {
        return (backing == Backing.HEAP || bytes < minMappedBytes || length == 0) && length <= Integer.MAX_VALUE - 8;
    }

    private MemorySegment map(long bytes) {
        // Memory to spare: anonymous native memory, zeroed up front. A private mapping of a sparse file
        // gave the same semantics at twice the cost: every page faulted through the file system, then
        // copied on its first write (the 1 GB dump's first open in 1.2 GB of heap: 13.4–13.6 s instead of 11.4–11.8 s)
        if (!writeBack) return arena.allocate(bytes, Long.BYTES);
        try {
            Path file = Files.createTempFile(folder, "analysis-", Leftovers.temp(".work"));
            try (var ch = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
                var mode = writeBack ? FileChannel.MapMode.READ_WRITE : FileChannel.MapMode.PRIVATE;
                MemorySegment seg = ch.map(mode, 0, bytes, arena); // grows the file, sparse
                try {
                    Files.delete(file); // the mapping keeps the pages; the name goes at once
                } catch (IOException stillOpen) { // platforms that refuse to delete mapped files
                    file.toFile().deleteOnExit();
                }
                return seg;
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create a working file of " + bytes + " bytes in " + folder, e);
        }
    }

    /** Unmaps the arrays of a {@link #scratch} set; they must not be used afterwards. Idempotent. */
    @Override
    public void close() {
        if (arena != null && arena.scope().isAlive()) {
            try {
                arena.close();
            } catch (UnsupportedOperationException automatic) {
                // the long-lived set: unmapped by the garbage collector
            }
        }
    }
}
