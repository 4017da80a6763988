import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

import org.polyheap.index.SnapshotStore;
import org.polyheap.model.HeapGraph;
import org.polyheap.model.Progress;
import org.polyheap.model.spi.ParseOptions;
import org.polyheap.parser.hprof.HprofParser;

/**
 * Random reads in a gzip HPROF as value hints and the Inspector make them: {@code valueHint} of objects
 * picked at random (seed), so reads land at random offsets in random order, backwards and far ahead. Two
 * sessions of the inspector on one opened index, as the window's first Inspector and a later query (the
 * command opens one per query) make them: for each, the time to open it (with its first read, which also
 * builds the address table) and then per read p50 / p90 / max, wall and thread CPU (the CPU figures hold on
 * a busy machine). Uses only the public API, so the same file
 * runs against the classes of any version (compare two in one run, interleaved):
 *
 *   dev/quicktest.sh                   # compiles target/quicktest/main
 *   . dev/jars.sh; java -Xmx2g -cp target/quicktest/main:$(library_jars) bench/GzipReadsBench.java FILE.hprof.gz 200
 */
public class GzipReadsBench {
    private static final java.lang.management.ThreadMXBean THREADS = java.lang.management.ManagementFactory.getThreadMXBean();

    public static void main(String[] a) throws Exception {
        Path file = Path.of(a[0]);
        int reads = a.length > 1 ? Integer.parseInt(a[1]) : 200;
        long seed = a.length > 2 ? Long.parseLong(a[2]) : 42;
        long t0 = System.nanoTime();
        try (var opened = new SnapshotStore().open(file, List.of(new HprofParser()), ParseOptions.NONE, Progress.NONE)) {
            HeapGraph g = opened.snapshot();
            System.out.printf("index %s: %.0f ms, %,d objects%n", opened.reused() ? "reused" : "built", ms(t0), g.objectCount());
            var random = new Random(seed);
            for (int session = 1; session <= 2; session++) {
                int[] picks = new int[reads];
                for (int i = 0; i < reads; i++) picks[i] = random.nextInt(g.objectCount());
                long open = System.nanoTime();
                try (var inspector = new HprofParser().inspector(file, g)) {
                    inspector.valueHint(firstString(g), 80); // first read: the address table, near the dump's start
                    double openMs = ms(open);
                    double[] each = new double[reads], cpu = new double[reads];
                    long hints = 0;
                    for (int i = 0; i < reads; i++) {
                        long t = System.nanoTime(), c = THREADS.getCurrentThreadCpuTime();
                        if (inspector.valueHint(picks[i], 80).isPresent()) hints++;
                        each[i] = ms(t);
                        cpu[i] = (THREADS.getCurrentThreadCpuTime() - c) / 1e6;
                    }
                    double total = Arrays.stream(each).sum();
                    Arrays.sort(each);
                    Arrays.sort(cpu);
                    System.out.printf("session %d: open + first read %.0f ms; %d reads (%d hints): p50 %.1f ms, p90 %.1f, max %.1f, total %.0f ms;"
                            + " cpu p50 %.1f ms, p90 %.1f, max %.1f%n", session, openMs, reads, hints, each[reads / 2], each[reads * 9 / 10],
                            each[reads - 1], total, cpu[reads / 2], cpu[reads * 9 / 10], cpu[reads - 1]);
                }
            }
        }
    }

    /**
     * The first string in the dump (near its start, so the first read costs the same in every version):
     * its hint resolves a reference, which builds the inspector's address table.
     */
    private static int firstString(HeapGraph g) {
        for (int i = 0; i < g.objectCount(); i++) {
            if (g.sourceOffset().get(i) >= 0 && g.classes().get(g.objectClass().get(i)).name().equals("java.lang.String")) return i;
        }
        return 0;
    }

    private static double ms(long since) { return (System.nanoTime() - since) / 1e6; }
}
