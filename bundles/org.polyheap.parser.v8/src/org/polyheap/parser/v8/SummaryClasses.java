package org.polyheap.parser.v8;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.polyheap.model.ClassInfo;

import it.unimi.dsi.fastutil.longs.Long2IntOpenHashMap;
import it.unimi.dsi.fastutil.ints.IntArrayList;

/**
 * Groups nodes into the classes of DevTools' Summary view (its {@code calculateObjectNames},
 * interface inference and class key). A class is a name plus, for {@code object} nodes with a
 * source location, that location ({@code "scriptId,line,column"}, 0-based) in
 * {@link ClassInfo#library()}: DevTools shows same-named constructors from different places as
 * separate rows. Single-threaded; cost linear in nodes.
 */
final class SummaryClasses {
    private record Key(String name, String location) { }

    final List<ClassInfo> classes = new ArrayList<>();
    /** Class id per node ordinal. */
    final int[] classOf;
    private final Map<Key, Integer> ids = new HashMap<>();

    private SummaryClasses(int nodes) { classOf = new int[nodes]; }

    /** Ordinals of plain objects ({@code object} nodes named {@code Object}), ascending. */
    static int[] plainObjects(SnapshotMeta meta, NodeTable nodes, List<String> strings) {
        int objectType = meta.nodeType("object");
        var plain = new IntArrayList();
        for (int i = 0; i < nodes.count; i++) {
            if (nodes.type[i] == objectType && strings.get(nodes.name[i]).equals("Object")) plain.add(i);
        }
        return plain.toIntArray();
    }

    /**
     * @param domState  per node DOM state after {@link DomState#propagate} (native detached nodes get "Detached ")
     * @param interfaces per plain object of {@code evidence}, the interface name or null
     */
    static SummaryClasses compute(SnapshotMeta meta, NodeTable nodes, List<String> strings, Locations locations,
            int[] entryOfNode, byte[] domState, int[] plainNodes, String[] interfaces) {
        var s = new SummaryClasses(nodes.count);
        int objectType = meta.nodeType("object"), nativeType = meta.nodeType("native");
        boolean hasDetachedness = meta.nodeField("detachedness") >= 0;
        // each distinct (script, line, column) of an object node gets a dense id and its text once
        record Place(int script, int line, int column) { }
        var places = new HashMap<Place, Integer>();
        var placeText = new ArrayList<String>();
        int[] placeOf = new int[nodes.count];
        for (int i = 0; i < nodes.count; i++) {
            int k = entryOfNode[i];
            placeOf[i] = -1;
            if (k < 0 || nodes.type[i] != objectType) continue;
            var place = new Place(locations.script.getInt(k), locations.line.getInt(k), locations.column.getInt(k));
            Integer id = places.get(place);
            if (id == null) {
                id = placeText.size();
                places.put(place, id);
                placeText.add(place.script() + "," + place.line() + "," + place.column());
            }
            placeOf[i] = id;
        }
        int[] byType = new int[meta.nodeTypes().size()];
        java.util.Arrays.fill(byType, -1);
        // (name string id, place + 1, detached) -> class id, in front of the by-text map
        var byName = new Long2IntOpenHashMap();
        byName.defaultReturnValue(-1);
        int plainCursor = 0;
        for (int i = 0; i < nodes.count; i++) {
            int type = nodes.type[i];
            int place = placeOf[i];
            String interfaceName = null;
            if (plainCursor < plainNodes.length && plainNodes[plainCursor] == i) interfaceName = interfaces[plainCursor++];
            int id;
            if (type == objectType || type == nativeType) {
                boolean detached = type == nativeType && hasDetachedness && domState[i] == DomState.DETACHED;
                String location = place < 0 ? "" : placeText.get(place);
                if (interfaceName != null) {
                    id = s.id(interfaceName, location);
                } else {
                    long key = (long) nodes.name[i] << 32 | (long) (place + 1) << 1 | (detached ? 1 : 0);
                    id = byName.get(key);
                    if (id < 0) {
                        id = s.id(objectName(strings.get(nodes.name[i]), detached), location);
                        byName.put(key, id);
                    }
                }
            } else {
                id = byType[type];
                if (id < 0) id = byType[type] = s.id(typeClassName(meta.nodeTypes().get(type)), "");
            }
            s.classOf[i] = id;
        }
        return s;
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

    /** Class of every other node type, as DevTools names it. */
    static String typeClassName(String type) {
        return switch (type) {
            case "hidden" -> "(system)";
            case "code" -> "(compiled code)";
            case "closure" -> "Function";
            case "regexp" -> "RegExp";
            default -> "(" + type + ")";
        };
    }
}
