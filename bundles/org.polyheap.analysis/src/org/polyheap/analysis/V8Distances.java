package org.polyheap.analysis;

import java.util.HashSet;
import java.util.Set;

import org.polyheap.model.HeapGraph;
import org.polyheap.model.ReferenceKind;
import org.polyheap.model.format.V8NodeType;
import org.polyheap.model.format.V8ObjectTypes;

/**
 * The Distance column of Chrome DevTools' Memory panel: each node's number of edges from the page's
 * own roots, written from the facts of DevTools' heap-snapshot worker. A breadth-first walk starts at
 * the root's children that are not synthetic (and {@code (Document DOM trees)}), which get distance 1;
 * a second walk from the synthetic root reaches the rest, counting from {@link #SYSTEM} when the first
 * walk had roots (else from 0). Both walks skip weak edges, the {@code sloppy_function_map} edge of a
 * {@code system / NativeContext}, the descriptor links of a {@code (map descriptors)} array (slots
 * 3k + 1 from 4 on, which maps may share), and the first edge of each WeakMap entry's pair met (so a
 * value is as far as the later of key and table). A node neither walk reaches has {@link #NONE}.
 * The walks visit nodes and edges in file order, as DevTools' does, which decides which edge of a
 * WeakMap pair is met first. Memory: 4 bytes per object for the result and 4 for the queue while it
 * runs. Immutable once computed; thread-safe.
 */
public final class V8Distances {
    /** What DevTools adds to the distance of nodes only the synthetic root reaches. */
    public static final int SYSTEM = 100_000_000;
    /** No distance: no walk reaches the node (DevTools' own marker value). */
    public static final int NONE = -5;

    private final int[] distance;

    private V8Distances(int[] distance) {
        this.distance = distance;
    }

    /** The node's distance, or {@link #NONE}. O(1). */
    public int of(int object) { return distance[object]; }

    /** "4", "100000002" shown as DevTools does, or "" for {@link #NONE}. */
    public static String text(int distance) { return distance == NONE ? "" : Integer.toString(distance); }

    /** Computes every node's distance of a V8 graph. O(objects + references) time, two passes over the references. */
    public static V8Distances of(HeapGraph graph) {
        return new Walk(graph).run();
    }

    private static final class Walk {
        private final HeapGraph graph;
        private final int n;
        private final int[] distance;
        private final int[] queue;
        private int queued;
        private final int hiddenType, arrayType, syntheticType;
        private final V8ObjectTypes types;
        private final Set<String> pendingWeakMapEdges = new HashSet<>(); // kept across both walks, as DevTools' filter is
        private final int weak = ReferenceKind.WEAK.code(), internal = ReferenceKind.INTERNAL.code();

        Walk(HeapGraph graph) {
            this.graph = graph;
            this.n = graph.objectCount();
            this.distance = new int[n];
            this.queue = new int[n + 64];
            java.util.Arrays.fill(distance, NONE);
            types = V8ObjectTypes.of(graph);
            hiddenType = types.code(V8NodeType.HIDDEN);
            arrayType = types.code(V8NodeType.ARRAY);
            syntheticType = types.code(V8NodeType.SYNTHETIC);
        }

        V8Distances run() {
            int root = V8Rules.rootOf(graph);
            for (long p = graph.outStart().get(root), end = graph.outStart().get(root + 1); p < end; p++) {
                int child = graph.outTarget().get(p);
                if (type(child) != syntheticType || "(Document DOM trees)".equals(name(child))) {
                    distance[child] = 1;
                    push(child);
                }
            }
            boolean userRoots = queued > 0;
            bfs(0);
            distance[root] = userRoots ? SYSTEM : 0;
            int from = queued;
            push(root);
            bfs(from);
            return new V8Distances(distance);
        }

        private void push(int node) {
            if (queued == queue.length) throw new IllegalStateException("more visits than nodes"); // DevTools fails here too
            queue[queued++] = node;
        }

        private void bfs(int from) {
            for (int at = from; at < queued; at++) {
                int node = queue[at];
                int next = distance[node] + 1;
                for (long p = graph.outStart().get(node), end = graph.outStart().get(node + 1); p < end; p++) {
                    int kind = graph.outKind().get(p);
                    if (kind == weak) continue;
                    int child = graph.outTarget().get(p);
                    if (distance[child] != NONE || !counts(node, p, kind)) continue;
                    distance[child] = next;
                    push(child);
                }
            }
        }

        /** DevTools' distance filter for the edge at {@code p} from {@code node}. */
        private boolean counts(int node, long p, int kind) {
            int t = type(node);
            if (t == hiddenType && "system / NativeContext".equals(name(node))) {
                return !"sloppy_function_map".equals(edgeName(p, kind));
            }
            if (t == arrayType && "(map descriptors)".equals(name(node))) {
                long index = leadingInt(edgeName(p, kind), p, kind);
                return index == Long.MIN_VALUE || index < 2 || index % 3 != 1;
            }
            if (kind == internal) {
                String edge = edgeName(p, kind);
                if (WeakMapEdgeName.tableId(edge) != WeakMapEdgeName.NONE) {
                    String pair = edge.substring(digits(edge)); // the part both edges of an entry share
                    if (!pendingWeakMapEdges.remove(pair)) {
                        pendingWeakMapEdges.add(pair);
                        return false;
                    }
                }
            }
            return true;
        }

        /** The index of an element or hidden edge, else the leading integer of the name (JavaScript's parseInt); MIN_VALUE for none. */
        private long leadingInt(String edge, long p, int kind) {
            ReferenceKind k = ReferenceKind.ofCode(kind);
            if (k == ReferenceKind.ELEMENT || k == ReferenceKind.HIDDEN) return graph.outName().get(p);
            String s = edge.strip();
            int sign = s.startsWith("-") ? -1 : 1;
            int start = s.startsWith("-") || s.startsWith("+") ? 1 : 0;
            int end = start;
            while (end < s.length() && end - start < 18 && Character.isDigit(s.charAt(end)) && s.charAt(end) < 128) end++;
            return end == start ? Long.MIN_VALUE : sign * Long.parseLong(s, start, end, 10);
        }

        private static int digits(String s) {
            int i = 0;
            while (i < s.length() && s.charAt(i) >= '0' && s.charAt(i) <= '9') i++;
            return i;
        }

        private int type(int node) { return V8ObjectTypes.code(graph.objectType().get(node)); }

        private String name(int node) {
            int id = graph.objectLabel().get(node);
            return id < 0 ? "" : graph.string(id);
        }

        private String edgeName(long p, int kind) {
            return Reference.nameOf(graph, ReferenceKind.ofCode(kind), graph.outName().get(p));
        }
    }
}
