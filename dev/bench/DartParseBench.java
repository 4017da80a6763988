import java.lang.management.ManagementFactory;
import java.nio.file.Path;

import org.polyheap.model.ClassInfo;
import org.polyheap.model.GcRoot;
import org.polyheap.model.ReferenceKind;
import org.polyheap.model.SnapshotSink;
import org.polyheap.model.memory.HeapGraphBuilder;
import org.polyheap.parser.dart.DartSnapshotParser;

/**
 * Times DartSnapshotParser on one file: each run in this JVM, wall and thread CPU time, into a sink that
 * only counts ("count") or into HeapGraphBuilder plus build() ("builder"). See dev/bench/dart-parse.sh.
 */
public class DartParseBench {
    static final class CountingSink implements SnapshotSink {
        long objects, references;
        @Override public void format(String f) { }
        @Override public void fact(String k, String v) { }
        @Override public int addString(String v) { return 0; }
        @Override public int addClass(ClassInfo i) { return 0; }
        @Override public void replaceClass(int c, ClassInfo i) { }
        @Override public int addObject(int c, long s, long id, long off, int l, int t) { return (int) objects++; }
        @Override public void addReference(int f, int t, ReferenceKind k, int n) { references++; }
        @Override public void addRoot(GcRoot r) { }
        @Override public void warning(String m) { }
    }

    public static void main(String[] args) throws Exception {
        Path file = Path.of(args[0]);
        String sink = args.length > 1 ? args[1] : "count";
        int runs = args.length > 2 ? Integer.parseInt(args[2]) : 1;
        var threads = ManagementFactory.getThreadMXBean();
        for (int i = 1; i <= runs; i++) {
            long wall = System.nanoTime();
            long cpu = threads.getCurrentThreadCpuTime();
            long objects;
            if (sink.equals("builder")) {
                var builder = new HeapGraphBuilder();
                new DartSnapshotParser().parse(file, builder, null);
                objects = builder.build().objectCount();
            } else {
                var counting = new CountingSink();
                new DartSnapshotParser().parse(file, counting, null);
                objects = counting.objects;
            }
            System.out.printf("run %d %s %s: %d objects, wall %.0f ms, thread cpu %.0f ms%n", i, sink,
                    file.getFileName(), objects, (System.nanoTime() - wall) / 1e6,
                    (threads.getCurrentThreadCpuTime() - cpu) / 1e6);
        }
    }
}
