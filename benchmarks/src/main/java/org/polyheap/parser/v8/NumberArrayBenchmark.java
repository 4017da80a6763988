package org.polyheap.parser.v8;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.polyheap.model.SnapshotFormatException;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;

/**
 * Why the V8 parser reads number arrays with its own {@link JsonScanner} and not jackson-core's
 * streaming parser: both read the same {@code edges}-like array from the same file (in the page
 * cache), V8's layout ({@code type,name,to_node\n,} rows; 3 M edges, about 45 MB), summing every
 * number; and both skip the whole array, as the first pass does with {@code edges}. MB/s = file
 * size / time per operation (printed at setup). In the parser's package (not
 * {@code org.polyheap.benchmarks}) because the scanner is package-private.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgs = "-Xmx1g")
public class NumberArrayBenchmark {
    static final int EDGES = 3_000_000;
    private static final String[] WHAT = {"edge field type", "edge field name_or_index", "edge field to_node"};
    private static final JsonFactory JACKSON = new JsonFactory();

    Path file;

    @Setup
    public void write() throws IOException {
        file = Files.createTempFile("edges", ".json");
        var random = new SplittableRandom(42);
        try (Writer w = Files.newBufferedWriter(file, StandardCharsets.US_ASCII)) {
            w.write('[');
            for (int i = 0; i < EDGES; i++) {
                if (i > 0) w.write("\n,");
                int type = random.nextInt(7);
                long name = type == 1 ? random.nextInt(1000) : random.nextInt(120_000);
                long to = 7L * random.nextInt(2_300_000);
                w.write(type + "," + name + "," + to);
            }
            w.write(']');
        }
        System.out.printf("%n%s: %.1f MB%n", file, Files.size(file) / 1e6);
    }

    @TearDown
    public void delete() throws IOException { Files.deleteIfExists(file); }

    @Benchmark
    public long scanner() throws IOException, SnapshotFormatException {
        long sum = 0;
        try (var in = JsonScanner.open(org.polyheap.model.spi.SnapshotSource.of(file), 0)) {
            in.beginArray("edges");
            long[] batch = new long[3 * 8192];
            long[] rows = new long[8192];
            int got;
            do {
                got = in.numbers(batch, batch.length, 3, rows, WHAT);
                for (int i = 0; i < got; i++) sum += batch[i];
            } while (got == batch.length);
        }
        return sum;
    }

    @Benchmark
    public long jackson() throws IOException {
        long sum = 0;
        try (JsonParser p = JACKSON.createParser(file.toFile())) {
            p.nextToken();
            for (JsonToken t = p.nextToken(); t != JsonToken.END_ARRAY; t = p.nextToken()) sum += p.getLongValue();
        }
        return sum;
    }

    @Benchmark
    public long scannerSkip() throws IOException, SnapshotFormatException {
        try (var in = JsonScanner.open(org.polyheap.model.spi.SnapshotSource.of(file), 0)) {
            in.skipValue();
            return in.offset();
        }
    }

    @Benchmark
    public long jacksonSkip() throws IOException {
        try (JsonParser p = JACKSON.createParser(file.toFile())) {
            p.nextToken();
            p.skipChildren();
            return p.currentLocation().getByteOffset();
        }
    }
}
