import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.ref.PhantomReference;
import java.lang.ref.ReferenceQueue;
import java.lang.ref.SoftReference;
import java.lang.ref.WeakReference;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import com.sun.management.HotSpotDiagnosticMXBean;

/**
 * Test data made by a real JVM: a heap with known {@code java.lang.ref} references, a finalizer queue in
 * a known state and one class loaded by two class loaders. Usage: {@code java ReferencesAndLoaders.java
 * FILE.hprof} writes FILE.hprof, an "-all" dump (no GC before it, so weakly and phantom reachable objects
 * are still there), and prints {@code done}; a surprise (a soft reference cleared, a GC before every
 * dump) exits 2 with the reason. {@code -XX:SoftRefLRUPolicyMSPerMB=1000000} makes sure no GC clears
 * the soft references (the default policy keeps them for minutes in a heap this empty).
 * <ul>
 * <li>{@value #SOFT_COUNT} {@code SoftReference}s to a {@code SoftPayload} holding a
 *     {@code byte[SOFT_BYTES]} and nothing else; one more {@code SoftReference} to a {@code SoftPayload}
 *     that a static field also holds;</li>
 * <li>{@value #WEAK_HELD} {@code WeakReference}s to {@code WeakHeld} objects a static array also holds,
 *     and {@value #WEAK_ONLY} to {@code WeakOnly} objects (each with an {@code int[WEAK_ONLY_INTS]}) that
 *     nothing else holds;</li>
 * <li>{@value #PHANTOM_ONLY} {@code PhantomReference}s to {@code PhantomOnly} objects (each with a
 *     {@code long[PHANTOM_LONGS]}) that nothing else holds;</li>
 * <li>a {@code Blocker} whose {@code finalize()} never returns, so the finalizer thread stays in it; then
 *     {@value #PENDING} unreachable {@code Pending} objects (each with an {@code int[PENDING_INTS]}), which
 *     the program waits to see in the finalizer's queue; and {@value #ALIVE} {@code Alive} objects with a
 *     {@code finalize()} that a static array holds;</li>
 * <li>two {@code URLClassLoader}s over one folder, into which the program compiles a class {@code Plugin}
 *     (a static {@code byte[PLUGIN_STATIC_BYTES]}, each instance a {@code byte[PLUGIN_BYTES]}, the
 *     instances in a static list): the first makes {@code PLUGINS_A} instances, the second
 *     {@code PLUGINS_B}.</li>
 * </ul>
 */
public class ReferencesAndLoaders {
    static final int SOFT_COUNT = 8;
    static final int SOFT_BYTES = 1_000_000;
    static final int WEAK_HELD = 50;
    static final int WEAK_ONLY = 20;
    static final int WEAK_ONLY_INTS = 10_000;
    static final int PHANTOM_ONLY = 10;
    static final int PHANTOM_LONGS = 5_000;
    static final int PENDING = 30;
    static final int PENDING_INTS = 10_000;
    static final int ALIVE = 5;
    static final int PLUGINS_A = 3;
    static final int PLUGINS_B = 5;
    static final int PLUGIN_BYTES = 100_000;
    static final int PLUGIN_STATIC_BYTES = 2_000_000;

    static SoftReference<?>[] softs;
    static SoftPayload sharedPayload;
    static WeakHeld[] weakTargets;
    static WeakReference<?>[] weakHeld;
    static WeakReference<?>[] weakOnly;
    static PhantomReference<?>[] phantoms;
    static final ReferenceQueue<Object> PHANTOM_QUEUE = new ReferenceQueue<>();
    static Alive[] alive;
    static URLClassLoader[] loaders;

    public static void main(String[] args) throws Exception {
        Path dump = Path.of(args[0]).toAbsolutePath();
        loadPluginTwice(dump.resolveSibling(dump.getFileName() + ".plugin"));
        softs = new SoftReference<?>[SOFT_COUNT + 1];
        for (int i = 0; i < SOFT_COUNT; i++) softs[i] = new SoftReference<>(new SoftPayload());
        sharedPayload = new SoftPayload();
        softs[SOFT_COUNT] = new SoftReference<>(sharedPayload);
        weakTargets = new WeakHeld[WEAK_HELD];
        weakHeld = new WeakReference<?>[WEAK_HELD];
        for (int i = 0; i < WEAK_HELD; i++) weakHeld[i] = new WeakReference<>(weakTargets[i] = new WeakHeld());
        alive = new Alive[ALIVE];
        for (int i = 0; i < ALIVE; i++) alive[i] = new Alive();
        blockTheFinalizerThread();
        queuePendingFinalizers();
        for (int attempt = 1; ; attempt++) { // weak and phantom referents must meet no GC before the dump
            long gcs = collections();
            weakOnly = new WeakReference<?>[WEAK_ONLY];
            for (int i = 0; i < WEAK_ONLY; i++) weakOnly[i] = new WeakReference<>(new WeakOnly());
            phantoms = new PhantomReference<?>[PHANTOM_ONLY];
            for (int i = 0; i < PHANTOM_ONLY; i++) phantoms[i] = new PhantomReference<>(new PhantomOnly(), PHANTOM_QUEUE);
            Files.deleteIfExists(dump);
            ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class).dumpHeap(dump.toString(), false);
            if (collections() == gcs) break;
            if (attempt == 5) fail("a GC ran before every dump");
        }
        for (var s : softs) if (s.get() == null) fail("a soft reference was cleared");
        System.out.println("done");
    }

    /** Compiles Plugin into {@code folder} and makes its instances through two loaders of that folder. */
    static void loadPluginTwice(Path folder) throws Exception {
        Files.createDirectories(folder);
        Path source = folder.resolve("Plugin.java");
        Files.writeString(source, """
                public class Plugin {
                    static final java.util.List<Plugin> INSTANCES = new java.util.ArrayList<>();
                    static final byte[] DATA = new byte[%d];
                    final byte[] payload = new byte[%d];
                    public Plugin() { INSTANCES.add(this); }
                }
                """.formatted(PLUGIN_STATIC_BYTES, PLUGIN_BYTES));
        if (javax.tools.ToolProvider.getSystemJavaCompiler().run(null, null, null, source.toString()) != 0) fail("Plugin does not compile");
        loaders = new URLClassLoader[2];
        int[] instances = {PLUGINS_A, PLUGINS_B};
        for (int l = 0; l < 2; l++) {
            loaders[l] = new URLClassLoader("plugins-" + (char) ('a' + l), new URL[] {folder.toUri().toURL()},
                    ReferencesAndLoaders.class.getClassLoader());
            Class<?> plugin = loaders[l].loadClass("Plugin");
            if (plugin.getClassLoader() != loaders[l]) fail("Plugin was not defined by its own loader");
            for (int i = 0; i < instances[l]; i++) plugin.getConstructor().newInstance();
        }
    }

    /** A Blocker made unreachable; GCs until the finalizer thread is inside its finalize(). */
    static void blockTheFinalizerThread() throws InterruptedException {
        new Blocker();
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!Blocker.ENTERED.await(50, TimeUnit.MILLISECONDS)) {
            if (System.nanoTime() > end) fail("the finalizer thread did not take the Blocker");
            System.gc();
        }
    }

    /**
     * Pending objects made unreachable; GCs until the finalizer's queue holds all of them (the JDK counts
     * the finalizers in that queue for {@code getObjectPendingFinalizationCount}).
     */
    @SuppressWarnings("deprecation") // finalization is deprecated: so is its counter, which this test data needs
    static void queuePendingFinalizers() throws InterruptedException {
        for (int i = 0; i < PENDING; i++) new Pending();
        var memory = ManagementFactory.getMemoryMXBean();
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (memory.getObjectPendingFinalizationCount() < PENDING) {
            if (System.nanoTime() > end) fail("the queue holds " + memory.getObjectPendingFinalizationCount() + " finalizers, not " + PENDING);
            System.gc();
            Thread.sleep(20);
        }
        if (memory.getObjectPendingFinalizationCount() != PENDING) {
            fail("the queue holds " + memory.getObjectPendingFinalizationCount() + " finalizers, not " + PENDING);
        }
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

class SoftPayload {
    final byte[] data = new byte[ReferencesAndLoaders.SOFT_BYTES];
}

class WeakHeld {
}

class WeakOnly {
    final int[] data = new int[ReferencesAndLoaders.WEAK_ONLY_INTS];
}

class PhantomOnly {
    final long[] data = new long[ReferencesAndLoaders.PHANTOM_LONGS];
}

class Blocker {
    static final CountDownLatch ENTERED = new CountDownLatch(1);

    @SuppressWarnings("removal")
    @Override protected void finalize() {
        ENTERED.countDown();
        while (true) LockSupport.park();
    }
}

class Pending {
    final int[] data = new int[ReferencesAndLoaders.PENDING_INTS];

    @SuppressWarnings("removal")
    @Override protected void finalize() { data[0] = 1; }
}

class Alive {
    int finalized;

    @SuppressWarnings("removal")
    @Override protected void finalize() { finalized++; }
}
