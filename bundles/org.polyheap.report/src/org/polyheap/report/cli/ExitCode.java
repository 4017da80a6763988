package org.polyheap.report.cli;

/** Exit codes of the headless command; documented in docs/cli.md. */
enum ExitCode {
    OK(0),
    /** An unexpected failure inside Polyheap (a bug): the message says to run with --debug. */
    INTERNAL_ERROR(1),
    USAGE(2),
    /** The input is missing, unreadable, not a snapshot, or corrupt. */
    BAD_INPUT(3),
    /** The JVM ran out of heap: raise -Xmx (POLYHEAP_XMX). */
    OUT_OF_MEMORY(4),
    /** An object id that is not in the snapshot. */
    NOT_FOUND(5),
    /** Writing output failed (disk full, no permission). */
    OUTPUT_ERROR(6),
    /** Interrupted (Ctrl+C) or canceled. */
    CANCELED(130);

    final int code;

    ExitCode(int code) { this.code = code; }
}
