package org.polyheap.benchmarks.index;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;
import org.polyheap.index.column.IntIndexReader;
import org.polyheap.index.column.IntIndexWriter;
import org.polyheap.index.column.LongIndexReader;
import org.polyheap.index.column.LongIndexWriter;
import org.polyheap.index.column.MappedFile;
import org.polyheap.index.column.PageCodec;

/**
 * Write and read throughput of the paged 1:1 index against a raw reference file (4 or 8 bytes per
 * value, same buffered channel, same fsync), for realistic value distributions. One operation
 * handles {@link #N} values: values/s = N / (time per operation).
 * Bytes per value are printed at tear-down ("bytes/value").
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgs = "-Xmx2g")
public class ColumnBenchmark {
    static final int N = 4_000_000;
    static final int RANDOM_GETS = 1_000_000;

    @Param({"sortedIds", "classIds", "sizes", "addresses"})
    public String distribution;

    long[] values;
    boolean isInt;
    Path dir, paged, raw;
    Arena arena;
    IntIndexReader intReader;
    LongIndexReader longReader;
    MemorySegment rawSegment;
    long[] randomPositions;
    int[] intTarget;
    long[] longTarget;

    @Setup(Level.Trial)
    public void setUp() throws IOException {
        values = ColumnDistributions.of(distribution, N);
        isInt = distribution.equals("sortedIds") || distribution.equals("classIds");
        dir = Files.createTempDirectory("polyheap-bench");
        paged = dir.resolve("paged.index");
        raw = dir.resolve("raw.bin");
        writePaged();
        writeRaw();
        arena = Arena.ofShared();
        if (isInt) intReader = IntIndexReader.open(MappedFile.map(paged, arena));
        else longReader = LongIndexReader.open(MappedFile.map(paged, arena));
        rawSegment = MappedFile.map(raw, arena);
        var r = new SplittableRandom(5);
        randomPositions = new long[RANDOM_GETS];
        for (int i = 0; i < RANDOM_GETS; i++) randomPositions[i] = r.nextInt(N);
        intTarget = new int[N];
        longTarget = new long[N];
        System.out.printf("%n%s: bytes/value paged %.3f, raw %d%n", distribution, (double) Files.size(paged) / N, isInt ? 4 : 8);
    }

    @TearDown(Level.Trial)
    public void tearDown() throws IOException {
        arena.close();
        try (var files = Files.list(dir)) {
            for (Path p : files.toList()) Files.delete(p);
        }
        Files.delete(dir);
    }

    @Benchmark
    public void writePaged() throws IOException {
        if (isInt) {
            try (var w = new IntIndexWriter(paged)) { for (long v : values) w.add((int) v); }
        } else {
            try (var w = new LongIndexWriter(paged)) { for (long v : values) w.add(v); }
        }
    }

    /** Reference: the same values unpacked, through a 64 KiB buffer, fsynced. */
    @Benchmark
    public void writeRaw() throws IOException {
        try (var ch = FileChannel.open(raw, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING, StandardOpenOption.WRITE)) {
            ByteBuffer b = ByteBuffer.allocateDirect(1 << 16).order(ByteOrder.BIG_ENDIAN);
            for (long v : values) {
                if (b.remaining() < 8) {
                    b.flip();
                    while (b.hasRemaining()) ch.write(b);
                    b.clear();
                }
                if (isInt) b.putInt((int) v); else b.putLong(v);
            }
            b.flip();
            while (b.hasRemaining()) ch.write(b);
            ch.force(true);
        }
    }

    /** Encoding alone, no I/O: the part a compression thread pool could take off the writer. */
    @Benchmark
    public int encodeOnly() {
        long[] page = new long[4096];
        byte[] out = new byte[PageCodec.maxBytes(page.length)];
        int bytes = 0;
        for (int at = 0; at < N; at += page.length) {
            int n = Math.min(page.length, N - at);
            System.arraycopy(values, at, page, 0, n);
            bytes += PageCodec.encode(page, n, out);
        }
        return bytes;
    }

    @Benchmark
    public void scanPaged(Blackhole bh) {
        if (isInt) {
            intReader.copyTo(0, intTarget, 0, N);
            bh.consume(intTarget);
        } else {
            longReader.copyTo(0, longTarget, 0, N);
            bh.consume(longTarget);
        }
    }

    /** Reference: copying the raw mapped file into the array. */
    @Benchmark
    public void scanRaw(Blackhole bh) {
        if (isInt) {
            MemorySegment.copy(rawSegment, ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN), 0, intTarget, 0, N);
            bh.consume(intTarget);
        } else {
            MemorySegment.copy(rawSegment, ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN), 0, longTarget, 0, N);
            bh.consume(longTarget);
        }
    }

    /** One million gets at random positions (each mostly a page-cache miss and a page decode). */
    @Benchmark
    public long randomGetPaged() {
        long sum = 0;
        if (isInt) for (long p : randomPositions) sum += intReader.get(p);
        else for (long p : randomPositions) sum += longReader.get(p);
        return sum;
    }

    @Benchmark
    public long randomGetRaw() {
        long sum = 0;
        var intLayout = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN);
        var longLayout = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN);
        if (isInt) for (long p : randomPositions) sum += rawSegment.get(intLayout, 4 * p);
        else for (long p : randomPositions) sum += rawSegment.get(longLayout, 8 * p);
        return sum;
    }
}
