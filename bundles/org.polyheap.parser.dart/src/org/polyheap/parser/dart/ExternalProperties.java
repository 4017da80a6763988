package org.polyheap.parser.dart;

import java.io.IOException;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.polyheap.model.SnapshotFormatException;
import org.polyheap.model.SnapshotSink;

import it.unimi.dsi.fastutil.ints.Int2LongLinkedOpenHashMap;
import it.unimi.dsi.fastutil.ints.Int2ObjectOpenHashMap;

/**
 * The external-properties section: native memory the VM attributes to an object (an external typed
 * array's buffer, a socket's or file's native state), as (object, size, name) entries. Kept per object
 * as the attributes {@value #SIZE} (the sum of the object's properties, in bytes) and {@value #NAMES}
 * (a string id: the distinct property names, joined by ", "), and summed into the facts. Memory: about
 * 60 bytes per object that has properties (a few hundred in real files); the file bounds their number.
 * Not thread-safe.
 */
final class ExternalProperties {
    static final String SIZE = "dart.external-size";
    static final String NAMES = "dart.external-names";
    /** Distinct property names counted in the facts; more are still summed per object. */
    private static final int MAX_NAMES = 32;

    private long count;
    private long size;
    private final Map<String, Long> nameCounts = new LinkedHashMap<>();
    private final long[] byClass;
    /** File object id - 1 → summed size, in the order objects first appear. */
    private final Int2LongLinkedOpenHashMap sizeByObject = new Int2LongLinkedOpenHashMap();
    private final Int2ObjectOpenHashMap<String> namesByObject = new Int2ObjectOpenHashMap<>();

    private ExternalProperties(int classCount) { byClass = new long[classCount]; }

    /** No properties: a permissive read that stopped before the section. */
    static ExternalProperties none(int classCount) { return new ExternalProperties(classCount); }

    /** Reads the section; every object id is checked against the objects read. Cost: the section's bytes. */
    static ExternalProperties read(DartInput in, ObjectTable objects, int classCount)
            throws IOException, SnapshotFormatException {
        var p = new ExternalProperties(classCount);
        int n = (int) in.count("external property count", Integer.MAX_VALUE - 8, 3);
        for (int i = 0; i < n; i++) {
            long at = in.offset();
            long oid = in.uleb();
            if (oid < 1 || oid > objects.size()) {
                throw in.fail(at, "external property of object " + Long.toUnsignedString(oid) + " outside 1.." + objects.size());
            }
            long bytes = in.uleb();
            String name = in.utf8();
            p.add((int) oid - 1, objects.classOf((int) oid - 1), bytes, name);
        }
        return p;
    }

    private void add(int object, int classId, long bytes, String name) {
        count++;
        size += bytes;
        byClass[classId] += bytes;
        sizeByObject.addTo(object, bytes);
        String names = namesByObject.get(object);
        if (names == null) namesByObject.put(object, name);
        else if (!Arrays.asList(names.split(", ")).contains(name)) namesByObject.put(object, names + ", " + name);
        if (nameCounts.size() < MAX_NAMES || nameCounts.containsKey(name)) nameCounts.merge(name, 1L, Long::sum);
    }

    /** The per-object attributes and the facts {@code externalProperties} .. {@code externalSizeByClass}. */
    void emit(SnapshotSink sink, List<DartClass> classes) {
        var nameIds = new java.util.HashMap<String, Integer>();
        for (var e : sizeByObject.int2LongEntrySet()) {
            sink.addAttribute(SIZE, e.getIntKey(), e.getLongValue());
            sink.addAttribute(NAMES, e.getIntKey(), nameIds.computeIfAbsent(namesByObject.get(e.getIntKey()), sink::addString));
        }
        sink.fact("externalProperties", Long.toString(count));
        sink.fact("externalPropertySize", Long.toString(size));
        if (!nameCounts.isEmpty()) {
            var sb = new StringBuilder();
            nameCounts.forEach((k, v) -> sb.append(sb.isEmpty() ? "" : ", ").append(k).append(" x").append(v));
            sink.fact("externalPropertyNames", sb.toString());
        }
        Integer[] order = new Integer[byClass.length];
        for (int i = 0; i < order.length; i++) order[i] = i;
        Arrays.sort(order, (a, b) -> Long.compare(byClass[b], byClass[a]));
        var sb = new StringBuilder();
        for (int i = 0; i < Math.min(10, order.length) && byClass[order[i]] > 0; i++) {
            DartClass c = classes.get(order[i]);
            sb.append(sb.isEmpty() ? "" : ", ").append(c.name())
                    .append(c.libraryUri().isEmpty() ? "" : " (" + c.libraryUri() + ")")
                    .append(": ").append(byClass[order[i]]);
        }
        if (!sb.isEmpty()) sink.fact("externalSizeByClass", sb.toString());
    }
}
