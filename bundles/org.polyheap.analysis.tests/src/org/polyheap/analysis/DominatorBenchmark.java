package org.polyheap.analysis;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import org.polyheap.model.ClassInfo;
import org.polyheap.model.GcRoot;
import org.polyheap.model.HeapGraph;
import org.polyheap.model.IntColumn;
import org.polyheap.model.LongColumn;
import org.polyheap.model.Progress;
import org.polyheap.model.ReferenceKind;
import org.polyheap.model.RootKind;
import org.polyheap.model.SnapshotMetadata;
import org.polyheap.model.format.SnapshotFormat;

/**
 * Not a test: times the retaining graph, dominators and retained sizes on a synthetic heap.
 * {@code java -Xmx6g -cp ... org.polyheap.analysis.DominatorBenchmark [objects]} (default 16 M).
 *
 * <p>The heap imitates allocation order: 1,000 GC roots spread evenly, each owning a forest of objects
 * where an object's owner was allocated a few objects before it (geometric, mean 8); on top of the
 * owned references, 60 % of objects hold shared ones (45 %: 1, 12 %: 2, 3 %: 8), half to 10,000 "hot"
 * objects (classes, interned strings), 35 % to neighbours within 512, 15 % anywhere.
 */
public final class DominatorBenchmark {
    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 16_000_000;
        long t0 = System.nanoTime();
        HeapGraph g = synthetic(n, 42);
        System.out.printf("graph: %,d objects, %,d references, built in %.1f s%n", n, g.outStart().get(n),
                (System.nanoTime() - t0) / 1e9);
        for (int run = 0; run < 2; run++) {
            System.gc();
            long base = heapUsed();
            resetPeaks();
            var phases = new PhaseClock();
            long start = System.nanoTime();
            long cpu0 = ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime();
            var rg = RetentionRules.build(g, AnalysisOptions.forGraph(g), phases);
            var tree = DominatorTree.compute(rg, phases);
            long wall = System.nanoTime() - start;
            long cpu = ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime() - cpu0;
            phases.phase("end", 0);
            long peak = peakHeap();
            System.out.printf("run %d: %.2f s wall, %.2f s CPU; peak heap %,d MB, %,d MB above the graph (%.1f bytes/object,"
                    + " %.1f bytes/object + reference)%n", run, wall / 1e9, cpu / 1e9, peak >> 20, (peak - base) >> 20,
                    (double) (peak - base) / n, (double) (peak - base) / (n + g.outStart().get(n)));
            phases.print();
            System.out.printf("   reachable %,d objects / %,d bytes; unreachable %,d; root children %d%n",
                    tree.reachableObjects(), tree.reachableBytes(), tree.unreachableObjects(),
                    tree.children(DominatorTree.VIRTUAL_ROOT).length);
        }
    }

    /** Progress that records when each phase starts. */
    private static final class PhaseClock implements Progress {
        final List<String> names = new ArrayList<>();
        final List<Long> times = new ArrayList<>();
        final List<Long> cpu = new ArrayList<>();

        @Override public void phase(String name, long totalWork) {
            names.add(name);
            times.add(System.nanoTime());
            cpu.add(ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime());
        }

        @Override public void worked(long units) { }

        @Override public boolean isCanceled() { return false; }

        void print() {
            for (int i = 0; i + 1 < names.size(); i++) {
                System.out.printf("   %-36s %6.2f s wall %6.2f s CPU%n", names.get(i),
                        (times.get(i + 1) - times.get(i)) / 1e9, (cpu.get(i + 1) - cpu.get(i)) / 1e9);
            }
        }
    }

    static HeapGraph synthetic(int n, long seed) {
        var random = new SplittableRandom(seed);
        // ownership forest in allocation order: each object's owner was allocated shortly before it
        int[] owner = new int[n];
        int[] ownedCount = new int[n + 1];
        for (int c = 0; c < n; c++) {
            owner[c] = c % (n / ROOTS) == 0 ? -1 : c - 1 - (int) Math.min(c - 1, (long) (-Math.log(1 - random.nextDouble()) * 8));
            if (owner[c] >= 0) ownedCount[owner[c] + 1]++;
        }
        long[] outStart = new long[n + 1];
        int[] extra = new int[n];
        long m = 0;
        for (int s = 0; s < n; s++) {
            int r = random.nextInt(100);
            extra[s] = r < 40 ? 0 : r < 85 ? 1 : r < 97 ? 2 : 8; // shared references besides the owned ones
            outStart[s] = m;
            m += ownedCount[s + 1] + extra[s];
        }
        outStart[n] = m;
        int[] target = new int[Math.toIntExact(m)];
        int[] fill = new int[n];
        for (int c = 0; c < n; c++) {
            if (owner[c] >= 0) target[(int) outStart[owner[c]] + fill[owner[c]]++] = c;
        }
        long[] shallow = new long[n];
        for (int s = 0; s < n; s++) {
            shallow[s] = ownedCount[s + 1] == 0 && random.nextInt(4) == 0 ? 24 + 8L * random.nextInt(128)
                    : 16 + 8L * random.nextInt(6);
            for (int e = 0; e < extra[s]; e++) {
                int r = random.nextInt(100);
                int t;
                if (r < 50) t = random.nextInt(Math.min(n, 10_000));     // classes, interned strings
                else if (r < 85) t = Math.max(0, Math.min(n - 1, s - 512 + random.nextInt(1024))); // neighbours
                else t = random.nextInt(n);                               // anywhere
                target[(int) outStart[s] + fill[s]++] = t;
            }
        }
        var roots = new ArrayList<GcRoot>();
        for (int i = 0; i < ROOTS; i++) roots.add(new GcRoot((int) ((long) i * (n / ROOTS)), RootKind.UNKNOWN, -1, -1));
        return new ArraysGraph(n, outStart, target, shallow, List.copyOf(roots));
    }

    private static final int ROOTS = 1000;

    private static IntColumn constant(long size, int value) {
        return new IntColumn() {
            @Override public long size() { return size; }
            @Override public int get(long index) { return value; }
            @Override public void copyTo(long from, int[] t, int offset, int length) {
                java.util.Arrays.fill(t, offset, offset + length, value);
            }
        };
    }

    /** The columns the dominator computation reads; the inbound columns are not needed by it and not built. */
    private record ArraysGraph(int objectCount, long[] starts, int[] targets, long[] sizes, List<GcRoot> gcRoots)
            implements HeapGraph {
        @Override public SnapshotMetadata metadata() { return new SnapshotMetadata(SnapshotFormat.GENERIC, null); }
        @Override public IntColumn objectClass() { return constant(objectCount, 0); }
        @Override public LongColumn shallowSize() { return LongColumn.of(sizes); }
        @Override public LongColumn identity() { throw new UnsupportedOperationException(); }
        @Override public LongColumn sourceOffset() { throw new UnsupportedOperationException(); }
        @Override public IntColumn objectLabel() { return constant(objectCount, -1); }
        @Override public IntColumn objectType() { return constant(objectCount, 0); }
        @Override public LongColumn outStart() { return LongColumn.of(starts); }
        @Override public IntColumn outTarget() { return IntColumn.of(targets); }
        @Override public IntColumn outKind() { return constant(targets.length, ReferenceKind.FIELD.code()); }
        @Override public IntColumn outName() { return constant(targets.length, -1); }
        @Override public LongColumn inStart() { throw new UnsupportedOperationException(); }
        @Override public IntColumn inSource() { throw new UnsupportedOperationException(); }
        @Override public List<ClassInfo> classes() { return List.of(ClassInfo.named("Object")); }
        @Override public String string(int id) { throw new IndexOutOfBoundsException(id); }
        @Override public int stringCount() { return 0; }
        @Override public void close() { }
    }

    private static long heapUsed() {
        long sum = 0;
        for (MemoryPoolMXBean p : ManagementFactory.getMemoryPoolMXBeans()) {
            if (p.getType() == MemoryType.HEAP) sum += p.getUsage().getUsed();
        }
        return sum;
    }

    private static void resetPeaks() {
        for (MemoryPoolMXBean p : ManagementFactory.getMemoryPoolMXBeans()) p.resetPeakUsage();
    }

    private static long peakHeap() {
        long sum = 0;
        for (MemoryPoolMXBean p : ManagementFactory.getMemoryPoolMXBeans()) {
            if (p.getType() == MemoryType.HEAP) sum += p.getPeakUsage().getUsed();
        }
        return sum;
    }
}
