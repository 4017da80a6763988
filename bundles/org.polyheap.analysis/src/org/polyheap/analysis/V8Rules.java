package org.polyheap.analysis;

import java.util.Arrays;
import java.util.concurrent.CompletableFuture;

import org.polyheap.model.GcRoot;
import org.polyheap.model.HeapGraph;
import org.polyheap.model.IntColumn;
import org.polyheap.model.LongColumn;
import org.polyheap.model.Progress;
import org.polyheap.model.ReferenceKind;
import org.polyheap.model.RootKind;
import org.polyheap.model.Tasks;
import org.polyheap.model.format.V8NodeType;
import org.polyheap.model.format.V8ObjectTypes;

import it.unimi.dsi.fastutil.ints.Int2BooleanOpenHashMap;
import it.unimi.dsi.fastutil.ints.Int2LongOpenHashMap;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.longs.LongOpenHashSet;

/**
 * The Chrome DevTools Memory panel's rules for V8 snapshots, written from the facts of its
 * heap-snapshot worker: which edges count for dominators ("essential" edges), which nodes are
 * page-owned, and how the self size of owned internal nodes moves to their owner.
 *
 * <p>Reads the parser's encoding: object = node ordinal, {@code objectType} = the node's type as
 * {@link V8ObjectTypes} packs it, {@code objectLabel} = node name, identity = node id; the root is the
 * {@link RootKind#V8_SYNTHETIC_ROOT} object (node 0 unless the file has {@code root_index}).
 *
 * <p>The graph walks (page-owned flood, size owners) jump around the whole graph, which on mapped,
 * bit-packed columns costs a page decode per step; so the columns they need are first copied, each
 * in one sequential pass, into flat arrays: row starts (4 bytes per node), node types (1 byte per
 * node), sizes (8 bytes per node, handed on as the retaining graph's), targets (4 bytes per reference)
 * and kinds (1 byte per reference). The retaining graph is then compacted in place out of those same
 * arrays. Memory: 13 bytes per node and 5 per reference,
 * plus 8 per node for the size owners (owner and work list), 1 bit per reference for WeakMap halves.
 * The target column is read, and the size owners are found, on the common fork-join pool beside the
 * calling thread's work; one instance per build.
 */
final class V8Rules {
    // the half of a WeakMap entry whose source is the table (named in both halves' edge names, see
    // WeakMapEdgeName) does not retain
    private static final String DOM_TREES = "(Document DOM trees)";
    private static final String EXTERNAL_STRING_DATA = "system / ExternalStringData";
    private static final long NOT_WEAK_MAP = Long.MIN_VALUE + 1; // never equals a node id (ids are unsigned 32-bit)
    private static final int CHUNK = 1 << 16;
    private static final byte WEAK = (byte) ReferenceKind.WEAK.code(), SHORTCUT = (byte) ReferenceKind.SHORTCUT.code(),
            ELEMENT = (byte) ReferenceKind.ELEMENT.code(), INTERNAL = (byte) ReferenceKind.INTERNAL.code();

    private final HeapGraph graph;
    private final Progress progress;
    private final int n;
    private final int root;
    private final int hiddenType, arrayType, nativeType, syntheticType;
    /** Row starts by node (n + 1), then, after {@link #retainingGraph}, the retaining graph's. */
    private int[] start;
    private int[] target;
    private byte[] kind;
    private final byte[] type;
    /** The nodes' self sizes, which {@link #retainingGraph} may re-attribute and then hands on. */
    private final long[] sizes;

    /** Copies the columns the rules walk; O(objects + references), sequential reads only. */
    V8Rules(HeapGraph graph, Progress progress) {
        this.graph = graph;
        this.progress = progress;
        this.n = graph.objectCount();
        this.root = rootOf(graph);
        var types = V8ObjectTypes.of(graph);
        hiddenType = types.code(V8NodeType.HIDDEN);
        arrayType = types.code(V8NodeType.ARRAY);
        nativeType = types.code(V8NodeType.NATIVE);
        syntheticType = types.code(V8NodeType.SYNTHETIC);
        long m = graph.outStart().get(n);
        if (m > Integer.MAX_VALUE - 8) throw new IllegalStateException("more than 2^31 references: " + m);
        progress.phase("Reading references for the V8 rules", m);
        var targets = CompletableFuture.supplyAsync(() -> graph.outTarget().toArray()); // the largest column, beside the others
        start = FlatColumns.starts(graph.outStart(), n);
        kind = FlatColumns.bytes(graph.outKind(), 0xff);
        type = FlatColumns.bytes(graph.objectType(), V8ObjectTypes.TYPE_MASK);
        sizes = graph.shallowSize().toArray(); // still on this thread while the pool reads the targets
        target = Tasks.join(targets);
    }

    /** The synthetic root: the parser's {@link RootKind#V8_SYNTHETIC_ROOT}, else node 0. */
    static int rootOf(HeapGraph graph) {
        for (GcRoot r : graph.gcRoots()) {
            if (r.kind() == RootKind.V8_SYNTHETIC_ROOT) return r.object();
        }
        return 0;
    }

    private int type(int node) { return type[node] & 0xff; }

    private String name(int node) {
        int id = graph.objectLabel().get(node);
        return id < 0 ? "" : graph.string(id);
    }

    private boolean isSynthetic(int node) { return type(node) == syntheticType; }

    /**
     * The retaining graph of the essential edges, with the nodes' sizes re-attributed first when
     * {@code devtoolsSizes}. Consumes this instance's arrays (call once). O(objects + references).
     *
     * <p>Essential edges: not weak, not a self edge, not a shortcut unless from the root, not from a
     * node that is not page-owned into a page-owned one (unless from the root), and not the table's
     * half of a WeakMap entry. Edges into GC roots are left out, as for every format. The weak edges,
     * and the shortcuts from any node but 0, go to {@code weak} on the way (the reachability classes
     * follow them), so the index's references are not read a second time. The loops are kept apart
     * in small methods: compiling one large method took the JIT seconds.
     */
    RetainingGraph retainingGraph(int[] roots, boolean devtoolsSizes, WeakEdges.Part weak) {
        // the size owners and the page-owned flood only read the arrays: one runs on the common pool
        progress.phase("Marking page-owned nodes and size owners", n);
        var owners = CompletableFuture.runAsync(() -> {
            if (devtoolsSizes) moveOwnedSizes(sizes);
        });
        long[] pageOwned = pageOwnedNodes();
        long[] tableHalves = weakMapTableHalves();
        Tasks.join(owners);
        long[] isRoot = new long[(n + 63) >>> 6];
        for (int r : roots) set(isRoot, r);
        progress.phase("Selecting essential edges", n);
        int kept = 0;
        int begin = start[0];
        for (int s = 0; s < n; s++) {
            if ((s & 0xffff) == 0) progress.checkCanceled();
            int end = start[s + 1];
            start[s] = kept; // rows are compacted in place: row s starts where the kept edges of s - 1 ended
            boolean fromRoot = s == root, ownedSource = isSet(pageOwned, s);
            for (int p = begin; p < end; p++) {
                int t = target[p];
                byte k = kind[p];
                // its weak edges, and shortcut edges (which DevTools follows only from node 0), for the reachability classes
                if ((k == WEAK || (k == SHORTCUT && s != 0)) && s != t) weak.add(s, t, k);
                if (k == WEAK || t == s || isSet(isRoot, t)) continue;
                if (!fromRoot && (k == SHORTCUT || (!ownedSource && isSet(pageOwned, t)))) continue;
                if (k == INTERNAL && isSet(tableHalves, p)) continue;
                target[kept++] = t;
            }
            begin = end;
        }
        start[n] = kept;
        kind = null;
        int[] rows = start, retaining = Arrays.copyOf(target, kept);
        start = null;
        target = null;
        return new RetainingGraph(n, IntArray.of(rows), IntArray.of(retaining), roots, LongArray.of(sizes),
                n > 0 ? root : -1, WorkArrays.heap());
    }

    /**
     * Bit set over reference positions: the internal edges that are the table's half of a WeakMap
     * entry (named after a table whose node id is the edge's source). One pass over the names of
     * internal edges collects the distinct names, which are then matched once each in string id order
     * (the string table read front to back, not at random); a name too short to be such a name is not
     * decoded. Only the rows of the tables those names point at are then read again.
     */
    private long[] weakMapTableHalves() {
        long[] halves = new long[(target.length + 63) >>> 6];
        IntColumn names = graph.outName();
        int[] name = new int[CHUNK];
        long[] namesSeen = internalEdgeNames(names, name);
        var weakMapTable = new Int2LongOpenHashMap(); // name id -> the table's node id it names
        weakMapTable.defaultReturnValue(NOT_WEAK_MAP);
        var tables = new LongOpenHashSet();
        for (int w = 0; w < namesSeen.length; w++) {
            for (long bits = namesSeen[w]; bits != 0; bits &= bits - 1) {
                int nameId = (w << 6) + Long.numberOfTrailingZeros(bits);
                if (graph.stringUtf8Length(nameId) < WeakMapEdgeName.SHORTEST) continue;
                long id = WeakMapEdgeName.tableId(graph.string(nameId));
                if (id != WeakMapEdgeName.NONE) {
                    weakMapTable.put(nameId, id);
                    tables.add(id);
                }
            }
        }
        if (!tables.isEmpty()) markTableHalves(new RowBuffer(names), weakMapTable, tables, halves);
        return halves;
    }

    // the loops of the WeakMap step are methods of their own: each is compiled alone when it gets hot
    // (an on-stack replacement of the whole step compiled all of it for its first loop)

    /** The names of the internal edges, as bits by string id; {@code name} is a reused chunk buffer. */
    private long[] internalEdgeNames(IntColumn names, int[] name) {
        int strings = graph.stringCount();
        long[] namesSeen = new long[(strings + 63) >>> 6]; // bits by string id
        int nameFrom = 0, nameTo = 0; // names[nameFrom, nameTo) are in name[]
        for (int p = 0; p < target.length; p++) {
            if (kind[p] != INTERNAL) continue;
            if (p >= nameTo) {
                nameFrom = p;
                nameTo = Math.min(p + CHUNK, target.length);
                names.copyTo(p, name, 0, nameTo - nameFrom);
            }
            int nm = name[p - nameFrom];
            if (nm >= 0 && nm < strings) set(namesSeen, nm);
        }
        return namesSeen;
    }

    /** In the rows of the WeakMap tables, the internal edges whose name names that table: the table's halves. */
    private void markTableHalves(RowBuffer rowNames, Int2LongOpenHashMap weakMapTable, LongOpenHashSet tables, long[] halves) {
        LongColumn identity = graph.identity();
        long[] ids = new long[CHUNK];
        for (int from = 0; from < n; from += CHUNK) {
            int count = Math.min(CHUNK, n - from);
            identity.copyTo(from, ids, 0, count);
            for (int i = 0; i < count; i++) {
                if (!tables.contains(ids[i])) continue;
                int s = from + i, begin = start[s], end = start[s + 1];
                int[] row = rowNames.copy(begin, end - begin);
                for (int p = begin; p < end; p++) {
                    if (kind[p] == INTERNAL && weakMapTable.get(row[p - begin]) == ids[i]) set(halves, p);
                }
            }
        }
    }

    /** Nodes reachable over non-weak edges from the root's shortcut targets and the DOM trees root. */
    long[] pageOwnedNodes() {
        long[] owned = new long[(n + 63) >>> 6];
        if (n == 0) return owned;
        int[] stack = new int[n];
        int sp = 0;
        for (int p = start[root], end = start[root + 1]; p < end; p++) {
            int t = target[p];
            boolean begin = kind[p] == SHORTCUT || (kind[p] == ELEMENT && isSynthetic(t) && DOM_TREES.equals(name(t)));
            if (begin && !isSet(owned, t)) { // DevTools may push a node twice here; the flood result is the same
                set(owned, t);
                stack[sp++] = t;
            }
        }
        long visited = 0;
        while (sp > 0) {
            if ((++visited & 0xffff) == 0) progress.checkCanceled();
            int v = stack[--sp];
            for (int p = start[v], end = start[v + 1]; p < end; p++) {
                int t = target[p];
                if (isSet(owned, t) || kind[p] == WEAK) continue;
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
        int[] owner = new int[n];
        var work = new IntArrayList(n);
        initialOwners(owner, work);
        spreadOwners(owner, work);
        moveToOwners(owner, sizes);
    }

    // the loops of moveOwnedSizes are methods of their own: each is compiled alone when it gets hot (an
    // on-stack replacement of the whole method compiled all of it, once per loop)
    private static final int UNVISITED = -1, MULTIPLE = -2;

    /** Nodes of the owned types start unvisited; every other node owns itself and starts the spread. */
    private void initialOwners(int[] owner, IntArrayList work) {
        var externalStringData = new ExternalStringData();
        for (int i = 0; i < n; i++) {
            if (isOwnedType(i, externalStringData)) {
                owner[i] = UNVISITED;
            } else {
                owner[i] = i;
                work.add(i);
            }
        }
    }

    /** Spreads owners over non-weak edges; a node two owners reach gets MULTIPLE. */
    private void spreadOwners(int[] owner, IntArrayList work) {
        long steps = 0;
        while (!work.isEmpty()) {
            if ((++steps & 0xffff) == 0) progress.checkCanceled();
            int v = work.popInt();
            int o = owner[v];
            for (int p = start[v], end = start[v + 1]; p < end; p++) {
                if (kind[p] == WEAK) continue;
                int t = target[p];
                int current = owner[t];
                if (current == UNVISITED) {
                    owner[t] = o;
                    work.add(t);
                } else if (current != t && current != o && current != MULTIPLE) {
                    owner[t] = MULTIPLE;
                    work.add(t);
                }
            }
        }
    }

    /** Moves each owned node's size to its single owner (not the root, not a synthetic node). */
    private void moveToOwners(int[] owner, long[] sizes) {
        for (int i = 0; i < n; i++) {
            int o = owner[i];
            if (o < 0 || o == i || o == root || isSynthetic(o)) continue;
            sizes[o] += sizes[i];
            sizes[i] = 0;
        }
    }

    /** Which node names are {@code system / ExternalStringData}, by label id, asked once per label. */
    private final class ExternalStringData {
        private final Int2BooleanOpenHashMap known = new Int2BooleanOpenHashMap();

        boolean is(int node) {
            int label = graph.objectLabel().get(node);
            if (label < 0) return false;
            if (!known.containsKey(label)) known.put(label, EXTERNAL_STRING_DATA.equals(graph.string(label)));
            return known.get(label);
        }
    }

    private boolean isOwnedType(int node, ExternalStringData externalStringData) {
        int t = type(node);
        return t == hiddenType || t == arrayType || (t == nativeType && externalStringData.is(node));
    }

    private boolean hasUserRoots() {
        for (int p = start[root], end = start[root + 1]; p < end; p++) {
            if (!isSynthetic(target[p])) return true;
        }
        return false;
    }

    private static boolean isSet(long[] bits, int i) { return (bits[i >>> 6] & (1L << i)) != 0; }

    private static void set(long[] bits, int i) { bits[i >>> 6] |= 1L << i; }
}
