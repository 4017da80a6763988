package org.polyheap.model.format;

/**
 * One Java stack frame as the HPROF parser writes it in its {@code threadStack.<serial>} facts and
 * every reader takes it back: {@code at Class.method(File:line)}, as {@code Throwable.printStackTrace}
 * writes a frame. Immutable.
 *
 * @param className  the declaring class in Java's dotted form, or "?" when the dump does not name it
 * @param method     the method name
 * @param location   what stands in the parentheses: {@code File.java:12}, {@code Unknown Source},
 *                   {@code Compiled method} or {@code Native Method}
 */
public record JavaStackFrame(String className, String method, String location) {
    /** HPROF STACK FRAME line numbers below 1 (JVMTI's conventions as the HPROF writer uses them). */
    public static final int UNKNOWN_LINE = -1, COMPILED = -2, NATIVE = -3;

    /** A frame from an HPROF STACK FRAME record's parts; {@code source} may be null. */
    public static JavaStackFrame of(String className, String method, String source, int line) {
        String where = switch (line) {
            case UNKNOWN_LINE -> "Unknown Source";
            case COMPILED -> "Compiled method";
            case NATIVE -> "Native Method";
            default -> (source == null ? "Unknown Source" : source) + (line > 0 ? ":" + line : "");
        };
        return new JavaStackFrame(className == null ? "?" : className, method, where);
    }

    /** The line as the facts keep it. */
    public String text() { return "at " + className + "." + method + "(" + location + ")"; }

    /** The line number when the location names one, else -1. */
    public int line() {
        int colon = location.lastIndexOf(':');
        if (colon < 0) return -1;
        try {
            return Integer.parseInt(location.substring(colon + 1));
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    /** The source file when the location names one, else null. */
    public String sourceFile() {
        if (location.equals("Unknown Source") || location.equals("Compiled method") || location.equals("Native Method")) return null;
        int colon = location.lastIndexOf(':');
        return colon < 0 ? location : location.substring(0, colon);
    }

    /**
     * Reads a line written by {@link #text()}; null for anything else (the "... n more" line, a frame the
     * dump does not describe).
     */
    public static JavaStackFrame parse(String text) {
        if (!text.startsWith("at ") || !text.endsWith(")")) return null;
        int open = text.indexOf('(');
        if (open < 0) return null;
        String qualified = text.substring(3, open);
        int dot = qualified.lastIndexOf('.');
        if (dot <= 0) return null;
        return new JavaStackFrame(qualified.substring(0, dot), qualified.substring(dot + 1), text.substring(open + 1, text.length() - 1));
    }
}
