package org.polyheap.benchmarks.index;

import java.util.Arrays;
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
import org.openjdk.jmh.annotations.Warmup;
import org.polyheap.index.sort.InboundSorter;

/**
 * One full run buffer of the inbound sort (4 M (target, source) pairs, sources ascending as the sink
 * delivers them, 3.8 references per source, a third of the targets near the source and the rest
 * anywhere): {@code Arrays.sort} of the longs against {@link InboundSorter#sortByTarget}, the stable
 * radix sort on the target bits the sorter uses. {@code objects} sets the target range (radix passes).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgs = "-Xmx1g")
public class InboundSortBenchmark {
    static final int PAIRS = InboundSorter.DEFAULT_RUN_PAIRS;

    @Param({"2000000", "16000000"})
    public int objects;

    long[] input;
    long[] work;
    long[] scratch;

    @Setup(Level.Trial)
    public void makePairs() {
        var random = new SplittableRandom(7);
        input = new long[PAIRS];
        int source = 0;
        for (int i = 0; i < PAIRS; i++) {
            if (random.nextInt(19) < 5) source++; // 3.8 references per source
            int target = random.nextInt(3) == 0 ? Math.floorMod(source + random.nextInt(64) - 32, objects) : random.nextInt(objects);
            input[i] = ((long) target << 32) | source;
        }
        work = new long[PAIRS];
        scratch = new long[PAIRS];
    }

    @Setup(Level.Invocation)
    public void copy() { System.arraycopy(input, 0, work, 0, PAIRS); }

    @Benchmark
    public long arraysSort() {
        Arrays.sort(work, 0, PAIRS);
        return work[PAIRS / 2];
    }

    @Benchmark
    public long radixByTarget() {
        InboundSorter.sortByTarget(work, PAIRS, scratch);
        return work[PAIRS / 2];
    }
}
