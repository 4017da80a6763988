import java.nio.file.Path;

import org.polyheap.analysis.PathsToRoots;
import org.polyheap.model.Progress;
import org.polyheap.report.AnalyzedSnapshot;

/**
 * Paths to GC roots as the window asks for them: for N objects picked at random (seed 42), the time to
 * the first path and to 30 paths (or the end of the search), weak/soft/phantom/finalizer referents
 * excluded, after one search that prepares the path index; thread CPU per round. Four rounds, interleaved:
 * the plain breadth-first search from the object, then the search whose first path follows the
 * dominator chain (what the window and {@code paths} use where it holds), twice each.
 *
 *   dev/quicktest.sh org.polyheap.model.tests    # compiles target/quicktest/main
 *   . dev/jars.sh; java -Xmx6g -cp target/quicktest/main:$(library_jars) bench/PathsBench.java FILE 40
 */
public class PathsBench {
    public static void main(String[] a) throws Exception {
        try (var s = AnalyzedSnapshot.open(Path.of(a[0]), AnalyzedSnapshot.OpenOptions.DEFAULT, Progress.NONE)) {
            var bean = (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();
            long c0 = bean.getCurrentThreadCpuTime(), t0 = System.nanoTime();
            s.analysis().pathsToRoots(0, PathsToRoots.WEAK_KINDS, Progress.NONE).hasNext();
            System.out.printf("first search (prepares): %.0f ms wall, %.0f ms cpu%n", (System.nanoTime() - t0) / 1e6,
                    (bean.getCurrentThreadCpuTime() - c0) / 1e6);
            int count = Integer.parseInt(a[1]);
            var rnd = new java.util.Random(42);
            int[] picks = new int[count];
            for (int i = 0; i < count; i++) picks[i] = rnd.nextInt(s.graph().objectCount());
            double[] firsts = new double[count], alls = new double[count];
            var index = s.analysis().pathIndex(Progress.NONE);
            System.out.println("dominator chain holds: " + s.analysis().pathsFollowDominators(PathsToRoots.WEAK_KINDS));
            for (int round = 0; round < 4; round++) {
                boolean plain = round % 2 == 0;
                long totalCpu = 0;
                int paths = 0;
                for (int i = 0; i < count; i++) {
                    long c = bean.getCurrentThreadCpuTime(), t = System.nanoTime();
                    var it = plain ? PathsToRoots.of(index, picks[i], PathsToRoots.WEAK_KINDS, Progress.NONE)
                            : s.analysis().pathsToRoots(picks[i], PathsToRoots.WEAK_KINDS, Progress.NONE);
                    long first = -1;
                    int n = 0;
                    while (n < 30 && it.hasNext()) {
                        it.next();
                        n++;
                        if (first < 0) first = System.nanoTime() - t;
                    }
                    totalCpu += bean.getCurrentThreadCpuTime() - c;
                    paths += n;
                    firsts[i] = first / 1e6;
                    alls[i] = (System.nanoTime() - t) / 1e6;
                }
                java.util.Arrays.sort(firsts);
                java.util.Arrays.sort(alls);
                System.out.printf("round %d (%s): %d objects, %d paths; first path median %.1f ms, p90 %.1f, max %.1f; "
                        + "up to 30 paths median %.1f ms, p90 %.1f, max %.1f; cpu total %.0f ms%n", round, plain ? "plain" : "chain", count, paths,
                        firsts[count / 2], firsts[count * 9 / 10], firsts[count - 1], alls[count / 2], alls[count * 9 / 10],
                        alls[count - 1], totalCpu / 1e6);
            }
        }
    }
}
