import java.lang.management.ManagementFactory;

import com.sun.management.HotSpotDiagnosticMXBean;

/**
 * Test data made by a real JVM: one Object[] holding {@code count} small objects, each referenced only
 * from the array, so in the dominator tree the array is a node with {@code count} children. Every
 * thousandth child is bigger, so the order by retained size shows. Writes a live-object heap dump.
 *
 * <p>Usage: {@code java WideNode.java FILE.hprof [count]} (default 1,000,000).
 */
public class WideNode {
    /** The wide node, held by a static field so it is reachable from the class. */
    static Object[] wide;

    record Leaf(int n) { }

    public static void main(String[] args) throws Exception {
        int count = args.length > 1 ? Integer.parseInt(args[1]) : 1_000_000;
        wide = new Object[count];
        for (int i = 0; i < count; i++) wide[i] = i % 1000 == 0 ? new long[100] : new Leaf(i);
        ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class).dumpHeap(args[0], true);
        System.out.println("dumped " + count + " children of one Object[] to " + args[0]);
    }
}
