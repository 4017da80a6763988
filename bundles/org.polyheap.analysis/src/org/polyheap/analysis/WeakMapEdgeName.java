package org.polyheap.analysis;

/**
 * Reads the table id out of the name V8 gives both internal edges of a WeakMap entry,
 * {@code N / part of key (… @k) -> value (… @v) pair in WeakMap (table @t)}, by hand: it answers as
 * DevTools' regular expression {@code ^\d+ / part of key \(.*? @\d+\) -> value \(.*? @\d+\) pair in
 * WeakMap \(table @(\d+)\)$} does (the key and value texts take no line terminators, as {@code .} does
 * not), at a fraction of the cost; a TypeScript compiler snapshot has 34,000 such names. Stateless.
 */
final class WeakMapEdgeName {
    static final long NONE = -1;
    /** The fewest chars such a name can have, "0 / part of key ( @0) -> value ( @0) pair in WeakMap (table @0)". */
    static final int SHORTEST = 63;
    private static final String KEY = " / part of key (", VALUE = ") -> value (", TABLE = " pair in WeakMap (table @";

    private WeakMapEdgeName() { }

    /** The table's node id {@code t}, or {@link #NONE} when {@code name} is not such a name (or t does not fit a long). */
    static long tableId(String name) {
        int n = name.length();
        int digits = digitsFrom(name, 0);
        if (digits == 0 || !name.startsWith(KEY, digits) || n == 0 || name.charAt(n - 1) != ')') return NONE;
        int table = name.lastIndexOf(TABLE);
        int idStart = table + TABLE.length();
        if (table < digits + KEY.length() || idStart >= n - 1 || digitsFrom(name, idStart) != n - 1) return NONE;
        // between "part of key (" and " pair in WeakMap": "<key> @k) -> value (<value> @v)", split at some ") -> value ("
        int from = digits + KEY.length();
        for (int arrow = name.indexOf(VALUE, from); arrow >= 0 && arrow + VALUE.length() <= table;
                arrow = name.indexOf(VALUE, arrow + 1)) {
            int value = arrow + VALUE.length();
            if (endsWithId(name, from, arrow + 1) && endsWithId(name, value, table)
                    && noLineBreak(name, from, arrow) && noLineBreak(name, value, table)) {
                try {
                    return Long.parseLong(name, idStart, n - 1, 10);
                } catch (NumberFormatException tooLong) {
                    return NONE;
                }
            }
        }
        return NONE;
    }

    /** The end of the digits starting at {@code from} (ASCII digits only, as {@code \d}). */
    private static int digitsFrom(String s, int from) {
        int i = from;
        while (i < s.length() && s.charAt(i) >= '0' && s.charAt(i) <= '9') i++;
        return i;
    }

    /** True when {@code s[from, end)} ends with " @digits)" (at least one digit). */
    private static boolean endsWithId(String s, int from, int end) {
        if (end - from < 4 || s.charAt(end - 1) != ')') return false;
        int i = end - 2;
        while (i >= from && s.charAt(i) >= '0' && s.charAt(i) <= '9') i--;
        return i < end - 2 && i >= from + 1 && s.charAt(i) == '@' && s.charAt(i - 1) == ' ';
    }

    private static boolean noLineBreak(String s, int from, int end) {
        for (int i = from; i < end; i++) {
            char c = s.charAt(i);
            if (c == '\n' || c == '\r' || c == '\u0085' || c == '\u2028' || c == '\u2029') return false;
        }
        return true;
    }
}
