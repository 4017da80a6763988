package org.polyheap.benchmarks;

import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.polyheap.model.HeapGraph;
import org.polyheap.model.memory.HeapGraphBuilder;

/** Sample benchmark: builds the in-memory graph (CSR out/in edges) of a random heap. */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
@Fork(1)
public class HeapGraphBuilderBenchmark {

    @Param({"100000"})
    int objects;

    @Param({"4"})
    int edgesPerObject;

    @Benchmark
    public HeapGraph build() {
        var rnd = new SplittableRandom(42);
        var b = new HeapGraphBuilder();
        for (int i = 0; i < objects; i++) b.addObject(16 + rnd.nextInt(64));
        for (int i = 0; i < objects; i++) {
            for (int e = 0; e < edgesPerObject; e++) b.addReference(i, rnd.nextInt(objects));
        }
        return b.build();
    }
}
