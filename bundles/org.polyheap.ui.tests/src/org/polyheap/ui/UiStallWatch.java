package org.polyheap.ui;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;

import org.eclipse.swt.widgets.Display;

/**
 * Measures how long the UI thread stays busy: a thread posts a runnable every 10 ms and records the
 * longest delay until the display ran it (the stall), and the longest stretch of CPU time the UI
 * thread used between a post and its run (the stall's work: on a loaded machine a stall is also time
 * the thread waited for a core). While a runnable is more than {@link #SAMPLE_AFTER_MS} late, it
 * samples the display thread's stack every 5 ms, so a stall names the code that caused it. Start
 * before the work, read {@link #stop()} after.
 */
final class UiStallWatch {
    static final long SAMPLE_AFTER_MS = 30;

    /**
     * The longest stall, the CPU time the UI thread used while watched (a stall on a loaded machine is
     * also time the thread waited for a core), and where the display thread was while stalled (frame →
     * samples, most first).
     */
    record Result(double worstMs, double worstCpuMs, double uiCpuMs, List<Map.Entry<String, Integer>> hotFrames, java.time.Instant worstAt) {
        /** "412 ms (CPU 80 ms); UI-thread CPU in all 180 ms" and, when the thread was sampled, its most frequent frames. */
        String describe() {
            String at = hotFrames.stream().limit(4).map(e -> e.getValue() * 5 + " ms in " + e.getKey())
                    .collect(Collectors.joining("; "));
            // the wall-clock time of the worst stall lines it up with a JFR recording or a safepoint log
            String when = worstAt == null ? "" : " at " + java.time.LocalTime.ofInstant(worstAt, java.time.ZoneId.systemDefault());
            return String.format(java.util.Locale.ROOT, "%.0f ms%s, longest UI-thread work %.0f ms CPU; UI-thread CPU in all %.0f ms",
                    worstMs, when, worstCpuMs, uiCpuMs) + (at.isEmpty() ? "" : " [" + at + "]");
        }
    }

    private final Display display;
    private final AtomicLong longestNanos = new AtomicLong();
    private volatile java.time.Instant longestAt;
    private final AtomicLong longestCpuNanos = new AtomicLong();
    private final Map<String, Integer> samples = new HashMap<>();
    private volatile long pendingSince = -1; // when the runnable not yet run was posted
    private volatile long pendingCpu;         // the UI thread's CPU time then
    private volatile boolean running = true;
    private final Thread thread;
    private final long uiCpuAtStart;

    UiStallWatch(Display display) {
        this.display = display;
        this.uiCpuAtStart = uiCpuNanos();
        thread = new Thread(this::post, "ui-stall-watch");
        thread.setDaemon(true);
        thread.start();
    }

    private void post() {
        Thread ui = display.getThread();
        while (running) {
            long posted = System.nanoTime();
            var postedAt = java.time.Instant.now();
            long cpuAtPost = uiCpuNanos();
            var ran = new CountDownLatch(1);
            try {
                pendingSince = posted;
                pendingCpu = cpuAtPost;
                display.asyncExec(() -> {
                    long late = System.nanoTime() - posted;
                    if (late > longestNanos.get()) longestAt = postedAt; // only the display thread writes both
                    longestNanos.accumulateAndGet(late, Math::max);
                    longestCpuNanos.accumulateAndGet(uiCpuNanos() - cpuAtPost, Math::max);
                    pendingSince = -1;
                    ran.countDown();
                });
                while (running && !ran.await(5, TimeUnit.MILLISECONDS)) {
                    if (System.nanoTime() - posted > SAMPLE_AFTER_MS * 1_000_000) sample(ui);
                }
                Thread.sleep(10);
            } catch (InterruptedException | org.eclipse.swt.SWTException e) {
                return;
            }
        }
    }

    /** Counts the display thread's innermost frame of our own code, and its innermost frame overall. */
    private void sample(Thread ui) {
        StackTraceElement[] stack = ui.getStackTrace();
        if (stack.length == 0) return;
        String top = frame(stack[0]);
        String ours = null;
        for (StackTraceElement e : stack) {
            if (e.getClassName().startsWith("org.polyheap.") && !e.getClassName().startsWith("org.polyheap.ui.UiTestSupport")) {
                ours = frame(e);
                break;
            }
        }
        String key = ours == null || ours.equals(top) ? top : ours + " > " + top;
        synchronized (samples) {
            samples.merge(key, 1, Integer::sum);
        }
    }

    private static String frame(StackTraceElement e) {
        String c = e.getClassName();
        return c.substring(c.lastIndexOf('.') + 1) + "." + e.getMethodName();
    }

    /** Stops watching: the longest stall seen and the display thread's frames while stalled. */
    Result stop() {
        running = false;
        thread.interrupt();
        long pending = pendingSince; // a runnable still waiting: the UI thread has been busy since it was posted
        if (pending >= 0) {
            long late = System.nanoTime() - pending;
            if (late > longestNanos.get()) longestAt = java.time.Instant.now().minusNanos(late);
            longestNanos.accumulateAndGet(late, Math::max);
            longestCpuNanos.accumulateAndGet(uiCpuNanos() - pendingCpu, Math::max);
        }
        List<Map.Entry<String, Integer>> hot;
        synchronized (samples) {
            hot = samples.entrySet().stream().sorted(Map.Entry.<String, Integer>comparingByValue().reversed())
                    .map(e -> Map.entry(e.getKey(), e.getValue())).toList();
        }
        return new Result(longestNanos.get() / 1e6, longestCpuNanos.get() / 1e6, (uiCpuNanos() - uiCpuAtStart) / 1e6, hot, longestAt);
    }

    private long uiCpuNanos() {
        return java.lang.management.ManagementFactory.getThreadMXBean().getThreadCpuTime(display.getThread().threadId());
    }
}
