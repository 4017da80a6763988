package org.polyheap.analysis;

import java.util.HashSet;
import java.util.Set;

import org.polyheap.model.GcRoot;
import org.polyheap.model.HeapGraph;
import org.polyheap.model.RootKind;
import org.polyheap.model.format.SnapshotFormat;
import org.polyheap.model.format.V8NodeType;
import org.polyheap.model.format.V8ObjectTypes;

import it.unimi.dsi.fastutil.ints.IntOpenHashSet;

/**
 * The containers a format adds that hold everything and so say nothing as top consumers: roots of
 * kind {@link RootKind#V8_SYNTHETIC_ROOT} or {@link RootKind#DART_ROOT}, and in V8 every node of type
 * {@code synthetic} ("(GC roots)", "(Internalized strings)"...). O(roots) to make, O(1) to ask.
 */
public final class SyntheticContainers {
    private final HeapGraph graph;
    private final IntOpenHashSet roots = new IntOpenHashSet();
    private final int v8SyntheticType;

    private SyntheticContainers(HeapGraph graph) {
        this.graph = graph;
        for (GcRoot r : graph.gcRoots()) {
            if (r.kind() == RootKind.V8_SYNTHETIC_ROOT || r.kind() == RootKind.DART_ROOT) roots.add(r.object());
        }
        v8SyntheticType = graph.metadata().format() == SnapshotFormat.V8
                ? V8ObjectTypes.of(graph).code(V8NodeType.SYNTHETIC) : -1;
    }

    public static SyntheticContainers of(HeapGraph graph) { return new SyntheticContainers(graph); }

    /** True for a synthetic container. One column read for V8. */
    public boolean contains(int object) {
        return roots.contains(object)
                || (v8SyntheticType >= 0 && V8ObjectTypes.code(graph.objectType().get(object)) == v8SyntheticType);
    }

    /** The classes of the synthetic containers: a class histogram leaves them out of top consumers. */
    public Set<String> classNames() {
        var names = new HashSet<String>();
        for (int o : roots) names.add(graph.classes().get(graph.objectClass().get(o)).name());
        if (v8SyntheticType >= 0) names.add(V8NodeType.SYNTHETIC.summaryClass());
        return names;
    }
}
