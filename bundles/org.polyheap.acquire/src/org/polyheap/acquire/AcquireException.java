package org.polyheap.acquire;

import java.io.IOException;

/**
 * A snapshot could not be taken, for a reason the user can act on; the message is one line naming the
 * target ("pid 4242: the JVM exited during the dump", "http://127.0.0.1:9/json/list: connection refused").
 */
public final class AcquireException extends IOException {
    private static final long serialVersionUID = 1L;

    /** What went wrong, for a caller that maps it (the command's exit codes, the dialog's wording). */
    public enum Reason {
        /** The URL, pid or target id names nothing that can be snapshotted (wrong URL, no such process, not a JVM or Node). */
        NOT_FOUND,
        /** The target refused: attach refused (other user, attach disabled, not HotSpot), the protocol answered an error. */
        REFUSED,
        /** The target went away before the snapshot was complete (it exited, or closed the connection). */
        TARGET_GONE,
        /** A host other than loopback that the user did not type. */
        NOT_LOOPBACK,
    }

    private final Reason reason;

    public AcquireException(Reason reason, String message) {
        super(message);
        this.reason = reason;
    }

    public AcquireException(Reason reason, String message, Throwable cause) {
        super(message, cause);
        this.reason = reason;
    }

    public Reason reason() { return reason; }
}
