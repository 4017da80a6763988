package org.polyheap.ui;

import java.util.concurrent.atomic.AtomicLong;

import org.eclipse.swt.widgets.Display;

/**
 * Measures how long the UI thread stays busy: a thread posts a runnable every 10 ms and records the
 * longest delay until the display ran it. Start before the work, read {@link #stop()} after.
 */
final class UiStallWatch {
    private final Display display;
    private final AtomicLong longestNanos = new AtomicLong();
    private volatile long pendingSince = -1; // when the runnable not yet run was posted
    private volatile boolean running = true;
    private final Thread thread;

    UiStallWatch(Display display) {
        this.display = display;
        thread = new Thread(this::post, "ui-stall-watch");
        thread.setDaemon(true);
        thread.start();
    }

    private void post() {
        while (running) {
            long posted = System.nanoTime();
            var ran = new java.util.concurrent.CountDownLatch(1);
            try {
                pendingSince = posted;
                display.asyncExec(() -> {
                    longestNanos.accumulateAndGet(System.nanoTime() - posted, Math::max);
                    pendingSince = -1;
                    ran.countDown();
                });
                while (running && !ran.await(10, java.util.concurrent.TimeUnit.MILLISECONDS)) { /* wait for it */ }
                Thread.sleep(10);
            } catch (InterruptedException | org.eclipse.swt.SWTException e) {
                return;
            }
        }
    }

    /** Stops watching; the longest stall seen, in milliseconds. */
    double stop() {
        running = false;
        thread.interrupt();
        long pending = pendingSince; // a runnable still waiting: the UI thread has been busy since it was posted
        if (pending >= 0) longestNanos.accumulateAndGet(System.nanoTime() - pending, Math::max);
        return longestNanos.get() / 1e6;
    }
}
