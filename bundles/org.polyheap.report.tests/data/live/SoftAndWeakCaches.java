import java.io.FileOutputStream;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.ref.PhantomReference;
import java.lang.ref.ReferenceQueue;
import java.lang.ref.SoftReference;
import java.lang.ref.WeakReference;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.WeakHashMap;
import java.util.concurrent.TimeUnit;

import javax.management.MBeanServer;
import javax.management.ObjectName;

import com.sun.management.HotSpotDiagnosticMXBean;

/**
 * Run by LiveDumpReachabilityTest in a JVM of its own, in source-launcher mode:
 * {@code java -XX:SoftRefLRUPolicyMSPerMB=1000000 SoftAndWeakCaches.java DIR} (the policy keeps soft
 * references through the GCs below). Builds a heap with known strong, soft and weak parts and writes
 * into DIR:
 * <ol>
 * <li>{@code live.histogram.txt}: the JVM's own {@code GC.class_histogram} (a full GC, live objects),
 *     through the DiagnosticCommand MBean,</li>
 * <li>{@code live.hprof}: a live dump taken right after it; in between nothing is allocated that
 *     outlives the dump's GC, so the two count the same objects but for the histogram command's own
 *     (see {@link #histogramThenLiveDump}),</li>
 * <li>{@code all.hprof}: an "-all" dump (no GC) taken after adding weakly, phantom and finalizer-only
 *     reachable objects and {@value #GARBAGE} unreferenced {@code GarbageMarker}s.</li>
 * </ol>
 * Exits 0 and prints {@code done} when all went as planned; any surprise (a GC between the live dump
 * and the "-all" dump, a soft reference cleared) exits non-zero with the reason on stderr.
 */
public class SoftAndWeakCaches {
    /** 4 MiB and a bit: no other byte[] of the JVM has this length. */
    static final int SOFT_ARRAY_LENGTH = 4 * 1024 * 1024 + 1234;
    static final int SOFT_CACHE_ENTRIES = 3000;
    static final int STRONG_MARKERS = 500;
    static final int WEAK_ENTRIES = 400;
    static final int PHANTOM_ONLY = 300;
    static final int FINALIZABLE = 200;
    static final int GARBAGE = 1000;

    static StrongMarker[] strong;
    static SoftReference<byte[]> softArray;
    static SoftReference<Map<Integer, SoftCacheEntry>> softCache;
    static final WeakHashMap<WeakCacheEntry, WeakCacheValue> weakCache = new WeakHashMap<>();
    static PhantomReference<?>[] phantoms;
    static final ReferenceQueue<Object> queue = new ReferenceQueue<>();
    static GarbageMarker[] garbage;

    // what the measured calls use, made before the warm-up so nothing is allocated for them later
    static MBeanServer server;
    static ObjectName dcmd;
    static HotSpotDiagnosticMXBean hotspot;
    static final Object[] HISTOGRAM_PARAMS = {new String[0]};
    static final String[] HISTOGRAM_SIGNATURE = {String[].class.getName()};

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[0]);
        Path histogramFile = dir.resolve("live.histogram.txt");
        Path warmHistogram = dir.resolve("warmup.histogram.txt");
        String warmDump = dir.resolve("warmup.hprof").toString();
        String liveDump = dir.resolve("live.hprof").toString();
        String allDump = dir.resolve("all.hprof").toString();
        server = ManagementFactory.getPlatformMBeanServer();
        dcmd = new ObjectName("com.sun.management:type=DiagnosticCommand");
        hotspot = ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);

        build();
        // The same steps once before the measured ones: class loading and caches of their first use
        // happen now, so the histogram and the live dump below see the same objects.
        histogramThenLiveDump(warmHistogram, warmDump);
        Files.delete(Path.of(warmDump));
        Files.delete(warmHistogram);
        settle();
        histogramThenLiveDump(histogramFile, liveDump);

        long collections = collections();
        if (softArray.get() == null || softCache.get() == null) fail("a soft reference was cleared");
        addWeakPhantomFinalizerAndGarbage();
        if (collections() != collections) fail("a GC ran between the live dump and the -all dump");
        hotspot.dumpHeap(allDump, false);
        System.out.println("done");
    }

    /** The known structure the live dump checks. */
    static void build() {
        strong = new StrongMarker[STRONG_MARKERS];
        for (int i = 0; i < STRONG_MARKERS; i++) strong[i] = new StrongMarker(i);
        softArray = new SoftReference<>(new byte[SOFT_ARRAY_LENGTH]);
        var cache = new HashMap<Integer, SoftCacheEntry>();
        for (int i = 0; i < SOFT_CACHE_ENTRIES; i++) cache.put(i, new SoftCacheEntry(i));
        softCache = new SoftReference<>(cache);
        // nothing else holds the keys: the first GC clears them, the stale entries (and their values)
        // stay in the table until the map's next access
        for (int i = 0; i < WEAK_ENTRIES; i++) weakCache.put(new WeakCacheEntry(i), new WeakCacheValue(i));
    }

    /** Made after the live dump, with no GC before the "-all" dump: all of them are still in the heap. */
    static void addWeakPhantomFinalizerAndGarbage() {
        for (int i = 0; i < WEAK_ENTRIES; i++) weakCache.put(new WeakCacheEntry(i), new WeakCacheValue(i));
        phantoms = new PhantomReference<?>[PHANTOM_ONLY];
        for (int i = 0; i < PHANTOM_ONLY; i++) phantoms[i] = new PhantomReference<>(new PhantomOnly(i), queue);
        for (int i = 0; i < FINALIZABLE; i++) new Finalizable(i);
        garbage = new GarbageMarker[GARBAGE];
        for (int i = 0; i < GARBAGE; i++) garbage[i] = new GarbageMarker(i);
        garbage = null;
    }

    /**
     * The JVM's class histogram, then a live dump. Between the two nothing is allocated that outlives
     * the dump's GC, and no file is opened by path (the JDK keeps the last path of a thread's system
     * call reachable from a cached native buffer): the histogram file is open before the histogram.
     * The histogram also counts what the MBean has on this thread's stack while it runs: the command
     * line {@code DiagnosticCommandImpl$Wrapper.execute} builds, a StringBuilder and the String made of
     * it, with their two byte arrays; they are garbage when the dump is taken.
     */
    static void histogramThenLiveDump(Path histogramFile, String dumpFile) throws Exception {
        try (var out = new FileOutputStream(histogramFile.toFile())) {
            String text = (String) server.invoke(dcmd, "gcClassHistogram", HISTOGRAM_PARAMS, HISTOGRAM_SIGNATURE);
            out.write(text.getBytes(StandardCharsets.UTF_8));
            text = null;
            hotspot.dumpHeap(dumpFile, true);
        }
    }

    /** A full GC after the warm-up, then waits until the reference handler has enqueued what it cleared. */
    static void settle() throws InterruptedException {
        var sentinelQueue = new ReferenceQueue<Object>();
        var sentinel = new WeakReference<>(new Object(), sentinelQueue);
        System.gc();
        if (sentinelQueue.remove(TimeUnit.SECONDS.toMillis(30)) != sentinel) fail("the reference handler did not run");
    }

    static long collections() {
        long n = 0;
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) n += gc.getCollectionCount();
        return n;
    }

    static void fail(String why) {
        System.err.println(why);
        System.exit(2);
    }
}

class StrongMarker {
    final int id;

    StrongMarker(int id) { this.id = id; }
}

class SoftCacheEntry {
    final int id;
    final long[] payload = new long[4];

    SoftCacheEntry(int id) { this.id = id; }
}

class WeakCacheEntry {
    final int id;

    WeakCacheEntry(int id) { this.id = id; }

    @Override public boolean equals(Object o) { return o instanceof WeakCacheEntry e && e.id == id; }

    @Override public int hashCode() { return id; }
}

class WeakCacheValue {
    final int id;

    WeakCacheValue(int id) { this.id = id; }
}

class PhantomOnly {
    final int id;

    PhantomOnly(int id) { this.id = id; }
}

class Finalizable {
    static volatile int finalized;
    final int id;

    Finalizable(int id) { this.id = id; }

    // not empty: HotSpot registers no finalizer for an empty finalize()
    @SuppressWarnings("removal")
    @Override protected void finalize() { finalized++; }
}

class GarbageMarker {
    final int id;

    GarbageMarker(int id) { this.id = id; }
}
