package org.polyheap.model.memory;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.polyheap.model.ClassInfo;
import org.polyheap.model.GcRoot;
import org.polyheap.model.HeapGraph;
import org.polyheap.model.IntColumn;
import org.polyheap.model.LongColumn;
import org.polyheap.model.ObjectAttribute;
import org.polyheap.model.ReferenceKind;
import org.polyheap.model.SnapshotMetadata;
import org.polyheap.model.SnapshotSink;
import org.polyheap.model.format.SnapshotFormat;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.longs.LongArrayList;

/**
 * A {@link SnapshotSink} that keeps everything in arrays and builds an in-memory {@link HeapGraph}.
 * For tests (hand-built graphs) and small snapshots; costs about 40 bytes per object plus 12 per
 * reference on the heap. The index store is the real sink for files.
 */
public final class HeapGraphBuilder implements SnapshotSink {
    private SnapshotFormat format = SnapshotFormat.GENERIC;
    private final Map<String, String> facts = new LinkedHashMap<>();
    private final List<String> strings = new ArrayList<>();
    private final List<ClassInfo> classes = new ArrayList<>();
    private final IntArrayList objectClass = new IntArrayList();
    private final LongArrayList shallow = new LongArrayList();
    private final LongArrayList identity = new LongArrayList();
    private final LongArrayList sourceOffset = new LongArrayList();
    private final IntArrayList label = new IntArrayList();
    private final IntArrayList type = new IntArrayList();
    private final IntArrayList refFrom = new IntArrayList();
    private final IntArrayList refTo = new IntArrayList();
    private final IntArrayList refKind = new IntArrayList();
    private final IntArrayList refName = new IntArrayList();
    private final List<GcRoot> roots = new ArrayList<>();
    private final List<String> warnings = new ArrayList<>();
    private final AttributeEntries attributes = new AttributeEntries();

    @Override public void format(SnapshotFormat format) { this.format = format; }

    @Override public void fact(String key, String value) { facts.put(key, value); }

    @Override public int addString(String value) {
        strings.add(value);
        return strings.size() - 1;
    }

    @Override public int addClass(ClassInfo info) {
        classes.add(info);
        return classes.size() - 1;
    }

    @Override public void replaceClass(int classId, ClassInfo info) { classes.set(classId, info); }

    @Override public int addObject(int classId, long shallowSize, long id, long offset, int labelId, int typeCode) {
        type.add(typeCode);
        objectClass.add(classId);
        shallow.add(shallowSize);
        identity.add(id);
        sourceOffset.add(offset);
        label.add(labelId);
        return objectClass.size() - 1;
    }

    /** Convenience for hand-built graphs: an object of class 0 (added on demand) with identity = id. */
    public int addObject(long shallowSize) {
        if (classes.isEmpty()) addClass(ClassInfo.named("Object"));
        return addObject(0, shallowSize, objectClass.size(), -1, -1);
    }

    @Override public void addReference(int from, int to, ReferenceKind kind, int name) {
        int n = refFrom.size();
        if (n > 0 && from < refFrom.getInt(n - 1)) {
            throw new IllegalStateException("references must be added in non-decreasing source order: "
                    + from + " after " + refFrom.getInt(n - 1));
        }
        refFrom.add(from);
        refTo.add(to);
        refKind.add(kind.code());
        refName.add(name);
    }

    /** Convenience: a strong field reference without a name. */
    public void addReference(int from, int to) { addReference(from, to, ReferenceKind.FIELD, -1); }

    @Override public void addRoot(GcRoot root) { roots.add(root); }

    @Override public void addAttribute(String attribute, int object, long value) {
        attributes.add(attribute, object, value);
    }

    @Override public void addAttributes(String attribute, int[] objects, long[] values, int count) {
        attributes.addAll(attribute, objects, values, count);
    }

    @Override public void warning(String message) { warnings.add(message); }

    public List<String> warnings() { return List.copyOf(warnings); }

    /** Builds the graph: checks ids and computes the inbound index with a counting sort. */
    public HeapGraph build() {
        int n = objectClass.size();
        int m = refFrom.size();
        long[] outStart = new long[n + 1];
        for (int i = 0; i < m; i++) {
            int from = refFrom.getInt(i);
            int to = refTo.getInt(i);
            if (from < 0 || from >= n || to < 0 || to >= n) {
                throw new IllegalStateException("reference " + from + " -> " + to + " outside 0.." + (n - 1));
            }
            outStart[from + 1]++;
        }
        for (int i = 0; i < n; i++) outStart[i + 1] += outStart[i];
        long[] inStart = new long[n + 1];
        for (int i = 0; i < m; i++) inStart[refTo.getInt(i) + 1]++;
        for (int i = 0; i < n; i++) inStart[i + 1] += inStart[i];
        int[] inSource = new int[m];
        int[] fill = new int[n];
        for (int i = 0; i < m; i++) { // sources come in non-decreasing order, so each list ends sorted
            int to = refTo.getInt(i);
            inSource[(int) inStart[to] + fill[to]++] = refFrom.getInt(i);
        }
        for (int c : objectClass) {
            if (c < 0 || c >= classes.size()) throw new IllegalStateException("class id " + c + " not defined");
        }
        if (attributes.maxObject() >= n) throw new IllegalStateException("an attribute names object " + attributes.maxObject());
        Map<String, ObjectAttribute> attributeMap = new LinkedHashMap<>();
        for (String name : attributes.names()) attributeMap.put(name, attributes.sorted(name).attribute());
        var metadata = new SnapshotMetadata(format, facts);
        var graph = new ArrayGraph(metadata, n, objectClass.toIntArray(), shallow.toLongArray(),
                identity.toLongArray(), sourceOffset.toLongArray(), label.toIntArray(), type.toIntArray(), outStart,
                refTo.toIntArray(), refKind.toIntArray(), refName.toIntArray(), inStart, inSource,
                List.copyOf(roots), List.copyOf(classes), List.copyOf(strings), java.util.Collections.unmodifiableMap(attributeMap));
        return graph;
    }

    private record ArrayGraph(SnapshotMetadata metadata, int objectCount, int[] classOf, long[] shallow,
            long[] ids, long[] offsets, int[] labels, int[] types, long[] outStarts, int[] targets, int[] kinds, int[] names,
            long[] inStarts, int[] sources, List<GcRoot> gcRoots, List<ClassInfo> classes, List<String> strings,
            Map<String, ObjectAttribute> attributes)
            implements HeapGraph {
        @Override public IntColumn objectClass() { return IntColumn.of(classOf); }
        @Override public LongColumn shallowSize() { return LongColumn.of(shallow); }
        @Override public LongColumn identity() { return LongColumn.of(ids); }
        @Override public LongColumn sourceOffset() { return LongColumn.of(offsets); }
        @Override public IntColumn objectLabel() { return IntColumn.of(labels); }
        @Override public IntColumn objectType() { return IntColumn.of(types); }
        @Override public LongColumn outStart() { return LongColumn.of(outStarts); }
        @Override public IntColumn outTarget() { return IntColumn.of(targets); }
        @Override public IntColumn outKind() { return IntColumn.of(kinds); }
        @Override public IntColumn outName() { return IntColumn.of(names); }
        @Override public LongColumn inStart() { return LongColumn.of(inStarts); }
        @Override public IntColumn inSource() { return IntColumn.of(sources); }
        @Override public String string(int id) { return strings.get(id); }
        @Override public int stringCount() { return strings.size(); }
        @Override public void close() { }
    }
}
