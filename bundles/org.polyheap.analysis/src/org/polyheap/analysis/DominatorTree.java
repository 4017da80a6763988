package org.polyheap.analysis;

import java.util.concurrent.CompletableFuture;
import java.util.stream.IntStream;

import org.polyheap.model.IntColumn;
import org.polyheap.model.LongColumn;
import org.polyheap.model.Progress;
import org.polyheap.model.Tasks;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.ints.IntArrays;
import it.unimi.dsi.fastutil.ints.IntComparator;

/**
 * The dominator tree of a {@link RetainingGraph} with retained sizes, as columns: heap or mapped
 * working arrays when just computed, or the mapped result columns of the index store when read back
 * ({@link DominatorTreeStore}), so reopening a snapshot reads nothing until a value is asked for.
 * Object ids are the graph's; the virtual root above all GC roots has no id. After the objects come the
 * reachability group nodes ({@link #isGroup}, {@link ReachabilityGroups}): one per class of objects that no
 * retaining path from a GC root reaches ("only softly reachable", ..., "unreachable"), each a child of the
 * virtual root holding its class's objects, so every object of the snapshot is in the tree and the root
 * retains every byte ({@link #totalBytes}).
 *
 * <ul>
 * <li>{@link #dominator()}: node → immediate dominator, {@link #VIRTUAL_ROOT} (-1) for the GC roots
 *     and the group nodes (for V8 nothing else: node 0 is the only root and DevTools' rules hang the rest
 *     under it), {@link #UNREACHABLE} (-2) only for a node no rule places (none with the shipped rules).</li>
 * <li>{@link #retained()}: node → retained size; a group node retains what its objects retain together.</li>
 * <li>{@link #dominatedStart()} / {@link #dominatedChildren()}: the tree in compressed sparse rows, MAT's
 *     layout: row 0 = children of the virtual root, row k + 1 = children of node k, each row sorted by
 *     retained size descending (ties by id ascending); in row 0 the reachability group nodes come last, in class order.</li>
 * </ul>
 * Each object's {@link Reachability} class is a column of its own ({@link #reachability()}); the
 * {@link Totals} count objects and bytes per class.
 *
 * <p>Immutable; thread-safe. Single values cost a column read (an array access, or a page lookup for
 * stored columns); {@link #walk()} gives plain arrays for whole-tree walks.
 */
public final class DominatorTree {
    public static final int VIRTUAL_ROOT = -1;
    public static final int UNREACHABLE = -2;

    private final IntColumn dominator;
    private final LongColumn retained;
    private final LongColumn shallow;
    private final LongColumn dominatedStart;
    private final IntColumn dominatedChildren;
    private final IntColumn reachability;
    private final Reachability[] groups;
    private final int objectCount;
    private final Totals totals;
    private volatile int[] unreachable;

    /**
     * What a tree sums up, so a stored tree need not be read to answer it: per {@link Reachability}
     * class (by ordinal) the number of objects and the sum of their sizes. Together they are the whole
     * snapshot.
     */
    public record Totals(long[] objects, long[] bytes) {
        public Totals {
            int k = Reachability.values().length;
            if (objects.length != k || bytes.length != k) throw new IllegalArgumentException("a total per reachability class");
            objects = objects.clone();
            bytes = bytes.clone();
        }

        public long objects(Reachability r) { return objects[r.ordinal()]; }

        public long bytes(Reachability r) { return bytes[r.ordinal()]; }

        public long allObjects() { return java.util.Arrays.stream(objects).sum(); }

        public long allBytes() { return java.util.Arrays.stream(bytes).sum(); }

        @Override public long[] objects() { return objects.clone(); }

        @Override public long[] bytes() { return bytes.clone(); }

        @Override public boolean equals(Object o) {
            return o instanceof Totals t && java.util.Arrays.equals(objects, t.objects) && java.util.Arrays.equals(bytes, t.bytes);
        }

        @Override public int hashCode() { return 31 * java.util.Arrays.hashCode(objects) + java.util.Arrays.hashCode(bytes); }

        @Override public String toString() {
            return "Totals" + java.util.Arrays.toString(objects) + java.util.Arrays.toString(bytes);
        }
    }

    private DominatorTree(IntColumn dominator, LongColumn retained, LongColumn shallow, LongColumn dominatedStart,
            IntColumn dominatedChildren, IntColumn reachability, Reachability[] groups, Totals totals) {
        int nodes = Math.toIntExact(dominator.size());
        if (retained.size() != nodes || shallow.size() != nodes || dominatedStart.size() != nodes + 2L
                || dominatedStart.get(nodes + 1L) != dominatedChildren.size()
                || reachability.size() != nodes - groups.length) {
            throw new IllegalArgumentException("dominator tree columns do not fit together");
        }
        this.dominator = dominator;
        this.retained = retained;
        this.shallow = shallow;
        this.dominatedStart = dominatedStart;
        this.dominatedChildren = dominatedChildren;
        this.reachability = reachability;
        this.groups = groups.clone();
        this.objectCount = nodes - groups.length;
        this.totals = totals;
    }

    /**
     * Computes dominators and retained sizes with the arrays in the graph's {@link WorkArrays} (heap or
     * mapped). Cost: O(references · log objects) time, single-threaded but for the final row sort
     * (common fork-join pool); memory 24 bytes per object plus 4 per retaining reference while computing
     * dominators (released at the end); the result keeps 20 bytes per object (dominator, retained, row
     * starts, children) besides the graph's sizes and a byte per object for the reachability classes.
     * The graph's group vertices ({@link ReachabilityGroups}) become nodes of the tree after the objects.
     * Cancellable through {@code progress}; never call on the UI thread.
     */
    public static DominatorTree compute(RetainingGraph g, Progress progress) {
        WorkArrays work = g.work();
        int n = g.vertexCount(), objects = g.objectCount();
        try (var scratch = work.scratch()) {
            var r = SemiNca.run(g, scratch, progress);
            int count = r.count();
            IntArray vertex = r.vertex(), idom = r.idom();
            r = null;
            IntArray dom = work.ints(n); // node → immediate dominator node
            dominatorsByNode(dom, vertex, idom, count);
            idom = null; // from here the tree is dom; vertex still gives the order
            LongArray shallow = g.shallow();
            progress.phase("Computing retained sizes", count);
            LongArray retained = work.longs(n);
            long[] classObjects = new long[Reachability.values().length], classBytes = new long[classObjects.length];
            byte[] classes = g.reachability(); // V8: found beside the pass above, joined here
            if (classes == null) classes = strongOrUnreachable(dom, objects); // a graph built without classification (tests of the pass alone)
            ownSizes(shallow, retained, classes, classObjects, classBytes, objects);
            addToDominators(vertex, dom, retained, count);
            vertex = null;
            progress.checkCanceled();
            IntArray start = work.ints(n + 2L);
            IntArray children = work.ints(count - 1L);
            rows(dom, start, children);
            progress.phase("Sorting the dominator tree", n + 1);
            sortRows(start, children, retained, progress);
            groupsLast(start, children, objects);
            return new DominatorTree(dom, retained, new GroupSizes(shallow, n), widen(start), children,
                    new ByteClasses(classes), g.groups(), new Totals(classObjects, classBytes));
        }
    }

    // The loops of compute() are methods of their own: each is compiled alone when it gets hot (an
    // on-stack replacement of one large method compiled all of it, once per loop, with the JIT's queue
    // waiting behind it)

    /** Node → immediate dominator node (or UNREACHABLE / VIRTUAL_ROOT) from the pass's number space. */
    private static void dominatorsByNode(IntArray dom, IntArray vertex, IntArray idom, int count) {
        dom.fill(UNREACHABLE);
        for (int i = 1; i < count; i++) {
            int d = idom.get(i);
            dom.set(vertex.get(i), d == 0 ? VIRTUAL_ROOT : vertex.get(d));
        }
    }

    /** Classes when the graph has none: strong where the tree reaches, else unreachable. */
    private static byte[] strongOrUnreachable(IntArray dom, int objects) {
        byte[] classes = new byte[objects];
        for (int o = 0; o < objects; o++) {
            classes[o] = (byte) (dom.get(o) == UNREACHABLE ? Reachability.UNREACHABLE : Reachability.STRONG).ordinal();
        }
        return classes;
    }

    /** Each object's retained size starts at its own; the classes' totals on the way. */
    private static void ownSizes(LongArray shallow, LongArray retained, byte[] classes, long[] classObjects,
            long[] classBytes, int objects) {
        for (int o = 0; o < objects; o++) {
            long size = shallow.get(o);
            retained.set(o, size);
            int c = classes[o];
            classObjects[c]++;
            classBytes[c] = Math.addExact(classBytes[c], size);
        }
    }

    /** Adds each node's retained size to its dominator's, in reverse preorder: every child before its dominator. */
    private static void addToDominators(IntArray vertex, IntArray dom, LongArray retained, int count) {
        for (int i = count - 1; i >= 1; i--) {
            int o = vertex.get(i);
            int d = dom.get(o);
            if (d >= 0) retained.add(d, retained.get(o));
        }
    }

    /**
     * Moves the group nodes to the end of the virtual root's row, in class order (soft before weak ...
     * before unreachable: their ids' order), so the top level reads: the objects, biggest first, then
     * the reachability groups.
     */
    private static void groupsLast(IntArray start, IntArray children, int objects) {
        int from = start.get(0), to = start.get(1);
        int[] row = new int[to - from];
        children.copyTo(from, row, 0, row.length);
        int at = from;
        for (int c : row) if (c < objects) children.set(at++, c);
        int[] groups = java.util.Arrays.stream(row).filter(c -> c >= objects).sorted().toArray();
        for (int c : groups) children.set(at++, c);
    }

    /** The classes as the column the store writes: a byte per object. */
    private record ByteClasses(byte[] classes) implements IntColumn {
        @Override public long size() { return classes.length; }
        @Override public int get(long index) { return classes[Math.toIntExact(index)]; }
    }

    /** The objects' sizes, then 0 for each group vertex: the shallow column of the tree's nodes. */
    private record GroupSizes(LongArray objects, long nodes) implements LongColumn {
        @Override public long size() { return nodes; }
        @Override public long get(long index) {
            java.util.Objects.checkIndex(index, nodes);
            return index < objects.size() ? objects.get(index) : 0; // a group node has no size of its own
        }
        @Override public void copyTo(long from, long[] target, int offset, int length) {
            int inObjects = (int) Math.max(0, Math.min(length, objects.size() - from));
            if (inObjects > 0) objects.copyTo(from, target, offset, inObjects);
            java.util.Arrays.fill(target, offset + inObjects, offset + length, 0L);
        }
    }

    /** Children rows by dominator: row 0 = virtual root, row o + 1 = object o (unsorted). */
    private static void rows(IntArray dom, IntArray start, IntArray children) {
        int n = Math.toIntExact(dom.size());
        for (int o = 0; o < n; o++) {
            int d = dom.get(o);
            if (d != UNREACHABLE) start.add(d + 2, 1);
        }
        int sum = 0;
        for (int i = 0; i <= n + 1; i++) start.set(i, sum += start.get(i));
        for (int o = 0; o < n; o++) {
            int d = dom.get(o);
            if (d != UNREACHABLE) children.set(start.add(d + 2, -1), o); // fills each row from its end
        }
        start.copyWithin(1, 0, n + 1L); // start[row + 1] held row's start
        start.set(n + 1L, (int) children.size());
    }

    /**
     * A tree from stored columns with known totals: O(1), nothing is read. The columns must be what
     * {@link #compute} produced (e.g. the index store's result columns).
     *
     * @throws IllegalArgumentException when the column lengths do not fit together
     */
    public static DominatorTree of(IntColumn dominator, LongColumn retained, LongColumn shallow,
            LongColumn dominatedStart, IntColumn dominatedChildren, IntColumn reachability, Reachability[] groups,
            Totals totals) {
        return new DominatorTree(dominator, retained, shallow, dominatedStart, dominatedChildren, reachability, groups,
                totals);
    }

    /** A tree from stored columns whose totals are recomputed: one sequential read of two columns, O(objects). */
    public static DominatorTree restore(IntColumn dominator, LongColumn retained, LongColumn shallow,
            LongColumn dominatedStart, IntColumn dominatedChildren, IntColumn reachability, Reachability[] groups) {
        int n = Math.toIntExact(reachability.size());
        if (shallow.size() < n) throw new IllegalArgumentException("dominator tree columns do not fit together");
        long[] objects = new long[Reachability.values().length], bytes = new long[objects.length];
        int[] cls = new int[1 << 14];
        for (int at = 0; at < n; at += cls.length) {
            int len = Math.min(cls.length, n - at);
            reachability.copyTo(at, cls, 0, len);
            for (int i = 0; i < len; i++) {
                objects[cls[i]]++;
                bytes[cls[i]] += shallow.get(at + i);
            }
        }
        return new DominatorTree(dominator, retained, shallow, dominatedStart, dominatedChildren, reachability, groups,
                new Totals(objects, bytes));
    }

    private static LongColumn widen(IntArray start) { return new IntRowStarts(start); }

    /** Int row starts seen as the long column the store and {@link #dominatedStart} use (4 bytes per object, not 8). */
    private record IntRowStarts(IntArray ints) implements LongColumn {
        @Override public long size() { return ints.size(); }
        @Override public long get(long index) { return ints.get(index); }
    }

    private static final int ROWS_PER_TASK = 1 << 16;
    private static final int BIG_ROW = 1 << 16;
    private static final int SHORT_ROW = 12;

    /**
     * Sorts every row by retained size descending, ties by id. Rows are independent, so blocks of rows
     * go to the common fork-join pool; short rows are sorted in place by insertion, longer ones as
     * packed keys (retained size and id in one long, see {@link RowKeys}) by the JDK's primitive sort,
     * rows of at least {@code BIG_ROW} children (a fan under the virtual root) by its parallel sort, in
     * a pool task of their own that runs beside the blocks. A row whose sizes do not fit a key (a child retaining more than 2^(64 - id bits) bytes) is sorted
     * by a comparator. Package-private for the {@code benchmarks} module's {@code RowSortBenchmark}.
     */
    static void sortRows(IntArray start, IntArray children, LongArray retained, Progress progress) {
        var keys = RowKeys.forNodes(Math.toIntExact(retained.size()));
        int rows = Math.toIntExact(start.size() - 1);
        // the big rows first, on the pool, while the blocks of short rows are sorted beside them (by this
        // thread, and by the pool's threads as they come free): a big row's sort is one thread's work
        // where the pool has a single thread (two cores), which otherwise followed the short rows
        int[] big = bigRows(start, rows);
        var bigSorted = CompletableFuture.runAsync(() -> {
            for (int row : big) {
                progress.checkCanceled();
                int from = start.get(row), length = start.get(row + 1) - from;
                sortRow(children, from, length, new int[length], new long[length], retained, keys, true);
            }
        });
        try {
            IntStream.range(0, (rows + ROWS_PER_TASK - 1) / ROWS_PER_TASK).parallel().forEach(block -> {
                progress.checkCanceled();
                int[] ids = new int[SHORT_ROW];
                long[] packed = new long[SHORT_ROW];
                for (int row = block * ROWS_PER_TASK, end = Math.min(rows, row + ROWS_PER_TASK); row < end; row++) {
                    int from = start.get(row), to = start.get(row + 1), length = to - from;
                    if (length <= 1 || length >= BIG_ROW) continue;
                    if (length <= SHORT_ROW) {
                        sortShortRow(children, from, length, packed, retained, keys);
                    } else {
                        if (ids.length < length) {
                            ids = new int[Integer.highestOneBit(length) * 2];
                            packed = new long[ids.length];
                        }
                        sortRow(children, from, length, ids, packed, retained, keys, false);
                    }
                }
            });
        } finally {
            bigSorted.handle((done, failed) -> null).join(); // never return while it still writes the rows
        }
        Tasks.join(bigSorted);
    }

    /** The rows of at least {@code BIG_ROW} children. */
    private static int[] bigRows(IntArray start, int rows) {
        var big = new IntArrayList();
        for (int row = 0; row < rows; row++) {
            if (start.get(row + 1) - start.get(row) >= BIG_ROW) big.add(row);
        }
        return big.toIntArray();
    }

    private static void sortRow(IntArray children, int from, int length, int[] ids, long[] packed, LongArray retained,
            RowKeys keys, boolean parallel) {
        children.copyTo(from, ids, 0, length);
        boolean fits = true;
        for (int i = 0; i < length && fits; i++) {
            long size = retained.get(ids[i]);
            fits = keys.fits(size);
            packed[i] = keys.key(size, ids[i]);
        }
        if (fits) {
            if (parallel) java.util.Arrays.parallelSort(packed, 0, length);
            else java.util.Arrays.sort(packed, 0, length);
            for (int i = 0; i < length; i++) ids[i] = keys.id(packed[i]);
        } else if (parallel) {
            IntArrays.parallelQuickSort(ids, 0, length, keys.comparator(retained));
        } else {
            IntArrays.quickSort(ids, 0, length, keys.comparator(retained));
        }
        children.copyFrom(ids, 0, from, length);
    }

    /**
     * A child's retained size and id packed into one long whose signed order is the row order
     * (retained descending, id ascending): the id in the low bits (as many as the largest id needs),
     * the retained size's complement above them, the sign bit flipped so signed order is unsigned
     * order. Sorting longs is several times faster than sorting ids through a comparator.
     */
    private record RowKeys(int idBits, long maxRetained) {
        /** Keys for the ids of a tree of {@code nodes} nodes. */
        static RowKeys forNodes(int nodes) {
            int bits = Math.max(1, 32 - Integer.numberOfLeadingZeros(Math.max(1, nodes - 1)));
            return new RowKeys(bits, (1L << (64 - bits)) - 1);
        }

        boolean fits(long retained) { return retained >= 0 && retained <= maxRetained; }

        /** The key of a size that {@link #fits}. */
        long key(long retained, int id) {
            return (((maxRetained - retained) << idBits) | id) ^ Long.MIN_VALUE;
        }

        int id(long key) { return (int) (key & ((1L << idBits) - 1)); }

        IntComparator comparator(LongArray retained) {
            return (a, b) -> {
                int c = Long.compare(retained.get(b), retained.get(a));
                return c != 0 ? c : Integer.compare(a, b);
            };
        }
    }

    /**
     * A short row by insertion sort of its packed keys: each child's retained size is read once (a
     * random read each), not once per comparison.
     */
    private static void sortShortRow(IntArray children, int from, int length, long[] packed, LongArray retained, RowKeys keys) {
        for (int i = 0; i < length; i++) {
            int id = children.get(from + i);
            long size = retained.get(id);
            if (!keys.fits(size)) {
                insertionSort(children, from, from + length, keys.comparator(retained));
                return;
            }
            long key = keys.key(size, id);
            int j = i - 1;
            while (j >= 0 && packed[j] > key) {
                packed[j + 1] = packed[j];
                j--;
            }
            packed[j + 1] = key;
        }
        for (int i = 0; i < length; i++) children.set(from + i, keys.id(packed[i]));
    }

    private static void insertionSort(IntArray a, int from, int to, IntComparator order) {
        for (int i = from + 1; i < to; i++) {
            int x = a.get(i);
            int j = i - 1;
            while (j >= from && order.compare(a.get(j), x) > 0) {
                a.set(j + 1, a.get(j));
                j--;
            }
            a.set(j + 1, x);
        }
    }

    /** Object → immediate dominator, {@link #VIRTUAL_ROOT} or {@link #UNREACHABLE}. */
    public IntColumn dominator() { return dominator; }

    /** Object → retained size in bytes. */
    public LongColumn retained() { return retained; }

    /** Object → the size the retained sizes sum (V8 DevTools mode: after re-attribution). */
    public LongColumn shallow() { return shallow; }

    /** Row starts, length objectCount + 2: row 0 = virtual root, row o + 1 = object o. */
    public LongColumn dominatedStart() { return dominatedStart; }

    /** Row contents: dominated objects sorted by retained size descending. */
    public IntColumn dominatedChildren() { return dominatedChildren; }

    /** The snapshot's objects: nodes 0 to objectCount - 1. */
    public int objectCount() { return objectCount; }

    /** Objects and group nodes: the ids the columns of the tree cover. */
    public int nodeCount() { return (int) dominator.size(); }

    /** True for a synthetic group node ({@link #groupOf}), false for an object. */
    public boolean isGroup(int node) { return node >= objectCount && node < dominator.size(); }

    /** The class whose objects a group node holds. */
    public Reachability groupOf(int node) {
        if (!isGroup(node)) throw new IllegalArgumentException("not a group node: " + node);
        return groups[node - objectCount];
    }

    /** The group node of a class, or -1 when the tree has none (no such objects, or V8). */
    public int groupNode(Reachability r) {
        for (int k = 0; k < groups.length; k++) if (groups[k] == r) return objectCount + k;
        return -1;
    }

    /** The classes that have a group node, in node order. */
    public Reachability[] groups() { return groups.clone(); }

    /** Object → {@link Reachability} code, a column of {@link #objectCount} values. */
    public IntColumn reachability() { return reachability; }

    /** The reachability class of {@code object}. One column read. */
    public Reachability reachabilityOf(int object) { return Reachability.ofCode(reachability.get(object)); }

    /** Immediate dominator of {@code object}; see {@link #dominator()}. One column read. */
    public int dominatorOf(int object) { return dominator.get(object); }

    /** Number of objects {@code object} (or the virtual root, {@link #VIRTUAL_ROOT}) dominates directly. Two column reads. */
    public int childCount(int object) {
        return (int) (dominatedStart.get(object + 2L) - dominatedStart.get(object + 1L));
    }

    /** The {@code index}-th biggest child of {@code object} (or of the virtual root). Two column reads. */
    public int child(int object, int index) {
        return dominatedChildren.get(dominatedStart.get(object + 1L) + java.util.Objects.checkIndex(index, childCount(object)));
    }

    /** Children of {@code object} (or of the virtual root for {@link #VIRTUAL_ROOT}), biggest first. O(children). */
    public int[] children(int object) {
        long from = dominatedStart.get(object + 1L), to = dominatedStart.get(object + 2L);
        int[] a = new int[Math.toIntExact(to - from)];
        dominatedChildren.copyTo(from, a, 0, a.length);
        return a;
    }

    /** Position of {@code child} in the row of {@code parent} (or of the virtual root), or -1. O(row), in chunks. */
    public int indexOfChild(int parent, int child) {
        long from = dominatedStart.get(parent + 1L), to = dominatedStart.get(parent + 2L);
        int[] chunk = new int[(int) Math.min(to - from, 1 << 12)];
        for (long at = from; at < to; at += chunk.length) {
            int len = (int) Math.min(chunk.length, to - at);
            dominatedChildren.copyTo(at, chunk, 0, len);
            for (int i = 0; i < len; i++) if (chunk[i] == child) return (int) (at - from + i);
        }
        return -1;
    }

    /** True when the object has a place in the tree: every object has, unless a rule set leaves some out. */
    public boolean inTree(int object) { return dominator.get(object) != UNREACHABLE; }

    /** Objects of the {@link Reachability#UNREACHABLE} class, ascending. O(objects) on the first call, then cached. */
    public int[] unreachable() {
        int[] u = unreachable;
        if (u == null) {
            u = new int[Math.toIntExact(totals.objects(Reachability.UNREACHABLE))];
            int n = objectCount(), k = 0, code = Reachability.UNREACHABLE.ordinal();
            int[] cls = new int[1 << 14];
            for (int at = 0; at < n && k < u.length; at += cls.length) {
                int len = Math.min(cls.length, n - at);
                reachability.copyTo(at, cls, 0, len);
                for (int i = 0; i < len; i++) if (cls[i] == code) u[k++] = at + i;
            }
            unreachable = u;
        }
        return u;
    }

    /** Strongly reachable objects. */
    public int reachableObjects() { return Math.toIntExact(totals.objects(Reachability.STRONG)); }

    /** Bytes of the strongly reachable objects. */
    public long reachableBytes() { return totals.bytes(Reachability.STRONG); }

    /** Objects of the {@link Reachability#UNREACHABLE} class. */
    public int unreachableObjects() { return Math.toIntExact(totals.objects(Reachability.UNREACHABLE)); }

    public long unreachableBytes() { return totals.bytes(Reachability.UNREACHABLE); }

    /** Every object's size summed: what the virtual root retains, the "heap" of every percentage. */
    public long totalBytes() { return totals.allBytes(); }

    public Totals totals() { return totals; }

    /** True when {@code a} dominates {@code b} (an object dominates itself). O(depth of b). */
    public boolean dominates(int a, int b) {
        for (int x = b; x >= 0; x = dominator.get(x)) {
            if (x == a) return true;
        }
        return false;
    }

    /**
     * The rows and retained sizes as plain arrays, for walks over the whole tree: shared with the tree
     * when it is in heap arrays (read them only), else decoded (20 bytes per object, O(objects)).
     */
    Walk walk() {
        int[] start;
        if (dominatedStart instanceof IntRowStarts b) {
            start = b.ints().array();
        } else {
            long[] wide = dominatedStart.toArray();
            start = new int[wide.length];
            for (int i = 0; i < wide.length; i++) start[i] = (int) wide[i];
        }
        int[] children = dominatedChildren instanceof IntArray a ? a.array() : dominatedChildren.toArray();
        long[] ret = retained instanceof LongArray a ? a.array() : retained.toArray();
        return new Walk(start, children, ret);
    }

    /** See {@link #walk()}: row starts (objectCount + 2), children, retained sizes. */
    record Walk(int[] start, int[] children, long[] retained) { }
}
