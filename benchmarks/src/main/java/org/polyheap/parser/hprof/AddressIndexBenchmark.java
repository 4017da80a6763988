package org.polyheap.parser.hprof;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Random;
import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

import org.polyheap.model.Progress;
import org.polyheap.model.spi.SnapshotSource;

/**
 * Why {@link AddressBitmap} exists: the second pass looks up one address per reference. Builds both
 * forms of {@link AddressIndex} from a real dump's object addresses (its first pass, in file order)
 * and looks up 1 M addresses of random objects in each. Input: -Dpolyheap.hprof=FILE (default the
 * jackson-tree fixture, which fits in cache; a dump of a few hundred MB shows the memory misses).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgs = "-Xmx4g")
public class AddressIndexBenchmark {
    private static final int PROBES = 1 << 20;
    private long[] addresses;
    private int count;
    private long[] probes;
    private AddressIndex sorted;
    private AddressIndex bitmap;

    @Setup(Level.Trial)
    public void setUp() throws IOException, org.polyheap.model.SnapshotFormatException {
        Path file = Path.of(System.getProperty("polyheap.hprof", "bundles/org.polyheap.testdata/data/hprof/jackson-tree.hprof.gz"));
        var source = SnapshotSource.of(file);
        try (RecordInput in = RecordInput.open(source)) {
            FirstPass scan = new FirstPass(file, in, source.size(), Progress.NONE);
            scan.walk(Long.MAX_VALUE, false);
            addresses = scan.addresses.elements();
            count = scan.addresses.size();
        }
        Random random = new Random(1);
        probes = new long[PROBES];
        for (int i = 0; i < PROBES; i++) probes[i] = addresses[random.nextInt(count)];
        sorted = new SortedAddresses(addresses, count);
        bitmap = AddressBitmap.build(addresses, count);
        if (bitmap == null) throw new IllegalStateException(file + ": addresses do not suit a bitmap");
        System.out.printf("%n%s: %d objects, bitmap %.2f bytes/object, %d granules mix runs of the file%n", file, count,
                (double) ((AddressBitmap) bitmap).bytes() / count, ((AddressBitmap) bitmap).mixedGranules());
    }

    @Benchmark
    @OperationsPerInvocation(PROBES)
    public long lookupSorted() { return lookups(sorted); }

    @Benchmark
    @OperationsPerInvocation(PROBES)
    public long lookupBitmap() { return lookups(bitmap); }

    private long lookups(AddressIndex index) {
        long sum = 0;
        for (long p : probes) sum += index.idOf(p);
        return sum;
    }

    @Benchmark
    @OutputTimeUnit(TimeUnit.MILLISECONDS)
    public AddressIndex buildSorted() { return new SortedAddresses(addresses, count); }

    @Benchmark
    @OutputTimeUnit(TimeUnit.MILLISECONDS)
    public AddressIndex buildBitmap() { return AddressBitmap.build(addresses, count); }
}
