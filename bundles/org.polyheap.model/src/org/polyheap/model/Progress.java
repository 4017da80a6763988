package org.polyheap.model;

import java.util.concurrent.CancellationException;

/**
 * Progress and cancellation for long work. Implementations are called from worker threads and must
 * be thread-safe; calls are cheap enough to make every few thousand units of work.
 */
public interface Progress {
    /** Starts a named phase ("Reading objects") of {@code totalWork} units, or -1 when unknown. */
    void phase(String name, long totalWork);

    /** Reports {@code units} more done in the current phase. */
    void worked(long units);

    /** True once the user asked to stop. */
    boolean isCanceled();

    /** Throws {@link CancellationException} when canceled; call it at loop heads. */
    default void checkCanceled() {
        if (isCanceled()) throw new CancellationException("canceled");
    }

    /**
     * For work that runs beside the current phase, on another thread: it reports no phase of its own
     * (the caller's phase stays what the user sees) and is canceled when this progress is.
     */
    default Progress beside() {
        Progress owner = this;
        return new Progress() {
            @Override public void phase(String name, long totalWork) { }
            @Override public void worked(long units) { }
            @Override public boolean isCanceled() { return owner.isCanceled(); }
        };
    }

    /** Ignores progress and is never canceled. */
    Progress NONE = new Progress() {
        @Override public void phase(String name, long totalWork) { }
        @Override public void worked(long units) { }
        @Override public boolean isCanceled() { return false; }
    };
}
