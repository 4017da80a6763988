package org.polyheap.report;

import java.util.Locale;

import org.polyheap.model.HeapGraph;

/**
 * Object ids as users see them in each format's own tools, and back: {@code 0x7f3a…} (HPROF address,
 * Fuchsia block address), {@code @12345} (V8 node id, as DevTools shows it), {@code #123} (Dart
 * 1-origin object id, as Dart's tools number objects). Finding an object by address or node id scans
 * the identity column once (O(n), no index kept); display is O(1).
 */
public final class ObjectIds {
    private ObjectIds() { }

    public static String display(HeapGraph graph, int objectId) {
        String format = graph.metadata().format();
        return switch (format) {
            case "v8" -> "@" + graph.identity().get(objectId);
            case "dart" -> "#" + (objectId + 1L);
            case "hprof", "fuchsia" -> "0x" + Long.toHexString(graph.identity().get(objectId));
            default -> "#" + (objectId + 1L);
        };
    }

    /**
     * Finds the object a user typed, or -1 when there is none.
     *
     * @throws IllegalArgumentException the text is not an id of any accepted form
     */
    public static int find(HeapGraph graph, String text) {
        String t = text.trim().toLowerCase(Locale.ROOT);
        if (t.startsWith("#")) {
            long oneBased = parse(t.substring(1), 10, text);
            return oneBased >= 1 && oneBased <= graph.objectCount() ? (int) (oneBased - 1) : -1;
        }
        long identity;
        if (t.startsWith("@")) identity = parse(t.substring(1), 10, text);
        else if (t.startsWith("0x")) identity = Long.parseUnsignedLong(checkHex(t.substring(2), text), 16);
        else throw new IllegalArgumentException("not an object id: '" + text + "' (use 0x<address>, @<node id> or #<n>)");
        var ids = graph.identity();
        int n = graph.objectCount();
        for (int i = 0; i < n; i++) if (ids.get(i) == identity) return i;
        return -1;
    }

    private static long parse(String digits, int radix, String original) {
        try {
            return Long.parseLong(digits, radix);
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
