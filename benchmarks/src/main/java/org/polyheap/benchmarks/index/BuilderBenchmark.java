package org.polyheap.benchmarks.index;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

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
import org.polyheap.index.IndexBuilder;
import org.polyheap.index.IndexedSnapshot;
import org.polyheap.model.ClassInfo;
import org.polyheap.model.HeapGraph;
import org.polyheap.model.SnapshotSink;
import org.polyheap.model.memory.HeapGraphBuilder;
import org.polyheap.model.GcRoot;
import org.polyheap.model.Progress;
import org.polyheap.model.ReferenceKind;
import org.polyheap.model.RootKind;

/**
 * A whole build through {@link IndexBuilder}: 2 million objects, 4 references each on average
 * (targets mostly near the source, as heaps allocate), then the inbound merge, checksums and
 * manifest, with and without an encoder thread, against the in-memory {@link HeapGraphBuilder}. Prints the index's bytes per object.
 * Single-shot: one operation = one build.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 1)
@Measurement(iterations = 3)
@Fork(value = 1, jvmArgs = "-Xmx2g")
public class BuilderBenchmark {
    static final int OBJECTS = 2_000_000;

    /** Threads encoding pages beside the parser thread; 0 encodes inline. */
    @Param({"0", "1"})
    public int encoderThreads;

    Path dir;

    @Setup(Level.Iteration)
    public void setUp() throws IOException { dir = Files.createTempDirectory("polyheap-build"); }

    @TearDown(Level.Iteration)
    public void tearDown() throws IOException {
        if (!Files.exists(dir.resolve("manifest"))) { // the in-memory reference wrote nothing
            Files.delete(dir);
            return;
        }
        long bytes;
        try (Stream<Path> s = Files.walk(dir)) {
            bytes = s.filter(Files::isRegularFile).mapToLong(p -> p.toFile().length()).sum();
        }
        try (var snapshot = IndexedSnapshot.open(dir)) {
            System.out.printf("%nindex: %.2f bytes/object, %.2f bytes/reference overall (%d references)%n",
                    (double) bytes / OBJECTS, (double) bytes / snapshot.manifest().references(), snapshot.manifest().references());
        }
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) Files.delete(p);
        }
    }

    @Benchmark
    public void build() throws IOException {
        try (var b = new IndexBuilder(dir, Progress.NONE, encoderThreads)) {
            feed(b);
            b.finish();
        }
        try (var snapshot = IndexedSnapshot.open(dir)) { // the inbound index, as the in-memory builder makes it too
            snapshot.prepareInbound(1 << 22, Progress.NONE);
        }
    }

    /** Reference: the same graph into the model's in-memory builder (arrays, counting sort for inbound). */
    @Benchmark
    public HeapGraph buildInMemory() {
        var b = new HeapGraphBuilder();
        feed(b);
        return b.build();
    }

    private static void feed(SnapshotSink b) {
        var r = new SplittableRandom(1);
        b.format(org.polyheap.model.format.SnapshotFormat.GENERIC);
        for (int c = 0; c < 3000; c++) b.addClass(ClassInfo.named("C" + c));
        for (int f = 0; f < 64; f++) b.addString("field" + f);
        long address = 0x7_0000_0000L;
        for (int o = 0; o < OBJECTS; o++) {
            int cls = r.nextInt(4) == 0 ? r.nextInt(3000) : r.nextInt(10);
            b.addObject(cls, 16 + 8L * r.nextInt(8), address += 8L * (2 + r.nextInt(6)), 31L * o, -1);
        }
        for (int o = 0; o < OBJECTS; o++) {
            int n = r.nextInt(9);
            for (int k = 0; k < n; k++) {
                int to = r.nextInt(3) == 0 ? r.nextInt(OBJECTS) : Math.floorMod(o + r.nextInt(64) - 32, OBJECTS);
                b.addReference(o, to, ReferenceKind.FIELD, (o + k) & 63);
            }
            if (o % 1000 == 0) b.addRoot(new GcRoot(o, RootKind.JNI_GLOBAL, -1, -1));
        }
    }
}
