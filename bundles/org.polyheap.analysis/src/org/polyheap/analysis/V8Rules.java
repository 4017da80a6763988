package org.polyheap.analysis;

import java.util.Arrays;
import java.util.List;
import java.util.regex.Pattern;

import org.polyheap.model.GcRoot;
import org.polyheap.model.HeapGraph;
import org.polyheap.model.IntColumn;
import org.polyheap.model.LongColumn;
import org.polyheap.model.Progress;
import org.polyheap.model.ReferenceKind;
import org.polyheap.model.RootKind;

import it.unimi.dsi.fastutil.ints.Int2LongOpenHashMap;
import it.unimi.dsi.fastutil.ints.IntArrayList;

/**
 * The Chrome DevTools Memory panel's rules for V8 snapshots, written from the facts of its
 * heap-snapshot worker: which edges count for dominators ("essential" edges), which nodes are
 * page-owned, and how the self size of owned internal nodes moves to their owner.
 *
 * <p>Reads the parser's encoding: object = node ordinal, {@code objectType & 0xff} = index into the
 * fact {@code v8.nodeTypes}, {@code objectLabel} = node name, identity = node id; the root is the
 * {@link RootKind#V8_SYNTHETIC_ROOT} object (node 0 unless the file has {@code root_index}).
 * Uses the graph's columns by random access; memory: one int per node plus bit sets.
 */
final class V8Rules {
    /** V8's node type list when the parser did not record {@code v8.nodeTypes}. */
    private static final List<String> DEFAULT_TYPES = List.of("hidden", "array", "string", "object", "code",
            "closure", "regexp", "number", "native", "synthetic", "concatenated string", "sliced string",
            "symbol", "bigint", "object shape");
    // Name V8 gives both halves of a WeakMap entry; the half whose source is the table does not retain.
    private static final Pattern WEAK_MAP_EDGE = Pattern.compile(
            "^\\d+ / part of key \\(.*? @\\d+\\) -> value \\(.*? @\\d+\\) pair in WeakMap \\(table @(\\d+)\\)$");
    private static final String DOM_TREES = "(Document DOM trees)";
    private static final String EXTERNAL_STRING_DATA = "system / ExternalStringData";

    private final HeapGraph graph;
    private final Progress progress;
    private final int n;
    private final int root;
    private final LongColumn outStart;
    private final IntColumn outTarget, outKind, types, labels;
    private final int hiddenType, arrayType, nativeType, syntheticType;
    private final Int2LongOpenHashMap weakMapTable = new Int2LongOpenHashMap();

    V8Rules(HeapGraph graph, Progress progress) {
        this.graph = graph;
        this.progress = progress;
        this.n = graph.objectCount();
        this.root = rootOf(graph);
        this.outStart = graph.outStart();
        this.outTarget = graph.outTarget();
        this.outKind = graph.outKind();
        this.types = graph.objectType();
        this.labels = graph.objectLabel();
        String fact = graph.metadata().fact("v8.nodeTypes", null);
        List<String> names = fact == null ? DEFAULT_TYPES : Arrays.asList(fact.split(","));
        hiddenType = names.indexOf("hidden");
        arrayType = names.indexOf("array");
        nativeType = names.indexOf("native");
        syntheticType = names.indexOf("synthetic");
        weakMapTable.defaultReturnValue(Long.MIN_VALUE);
    }

    /** The synthetic root: the parser's {@link RootKind#V8_SYNTHETIC_ROOT}, else node 0. */
    static int rootOf(HeapGraph graph) {
        for (GcRoot r : graph.gcRoots()) {
            if (r.kind() == RootKind.V8_SYNTHETIC_ROOT) return r.object();
        }
        return 0;
    }

    private int type(int node) { return types.get(node) & 0xff; }

    private String name(int node) {
        int id = labels.get(node);
        return id < 0 ? "" : graph.string(id);
    }

    private boolean isSynthetic(int node) { return type(node) == syntheticType; }

    /** Bit set over reference positions: the references DevTools uses for dominators. */
    long[] essentialEdges() {
        long m = outStart.get(n);
        long[] pageOwned = pageOwnedNodes();
        long[] keep = new long[(int) ((m + 63) >>> 6)];
        LongColumn identity = graph.identity();
        int weak = ReferenceKind.WEAK.code(), shortcut = ReferenceKind.SHORTCUT.code();
        int internal = ReferenceKind.INTERNAL.code();
        progress.phase("Selecting essential edges", m);
        EdgeScan.scan(graph, (s, pos, t, kind, name) -> {
            if (kind == weak || s == t) return;
            if (kind == internal && name >= 0 && weakMapTableOf(name) == identity.get(s)) return;
            if (s != root) {
                if (kind == shortcut) return;
                if (isSet(pageOwned, t) && !isSet(pageOwned, s)) return;
            }
            keep[(int) (pos >>> 6)] |= 1L << pos;
        }, progress);
        return keep;
    }

    /** The table node id named in a WeakMap edge name, or Long.MIN_VALUE when the name is not one. */
    private long weakMapTableOf(int nameId) {
        long cached = weakMapTable.get(nameId);
        if (cached != Long.MIN_VALUE) return cached;
        var match = WEAK_MAP_EDGE.matcher(graph.string(nameId));
        long table = match.matches() ? parseOrNone(match.group(1)) : Long.MIN_VALUE + 1;
        weakMapTable.put(nameId, table);
        return table;
    }

    private static long parseOrNone(String digits) {
        try {
            return Long.parseLong(digits);
        } catch (NumberFormatException e) {
            return Long.MIN_VALUE + 1; // never equals a node id we compare with
        }
    }

    /** Nodes reachable over non-weak edges from the root's shortcut targets and the DOM trees root. */
    long[] pageOwnedNodes() {
        long[] owned = new long[(n + 63) >>> 6];
        if (n == 0) return owned;
        int[] stack = new int[n];
        int sp = 0;
        int shortcut = ReferenceKind.SHORTCUT.code(), element = ReferenceKind.ELEMENT.code();
        int weak = ReferenceKind.WEAK.code();
        for (long p = outStart.get(root), end = outStart.get(root + 1); p < end; p++) {
            int kind = outKind.get(p), t = outTarget.get(p);
            boolean start = kind == shortcut
                    || (kind == element && isSynthetic(t) && DOM_TREES.equals(name(t)));
            if (start && !isSet(owned, t)) { // DevTools may push a node twice here; the flood result is the same
                set(owned, t);
                stack[sp++] = t;
            }
        }
        progress.phase("Marking page-owned nodes", n);
        long visited = 0;
        while (sp > 0) {
            if ((++visited & 0xffff) == 0) progress.checkCanceled();
            int v = stack[--sp];
            for (long p = outStart.get(v), end = outStart.get(v + 1); p < end; p++) {
                int t = outTarget.get(p);
                if (isSet(owned, t) || outKind.get(p) == weak) continue;
                set(owned, t);
                stack[sp++] = t;
            }
        }
        return owned;
    }

    /**
     * DevTools' self-size re-attribution, in place: a hidden, array or ExternalStringData node that
     * non-weak edges reach (directly or through other such nodes) from exactly one node of another type
     * gives its size to that owner, unless the owner is the root or synthetic. Skipped when the root has
     * no user roots (a snapshot that exposes internals). The total does not change.
     */
    void moveOwnedSizes(long[] sizes) {
        if (!hasUserRoots()) return;
        final int unvisited = -1, multiple = -2;
        int[] owner = new int[n];
        var work = new IntArrayList();
        progress.phase("Calculating shallow sizes", n);
        for (int i = 0; i < n; i++) {
            if (isOwnedType(i)) {
                owner[i] = unvisited;
            } else {
                owner[i] = i;
                work.add(i);
            }
        }
        int weak = ReferenceKind.WEAK.code();
        long steps = 0;
        while (!work.isEmpty()) {
            if ((++steps & 0xffff) == 0) progress.checkCanceled();
            int v = work.popInt();
            int o = owner[v];
            for (long p = outStart.get(v), end = outStart.get(v + 1); p < end; p++) {
                if (outKind.get(p) == weak) continue;
                int t = outTarget.get(p);
                int current = owner[t];
                if (current == unvisited) {
                    owner[t] = o;
                    work.add(t);
                } else if (current != t && current != o && current != multiple) {
                    owner[t] = multiple;
                    work.add(t);
                }
            }
        }
        for (int i = 0; i < n; i++) {
            int o = owner[i];
            if (o < 0 || o == i || o == root || isSynthetic(o)) continue;
            sizes[o] += sizes[i];
            sizes[i] = 0;
        }
    }

    private boolean isOwnedType(int node) {
        int t = type(node);
        return t == hiddenType || t == arrayType || (t == nativeType && EXTERNAL_STRING_DATA.equals(name(node)));
    }

    private boolean hasUserRoots() {
        for (long p = outStart.get(root), end = outStart.get(root + 1); p < end; p++) {
            if (!isSynthetic(outTarget.get(p))) return true;
        }
        return false;
    }

    private static boolean isSet(long[] bits, int i) { return (bits[i >>> 6] & (1L << i)) != 0; }

    private static void set(long[] bits, int i) { bits[i >>> 6] |= 1L << i; }
}
