package org.polyheap.parser.v8;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.polyheap.model.ClassInfo;
import org.polyheap.model.format.V8NodeType;

import it.unimi.dsi.fastutil.ints.Int2ObjectOpenHashMap;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.longs.Long2IntOpenHashMap;

/**
 * Groups nodes into the classes of DevTools' Summary view (its {@code calculateObjectNames},
 * interface inference and class key). A class is a name plus, for {@code object} nodes with a
 * source location, that location ({@code "scriptId,line,column"}, 0-based) in
 * {@link ClassInfo#library()}: DevTools shows same-named constructors from different places as
 * separate rows. Single-threaded; cost linear in nodes.
 */
final class SummaryClasses {
    private record Key(String name, String location) {
        // written out: the generated ones are linked at first use, ~17 ms of a first open's main thread
        @Override public boolean equals(Object o) { return o instanceof Key k && name.equals(k.name) && location.equals(k.location); }

        @Override public int hashCode() { return 31 * name.hashCode() + location.hashCode(); }
    }

    /** The classes met so far, by id; {@link #classOf} appends. */
    final List<ClassInfo> classes = new ArrayList<>();
    private final Map<Key, Integer> ids = new HashMap<>();
    private final SnapshotMeta meta;
    private final NodeTable nodes;
    private final List<String> strings;
    private final Locations locations;
    private final int[] entryOfNode;
    private final byte[] domState;
    private final int[] plainNodes;
    private final String[] interfaces;
    private final int objectType, nativeType;
    private final boolean hasDetachedness;
    // each distinct (script, line, column) of an object node gets a dense place id and its text once:
    // script -> (line << 32 | column) -> place
    private final Int2ObjectOpenHashMap<Long2IntOpenHashMap> places = new Int2ObjectOpenHashMap<>();
    private final List<String> placeText = new ArrayList<>();
    private int lastEntry = -1, lastPlace = -1;
    private final int[] byType;
    // (name string id, place + 1 or 0, detached) -> class id, in front of the by-text map
    private final Long2IntOpenHashMap byName = new Long2IntOpenHashMap();
    private int plainCursor;
    private int next;

    /**
     * @param entryOfNode per node its location entry or -1 ({@link Locations#entryOfNode})
     * @param domState   per node DOM state after {@link DomState#propagate} (native detached nodes get "Detached ")
     * @param plainNodes plain objects, ascending ({@link #plainObjects})
     * @param interfaces per plain object, the interface name or null
     */
    SummaryClasses(SnapshotMeta meta, NodeTable nodes, List<String> strings, Locations locations, int[] entryOfNode,
            byte[] domState, int[] plainNodes, String[] interfaces) {
        this.meta = meta;
        this.nodes = nodes;
        this.strings = strings;
        this.locations = locations;
        this.entryOfNode = entryOfNode;
        this.domState = domState;
        this.plainNodes = plainNodes;
        this.interfaces = interfaces;
        objectType = meta.nodeType("object");
        nativeType = meta.nodeType("native");
        hasDetachedness = meta.nodeField("detachedness") >= 0;
        byType = new int[meta.nodeTypes().size()];
        java.util.Arrays.fill(byType, -1);
        byName.defaultReturnValue(-1);
    }

    /** Ordinals of plain objects ({@code object} nodes named {@code Object}), ascending. */
    static int[] plainObjects(SnapshotMeta meta, NodeTable nodes, List<String> strings) {
        int objectType = meta.nodeType("object");
        long[] named = new long[(strings.size() + 63) >>> 6]; // by string id: the text is "Object" (one id, unless duplicated)
        for (int id = 0; id < strings.size(); id++) {
            if (strings.get(id).equals("Object")) named[id >>> 6] |= 1L << id;
        }
        var plain = new IntArrayList();
        for (int i = 0; i < nodes.count; i++) {
            int name = nodes.name[i];
            if (nodes.type[i] == objectType && (named[name >>> 6] & 1L << name) != 0) plain.add(i);
        }
        return plain.toIntArray();
    }

    /**
     * The class id of node {@code i}; call for the nodes in order (0, 1, 2...). A class met for the
     * first time is appended to {@link #classes}. Amortized O(1): no per-node memory is kept.
     */
    int classOf(int i) {
        if (i != next++) throw new IllegalStateException("nodes out of order: " + i);
        int type = nodes.type[i];
        String interfaceName = null;
        if (plainCursor < plainNodes.length && plainNodes[plainCursor] == i) interfaceName = interfaces[plainCursor++];
        if (type != objectType && type != nativeType) {
            int id = byType[type];
            return id >= 0 ? id : (byType[type] = id(V8NodeType.summaryClass(meta.nodeTypes().get(type)), ""));
        }
        int place = type == objectType ? place(entryOfNode[i]) : -1;
        boolean detached = type == nativeType && hasDetachedness && domState[i] == DomState.DETACHED;
        String location = place < 0 ? "" : placeText.get(place);
        if (interfaceName != null) return id(interfaceName, location);
        long key = (long) nodes.name[i] << 32 | (long) (place + 1) << 1 | (detached ? 1 : 0);
        int id = byName.get(key);
        if (id < 0) {
            id = id(objectName(strings.get(nodes.name[i]), detached), location);
            byName.put(key, id);
        }
        return id;
    }

    /** The dense id of a location entry's (script, line, column), -1 for no entry; its text "script,line,column" is kept once. */
    private int place(int entry) {
        if (entry < 0) return -1;
        if (entry == lastEntry) return lastPlace;
        int script = locations.script.getInt(entry), line = locations.line.getInt(entry), column = locations.column.getInt(entry);
        var byPosition = places.get(script);
        if (byPosition == null) {
            byPosition = new Long2IntOpenHashMap();
            byPosition.defaultReturnValue(-1);
            places.put(script, byPosition);
        }
        long position = (long) line << 32 | (column & 0xFFFF_FFFFL);
        int place = byPosition.get(position);
        if (place < 0) {
            place = placeText.size();
            placeText.add(script + "," + line + "," + column);
            byPosition.put(position, place);
        }
        lastEntry = entry;
        lastPlace = place;
        return place;
    }

    private int id(String name, String location) {
        return ids.computeIfAbsent(new Key(name, location), k -> {
            classes.add(new ClassInfo(k.name(), -1, -1, -1, k.location(), -1, List.of()));
            return classes.size() - 1;
        });
    }

    /** Class of an object or native node: its name, HTML-like names cut to the tag. */
    static String objectName(String name, boolean renamedDetached) {
        if (renamedDetached) name = "Detached " + name;
        if (name.startsWith("<")) {
            int space = name.indexOf(' ');
            return space < 0 ? name : name.substring(0, space) + ">";
        }
        if (name.startsWith("Detached <")) {
            int space = name.indexOf(' ', 10);
            return space < 0 ? name : name.substring(0, space) + ">";
        }
        return name;
    }
}
