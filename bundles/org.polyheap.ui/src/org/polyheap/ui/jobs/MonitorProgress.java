package org.polyheap.ui.jobs;

import org.eclipse.core.runtime.IProgressMonitor;
import org.polyheap.model.Progress;

/**
 * The model's {@link Progress} shown in an Eclipse progress monitor: each phase is a sub-task of its
 * own name whose units are scaled to a share of the bar; the monitor's Cancel button cancels. The
 * number of phases is not known in advance, so each new phase gets half of what is left.
 * It also keeps the phases met so far with their start times, for a dialog to list them.
 * Thread-safe (the parser and the analysis report from one worker thread, Cancel comes from the UI).
 */
public final class MonitorProgress implements Progress {
    static final int TICKS = 1_000_000;

    private final IProgressMonitor monitor;
    private int ticksLeft = TICKS;
    private int phaseTicks;
    private int phaseTicksDone;
    private long phaseTotal;
    private long phaseDone;
    private String phase = "";
    private final java.util.List<Phase> phases = new java.util.ArrayList<>();

    /** A phase met: its name and when it started ({@link System#nanoTime}). */
    public record Phase(String name, long startNanos) { }

    private MonitorProgress(IProgressMonitor monitor) {
        this.monitor = monitor;
    }

    /** Starts {@code task} on the monitor and returns the adapter. */
    public static MonitorProgress begin(IProgressMonitor monitor, String task) {
        monitor.beginTask(task, TICKS);
        return new MonitorProgress(monitor);
    }

    @Override
    public synchronized void phase(String name, long totalWork) {
        finishPhase();
        phase = name;
        phases.add(new Phase(name, System.nanoTime()));
        phaseTotal = totalWork;
        phaseDone = 0;
        phaseTicksDone = 0;
        phaseTicks = ticksLeft / 2;
        monitor.subTask(name);
    }

    @Override
    public synchronized void worked(long units) {
        if (phaseTotal <= 0) return;
        phaseDone += units;
        int due = (int) Math.min(phaseTicks, phaseDone * (double) phaseTicks / phaseTotal);
        if (due > phaseTicksDone) {
            monitor.worked(due - phaseTicksDone);
            ticksLeft -= due - phaseTicksDone;
            phaseTicksDone = due;
        }
    }

    private void finishPhase() {
        int rest = phaseTicks - phaseTicksDone;
        if (rest > 0) {
            monitor.worked(rest);
            ticksLeft -= rest;
        }
        phaseTicks = 0;
        phaseTicksDone = 0;
    }

    /** The phases met so far, in order; the last is the one in progress. A copy: O(phases). */
    public synchronized java.util.List<Phase> phases() { return java.util.List.copyOf(phases); }

    /** The share of the bar done, 0 to 1 (each phase gets half of what is left, so it nears 1 but never jumps). */
    public synchronized double fraction() { return (TICKS - ticksLeft) / (double) TICKS; }

    /** Name of the phase in progress, "" before the first. */
    public synchronized String phaseName() { return phase; }

    @Override
    public boolean isCanceled() { return monitor.isCanceled(); }
}
