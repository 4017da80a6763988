import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import org.polyheap.analysis.AnalysisOptions;
import org.polyheap.analysis.HeapAnalysis;
import org.polyheap.analysis.RetentionRules;
import org.polyheap.analysis.WorkArrays;
import org.polyheap.index.IndexBuilder;
import org.polyheap.index.IndexedSnapshot;
import org.polyheap.model.ClassInfo;
import org.polyheap.model.GcRoot;
import org.polyheap.model.Progress;
import org.polyheap.model.ReferenceKind;
import org.polyheap.model.RootKind;

import it.unimi.dsi.fastutil.ints.IntArrayList;

/**
 * The analysis at a scale that does not fit the heap: streams a synthetic Java-like heap of N objects
 * (default 100 M) straight into an {@link IndexBuilder} (nothing of the graph is kept in memory),
 * then runs {@link HeapAnalysis#run} on the index (retaining graph, dominators, retained sizes, rows,
 * storing them; an index left by an earlier run is reused, its results deleted), then reopens it and
 * reads the stored tree. Prints wall and process CPU time per phase, the heap pools' peak per step,
 * and whether the working arrays were on the heap or mapped (privately or shared).
 * Run it under /usr/bin/time -v with -Xmx4g for the peak RSS:
 *
 *   java -Xmx4g -cp <quicktest classes>:<fastutil> ScaleBenchmark.java FOLDER [objects] [seed]
 *
 * The heap imitates allocation order, as {@code DominatorBenchmark} does but streamed: 1,000 GC roots
 * spread evenly, each owning the objects up to the next root as a forest in which an object's owner
 * was allocated a few objects before it (geometric, mean 8, at most 4,096 back); on top, 60 % of objects
 * hold shared references (45 %: one, 12 %: two, 3 %: eight), half of them to 10,000 "hot" objects
 * (classes, interned strings), 35 % to neighbours within 512, 15 % anywhere; 1 % of shared references
 * are weak referents. Sizes 16–112 bytes, every 1,000th object an array of up to 64 KiB; 500 classes.
 */
public class ScaleBenchmark {
    static final int ROOTS = 1000, HOT = 10_000, WINDOW = 4096, CLASSES = 500;

    public static void main(String[] args) throws Exception {
        Path folder = Path.of(args[0]);
        int n = args.length > 1 ? Integer.parseInt(args[1]) : 100_000_000;
        long seed = args.length > 2 ? Long.parseLong(args[2]) : 42;
        var os = (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        System.out.printf("max heap %,d MB, work arrays: %s%n", Runtime.getRuntime().maxMemory() >> 20,
                System.getProperty(WorkArrays.PROPERTY, "auto"));
        var clock = new PhaseClock(os);
        if (!Files.exists(folder.resolve("manifest"))) {
            resetPeaks();
            clock.phase("Generating into the index builder", n);
            try (var b = new IndexBuilder(folder, clock)) {
                long refs = generate(b, n, seed);
                clock.phase("Finishing the index (inbound sort, checksums)", -1);
                b.finish();
                System.out.printf("generated %,d objects, %,d references%n", n, refs);
            }
            clock.phase("built", 0);
            System.out.printf("build: heap pools' peak %,d MB%n", peakHeap() >> 20);
        }
        deleteTree(folder.resolve("results")); // an index kept from an earlier run: compute the tree again
        try (var snapshot = IndexedSnapshot.open(folder)) {
            resetPeaks();
            long m = snapshot.outTarget().size();
            var work = WorkArrays.forStore(snapshot.results(), RetentionRules.workingBytes(snapshot));
            System.out.printf("%,d objects, %,d references; working arrays %s%s (%,d MB estimated)%n", snapshot.objectCount(),
                    m, work.backing(), work.backing() == WorkArrays.Backing.HEAP ? "" : work.writesBack() ? ", shared" : ", private",
                    RetentionRules.workingBytes(snapshot) >> 20);
            long wall = System.nanoTime(), cpu = os.getProcessCpuTime();
            var analysis = HeapAnalysis.run(snapshot, snapshot.results(), AnalysisOptions.forGraph(snapshot), clock);
            clock.phase("analysed", 0);
            wall = System.nanoTime() - wall;
            cpu = os.getProcessCpuTime() - cpu;
            var tree = analysis.dominatorTree();
            long peak = peakHeap();
            System.out.printf("analysis%s: %.1f s wall, %.1f s CPU (process), load %.2f; heap pools' peak %,d MB"
                    + " = %.1f bytes per object%n", analysis.loadedFromIndex() ? " (read from the index)" : "",
                    wall / 1e9, cpu / 1e9, os.getSystemLoadAverage(), peak >> 20, (double) peak / snapshot.objectCount());
            System.out.printf("reachable %,d objects, %,d bytes; unreachable %,d; root children %,d%n",
                    tree.reachableObjects(), tree.reachableBytes(), tree.unreachableObjects(), tree.childCount(-1));
        }
        try (var snapshot = IndexedSnapshot.open(folder)) {
            long wall = System.nanoTime();
            var analysis = HeapAnalysis.run(snapshot, snapshot.results(), AnalysisOptions.forGraph(snapshot), Progress.NONE);
            var tree = analysis.dominatorTree();
            int biggest = tree.child(-1, 0);
            System.out.printf("reopen: stored tree read in %.0f ms (%s); biggest top-level object %d retains %,d bytes%n",
                    (System.nanoTime() - wall) / 1e6, analysis.loadedFromIndex() ? "stored" : "recomputed", biggest,
                    tree.retained().get(biggest));
        }
        clock.print();
    }

    /** Streams the heap into the sink, references grouped by source in ascending order. */
    static long generate(IndexBuilder b, int n, long seed) {
        var random = new SplittableRandom(seed);
        b.format("hprof");
        b.fact("generator", "ScaleBenchmark " + n + " " + seed);
        for (int c = 0; c < CLASSES; c++) b.addClass(ClassInfo.named("scale.C" + c));
        // children of the next WINDOW sources, by source modulo the ring size
        var children = new IntArrayList[WINDOW + 1];
        for (int i = 0; i < children.length; i++) children[i] = new IntArrayList(4);
        int generated = 0; // objects whose owner is decided: 0 .. generated - 1
        long address = 0x7_0000_0000L, refs = 0;
        int segment = n / ROOTS + 1;
        for (int s = 0; s < n; s++) {
            for (int end = (int) Math.min(n, (long) s + WINDOW + 1); generated < end; generated++) {
                int t = generated;
                if (t % segment == 0) continue; // a root owns its segment
                int back = 1;
                while (back < WINDOW && random.nextInt(8) != 0) back++;
                int owner = Math.max(t - t % segment, t - back);
                children[owner % children.length].add(t);
            }
            long size = s % 1000 == 999 ? 16 + 8L * random.nextInt(8192) : 16 + 8L * random.nextInt(13);
            b.addObject((int) (mix(s) % CLASSES), size, address, -1, -1, 0);
            address += size;
            IntArrayList own = children[s % children.length];
            for (int i = 0; i < own.size(); i++) {
                b.addReference(s, own.getInt(i), i % 4 == 3 ? ReferenceKind.ELEMENT : ReferenceKind.FIELD, -1);
            }
            refs += own.size();
            own.clear();
            int r = random.nextInt(100), shared = r < 45 ? 1 : r < 57 ? 2 : r < 60 ? 8 : 0;
            for (int k = 0; k < shared; k++) {
                int where = random.nextInt(100);
                int t = where < 50 ? (int) ((long) random.nextInt(HOT) * n / HOT)
                        : where < 85 ? Math.floorMod(s + random.nextInt(1025) - 512, n) : random.nextInt(n);
                b.addReference(s, t, random.nextInt(100) == 0 ? ReferenceKind.JAVA_WEAK : ReferenceKind.FIELD, -1);
            }
            refs += shared;
        }
        for (int i = 0; i < ROOTS; i++) {
            long root = (long) i * segment;
            if (root < n) b.addRoot(new GcRoot((int) root, RootKind.STICKY_CLASS, -1, -1));
        }
        return refs;
    }

    private static long mix(long x) {
        x = (x ^ (x >>> 31)) * 0x7fb5d329728ea185L;
        return (x ^ (x >>> 27)) >>> 1;
    }

    static void deleteTree(Path root) throws java.io.IOException {
        if (!Files.exists(root)) return;
        try (var s = Files.walk(root)) {
            for (Path p : s.sorted(java.util.Comparator.reverseOrder()).toList()) Files.delete(p);
        }
    }

    static void resetPeaks() {
        for (MemoryPoolMXBean p : ManagementFactory.getMemoryPoolMXBeans()) p.resetPeakUsage();
    }

    static long peakHeap() {
        long peak = 0;
        for (MemoryPoolMXBean p : ManagementFactory.getMemoryPoolMXBeans()) {
            if (p.getType() == MemoryType.HEAP) peak += p.getPeakUsage().getUsed();
        }
        return peak;
    }

    /** Progress that records when each phase starts (wall and process CPU). */
    static final class PhaseClock implements Progress {
        final com.sun.management.OperatingSystemMXBean os;
        final List<String> names = new ArrayList<>();
        final List<long[]> at = new ArrayList<>();

        PhaseClock(com.sun.management.OperatingSystemMXBean os) { this.os = os; }

        @Override public synchronized void phase(String name, long totalWork) {
            names.add(name);
            at.add(new long[] {System.nanoTime(), os.getProcessCpuTime()});
            System.out.printf("  %s … (load %.2f)%n", name, os.getSystemLoadAverage());
        }

        @Override public void worked(long units) { }

        @Override public boolean isCanceled() { return false; }

        void print() {
            for (int i = 0; i + 1 < names.size(); i++) {
                if (names.get(i).equals("built") || names.get(i).equals("analysed")) continue;
                System.out.printf("   %-46s %7.1f s wall %7.1f s CPU%n", names.get(i),
                        (at.get(i + 1)[0] - at.get(i)[0]) / 1e9, (at.get(i + 1)[1] - at.get(i)[1]) / 1e9);
            }
        }
    }
}
