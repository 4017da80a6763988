package org.polyheap.analysis;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.polyheap.model.FieldValue;
import org.polyheap.model.HeapGraph;
import org.polyheap.model.ObjectInspector;
import org.polyheap.model.ReferenceKind;

import it.unimi.dsi.fastutil.ints.IntArrayList;

/**
 * The one home for how the JDK's collections keep their contents: which field of an {@code ArrayList},
 * {@code HashMap}, {@code ConcurrentHashMap}, ... holds the size, the backing array and the entries, as
 * OpenJDK 8 to 25 declare them. Reference fields are followed through the graph's references (no I/O);
 * the int fields (size, count) and an array's length come from the inspector.
 *
 * <p>Not thread-safe (a cache of field names); one instance per graph and inspector. Costs per call below.
 */
public final class JavaCollections {

    /** How a kind of collection stores its contents. */
    public enum Kind {
        /** {@code ArrayList}: {@code elementData} and {@code size}. */
        ARRAY_LIST(true, false),
        /** {@code Vector}, {@code Stack}: {@code elementData} and {@code elementCount}. */
        VECTOR(true, false),
        /** {@code ArrayDeque}: the slots from {@code head} to {@code tail} of {@code elements}, wrapping. */
        ARRAY_DEQUE(true, false),
        /** {@code HashMap}, {@code LinkedHashMap}, {@code WeakHashMap}: {@code table} of chained nodes and {@code size}. */
        HASH_MAP(true, true),
        /** {@code Hashtable}: {@code table} of chained entries and {@code count}. */
        HASHTABLE(true, true),
        /** {@code ConcurrentHashMap}: {@code table} of chains or tree bins; {@code baseCount} plus the counter cells. */
        CONCURRENT_HASH_MAP(true, true),
        /** {@code HashSet}, {@code LinkedHashSet} (field {@code map}), {@code Properties} (JDK 9+, field {@code map}). */
        MAP_BACKED(true, false),
        /** {@code TreeMap}: a red-black tree from {@code root}, {@code size}. */
        TREE_MAP(false, true),
        /** {@code TreeSet}: its navigable map, field {@code m}. */
        TREE_SET(false, false),
        /** {@code LinkedList}: {@code first} to {@code last}, {@code size}. */
        LINKED_LIST(false, false),
        /** An array of references: its length is its capacity, its non-null slots its size. */
        OBJECT_ARRAY(true, false);

        private final boolean hasCapacity, isMap;

        Kind(boolean hasCapacity, boolean isMap) {
            this.hasCapacity = hasCapacity;
            this.isMap = isMap;
        }

        /** True when the kind keeps a backing array, so it has a capacity and a fill ratio. */
        public boolean hasCapacity() { return hasCapacity; }

        /** True when its entries have keys and values (a map) rather than elements. */
        public boolean isMap() { return isMap; }

        /** True for hash tables, whose collisions are counted. */
        public boolean isHashed() { return this == HASH_MAP || this == HASHTABLE || this == CONCURRENT_HASH_MAP; }
    }

    /**
     * What one collection holds.
     *
     * @param kind      how it stores its contents
     * @param size      its number of elements or entries, as it counts them
     * @param capacity  slots of its backing array (0 when it has none yet), or -1 for kinds without one
     * @param used      slots of the backing array in use: non-null buckets of a hash table, {@code size} otherwise
     * @param colliding entries in buckets that hold more than one entry (hash tables only, else 0)
     * @param entries   entries found by walking a hash table's buckets (hash tables only, else 0)
     */
    public record Shape(Kind kind, long size, long capacity, long used, long colliding, long entries) {
        /** size ÷ capacity, or NaN without a capacity. */
        public double fillRatio() { return capacity > 0 ? (double) size / capacity : Double.NaN; }
    }

    /**
     * One entry of a collection in iteration order: for maps a key and a value, for lists, sets and
     * arrays an element (as {@code value}, with {@code key} -1). Object ids; -1 for null.
     *
     * @param index the slot of an array-backed list or the position in iteration order
     */
    public record Entry(long index, int key, int value) { }

    private static final Map<String, Kind> BY_CLASS = Map.ofEntries(
            Map.entry("java.util.ArrayList", Kind.ARRAY_LIST), Map.entry("java.util.Vector", Kind.VECTOR),
            Map.entry("java.util.ArrayDeque", Kind.ARRAY_DEQUE), Map.entry("java.util.HashMap", Kind.HASH_MAP),
            Map.entry("java.util.WeakHashMap", Kind.HASH_MAP), Map.entry("java.util.Hashtable", Kind.HASHTABLE),
            Map.entry("java.util.concurrent.ConcurrentHashMap", Kind.CONCURRENT_HASH_MAP),
            Map.entry("java.util.HashSet", Kind.MAP_BACKED), Map.entry("java.util.Properties", Kind.MAP_BACKED),
            Map.entry("java.util.TreeMap", Kind.TREE_MAP), Map.entry("java.util.TreeSet", Kind.TREE_SET),
            Map.entry("java.util.LinkedList", Kind.LINKED_LIST));
    private static final String TREE_BIN = "java.util.concurrent.ConcurrentHashMap$TreeBin";

    private final HeapGraph graph;
    private final ObjectInspector inspector;
    private final Kind[] kindOfClass;
    private final Map<String, Integer> stringIds = new HashMap<>();

    /** Cost: O(classes × depth of their super classes). */
    public JavaCollections(HeapGraph graph, ObjectInspector inspector) {
        this.graph = graph;
        this.inspector = inspector;
        var classes = graph.classes();
        kindOfClass = new Kind[classes.size()];
        for (int c = 0; c < kindOfClass.length; c++) kindOfClass[c] = kindOf(classes, c);
    }

    private static Kind kindOf(List<org.polyheap.model.ClassInfo> classes, int c) {
        String name = classes.get(c).name();
        if (name.endsWith("[]")) {
            return isPrimitiveArrayClass(name) ? null : Kind.OBJECT_ARRAY;
        }
        // the nearest JDK class up the chain: LinkedHashMap is a HashMap, Properties is itself (JDK 9+)
        for (int k = c, depth = 0; k >= 0 && depth < 64; k = classes.get(k).superClass(), depth++) {
            Kind kind = BY_CLASS.get(classes.get(k).name());
            if (kind != null) return kind;
        }
        return null;
    }

    /** True for {@code int[]}, {@code byte[]}, ...: one dimension of a primitive type. */
    public static boolean isPrimitiveArrayClass(String name) {
        return switch (name) {
            case "boolean[]", "char[]", "float[]", "double[]", "byte[]", "short[]", "int[]", "long[]" -> true;
            default -> false;
        };
    }

    /** The kind of objects of a class, or null when they are no collection this class knows. O(1). */
    public Kind kindOfClass(int classId) { return kindOfClass[classId]; }

    /** The kind of an object, or null. O(1). */
    public Kind kind(int object) { return kindOfClass[graph.objectClass().get(object)]; }

    /**
     * What a collection holds; null when the object is no collection this class knows. Cost: one or
     * two inspector reads (its fields, its array's length; a ConcurrentHashMap's counter cells), plus
     * for hash tables a walk of the buckets' chains through the graph.
     */
    public Shape shape(int object) throws IOException {
        Kind kind = kind(object);
        if (kind == null) return null;
        return switch (kind) {
            case OBJECT_ARRAY -> {
                long length = inspector.arrayLength(object).orElse(0);
                long used = countElements(object);
                yield new Shape(kind, used, length, used, 0, 0);
            }
            case ARRAY_LIST, VECTOR -> {
                var f = fields(object);
                long size = number(f, kind == Kind.VECTOR ? "elementCount" : "size");
                yield new Shape(kind, size, length(ref(f, "elementData")), size, 0, 0);
            }
            case ARRAY_DEQUE -> {
                var f = fields(object);
                long capacity = length(ref(f, "elements"));
                long head = number(f, "head"), tail = number(f, "tail");
                long size = capacity == 0 ? 0 : Math.floorMod(tail - head, capacity);
                yield new Shape(kind, size, capacity, size, 0, 0);
            }
            case HASH_MAP, HASHTABLE, CONCURRENT_HASH_MAP -> hashed(kind, object);
            case MAP_BACKED, TREE_SET -> {
                int map = ref(fields(object), kind == Kind.TREE_SET ? "m" : "map");
                Shape inner = map < 0 ? null : shape(map);
                yield inner == null ? new Shape(kind, 0, kind.hasCapacity() ? 0 : -1, 0, 0, 0)
                        : new Shape(kind, inner.size(), inner.capacity(), inner.used(), inner.colliding(), inner.entries());
            }
            case TREE_MAP, LINKED_LIST -> new Shape(kind, number(fields(object), "size"), -1, 0, 0, 0);
        };
    }

    private Shape hashed(Kind kind, int object) throws IOException {
        var f = fields(object);
        int table = ref(f, "table");
        long size = switch (kind) {
            case HASHTABLE -> number(f, "count");
            case CONCURRENT_HASH_MAP -> {
                long n = number(f, "baseCount");
                int cells = ref(f, "counterCells");
                if (cells >= 0) for (int cell : targets(cells, ReferenceKind.ELEMENT)) n += number(fields(cell), "value");
                yield n;
            }
            default -> number(f, "size");
        };
        if (table < 0) return new Shape(kind, size, 0, 0, 0, 0);
        long used = 0, colliding = 0, entries = 0;
        for (int bucket : targets(table, ReferenceKind.ELEMENT)) {
            int chain = chainLength(bucket);
            if (chain == 0) continue; // a ConcurrentHashMap's forwarding or reservation node
            used++;
            entries += chain;
            if (chain > 1) colliding += chain;
        }
        return new Shape(kind, size, length(table), used, colliding, entries);
    }

    /** Entries in one bucket: the nodes along {@code next}. */
    private int chainLength(int bucket) {
        int n = 0;
        for (int node = firstNode(bucket); node >= 0 && n < graph.objectCount(); node = ref(node, "next")) n++;
        return n;
    }

    /**
     * A bucket's first entry: a ConcurrentHashMap tree bin's {@code first}; none for its forwarding and
     * reservation nodes, which stand in for a bucket only while the map resizes or computes.
     */
    private int firstNode(int bucket) {
        String name = className(bucket);
        if (name.equals(TREE_BIN)) return ref(bucket, "first");
        if (name.endsWith("$ForwardingNode") || name.endsWith("$ReservationNode")) return -1;
        return bucket;
    }

    /**
     * The entries of a collection in its iteration order, at most {@code limit}; empty for objects
     * that are no collection this class knows. Cost: one or two inspector reads, then references only.
     */
    public List<Entry> entries(int object, int limit) throws IOException {
        Kind kind = kind(object);
        var out = new ArrayList<Entry>();
        if (kind == null) return out;
        switch (kind) {
            case OBJECT_ARRAY -> slots(object, Long.MAX_VALUE, 0, limit, out);
            case ARRAY_LIST, VECTOR -> {
                var f = fields(object);
                int data = ref(f, "elementData");
                if (data >= 0) slots(data, number(f, kind == Kind.VECTOR ? "elementCount" : "size"), 0, limit, out);
            }
            case ARRAY_DEQUE -> {
                var f = fields(object);
                int data = ref(f, "elements");
                long capacity = length(data);
                if (capacity > 0) slots(data, Math.floorMod(number(f, "tail") - number(f, "head"), capacity), number(f, "head"), limit, out);
            }
            case HASH_MAP, HASHTABLE, CONCURRENT_HASH_MAP -> {
                int table = ref(fields(object), "table");
                if (table < 0) break;
                for (int bucket : targets(table, ReferenceKind.ELEMENT)) {
                    for (int node = firstNode(bucket); node >= 0 && out.size() < limit; node = ref(node, "next")) {
                        int key = ref(node, "key");
                        if (key < 0) key = ref(node, "referent"); // WeakHashMap's entry is the weak reference to its key
                        int value = ref(node, "value");
                        if (value < 0) value = ref(node, "val");
                        out.add(new Entry(out.size(), key, value));
                    }
                    if (out.size() >= limit) break;
                }
            }
            case MAP_BACKED, TREE_SET -> {
                int map = ref(fields(object), kind == Kind.TREE_SET ? "m" : "map");
                if (map < 0) break;
                boolean isSet = !graph.classes().get(graph.objectClass().get(object)).name().equals("java.util.Properties");
                for (Entry e : entries(map, limit)) out.add(isSet ? new Entry(e.index(), -1, e.key()) : e);
            }
            case TREE_MAP -> {
                // in-order walk with an explicit stack: iteration order is key order
                var stack = new IntArrayList();
                int node = ref(fields(object), "root");
                while ((node >= 0 || !stack.isEmpty()) && out.size() < limit) {
                    while (node >= 0 && stack.size() < graph.objectCount()) {
                        stack.add(node);
                        node = ref(node, "left");
                    }
                    node = stack.popInt();
                    out.add(new Entry(out.size(), ref(node, "key"), ref(node, "value")));
                    node = ref(node, "right");
                }
            }
            case LINKED_LIST -> {
                int node = ref(fields(object), "first");
                for (; node >= 0 && out.size() < limit; node = ref(node, "next")) out.add(new Entry(out.size(), -1, ref(node, "item")));
            }
        }
        return out;
    }

    /** The JDK's views and wrappers of a collection or array, and the field that holds what they wrap. */
    private static final Map<String, String> WRAPPED_BY = Map.of(
            "java.util.Arrays$ArrayList", "a",
            "java.util.ImmutableCollections$ListN", "elements",
            "java.util.ImmutableCollections$SetN", "elements");

    /**
     * What a view or wrapper of the JDK keeps its contents in: {@code Collections.unmodifiableList(...)},
     * {@code synchronizedMap(...)} and their kin (fields {@code c}, {@code list}, {@code m}),
     * {@code Arrays.asList(...)} (its array), {@code List.of(...)} and {@code Set.of(...)} of three or more (their array); followed through wrappers of
     * wrappers. The object itself when it is none. Cost: references only, O(depth of wrapping).
     */
    public int backing(int object) {
        int x = object;
        for (int depth = 0; depth < 16 && x >= 0; depth++) {
            String name = className(x);
            String field = WRAPPED_BY.get(name);
            int inner;
            if (field != null) {
                inner = ref(x, field);
            } else if (name.startsWith("java.util.Collections$Unmodifiable") || name.startsWith("java.util.Collections$Synchronized")
                    || name.startsWith("java.util.Collections$Checked")) {
                inner = ref(x, "list");
                if (inner < 0) inner = ref(x, "c");
                if (inner < 0) inner = ref(x, "m");
            } else {
                return x;
            }
            if (inner < 0) return x;
            x = inner;
        }
        return x;
    }

    /** Non-null slots of an array in iteration order: {@code count} slots from {@code start}, wrapping. */
    private void slots(int array, long count, long start, int limit, List<Entry> out) throws IOException {
        long length = length(array);
        int[] byIndex = new int[(int) Math.min(length, Integer.MAX_VALUE - 8)];
        java.util.Arrays.fill(byIndex, -1);
        long from = graph.outStart().get(array), to = graph.outStart().get(array + 1);
        for (long e = from; e < to; e++) {
            if (graph.outKind().get(e) != ReferenceKind.ELEMENT.code()) continue;
            int slot = graph.outName().get(e);
            if (slot >= 0 && slot < byIndex.length) byIndex[slot] = graph.outTarget().get(e);
        }
        long n = Math.min(count, byIndex.length);
        for (long i = 0; i < n && out.size() < limit; i++) {
            int slot = (int) ((start + i) % Math.max(1, byIndex.length));
            if (byIndex[slot] >= 0) out.add(new Entry(slot, -1, byIndex[slot]));
        }
    }

    private long countElements(int array) {
        long n = 0, from = graph.outStart().get(array), to = graph.outStart().get(array + 1);
        for (long e = from; e < to; e++) if (graph.outKind().get(e) == ReferenceKind.ELEMENT.code()) n++;
        return n;
    }

    private IntArrayList targets(int object, ReferenceKind kind) {
        var out = new IntArrayList();
        long from = graph.outStart().get(object), to = graph.outStart().get(object + 1);
        for (long e = from; e < to; e++) if (graph.outKind().get(e) == kind.code()) out.add(graph.outTarget().get(e));
        return out;
    }

    /** The target of the object's reference field {@code name}, or -1 when null (any reference kind but the class's). */
    private int ref(int object, String name) {
        int id = stringId(name);
        if (id < 0) return -1;
        long from = graph.outStart().get(object), to = graph.outStart().get(object + 1);
        for (long e = from; e < to; e++) {
            int kind = graph.outKind().get(e);
            if (kind != ReferenceKind.ELEMENT.code() && kind != ReferenceKind.CLASS.code() && graph.outName().get(e) == id) {
                return graph.outTarget().get(e);
            }
        }
        return -1;
    }

    /** The string id of a field name in this graph's string table, found once by a scan; -1 when absent. */
    private int stringId(String name) {
        Integer id = stringIds.get(name);
        if (id == null) {
            id = -1;
            for (int s = 0, n = graph.stringCount(); s < n; s++) {
                if (name.equals(graph.string(s))) {
                    id = s;
                    break;
                }
            }
            stringIds.put(name, id);
        }
        return id;
    }

    private String className(int object) { return graph.classes().get(graph.objectClass().get(object)).name(); }

    /** The object's fields by name; a name declared twice keeps the super class's (the JDK class's) value. */
    private Map<String, Object> fields(int object) throws IOException {
        var m = new HashMap<String, Object>();
        for (FieldValue f : inspector.fields(object)) if (!f.isStatic()) m.putIfAbsent(f.name(), f.value());
        return m;
    }

    private static long number(Map<String, Object> fields, String name) {
        return fields.get(name) instanceof Number n ? n.longValue() : 0;
    }

    private static int ref(Map<String, Object> fields, String name) {
        return fields.get(name) instanceof FieldValue.ObjectRef r ? r.objectId() : -1;
    }

    private long length(int array) throws IOException {
        return array < 0 ? 0 : inspector.arrayLength(array).orElse(0);
    }
}
