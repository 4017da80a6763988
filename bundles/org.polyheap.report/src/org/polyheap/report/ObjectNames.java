package org.polyheap.report;

import org.polyheap.analysis.DominatorTree;
import org.polyheap.analysis.Reachability;
import org.polyheap.model.HeapGraph;
import org.polyheap.model.format.IdSyntax;

/**
 * How every front end names an object: its id as the runtime's own tools write it ({@code 0x7f3a…},
 * {@code @12345}, {@code #123}: the format's {@link IdSyntax}), its class and its short label, and a
 * dominator tree node ({@code <soft>} ... for a reachability group). O(1) each, but finding an object
 * by address or node id, which scans the identity column once.
 */
public final class ObjectNames {
    /** Name of the virtual root of the dominator tree in ids and JSON. */
    public static final String ROOT = "<root>";

    private ObjectNames() { }

    /** The object's id in its format's syntax. */
    public static String id(HeapGraph g, int objectId) {
        return g.metadata().format().ids().display(g, objectId);
    }

    /**
     * The object a user typed, or -1 when there is none.
     *
     * @throws IllegalArgumentException the text is not an id of any accepted form
     */
    public static int find(HeapGraph g, String text) { return IdSyntax.find(g, text); }

    /**
     * {@link #find(HeapGraph, String)} through the analysis' identity lookup: O(log objects) once it is
     * made (a sort on the first lookup of a snapshot whose ids do not ascend, then kept in its index).
     *
     * @throws IllegalArgumentException the text is not an id of any accepted form
     */
    public static int find(AnalyzedSnapshot s, String text) {
        return IdSyntax.find(s.graph(), text, s.analysis().identityLookup()::find);
    }

    public static String className(HeapGraph g, int o) {
        return g.classes().get(g.objectClass().get(o)).name();
    }

    /**
     * True for an object that stands for a value the runtime keeps inside the reference itself: a Dart
     * Smi (small integer), which the VM's snapshot writes as a {@code _Smi} object so that fields can
     * point at it. A field holding one is shown as its integer (the object's label or value hint). O(1).
     */
    public static boolean isSmi(HeapGraph g, int o) {
        if (g.metadata().format() != org.polyheap.model.format.SnapshotFormat.DART) return false;
        var c = g.classes().get(g.objectClass().get(o));
        return c.name().equals("_Smi") && c.library().equals("dart:core");
    }

    /** The object's short label from the index (V8 node name, Dart string or Smi value), or "". */
    public static String label(HeapGraph g, int o) {
        int l = g.objectLabel().get(o);
        if (l < 0 || l >= g.stringCount()) return "";
        String s = g.string(l);
        return s.length() > 120 ? s.substring(0, 119) + "…" : s;
    }

    /**
     * A node of the dominator tree as users name it: the object's {@link #id}, or {@code <soft>},
     * {@code <weak>}, ..., {@code <unreachable>} for a reachability group node, {@link #ROOT} for the root.
     */
    public static String nodeId(AnalyzedSnapshot s, int node) {
        if (node == DominatorTree.VIRTUAL_ROOT) return ROOT;
        DominatorTree tree = s.analysis().dominatorTree();
        return tree.isGroup(node) ? "<" + tree.groupOf(node).word() + ">" : id(s.graph(), node);
    }

    /** The group node a user typed ({@code <soft>} ...), -1 when the tree has none of that class, -2 when it is no group name. */
    public static int findGroup(AnalyzedSnapshot s, String text) {
        String t = text.trim();
        if (!t.startsWith("<") || !t.endsWith(">")) return -2;
        Reachability r = Reachability.ofWord(t.substring(1, t.length() - 1));
        return r == null ? -2 : s.analysis().dominatorTree().groupNode(r);
    }
}
