package org.polyheap.ui.editor;

import java.util.ArrayList;
import java.util.List;

import org.polyheap.analysis.DominatorTree;
import org.polyheap.ui.LoadedSnapshot;
import org.polyheap.ui.ObjectRef;

/**
 * How the Dominator Tree page lays a node's children out as rows. Up to {@link #DIRECT} children are
 * rows of their own; a node with more shows its biggest {@value #SPAN} children as rows, then the rest in
 * ranges of {@value #SPAN} ("[1,001 … 2,000]"), and a rest of more than {@value #SPAN} × {@value #SPAN}
 * children in ranges of ranges, so no row ever has more than {@link #DIRECT} rows under it and the biggest
 * objects always come first. The top level starts with a row per reachability group
 * ({@link GroupRow}: "only softly reachable", ..., "unreachable"), then the objects. Why: GTK's tree makes a model row for every child it is told
 * about and a tree-view node for every child of an expanded row, about 6 µs each (docs/benchmarks.md,
 * UI), so a million children at one level would freeze the window for seconds, while two levels of
 * 1,000 expand in milliseconds and every child is still there, biggest retained size first.
 *
 * <p>Pure arithmetic over the dominator tree: O(1) per row, except {@link #pathTo} (O(depth ×
 * children) for finding each object among its siblings). Thread-safe (immutable).
 */
public final class DominatorRows {
    /** A node with at most this many children shows them directly. */
    public static final int DIRECT = 2_000;
    /** Children per range row (and ranges per range-of-ranges row). */
    public static final int SPAN = 1_000;

    /**
     * Children {@code from} (inclusive) to {@code to} (exclusive) of {@code parent} ({@link
     * DominatorTree#VIRTUAL_ROOT} for the top level), in the tree's order (biggest retained first).
     */
    public record Range(int parent, int from, int to) {
        public int size() { return to - from; }
    }

    /** One row on the way down to an object: the row's element and its index among its parent's rows. */
    public record Step(Object element, int index) { }

    private final LoadedSnapshot snapshot;
    private final DominatorTree tree;
    /** Reachability groups: the last children of the virtual root, shown as the first top-level rows. */
    private final int groups;

    public DominatorRows(LoadedSnapshot snapshot) {
        this.snapshot = snapshot;
        this.tree = snapshot.analyzed().analysis().dominatorTree();
        this.groups = tree.groups().length;
    }

    /**
     * Objects under an object or group node, or at the top level for -1 (the reachability groups left
     * out: they have rows of their own above the objects, never inside a range). O(1).
     */
    public int childCount(int object) {
        if (object < DominatorTree.VIRTUAL_ROOT) return 0;
        int n = tree.childCount(object);
        return object == DominatorTree.VIRTUAL_ROOT ? n - groups : n;
    }

    /** The {@code index}-th child of an object (or of the virtual root), biggest retained first. O(1). */
    public int child(int object, int index) {
        return tree.child(object, index);
    }

    private int dominatorOf(int object) {
        return tree.dominatorOf(object);
    }

    /** Rows under an element: an {@link ObjectRef}, a {@link GroupRow}, a {@link Range}, or anything else for the top level. */
    public int rowCount(Object element) {
        return switch (element) {
            case ObjectRef r -> rowCount(0, childCount(r.objectId()));
            case GroupRow g -> rowCount(0, childCount(g.node()));
            case Range r -> rowCount(r.from(), r.to());
            default -> groups + rowCount(0, childCount(DominatorTree.VIRTUAL_ROOT));
        };
    }

    /** The {@code index}-th row under an element: an {@link ObjectRef}, a {@link GroupRow} or a {@link Range}. */
    public Object row(Object element, int index) {
        return switch (element) {
            case ObjectRef r -> row(r.objectId(), 0, childCount(r.objectId()), index);
            case GroupRow g -> row(g.node(), 0, childCount(g.node()), index);
            case Range r -> row(r.parent(), r.from(), r.to(), index);
            default -> index < groups ? element(tree.child(DominatorTree.VIRTUAL_ROOT, childCount(DominatorTree.VIRTUAL_ROOT) + index))
                    : row(DominatorTree.VIRTUAL_ROOT, 0, childCount(DominatorTree.VIRTUAL_ROOT), index - groups);
        };
    }

    /** Rows for children {@code from..to}: all of them, or the first {@value #SPAN} and ranges of the rest. */
    private static int rowCount(int from, int to) {
        int n = to - from;
        if (n <= DIRECT) return n;
        int rest = n - SPAN;
        return SPAN + (int) ceilDiv(rest, span(rest));
    }

    private Object row(int parent, int from, int to, int index) {
        int n = to - from;
        if (n <= DIRECT || index < SPAN) return element(child(parent, from + index)); // the biggest ones as rows
        long span = span(n - SPAN);
        int start = (int) (from + SPAN + (index - SPAN) * span);
        return new Range(parent, start, (int) Math.min(to, start + span));
    }

    /** The row of a tree node: an object, or a reachability group. */
    private Object element(int node) {
        return tree.isGroup(node) ? new GroupRow(snapshot, node) : new ObjectRef(snapshot, node);
    }

    /** Children per row under a range of {@code n} children: the smallest power of SPAN that leaves at most SPAN rows. */
    static long span(int n) {
        long span = SPAN;
        while (ceilDiv(n, span) > SPAN) span *= SPAN;
        return span;
    }

    private static long ceilDiv(long a, long b) {
        return (a + b - 1) / b;
    }

    /** The element whose rows hold {@code element}: an object, a range, or the snapshot for the top level. */
    Object parentOf(Object element) {
        List<Step> path = switch (element) {
            case ObjectRef r -> pathTo(r.objectId());
            case GroupRow g -> pathTo(g.node());
            case Range r -> {
                var p = r.parent() < 0 ? new ArrayList<Step>() : new ArrayList<>(pathTo(r.parent()));
                p.addAll(rangesDown(r.parent(), r.from()));
                yield p;
            }
            default -> List.of();
        };
        int self = path.size() - 1;
        while (self >= 0 && !path.get(self).element().equals(element)) self--;
        return self <= 0 ? snapshot : path.get(self - 1).element();
    }

    /**
     * The rows from the top level down to {@code object}, ranges included; empty when the object is
     * not in the tree. O(depth × children): each object is looked up among its siblings. Objects that are
     * not strongly reachable are found under their reachability group's row.
     */
    public List<Step> pathTo(int object) {
        if (object < 0 || !tree.inTree(object)) return List.of();
        var chain = new ArrayList<Integer>();
        for (int o = object; o >= 0; o = dominatorOf(o)) chain.addFirst(o);
        var path = new ArrayList<Step>();
        int parent = DominatorTree.VIRTUAL_ROOT;
        for (int o : chain) {
            int index = indexOf(parent, o);
            if (index < 0) return List.of();
            boolean top = parent == DominatorTree.VIRTUAL_ROOT;
            if (top && tree.isGroup(o)) { // a group's row: first at the top level
                path.add(new Step(element(o), index - childCount(parent)));
                parent = o;
                continue;
            }
            var ranges = new ArrayList<>(rangesDown(parent, index));
            int shift = top ? groups : 0; // top-level rows start with the groups
            if (!ranges.isEmpty()) ranges.set(0, new Step(ranges.getFirst().element(), ranges.getFirst().index() + shift));
            path.addAll(ranges);
            int from = ranges.isEmpty() ? 0 : ((Range) ranges.getLast().element()).from();
            path.add(new Step(element(o), index - from + (ranges.isEmpty() ? shift : 0)));
            parent = o;
        }
        return path;
    }

    /** The range rows under {@code parent} that lead to its {@code index}-th child, outermost first. */
    private List<Step> rangesDown(int parent, int index) {
        var steps = new ArrayList<Step>();
        int from = 0, to = childCount(parent);
        while (to - from > DIRECT && index - from >= SPAN) { // past the first SPAN children, which are rows of their own
            long span = span(to - from - SPAN);
            int k = (int) ((index - from - SPAN) / span);
            int start = (int) (from + SPAN + k * span);
            var range = new Range(parent, start, (int) Math.min(to, start + span));
            steps.add(new Step(range, SPAN + k));
            from = range.from();
            to = range.to();
        }
        return steps;
    }

    private int indexOf(int parent, int child) {
        return tree.indexOfChild(parent, child);
    }

    /** Sum of the children's shallow sizes ([0]) and retained sizes ([1]) in a range. O(range size). */
    public long[] sums(Range range) {
        long shallow = 0, retained = 0;
        for (int i = range.from(); i < range.to(); i++) {
            int o = child(range.parent(), i);
            shallow += tree.shallow().get(o);
            retained += tree.retained().get(o);
        }
        return new long[] { shallow, retained };
    }
}
