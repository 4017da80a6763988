package org.polyheap.analysis;

import java.util.Random;
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

import org.polyheap.model.Progress;

/**
 * Why the dominator tree's rows are sorted as packed longs ({@code DominatorTree.sortRows}): a tree
 * shaped like a real javac heap's (3.2 M nodes, a third of them under the virtual root, the rest in
 * rows of 1 to a few thousand children, few distinct sizes so ties by id matter), sorted with sizes
 * that fit a packed key ({@code packed}) and with sizes too big for one, which takes the comparator
 * path the packed keys replaced ({@code comparator}). Each invocation sorts a fresh shuffled copy.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgs = "-Xmx2g")
public class RowSortBenchmark {
    @Param({"packed", "comparator"})
    public String keys;

    private int[] start;
    private int[] shuffled;
    private long[] retained;
    private IntArray children;

    @Setup(Level.Trial)
    public void setUp() {
        int nodes = 3_200_000, rootRow = 1_000_000;
        var random = new Random(3);
        retained = new long[nodes];
        long huge = keys.equals("comparator") ? 1L << 50 : 0; // beyond 2^(64 - 22 id bits): no packed key
        for (int i = 0; i < nodes; i++) retained[i] = huge + 16L * (1 + random.nextInt(random.nextInt(8) == 0 ? 100_000 : 8));
        // rows: the virtual root's, then rows of 1..2,000 children until every node has a parent
        var starts = new it.unimi.dsi.fastutil.ints.IntArrayList();
        starts.add(0);
        starts.add(rootRow);
        for (int at = rootRow; at < nodes; ) {
            at = Math.min(nodes, at + 1 + (random.nextInt(10) == 0 ? random.nextInt(2_000) : random.nextInt(6)));
            starts.add(at);
        }
        start = starts.toIntArray();
        shuffled = new int[nodes];
        for (int i = 0; i < nodes; i++) shuffled[i] = i;
        for (int i = nodes - 1; i > 0; i--) {
            int j = random.nextInt(i + 1), t = shuffled[i];
            shuffled[i] = shuffled[j];
            shuffled[j] = t;
        }
    }

    @Setup(Level.Invocation)
    public void unsort() { children = IntArray.of(shuffled.clone()); }

    @Benchmark
    public IntArray sortRows() {
        DominatorTree.sortRows(IntArray.of(start), children, LongArray.of(retained), Progress.NONE);
        return children;
    }
}
