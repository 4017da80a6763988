package org.polyheap.model;

/**
 * A sparse per-object value that a format has for some objects only (V8: the source location of
 * closures; Dart: the external size of objects with external properties). Entries are sorted by
 * object id, one value per object. Thread-safe for reading; {@link #get} costs a binary search over
 * the entries (a few page decodes when mapped), {@link #object}/{@link #value} one lookup each.
 */
public interface ObjectAttribute {

    /** The attribute's name: lower-case letters, digits, dots and dashes, e.g. {@code dart.external-size}. */
    String name();

    /** Number of objects that have a value. */
    long count();

    /** The object of entry {@code k}; entries are in ascending object order. */
    int object(long k);

    /** The value of entry {@code k}. */
    long value(long k);

    /** The value of {@code object}, or {@code absent} when it has none. O(log count). */
    default long get(int object, long absent) {
        long lo = 0, hi = count() - 1;
        while (lo <= hi) {
            long mid = (lo + hi) >>> 1;
            int o = object(mid);
            if (o < object) lo = mid + 1;
            else if (o > object) hi = mid - 1;
            else return value(mid);
        }
        return absent;
    }

    /** Sum of all values (e.g. the total external size). O(count). */
    default long sum() {
        long s = 0;
        for (long k = 0, n = count(); k < n; k++) s += value(k);
        return s;
    }

    /** True when {@code name} may name an attribute (it becomes part of a file name). */
    static boolean isValidName(String name) {
        return name != null && !name.isEmpty() && name.length() <= 64 && name.chars().allMatch(
                c -> (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '.' || c == '-')
                && !name.startsWith(".");
    }

    /** An attribute over two parallel arrays already sorted by object (for in-memory graphs). */
    static ObjectAttribute of(String name, int[] objects, long[] values) {
        if (objects.length != values.length) throw new IllegalArgumentException("objects and values differ in length");
        return new ObjectAttribute() {
            @Override public String name() { return name; }
            @Override public long count() { return objects.length; }
            @Override public int object(long k) { return objects[Math.toIntExact(k)]; }
            @Override public long value(long k) { return values[Math.toIntExact(k)]; }
        };
    }
}
