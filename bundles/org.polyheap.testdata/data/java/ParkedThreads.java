import java.lang.management.ManagementFactory;
import java.util.concurrent.locks.LockSupport;

import com.sun.management.HotSpotDiagnosticMXBean;

/**
 * Test data made by a real JVM: threads parked at known frames when the heap is dumped.
 * <ul>
 * <li>{@code holder-1} (daemon) holds a {@code byte[HELD_BYTES]} in a local of {@link #hold} and parks
 *     (WAITING) at the line marked {@code HOLDER-PARKS};</li>
 * <li>{@code sleeper-1} (daemon) sleeps in {@link #sleep} (TIMED_WAITING);</li>
 * <li>{@code blocked-1} (daemon) waits to enter {@code LOCK}, which main holds (BLOCKED);</li>
 * <li>{@code main} holds {@code LOCK} and joins {@code dumper} (WAITING), which writes the live-object
 *     dump (RUNNABLE).</li>
 * </ul>
 * Usage: {@code java ParkedThreads.java FILE.hprof}.
 */
public class ParkedThreads {
    static final int HELD_BYTES = 10_000_000;
    static final Object LOCK = new Object();

    public static void main(String[] args) throws Exception {
        Thread holder = start("holder-1", ParkedThreads::hold);
        Thread sleeper = start("sleeper-1", ParkedThreads::sleep);
        synchronized (LOCK) {
            Thread blocked = start("blocked-1", ParkedThreads::enter);
            awaitState(holder, Thread.State.WAITING);
            awaitState(sleeper, Thread.State.TIMED_WAITING);
            awaitState(blocked, Thread.State.BLOCKED);
            Thread dumper = new Thread(() -> dump(args[0]), "dumper");
            dumper.start();
            dumper.join();
        }
        System.out.println("dumped to " + args[0]);
    }

    static void hold() {
        byte[] held = new byte[HELD_BYTES];
        while (held.length > 0) {
            LockSupport.park(); // HOLDER-PARKS
        }
    }

    static void sleep() {
        try {
            Thread.sleep(600_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    static void enter() {
        synchronized (LOCK) {
            System.out.println("entered");
        }
    }

    static Thread start(String name, Runnable body) {
        Thread t = new Thread(body, name);
        t.setDaemon(true);
        t.start();
        return t;
    }

    static void awaitState(Thread t, Thread.State state) throws InterruptedException {
        while (t.getState() != state) Thread.sleep(5);
    }

    static void dump(String file) {
        try {
            ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class).dumpHeap(file, true);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
