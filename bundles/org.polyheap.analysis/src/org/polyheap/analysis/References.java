package org.polyheap.analysis;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import org.polyheap.model.HeapGraph;
import org.polyheap.model.ReferenceKind;

/** Listing the references of one object. Thread-safe; cost as stated per call. */
public final class References {
    private References() { }

    /** The object's references in their natural order (fields, slots, edges). O(out-degree). */
    public static List<Reference> outgoing(HeapGraph graph, int object) {
        var out = new ArrayList<Reference>();
        long from = graph.outStart().get(object), to = graph.outStart().get(object + 1);
        for (long p = from; p < to; p++) out.add(at(graph, object, p));
        return out;
    }

    /**
     * The references that point at the object, grouped by source ascending. O(sum of the out-degrees of
     * the sources): the inbound index keeps sources only, so each source's row is scanned for the edge.
     */
    public static List<Reference> incoming(HeapGraph graph, int object) {
        var out = new ArrayList<Reference>();
        long from = graph.inStart().get(object), to = graph.inStart().get(object + 1);
        int previous = -1;
        for (long p = from; p < to; p++) {
            int source = graph.inSource().get(p);
            if (source == previous) continue; // a source listed k times has k edges: all found in one scan
            previous = source;
            for (long q = graph.outStart().get(source), end = graph.outStart().get(source + 1); q < end; q++) {
                if (graph.outTarget().get(q) == object) out.add(at(graph, source, q));
            }
        }
        return out;
    }

    /** The first reference from {@code source} to {@code target} whose kind is not excluded, or null. */
    static Reference between(HeapGraph graph, int source, int target, Set<ReferenceKind> excluded) {
        for (long q = graph.outStart().get(source), end = graph.outStart().get(source + 1); q < end; q++) {
            if (graph.outTarget().get(q) != target) continue;
            ReferenceKind kind = ReferenceKind.ofCode(graph.outKind().get(q));
            if (!excluded.contains(kind)) return at(graph, source, q);
        }
        return null;
    }

    static Reference at(HeapGraph graph, int source, long position) {
        ReferenceKind kind = ReferenceKind.ofCode(graph.outKind().get(position));
        return new Reference(source, graph.outTarget().get(position), kind,
                Reference.nameOf(graph, kind, graph.outName().get(position)), position);
    }
}
