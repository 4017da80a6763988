package org.polyheap.analysis;

import java.util.HashMap;
import java.util.Map;
import java.util.function.IntPredicate;

import org.polyheap.model.HeapGraph;
import org.polyheap.model.ObjectAttribute;

/**
 * Native (off-heap) memory per histogram group: the sums of the sparse attributes whose name ends in
 * {@value #SIZE_SUFFIX} (Dart's external properties, {@code dart.external-size}: what the VM attributes
 * to an object outside its shallow size, such as an external typed array's buffer). The histogram's
 * native column and {@code polyheap histogram --native} come from here; shallow and retained sizes
 * never include it. O(attribute entries) per call, with a class lookup per entry: entries are few
 * (the objects that hold native memory, hundreds in real Dart snapshots). Thread-safe.
 */
public final class NativeSizes {
    /** The name ending of the attributes that hold an object's native bytes. */
    public static final String SIZE_SUFFIX = ".external-size";

    private NativeSizes() { }

    /** True when the snapshot records native memory for any object. */
    public static boolean recorded(HeapGraph g) {
        return g.attributes().keySet().stream().anyMatch(n -> n.endsWith(SIZE_SUFFIX));
    }

    /** The native bytes of every object together (0 when none are recorded). O(attribute entries). */
    public static long total(HeapGraph g) {
        long sum = 0;
        for (ObjectAttribute a : g.attributes().values()) if (a.name().endsWith(SIZE_SUFFIX)) sum += a.sum();
        return sum;
    }

    /**
     * Group name under {@code grouping} → the native bytes of its objects that {@code member} accepts
     * (null: every object). Groups without native memory are absent.
     */
    public static Map<String, Long> byGroup(HeapGraph g, Grouping grouping, IntPredicate member) {
        var out = new HashMap<String, Long>();
        var groupOfClass = new HashMap<Integer, String>();
        var classes = g.classes();
        var objectClass = g.objectClass();
        var namer = grouping.namer(g);
        for (ObjectAttribute a : g.attributes().values()) {
            if (!a.name().endsWith(SIZE_SUFFIX)) continue;
            for (long k = 0, n = a.count(); k < n; k++) {
                int o = a.object(k);
                long bytes = a.value(k);
                if (bytes <= 0 || (member != null && !member.test(o))) continue;
                String group = groupOfClass.computeIfAbsent(objectClass.get(o), c -> namer.apply(classes.get(c)));
                out.merge(group, bytes, Long::sum);
            }
        }
        return out;
    }
}
