package org.polyheap.report.query;

/**
 * A query that cannot run or did not finish: a syntax error, an unknown table, column or function, an OQL
 * construct outside the translated subset, a time limit passed or a cancel. The message is one line and
 * names the position in the statement where there is one ("line 1, column 8: ..."); never a stack trace.
 */
public final class QueryException extends Exception {
    private static final long serialVersionUID = 1L;

    /** Why a query failed, for front ends that act differently on each (exit codes, the window's status). */
    public enum Reason { SYNTAX, INVALID, UNSUPPORTED, TIME_LIMIT, CANCELED, FAILED }

    private final Reason reason;
    private final int line, column;

    public QueryException(Reason reason, String message, int line, int column) {
        super(message);
        this.reason = reason;
        this.line = line;
        this.column = column;
    }

    public QueryException(Reason reason, String message) { this(reason, message, 0, 0); }

    public Reason reason() { return reason; }

    /** 1-based line of the error in the statement, 0 when the error has no position. */
    public int line() { return line; }

    /** 1-based column of the error in the statement, 0 when the error has no position. */
    public int column() { return column; }
}
