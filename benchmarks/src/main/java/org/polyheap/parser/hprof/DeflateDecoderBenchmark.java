package org.polyheap.parser.hprof;

import java.io.IOException;
import java.io.InputStream;
import java.lang.foreign.MemorySegment;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.zip.GZIPInputStream;
import java.util.zip.Inflater;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

import org.polyheap.model.spi.SnapshotSource;
import org.polyheap.model.spi.SourceCache;

/**
 * Why {@link DeflateDecoder} and {@link GzipMembers}' checkpoints exist and what they cost: a
 * whole-stream decode against the JDK's zlib (same raw deflate data: a real dump, gzip -9); the scan
 * that finds the checkpoints (once per index) against the zlib scan that found the members on every
 * inspector open before; opening a reader on kept checkpoints; and a random 4 KB read in a dump gzipped
 * as one member, from the checkpoint before it against what the zlib-only reader did (inflate the
 * member from its start up to the offset). Input: -Dpolyheap.gz=FILE (default the jackson-tree
 * fixture; bench/GzipReadsBench.java measures the whole inspector on a big dump).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class DeflateDecoderBenchmark {
    private Path gz;
    private long dataStart;
    private long plainSize;
    private DumpReader reader;
    private MemorySegment kept;
    private final Random random = new Random(1);
    private final byte[] buf = new byte[1 << 16];

    @Setup(Level.Trial)
    public void setUp() throws IOException {
        gz = Path.of(System.getProperty("polyheap.gz", "bundles/org.polyheap.testdata/data/hprof/jackson-tree.hprof.gz"));
        var members = GzipMembers.scan(gz);
        if (members.members() != 1) throw new IllegalStateException(gz + " is not a single gzip member");
        dataStart = members.data(0);
        plainSize = members.decompressedSize();
        var out = new java.io.ByteArrayOutputStream();
        GzipMembers.scan(gz, out);
        kept = MemorySegment.ofArray(out.toByteArray());
        reader = new DumpReader(SnapshotSource.of(gz), keptCache());
    }

    /** The checkpoints as an index keeps them: made once, then only read back. */
    private SourceCache keptCache() {
        return new SourceCache() {
            @Override public MemorySegment bytes(String name, int version, Maker maker) { return kept; }
            @Override public void discard(String name) { }
        };
    }

    @TearDown(Level.Trial)
    public void tearDown() throws IOException { reader.close(); }

    @Benchmark
    public long decodeAllZlib() throws Exception {
        var inflater = new Inflater(true);
        byte[] in = new byte[1 << 16];
        long total = 0;
        try (var ch = FileChannel.open(gz)) {
            long at = dataStart;
            while (!inflater.finished()) {
                if (inflater.needsInput()) {
                    int r = ch.read(java.nio.ByteBuffer.wrap(in), at);
                    at += r;
                    inflater.setInput(in, 0, r);
                }
                total += inflater.inflate(buf);
            }
        } finally {
            inflater.end();
        }
        return total;
    }

    /** Finding members and checkpoints: one DeflateDecoder pass, windows packed (once per index). */
    @Benchmark
    public long scanWithCheckpoints() throws IOException {
        var out = new java.io.ByteArrayOutputStream();
        GzipMembers.scan(gz, out);
        return out.size();
    }

    /** A reader on kept checkpoints: what every inspector open after the first costs (the tables are parsed). */
    @Benchmark
    public long openOnKeptCheckpoints() throws IOException {
        try (var r = new DumpReader(SnapshotSource.of(gz), keptCache())) {
            return r.decodedBytes();
        }
    }

    @Benchmark
    public long decodeAllDeflateDecoder() throws IOException {
        long total = 0;
        try (var ch = FileChannel.open(gz)) {
            var d = new DeflateDecoder(ch, gz.toString(), new DeflateDecoder.Checkpoint(dataStart * 8, 0, new byte[0]), 0,
                    Long.MAX_VALUE, null);
            int n;
            while ((n = d.read(buf, 0, buf.length)) > 0) total += n;
        }
        return total;
    }

    /** A 4 KB read at a random offset, from the checkpoint before it (block cache mostly missed: 64 of ~550 blocks). */
    @Benchmark
    public int randomReadWithCheckpoints() throws IOException {
        return reader.read(random.nextLong(plainSize - 4096), buf, 4096);
    }

    /** The same read as the zlib-only reader made it in one big member: inflate from the start to the offset. */
    @Benchmark
    public int randomReadInflatingFromTheStart() throws IOException {
        long at = random.nextLong(plainSize - 4096);
        try (InputStream in = new GZIPInputStream(Files.newInputStream(gz), 1 << 16)) {
            in.skipNBytes(at);
            return in.readNBytes(buf, 0, 4096);
        }
    }
}
