import java.lang.management.ManagementFactory;
import java.util.HashMap;
import java.util.Map;

import com.sun.management.HotSpotDiagnosticMXBean;

/**
 * Test data made by a real JVM: one accumulation point under a chain of wrappers. The static field
 * {@code REGISTRY} holds a {@code Registry}, which holds a {@code Service}, which holds a {@code Cache},
 * whose {@code HashMap} holds {@link #ENTRIES} small entries ({@code Integer} key, {@code Item} value);
 * so the retained size falls from the map's table (everything) to each entry (a few dozen bytes). Keys
 * start at {@link #FIRST_KEY}, above the JDK's cache of small {@code Integer}s, so no key is shared.
 * Usage: {@code java AccumulationPoint.java FILE.hprof} writes a dump of the live objects.
 */
public class AccumulationPoint {
    static final int ENTRIES = 100_000;
    static final int FIRST_KEY = 1_000;

    record Item(int value) { }

    static final class Cache {
        final Map<Integer, Item> items = new HashMap<>();
    }

    record Service(Cache cache) { }

    record Registry(Service service) { }

    static Registry REGISTRY;

    static Registry registry() {
        var cache = new Cache();
        for (int i = 0; i < ENTRIES; i++) cache.items.put(FIRST_KEY + i, new Item(i));
        return new Registry(new Service(cache));
    }

    public static void main(String[] args) throws Exception {
        REGISTRY = registry(); // built in a method of its own: no local of main holds a part of the chain when it dumps
        ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class).dumpHeap(args[0], true);
        System.out.println("dumped " + REGISTRY.service().cache().items.size() + " entries to " + args[0]);
    }
}
