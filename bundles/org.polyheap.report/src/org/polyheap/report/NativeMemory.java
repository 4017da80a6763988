package org.polyheap.report;

import org.polyheap.model.HeapGraph;
import org.polyheap.model.ObjectAttribute;

/**
 * Native (off-heap) memory that a format attributes to single objects, outside their shallow size: the
 * sparse attributes whose name ends in {@value #SIZE_SUFFIX} (bytes; Dart's external properties,
 * {@code dart.external-size}), described by the matching {@value #NAMES_SUFFIX} attribute (string ids,
 * e.g. "Unknown native function"). The Inspector and the headless output show it beside an object's
 * sizes; it is never added to shallow or retained sizes, which stay the runtime's. Thread-safe; each
 * call costs a binary search per such attribute (usually one, with a few hundred entries).
 */
public final class NativeMemory {
    public static final String SIZE_SUFFIX = org.polyheap.analysis.NativeSizes.SIZE_SUFFIX;
    public static final String NAMES_SUFFIX = ".external-names";

    private NativeMemory() { }

    /** True when the snapshot records native memory for any object. */
    public static boolean recorded(HeapGraph g) {
        return org.polyheap.analysis.NativeSizes.recorded(g);
    }

    /** The object's native bytes, 0 when it has none. */
    public static long bytes(HeapGraph g, int object) {
        long sum = 0;
        for (ObjectAttribute a : g.attributes().values()) {
            if (a.name().endsWith(SIZE_SUFFIX)) sum += Math.max(0, a.get(object, 0));
        }
        return sum;
    }

    /** What holds the object's native memory ("Unknown native function"), or "" when not recorded. */
    public static String holders(HeapGraph g, int object) {
        var out = new StringBuilder();
        for (ObjectAttribute a : g.attributes().values()) {
            if (!a.name().endsWith(NAMES_SUFFIX)) continue;
            long id = a.get(object, -1);
            if (id >= 0 && id < g.stringCount()) out.append(out.isEmpty() ? "" : ", ").append(g.string((int) id));
        }
        return out.toString();
    }
}
