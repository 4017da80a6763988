package org.polyheap.model.format;

/**
 * A Java thread's state from the {@code threadStatus} field HotSpot keeps in {@code java.lang.Thread}
 * (JDK 19+: in {@code Thread.holder}, a {@code Thread$FieldHolder}): JVMTI thread-state bits, read in
 * the order {@code Thread.getState()} reads them.
 */
public enum JavaThreadState {
    NEW, RUNNABLE, BLOCKED, WAITING, TIMED_WAITING, TERMINATED, UNKNOWN;

    // JVMTI_THREAD_STATE_* bits
    private static final int ALIVE = 0x0001, TERMINATED_BIT = 0x0002, RUNNABLE_BIT = 0x0004,
            WAITING_INDEFINITELY = 0x0010, WAITING_WITH_TIMEOUT = 0x0020, BLOCKED_ON_MONITOR_ENTER = 0x0400;

    /** The state the bits say; {@link #UNKNOWN} for a value that is no JVMTI state (negative). */
    public static JavaThreadState of(int status) {
        if (status < 0) return UNKNOWN;
        if ((status & RUNNABLE_BIT) != 0) return RUNNABLE;
        if ((status & BLOCKED_ON_MONITOR_ENTER) != 0) return BLOCKED;
        if ((status & WAITING_INDEFINITELY) != 0) return WAITING;
        if ((status & WAITING_WITH_TIMEOUT) != 0) return TIMED_WAITING;
        if ((status & TERMINATED_BIT) != 0) return TERMINATED;
        if ((status & ALIVE) == 0) return NEW;
        return RUNNABLE;
    }
}
