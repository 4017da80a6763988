import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;

import org.polyheap.benchmarks.CountingSink;
import org.polyheap.index.IndexBuilder;
import org.polyheap.model.Progress;
import org.polyheap.model.memory.HeapGraphBuilder;
import org.polyheap.parser.dart.DartSnapshotParser;

/**
 * Times DartSnapshotParser on one file: each run in this JVM, wall, parser-thread CPU and process CPU
 * (all threads: JIT, GC, the index's encoder thread), into a sink that only counts ("count"), into
 * HeapGraphBuilder plus build() ("builder"), or into the on-disk IndexBuilder plus finish() ("index":
 * what `polyheap parse` does before the analysis). See dev/bench/dart-parse.sh.
 */
public class DartParseBench {
    /** Prints wall, parser-thread CPU and process CPU of each phase when the next one starts. */
    static final class PhaseTimes implements Progress {
        private final com.sun.management.OperatingSystemMXBean os =
                (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        private final java.lang.management.ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        private final Thread parser = Thread.currentThread();
        private String name;
        private long wall, cpu, process;

        @Override public synchronized void phase(String next, long total) {
            if (Thread.currentThread() == parser) end();
            name = next;
            wall = System.nanoTime();
            cpu = threads.getCurrentThreadCpuTime();
            process = os.getProcessCpuTime();
        }

        synchronized void end() {
            if (name != null && Thread.currentThread() == parser) {
                System.out.printf("  %-34s wall %5.0f ms, thread cpu %5.0f ms, process cpu %5.0f ms%n", name,
                        (System.nanoTime() - wall) / 1e6, (threads.getCurrentThreadCpuTime() - cpu) / 1e6,
                        (os.getProcessCpuTime() - process) / 1e6);
            }
            name = null;
        }

        @Override public void worked(long units) { }
        @Override public boolean isCanceled() { return false; }
    }

    public static void main(String[] args) throws Exception {
        Path file = Path.of(args[0]);
        String sink = args.length > 1 ? args[1] : "count";
        int runs = args.length > 2 ? Integer.parseInt(args[2]) : 1;
        var threads = ManagementFactory.getThreadMXBean();
        var os = (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        for (int i = 1; i <= runs; i++) {
            long wall = System.nanoTime();
            long cpu = threads.getCurrentThreadCpuTime();
            long process = os.getProcessCpuTime();
            long objects;
            switch (sink) {
                case "builder" -> {
                    var builder = new HeapGraphBuilder();
                    new DartSnapshotParser().parse(file, builder, null);
                    objects = builder.build().objectCount();
                }
                case "index" -> {
                    Path folder = Files.createTempDirectory("dart-parse-bench");
                    var phases = new PhaseTimes();
                    try (var builder = new IndexBuilder(folder, phases)) {
                        new DartSnapshotParser().parse(file, builder, phases);
                        objects = builder.objectCount();
                        builder.finish();
                        phases.end();
                    } finally {
                        try (var walk = Files.walk(folder)) {
                            walk.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
                        }
                    }
                }
                default -> {
                    var counting = new CountingSink();
                    new DartSnapshotParser().parse(file, counting, null);
                    objects = counting.objects;
                }
            }
            System.out.printf("run %d %s %s: %d objects, wall %.0f ms, thread cpu %.0f ms, process cpu %.0f ms%n", i, sink,
                    file.getFileName(), objects, (System.nanoTime() - wall) / 1e6,
                    (threads.getCurrentThreadCpuTime() - cpu) / 1e6, (os.getProcessCpuTime() - process) / 1e6);
        }
    }
}
