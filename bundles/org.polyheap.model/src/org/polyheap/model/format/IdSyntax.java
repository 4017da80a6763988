package org.polyheap.model.format;

import java.util.Locale;

import org.polyheap.model.HeapGraph;

/**
 * How users write an object's id, as each runtime's own tools show it: an address ({@code 0x7f3a…},
 * HPROF and Fuchsia), a node id ({@code @12345}, V8 as DevTools shows it) or a 1-origin ordinal
 * ({@code #123}, Dart's tools). Every format also accepts the ordinal. Display is O(1); finding by
 * address or node id goes through a lookup the caller gives (the analysis keeps an O(log n) one), or
 * scans the identity column (O(objects)).
 */
public enum IdSyntax {
    ADDRESS, NODE_ID, ORDINAL;

    /** The id of {@code objectId} in this syntax. */
    public String display(HeapGraph graph, int objectId) {
        return switch (this) {
            case ADDRESS -> "0x" + Long.toHexString(graph.identity().get(objectId));
            case NODE_ID -> "@" + graph.identity().get(objectId);
            case ORDINAL -> "#" + (objectId + 1L);
        };
    }

    /**
     * The object a user typed ({@code 0x…}, {@code @…} or {@code #…}), or -1 when there is none.
     *
     * @throws IllegalArgumentException the text is not an id of any accepted form
     */
    public static int find(HeapGraph graph, String text) {
        return find(graph, text, identity -> scan(graph, identity));
    }

    /**
     * {@link #find(HeapGraph, String)} with {@code byIdentity} finding an address or node id (-1: none).
     *
     * @throws IllegalArgumentException the text is not an id of any accepted form
     */
    public static int find(HeapGraph graph, String text, java.util.function.LongToIntFunction byIdentity) {
        String t = text.trim().toLowerCase(Locale.ROOT);
        if (t.startsWith("#")) {
            long oneBased = parse(t.substring(1), text);
            return oneBased >= 1 && oneBased <= graph.objectCount() ? (int) (oneBased - 1) : -1;
        }
        long identity;
        if (t.startsWith("@")) identity = parse(t.substring(1), text);
        else if (t.startsWith("0x")) identity = Long.parseUnsignedLong(checkHex(t.substring(2), text), 16);
        else throw new IllegalArgumentException("not an object id: '" + text + "' (use 0x<address>, @<node id> or #<n>)");
        return byIdentity.applyAsInt(identity);
    }

    private static int scan(HeapGraph graph, long identity) {
        var ids = graph.identity();
        int n = graph.objectCount();
        for (int i = 0; i < n; i++) if (ids.get(i) == identity) return i;
        return -1;
    }

    private static long parse(String digits, String original) {
        try {
            return Long.parseLong(digits, 10);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("not an object id: '" + original + "'");
        }
    }

    private static String checkHex(String digits, String original) {
        if (digits.isEmpty() || digits.length() > 16 || !digits.chars().allMatch(c -> Character.digit(c, 16) >= 0)) {
            throw new IllegalArgumentException("not an object id: '" + original + "'");
        }
        return digits;
    }
}
