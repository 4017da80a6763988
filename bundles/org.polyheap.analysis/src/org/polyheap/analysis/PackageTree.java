package org.polyheap.analysis;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Set;

import org.polyheap.model.ClassInfo;
import org.polyheap.model.HeapGraph;
import org.polyheap.model.Progress;
import org.polyheap.model.format.SnapshotFormat;

import it.unimi.dsi.fastutil.ints.IntArrayList;

/**
 * The histogram as a tree of packages (MAT's "group by package"): Java packages split at dots
 * ({@code java} → {@code util} → {@code HashMap}), Dart library URIs split at the scheme and slashes
 * ({@code package:sass} → {@code src} → {@code visitor} → {@code serialize.dart} → {@code _SerializeVisitor}).
 * The leaves are the class rows of the histogram (classes of one name are one leaf). A node counts the
 * objects and shallow bytes of every class below it; its retained size is the histogram's own rule
 * applied to the node as a group: the sum of the retained sizes of its objects that no other object of
 * the node's classes dominates. So a package's retained size counts a byte once even when its classes
 * hold each other (a {@code HashMap} holds its {@code HashMap$Node[]}), unlike the sum of its class rows;
 * it is a lower bound of the package's retained set, as a class row's is. V8 constructor names and
 * Fuchsia allocation sites have no packages: {@link #offered} is false for them.
 * Immutable and thread-safe once built; 60 bytes per node.
 */
public final class PackageTree {
    /** The invisible node above the top-level packages and classes. */
    public static final int ROOT = 0;

    private final String[] name;      // the node's own segment, or the class name without its package
    private final String[] fullName;  // "java.util", "package:sass/src", or the class's full name
    private final boolean[] isClass;
    private final long[] objects, shallow, retained, notStrong;
    private final int[] childStart, children; // rows of children with objects, in node order

    private PackageTree(String[] name, String[] fullName, boolean[] isClass, long[] objects, long[] shallow,
            long[] retained, long[] notStrong, int[] childStart, int[] children) {
        this.name = name;
        this.fullName = fullName;
        this.isClass = isClass;
        this.objects = objects;
        this.shallow = shallow;
        this.retained = retained;
        this.notStrong = notStrong;
        this.childStart = childStart;
        this.children = children;
    }

    /** True for the formats whose class names carry a package or library path: HPROF, Dart (and hand-made graphs). */
    public static boolean offered(SnapshotFormat format) {
        return switch (format) {
            case HPROF, DART, GENERIC -> true;
            case V8, FUCHSIA -> false;
        };
    }

    /**
     * The tree of the whole heap, or of the objects of some reachability classes ({@code only}; null:
     * every object). O(objects · package depth) time (one walk of the dominator tree), 4 bytes per object.
     */
    public static PackageTree ofHeap(HeapGraph graph, DominatorTree tree, Set<Reachability> only, Progress progress) {
        int n = graph.objectCount();
        int outside = graph.classes().size();
        int[] classOf = graph.objectClass().toArray();
        for (int o = 0; o < n; o++) {
            if (only != null && !only.contains(tree.reachabilityOf(o))) classOf[o] = outside;
        }
        return build(graph, tree, classOf, progress);
    }

    /** The tree of a set of objects (a retained set, immediate dominators); objects outside the dominator tree are left out. */
    public static PackageTree ofSet(HeapGraph graph, DominatorTree tree, int[] set, Progress progress) {
        int[] classOf = new int[tree.objectCount()];
        Arrays.fill(classOf, graph.classes().size());
        for (int o : set) if (tree.inTree(o)) classOf[o] = graph.objectClass().get(o);
        return build(graph, tree, classOf, progress);
    }

    /** {@code classOf}: each object's class, or {@code classes().size()} for an object left out. */
    private static PackageTree build(HeapGraph graph, DominatorTree tree, int[] classOf, Progress progress) {
        SnapshotFormat format = graph.metadata().format();
        List<ClassInfo> classes = graph.classes();
        var names = new ArrayList<String>(List.of(""));
        var fullNames = new ArrayList<String>(List.of(""));
        var classNode = new ArrayList<Boolean>(List.of(false));
        var parents = new IntArrayList(new int[] { -1 });
        var byKey = new HashMap<String, Integer>();
        int[] chainStart = new int[classes.size() + 2];
        var chains = new IntArrayList();
        for (int c = 0; c < classes.size(); c++) {
            chainStart[c] = chains.size();
            String cls = classes.get(c).name();
            String[] path = path(format, classes.get(c));
            int parent = ROOT;
            var chain = new IntArrayList();
            var full = new StringBuilder();
            for (String segment : path) {
                if (!full.isEmpty()) full.append(format == SnapshotFormat.DART ? "/" : ".");
                full.append(segment);
                parent = node(byKey, "p " + full, segment, full.toString(), false, parent, names, fullNames, classNode, parents);
                chain.add(parent);
            }
            int prefix = format == SnapshotFormat.DART || path.length == 0 ? 0 : full.length() + 1;
            String leafName = cls.length() > prefix && cls.startsWith(full.toString()) ? cls.substring(prefix) : cls;
            String key = "c " + (format == SnapshotFormat.DART ? full + " " : "") + cls;
            String leafFull = format == SnapshotFormat.DART && path.length > 0 ? cls + " (" + full + ")" : cls;
            chains.add(node(byKey, key, leafName, leafFull, true, parent, names, fullNames, classNode, parents));
            for (int i = chain.size() - 1; i >= 0; i--) chains.add(chain.getInt(i));
        }
        chainStart[classes.size()] = chains.size();
        chainStart[classes.size() + 1] = chains.size(); // the class of objects left out: in no node
        int nodes = names.size();
        long[] objects = new long[nodes], shallow = new long[nodes], retained = new long[nodes], notStrong = new long[nodes];
        int[] groups = chains.toIntArray();
        int strong = Reachability.STRONG.ordinal();
        progress.phase("Grouping by package", classOf.length);
        for (int o = 0; o < classOf.length; o++) {
            int c = classOf[o];
            if (chainStart[c] == chainStart[c + 1]) continue;
            long size = tree.shallow().get(o);
            boolean weak = tree.reachability().get(o) != strong;
            for (int i = chainStart[c]; i < chainStart[c + 1]; i++) {
                objects[groups[i]]++;
                shallow[groups[i]] += size;
                if (weak) notStrong[groups[i]] += size;
            }
        }
        Histogram.walkRetained(tree, classOf, chainStart, groups, retained, progress);
        int[] childStart = new int[nodes + 1];
        for (int x = 1; x < nodes; x++) if (objects[x] > 0) childStart[parents.getInt(x) + 1]++;
        for (int x = 0; x < nodes; x++) childStart[x + 1] += childStart[x];
        int[] children = new int[childStart[nodes]];
        int[] fill = Arrays.copyOf(childStart, nodes);
        for (int x = 1; x < nodes; x++) if (objects[x] > 0) children[fill[parents.getInt(x)]++] = x;
        objects[ROOT] = 0;
        for (int i = childStart[ROOT]; i < childStart[ROOT + 1]; i++) {
            objects[ROOT] += objects[children[i]];
            shallow[ROOT] += shallow[children[i]];
            notStrong[ROOT] += notStrong[children[i]];
        }
        boolean[] isClass = new boolean[nodes];
        for (int x = 0; x < nodes; x++) isClass[x] = classNode.get(x);
        return new PackageTree(names.toArray(String[]::new), fullNames.toArray(String[]::new), isClass, objects, shallow,
                retained, notStrong, childStart, children);
    }

    private static int node(HashMap<String, Integer> byKey, String key, String name, String full, boolean isClass, int parent,
            List<String> names, List<String> fullNames, List<Boolean> classNode, IntArrayList parents) {
        Integer known = byKey.get(key);
        if (known != null) return known;
        int x = names.size();
        names.add(name);
        fullNames.add(full);
        classNode.add(isClass);
        parents.add(parent);
        byKey.put(key, x);
        return x;
    }

    /**
     * The package path of a class: Java's package split at dots (an array of a class in its element's
     * package), a Dart library URI split after the scheme's first segment and at slashes
     * ({@code dart:core}; {@code package:sass}, {@code src}, {@code ast.dart}). Empty: no package.
     */
    static String[] path(SnapshotFormat format, ClassInfo c) {
        if (format == SnapshotFormat.DART) {
            String uri = c.library();
            if (uri == null || uri.isEmpty()) return new String[0];
            int colon = uri.indexOf(':');
            String[] parts = Arrays.stream(uri.substring(colon + 1).split("/")).filter(s -> !s.isEmpty()).toArray(String[]::new);
            if (parts.length == 0) return new String[] { uri };
            parts[0] = uri.substring(0, colon + 1) + parts[0];
            return parts;
        }
        String pkg = Grouping.packageOf(c.name());
        return pkg.isEmpty() ? new String[0] : pkg.split("\\.");
    }

    public int nodeCount() { return name.length; }

    /** The node's children that have objects, in no particular order. O(1). */
    public int childCount(int node) { return childStart[node + 1] - childStart[node]; }

    public int child(int node, int index) { return children[childStart[node] + index]; }

    /** The node's own name: a package segment ({@code util}) or a class name without its package ({@code HashMap}). */
    public String name(int node) { return name[node]; }

    /** What a filter matches: the package's path ({@code java.util}) or the class's full name. */
    public String fullName(int node) { return fullName[node]; }

    public boolean isClass(int node) { return isClass[node]; }

    public long objects(int node) { return objects[node]; }

    public long shallow(int node) { return shallow[node]; }

    /** See the class comment; 0 for {@link #ROOT}. */
    public long retained(int node) { return retained[node]; }

    /** The part of {@link #shallow} in objects that are not strongly reachable. */
    public long notStrong(int node) { return notStrong[node]; }
}
