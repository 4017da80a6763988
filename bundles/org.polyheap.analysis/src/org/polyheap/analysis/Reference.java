package org.polyheap.analysis;

import java.util.Locale;

import org.polyheap.model.HeapGraph;
import org.polyheap.model.ReferenceKind;

/**
 * One reference of the object graph, resolved for display.
 *
 * @param from     source object
 * @param to       target object
 * @param kind     reference kind
 * @param name     field or property name, {@code [i]} for an indexed slot, or "" when the format gives none
 * @param position the reference's position in the graph's outbound columns
 */
public record Reference(int from, int to, ReferenceKind kind, String name, long position) {

    /** How users see the reference: its name, or its kind ("weak", "element") when it has none. */
    public String label() {
        return name == null || name.isEmpty() ? kind.name().toLowerCase(Locale.ROOT) : name;
    }

    /** Display name of a reference: the string for named kinds, {@code [i]} for indexed ones. O(1). */
    static String nameOf(HeapGraph graph, ReferenceKind kind, int name) {
        if (name < 0) return "";
        return switch (kind) {
            case ELEMENT, HIDDEN -> "[" + name + "]"; // V8 hidden edges carry an index, like elements
            default -> name < graph.stringCount() ? graph.string(name) : "[" + name + "]";
        };
    }
}
