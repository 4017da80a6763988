package org.polyheap.benchmarks.dart;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;

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
import org.polyheap.benchmarks.CountingSink;
import org.polyheap.index.IndexBuilder;
import org.polyheap.model.Progress;
import org.polyheap.parser.dart.DartSnapshotParser;

/**
 * The Dart parser on a real snapshot (default: the repository's bigger fixture, 553,752 objects,
 * uncompressed once into a temp file; {@code -p file=/tmp/dart/big.dartheap} for another): into a
 * sink that only counts (the parser's own decoding) and into the on-disk {@link IndexBuilder} with
 * {@code finish()} (what {@code polyheap parse} does before the analysis). Warm figures; the cold
 * first run of a fresh JVM is measured by {@code dev/bench/dart-parse.sh} (docs/benchmarks.md).
 * Run from the repository root: {@code java -jar benchmarks/target/benchmarks.jar DartParse}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3)
@Measurement(iterations = 8)
@Fork(value = 1, jvmArgs = "-Xmx1g")
public class DartParseBenchmark {
    @Param({"bundles/org.polyheap.testdata/data/dart/dart-sass-ia32-d-after-gc.dartheap.gz"})
    public String file;

    Path plain;
    Path index;

    @Setup(Level.Trial)
    public void uncompress() throws IOException {
        Path source = Path.of(file);
        if (!file.endsWith(".gz")) {
            plain = source;
            return;
        }
        plain = Files.createTempFile("dart-parse-bench", ".dartheap");
        try (InputStream in = new GZIPInputStream(Files.newInputStream(source), 1 << 16)) {
            Files.copy(in, plain, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        }
    }

    @TearDown(Level.Trial)
    public void removeCopy() throws IOException {
        if (!plain.toString().equals(file)) Files.deleteIfExists(plain);
    }

    @Setup(Level.Iteration)
    public void folder() throws IOException { index = Files.createTempDirectory("dart-parse-bench-index"); }

    @TearDown(Level.Iteration)
    public void removeFolder() throws IOException {
        try (Stream<Path> s = Files.walk(index)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) Files.delete(p);
        }
    }

    @Benchmark
    public long countingSink() throws Exception {
        var sink = new CountingSink();
        new DartSnapshotParser().parse(plain, sink, Progress.NONE);
        return sink.references;
    }

    @Benchmark
    public long indexBuilder() throws Exception {
        try (var builder = new IndexBuilder(index, Progress.NONE)) {
            new DartSnapshotParser().parse(plain, builder, Progress.NONE);
            return builder.finish().objects();
        }
    }
}
