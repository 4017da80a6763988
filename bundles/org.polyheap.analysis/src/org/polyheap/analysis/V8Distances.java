package org.polyheap.analysis;

import java.util.HashSet;
import java.util.Set;

import org.polyheap.model.HeapGraph;
import org.polyheap.model.ReferenceKind;
import org.polyheap.model.format.V8NodeType;
import org.polyheap.model.format.V8ObjectTypes;

import it.unimi.dsi.fastutil.ints.Int2ByteOpenHashMap;

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
 * WeakMap pair is met first. Memory: 4 bytes per object for the result; while it runs, 4 more for the
 * queue and flat copies of the columns it walks (9 bytes per object, 5 per reference). Immutable once
 * computed; thread-safe.
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
        private final Set<String> pendingWeakMapEdges = new HashSet<>(); // kept across both walks, as DevTools' filter is
        private final byte weak = (byte) ReferenceKind.WEAK.code(), internal = (byte) ReferenceKind.INTERNAL.code();
        // the walk's columns as flat arrays, read once in sequence (a get per step on the mapped, bit-packed
        // columns decoded pages again and again: 8 s of a 254 MB snapshot's open in the window); names are
        // read per row, and only for the rows that need them. 9 bytes per object and 5 per reference, while it runs
        private final int[] start, target, label;
        private final byte[] kind, type;
        /** Per label id: 0 not yet looked at, 1 another name, 2 {@code system / NativeContext}, 3 {@code (map descriptors)}. */
        private final Int2ByteOpenHashMap labelKinds = new Int2ByteOpenHashMap();
        private final RowBuffer rowNames;
        private int[] namesOfRow;
        private int rowNamesOf = -1;

        Walk(HeapGraph graph) {
            this.graph = graph;
            this.n = graph.objectCount();
            this.distance = new int[n];
            this.queue = new int[n + 64];
            java.util.Arrays.fill(distance, NONE);
            var types = V8ObjectTypes.of(graph);
            hiddenType = types.code(V8NodeType.HIDDEN);
            arrayType = types.code(V8NodeType.ARRAY);
            syntheticType = types.code(V8NodeType.SYNTHETIC);
            long m = graph.outStart().get(n);
            if (m > Integer.MAX_VALUE - 8) throw new IllegalStateException("more than 2^31 references: " + m);
            start = FlatColumns.starts(graph.outStart(), n);
            target = graph.outTarget().toArray();
            kind = FlatColumns.bytes(graph.outKind(), 0xff);
            type = FlatColumns.bytes(graph.objectType(), V8ObjectTypes.TYPE_MASK);
            label = graph.objectLabel().toArray();
            rowNames = new RowBuffer(graph.outName());
        }

        V8Distances run() {
            int root = V8Rules.rootOf(graph);
            for (int p = start[root], end = start[root + 1]; p < end; p++) {
                int child = target[p];
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
                for (int p = start[node], end = start[node + 1]; p < end; p++) {
                    byte k = kind[p];
                    if (k == weak) continue;
                    int child = target[p];
                    if (distance[child] != NONE || !counts(node, p, k)) continue;
                    distance[child] = next;
                    push(child);
                }
            }
        }

        /** DevTools' distance filter for the edge at {@code p} from {@code node}. */
        private boolean counts(int node, int p, int kind) {
            int t = type(node);
            if (t == hiddenType && labelKind(node) == 2) {
                return !"sloppy_function_map".equals(edgeName(node, p, kind));
            }
            if (t == arrayType && labelKind(node) == 3) {
                long index = leadingInt(edgeName(node, p, kind), node, p, kind);
                return index == Long.MIN_VALUE || index < 2 || index % 3 != 1;
            }
            if (kind == internal) {
                String edge = edgeName(node, p, kind);
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
        private long leadingInt(String edge, int node, int p, int kind) {
            ReferenceKind k = ReferenceKind.ofCode(kind);
            if (k == ReferenceKind.ELEMENT || k == ReferenceKind.HIDDEN) return nameId(node, p);
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

        private int type(int node) { return type[node] & 0xff; }

        private String name(int node) {
            int id = label[node];
            return id < 0 ? "" : graph.string(id);
        }

        /** Which of the two names the filter looks for the node's label is, asked once per label. */
        private byte labelKind(int node) {
            int id = label[node];
            byte known = labelKinds.get(id);
            if (known != 0) return known;
            String name = name(node);
            byte k = "system / NativeContext".equals(name) ? (byte) 2 : "(map descriptors)".equals(name) ? (byte) 3 : (byte) 1;
            labelKinds.put(id, k);
            return k;
        }

        /** The name id of the edge at {@code p}, from its row's names, copied once per row. */
        private int nameId(int node, int p) {
            if (rowNamesOf != node) {
                namesOfRow = rowNames.copy(start[node], start[node + 1] - start[node]);
                rowNamesOf = node;
            }
            return namesOfRow[p - start[node]];
        }

        private String edgeName(int node, int p, int kind) {
            return Reference.nameOf(graph, ReferenceKind.ofCode(kind), nameId(node, p));
        }
    }
}
