package org.polyheap.ui.jobs;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;

import org.eclipse.core.runtime.ILog;
import org.eclipse.core.runtime.jobs.IJobChangeEvent;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.core.runtime.jobs.JobChangeAdapter;
import org.eclipse.swt.widgets.Display;

/**
 * Runs the window's background jobs (parse, analysis, inbound index, filters) at a lower CPU priority
 * than the UI thread, as Linux nice 10 on the job's worker thread and the threads it starts (Linux
 * threads inherit their creator's nice value). On a 2-core machine a parse or an index build keeps
 * both cores busy; at equal priority the UI thread then waits for a core and a 30 ms piece of UI work
 * ends 100-150 ms later (docs/benchmarks.md, UI). Java thread priorities do nothing on Linux, so this
 * calls {@code setpriority(PRIO_PROCESS, 0, 10)}, which on Linux applies to the calling thread only,
 * through the Foreign Function API. A worker stays at nice 10 for later jobs: every job is background
 * work, and an unprivileged thread cannot raise its priority again. Elsewhere than Linux, or when the
 * call fails, jobs keep the normal priority.
 */
public final class BackgroundPriority {
    /** The nice value background jobs run at (0 normal, 19 lowest). */
    public static final int NICE = 10;
    private static final int PRIO_PROCESS = 0;
    private static final MethodHandle SETPRIORITY = setpriority();
    private static volatile boolean installed;

    private BackgroundPriority() { }

    /** Lowers every job's worker thread from now on; idempotent. */
    public static synchronized void install() {
        if (installed || SETPRIORITY == null) return;
        installed = true;
        Job.getJobManager().addJobChangeListener(new JobChangeAdapter() {
            @Override
            public void running(IJobChangeEvent event) { // called on the worker thread, just before the job runs
                lowerCurrentThread();
            }
        });
    }

    /** Sets the calling thread's nice value to {@link #NICE}; false when not possible here. Never the UI thread. */
    public static boolean lowerCurrentThread() {
        if (SETPRIORITY == null || Display.findDisplay(Thread.currentThread()) != null) return false;
        try {
            return (int) SETPRIORITY.invokeExact(PRIO_PROCESS, 0, NICE) == 0;
        } catch (Throwable e) {
            return false;
        }
    }

    private static MethodHandle setpriority() {
        if (!System.getProperty("os.name", "").startsWith("Linux")) return null;
        try {
            var linker = Linker.nativeLinker();
            return linker.defaultLookup().find("setpriority")
                    .map(f -> linker.downcallHandle(f, FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_INT,
                            ValueLayout.JAVA_INT, ValueLayout.JAVA_INT)))
                    .orElse(null);
        } catch (RuntimeException | LinkageError e) { // native access refused, or no such function
            ILog.of(BackgroundPriority.class).warn("Background jobs run at normal priority: " + e);
            return null;
        }
    }
}
