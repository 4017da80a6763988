import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.polyheap.analysis.AnalysisOptions;
import org.polyheap.analysis.DominatorTree;
import org.polyheap.analysis.RetentionRules;
import org.polyheap.index.IndexedSnapshot;
import org.polyheap.model.Progress;

/**
 * Times the analysis alone (retaining graph + dominator tree + retained sizes + row sort, not storing)
 * on an existing index folder, several runs in one JVM: wall time, process CPU time (all threads) and
 * the phase split, plus the heap pools' peak. See dev/bench/analysis.sh.
 *
 *   java -cp CLASSES:fastutil AnalysisBench.java INDEX_FOLDER [runs]
 */
public class AnalysisBench {
    public static void main(String[] args) throws Exception {
        Path folder = Path.of(args[0]);
        int runs = args.length > 1 ? Integer.parseInt(args[1]) : 3;
        var os = (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        try (var snapshot = IndexedSnapshot.open(folder)) {
            System.out.printf("%,d objects, %,d references%n", snapshot.objectCount(), snapshot.outTarget().size());
            for (int run = 1; run <= runs; run++) {
                System.gc();
                for (MemoryPoolMXBean p : ManagementFactory.getMemoryPoolMXBeans()) p.resetPeakUsage();
                var clock = new PhaseClock(os);
                long wall = System.nanoTime(), cpu = os.getProcessCpuTime();
                var retaining = RetentionRules.build(snapshot, AnalysisOptions.forGraph(snapshot), clock);
                var tree = DominatorTree.compute(retaining, clock);
                wall = System.nanoTime() - wall;
                cpu = os.getProcessCpuTime() - cpu;
                clock.phase("end", 0);
                long peak = 0;
                for (MemoryPoolMXBean p : ManagementFactory.getMemoryPoolMXBeans()) {
                    if (p.getType() == MemoryType.HEAP) peak += p.getPeakUsage().getUsed();
                }
                System.out.printf("run %d: %.2f s wall, %.2f s CPU (process), load %.2f; heap pools' peak %,d MB;"
                        + " reachable %,d, unreachable %,d, reachable bytes %,d%n", run, wall / 1e9, cpu / 1e9,
                        os.getSystemLoadAverage(), peak >> 20, tree.reachableObjects(), tree.unreachableObjects(),
                        tree.reachableBytes());
                clock.print();
            }
        }
    }

    /** Progress that records when each phase starts (wall and process CPU). */
    static final class PhaseClock implements Progress {
        final com.sun.management.OperatingSystemMXBean os;
        final List<String> names = new ArrayList<>();
        final List<long[]> at = new ArrayList<>();

        PhaseClock(com.sun.management.OperatingSystemMXBean os) { this.os = os; }

        @Override public void phase(String name, long totalWork) {
            names.add(name);
            at.add(new long[] {System.nanoTime(), os.getProcessCpuTime()});
        }

        @Override public void worked(long units) { }

        @Override public boolean isCanceled() { return false; }

        void print() {
            for (int i = 0; i + 1 < names.size(); i++) {
                System.out.printf("   %-36s %6.2f s wall %6.2f s CPU%n", names.get(i),
                        (at.get(i + 1)[0] - at.get(i)[0]) / 1e9, (at.get(i + 1)[1] - at.get(i)[1]) / 1e9);
            }
        }
    }
}
