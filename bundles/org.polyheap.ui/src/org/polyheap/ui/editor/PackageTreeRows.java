package org.polyheap.ui.editor;

import java.util.Arrays;
import java.util.Locale;
import java.util.regex.Pattern;

import org.polyheap.analysis.PackageTree;

import it.unimi.dsi.fastutil.ints.IntArrays;

/**
 * What the histogram's package tree shows of a {@link PackageTree}: {@link View}s, each a filter and a
 * sort order, as the kept children of every node in order (the tree widget asks for a node's i-th row;
 * it never sorts). The filter keeps a class whose full name matches, the packages above it, and every
 * node below a package whose path matches. Immutable and thread-safe; no widgets.
 */
public final class PackageTreeRows {
    private final PackageTree tree;
    private final int[] parent;

    /** O(nodes). */
    public PackageTreeRows(PackageTree tree) {
        this.tree = tree;
        parent = new int[tree.nodeCount()];
        Arrays.fill(parent, -1);
        for (int x = 0; x < parent.length; x++) {
            for (int i = 0; i < tree.childCount(x); i++) parent[tree.child(x, i)] = x;
        }
    }

    public PackageTree tree() { return tree; }

    /** One node as a row of the tree widget (equal when the view and node are). */
    public record Row(View view, int node) {
        /** The class this row stands for, or null for a package row. */
        public String className() { return view.tree().isClass(node) ? view.tree().fullName(node) : null; }
    }

    /** The rows for a filter text (see {@link HistogramRows#compile}) sorted by a column. O(nodes · log). */
    public View view(String filterText, HistogramRows.Column column, boolean descending) {
        Pattern p = HistogramRows.compile(filterText);
        int n = tree.nodeCount();
        boolean[] kept = new boolean[n];
        if (p == null) {
            Arrays.fill(kept, true);
        } else {
            boolean[] under = new boolean[n]; // below a package whose path matches
            boolean[] matches = new boolean[n];
            for (int x = 1; x < n; x++) matches[x] = p.matcher(tree.fullName(x)).find();
            for (int x = 0; x < n; x++) { // a parent's id is below its children's (made first)
                if (parent[x] > 0) under[x] = under[parent[x]] || matches[parent[x]];
            }
            for (int x = n - 1; x > 0; x--) {
                if (matches[x] || under[x]) kept[x] = true;
                if (kept[x] && parent[x] >= 0) kept[parent[x]] = true;
            }
            kept[PackageTree.ROOT] = true;
        }
        return new View(filterText == null ? "" : filterText, kept, column, descending);
    }

    /** A filtered, sorted tree: each node's kept children in order, and the totals of the kept classes. */
    public final class View {
        private final String filterText;
        private final int[] start;    // kept children of node x: order[start[x] .. start[x + 1])
        private final int[] order;
        private final HistogramRows.Column sortColumn;
        private final boolean descending;
        private final long objects, shallow;
        private final int classes;

        private View(String filterText, boolean[] kept, HistogramRows.Column column, boolean descending) {
            this.filterText = filterText;
            this.sortColumn = column;
            this.descending = descending;
            int n = tree.nodeCount();
            start = new int[n + 1];
            for (int x = 0; x < n; x++) {
                int k = 0;
                for (int i = 0; i < tree.childCount(x); i++) if (kept[tree.child(x, i)]) k++;
                start[x + 1] = start[x] + (kept[x] ? k : 0);
            }
            order = new int[start[n]];
            long o = 0, s = 0;
            int c = 0;
            String[] lower = new String[n];
            for (int x = 0; x < n; x++) {
                if (!kept[x]) continue;
                int at = start[x];
                for (int i = 0; i < tree.childCount(x); i++) {
                    int child = tree.child(x, i);
                    if (!kept[child]) continue;
                    order[at++] = child;
                    if (tree.isClass(child)) { // only nodes in the tree: a class without objects is in no row
                        o += tree.objects(child);
                        s += tree.shallow(child);
                        c++;
                    }
                }
                if (column == HistogramRows.Column.NAME) lower[x] = tree.name(x).toLowerCase(Locale.ROOT);
            }
            objects = o;
            shallow = s;
            classes = c;
            for (int x = 0; x < n; x++) {
                IntArrays.quickSort(order, start[x], start[x + 1], (a, b) -> {
                    int cmp = column == HistogramRows.Column.NAME ? lower[a].compareTo(lower[b]) : Long.compare(key(a), key(b));
                    if (descending) cmp = -cmp;
                    return cmp != 0 ? cmp : tree.name(a).compareTo(tree.name(b));
                });
            }
        }

        private long key(int node) {
            return switch (sortColumn) {
                case NAME -> 0;
                case OBJECTS -> tree.objects(node);
                case SHALLOW -> tree.shallow(node);
                case RETAINED, PERCENT -> tree.retained(node);
                case NOT_STRONG -> tree.notStrong(node);
                case NATIVE -> 0; // the tree has no native column: names decide
            };
        }

        public PackageTree tree() { return tree; }

        /** The kept children of a node (of {@link PackageTree#ROOT} for the top level). O(1). */
        public int childCount(int node) { return start[node + 1] - start[node]; }

        public int child(int node, int index) { return order[start[node] + index]; }

        /** The parent of a node, {@link PackageTree#ROOT} for a top-level one. */
        public int parent(int node) { return parent[node]; }

        public HistogramRows.Column sortColumn() { return sortColumn; }

        public boolean descending() { return descending; }

        public String filterText() { return filterText; }

        /** The classes the filter keeps, and their objects and shallow bytes summed (they add up; retained sizes do not). */
        public int classes() { return classes; }

        public long objects() { return objects; }

        public long shallow() { return shallow; }
    }
}
