package org.polyheap.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;

import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.jobs.Job;
import org.junit.jupiter.api.Test;
import org.polyheap.ui.jobs.BackgroundPriority;

/** Background jobs run below the UI thread's CPU priority, and so do the threads they start. */
class BackgroundPriorityTest {

    /** The calling thread's nice value, from /proc (Linux: field 19 of its stat line). */
    private static int niceOfThisThread() throws IOException {
        String stat = Files.readString(Path.of("/proc/thread-self/stat"));
        return Integer.parseInt(stat.substring(stat.lastIndexOf(')') + 2).split(" ")[16]);
    }

    @Test
    void jobsAndTheThreadsTheyStartRunAtNiceTenWhileTheUiThreadStaysAtZero() throws Exception {
        var inJob = new AtomicInteger(Integer.MIN_VALUE);
        var inChild = new AtomicInteger(Integer.MIN_VALUE);
        var job = Job.create("nice probe", monitor -> {
            try {
                inJob.set(niceOfThisThread());
                var child = new Thread(() -> {
                    try {
                        inChild.set(niceOfThisThread());
                    } catch (IOException e) {
                        throw new java.io.UncheckedIOException(e);
                    }
                });
                child.start();
                child.join();
                return Status.OK_STATUS;
            } catch (IOException | InterruptedException e) {
                return Status.error("cannot read the thread's nice value", e);
            }
        });
        job.schedule();
        UiTestSupport.waitFor(job);
        assertEquals(IStatus.OK, job.getResult().getSeverity(), job.getResult().toString());
        assertEquals(BackgroundPriority.NICE, inJob.get(), "the job's worker thread");
        assertEquals(BackgroundPriority.NICE, inChild.get(), "a thread the job started");
        assertEquals(0, niceOfThisThread(), "the UI thread (the tests run on it)");
        assertEquals(false, BackgroundPriority.lowerCurrentThread(), "the UI thread is never lowered");
        assertEquals(0, niceOfThisThread());
    }
}
