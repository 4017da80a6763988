package org.polyheap.analysis;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;

import org.polyheap.model.ClassInfo;
import org.polyheap.model.HeapGraph;
import org.polyheap.model.Progress;

import it.unimi.dsi.fastutil.ints.IntArrayList;

/**
 * The class loaders of a Java heap dump with the classes each defined (MAT's Class Loader Explorer), and
 * the class names several classes share (MAT's Duplicate Classes: the same class loaded by several loaders,
 * the trace a redeployed application leaves when its old loader cannot be collected). A loader is every
 * instance of a {@code java.lang.ClassLoader} subclass and every object a class names as its loader;
 * classes without one belong to the bootstrap loader ({@link Grouping#BOOTSTRAP_LOADER}, object -1).
 * Figures per class count every object of the class, whatever its reachability; a retained size of
 * instances is the histogram's (the sum over the instances no other instance of the group dominates: a
 * lower bound of what they keep together). Immutable.
 */
public final class JavaClassLoaders {
    static final String CLASS_LOADER = "java.lang.ClassLoader";

    /**
     * One class's figures.
     *
     * @param classObject its {@code java.lang.Class} object, or -1
     * @param retained    what its instances retain (histogram lower bound)
     */
    public record DefinedClass(int classId, String name, int classObject, long instances, long shallow, long retained) { }

    /**
     * A class loader.
     *
     * @param object            the loader object, -1 for the bootstrap loader
     * @param parent            its {@code parent} loader object, -1 for none (or the bootstrap loader)
     * @param classes           the classes it defined, most instances first
     * @param instances         objects of those classes
     * @param shallow           their bytes
     * @param instancesRetained what they retain (lower bound, as the histogram grouped by loader)
     * @param retained          the loader object's retained size (-1 for the bootstrap loader, which has none)
     */
    public record Loader(int object, int parent, List<DefinedClass> classes, long instances, long shallow,
            long instancesRetained, long retained) { }

    /**
     * A class name defined more than once.
     *
     * @param classes the classes of that name, most instances first
     * @param loaders distinct loaders among them (1 when one loader defined the name several times, as the
     *                JDK does for {@code LambdaForm$DMH})
     */
    public record Duplicate(String name, List<DefinedClass> classes, int loaders, long instances) { }

    private final HeapGraph graph;
    private final List<Loader> loaders;
    private final List<Duplicate> duplicates;
    private final int[] loaderOfClass;

    private JavaClassLoaders(HeapGraph graph, List<Loader> loaders, List<Duplicate> duplicates, int[] loaderOfClass) {
        this.graph = graph;
        this.loaders = loaders;
        this.duplicates = duplicates;
        this.loaderOfClass = loaderOfClass;
    }

    /** The loaders, most defined classes first (as MAT), ties by retained size. */
    public List<Loader> loaders() { return loaders; }

    /** Names defined by several classes: several loaders first, then most instances. */
    public List<Duplicate> duplicates() { return duplicates; }

    /** The loader object of a class, -1 for the bootstrap loader. */
    public int loaderOf(int classId) { return loaderOfClass[classId]; }

    /** The loader of {@code object} (a loader object, or -1 for the bootstrap loader), or null. */
    public Loader loader(int object) {
        for (Loader l : loaders) if (l.object() == object) return l;
        return null;
    }

    /**
     * O(objects) for the counts plus one walk of the dominator tree for the retained sizes (as a histogram),
     * 4 bytes per object.
     */
    public static JavaClassLoaders of(HeapGraph graph, DominatorTree tree, Progress progress) {
        List<ClassInfo> classes = graph.classes();
        int nc = classes.size();
        int[] loaderOfClass = new int[nc];
        for (int c = 0; c < nc; c++) loaderOfClass[c] = classes.get(c).loaderObject();
        // per class: instances and bytes, one pass over the (possibly mapped) columns in order
        int n = graph.objectCount();
        int[] classOf = graph.objectClass().toArray();
        long[] count = new long[nc], shallow = new long[nc];
        boolean[] isLoaderClass = loaderClasses(graph);
        var loaderObjects = new LinkedHashMap<Integer, Integer>(); // loader object → index
        progress.phase("Counting the classes' instances", n);
        long[] size = new long[1 << 14];
        for (int at = 0; at < n; at += size.length) {
            int len = Math.min(size.length, n - at);
            tree.shallow().copyTo(at, size, 0, len);
            for (int i = 0; i < len; i++) {
                int c = classOf[at + i];
                count[c]++;
                shallow[c] += size[i];
                if (isLoaderClass[c]) loaderObjects.putIfAbsent(at + i, loaderObjects.size());
            }
        }
        boolean bootstrap = false;
        for (int c = 0; c < nc; c++) {
            if (loaderOfClass[c] < 0) bootstrap = true;
            else loaderObjects.putIfAbsent(loaderOfClass[c], loaderObjects.size());
        }
        int loaderCount = loaderObjects.size() + (bootstrap ? 1 : 0);
        int bootstrapIndex = loaderObjects.size();
        // one walk: each class counts for itself and for its loader
        int[] chainStart = new int[nc + 1];
        int[] groups = new int[2 * nc];
        for (int c = 0; c < nc; c++) {
            chainStart[c] = 2 * c;
            groups[2 * c] = c;
            groups[2 * c + 1] = nc + (loaderOfClass[c] < 0 ? bootstrapIndex : loaderObjects.get(loaderOfClass[c]));
        }
        chainStart[nc] = 2 * nc;
        long[] retained = new long[nc + loaderCount];
        progress.phase("Summing retained sizes per class and loader", n);
        Histogram.walkRetained(tree, classOf, chainStart, groups, retained, progress);

        var definedBy = new ArrayList<List<DefinedClass>>();
        for (int l = 0; l < loaderCount; l++) definedBy.add(new ArrayList<>());
        var byName = new LinkedHashMap<String, List<DefinedClass>>();
        for (int c = 0; c < nc; c++) {
            ClassInfo info = classes.get(c);
            var d = new DefinedClass(c, info.name(), info.classObject(), count[c], shallow[c], retained[c]);
            definedBy.get(groups[2 * c + 1] - nc).add(d);
            byName.computeIfAbsent(info.name(), k -> new ArrayList<>()).add(d);
        }
        Comparator<DefinedClass> mostInstances = Comparator.comparingLong(DefinedClass::instances).reversed()
                .thenComparing(DefinedClass::name).thenComparingInt(DefinedClass::classId);
        var loaders = new ArrayList<Loader>();
        for (var e : loaderObjects.entrySet()) {
            int object = e.getKey();
            loaders.add(loader(object, parent(graph, object, loaderObjects), definedBy.get(e.getValue()), mostInstances,
                    retained[nc + e.getValue()], tree.retained().get(object)));
        }
        if (bootstrap) loaders.add(loader(-1, -1, definedBy.get(bootstrapIndex), mostInstances, retained[nc + bootstrapIndex], -1));
        loaders.sort(Comparator.comparingInt((Loader l) -> l.classes().size()).reversed()
                .thenComparing(Comparator.comparingLong(Loader::retained).reversed()).thenComparingInt(Loader::object));
        var duplicates = new ArrayList<Duplicate>();
        for (var e : byName.entrySet()) {
            if (e.getValue().size() < 2) continue;
            var list = new ArrayList<>(e.getValue());
            list.sort(mostInstances);
            var distinct = new it.unimi.dsi.fastutil.ints.IntOpenHashSet();
            long instances = 0;
            for (var d : list) {
                distinct.add(loaderOfClass[d.classId()]);
                instances += d.instances();
            }
            duplicates.add(new Duplicate(e.getKey(), List.copyOf(list), distinct.size(), instances));
        }
        duplicates.sort(Comparator.comparingInt(Duplicate::loaders).reversed()
                .thenComparing(Comparator.comparingLong(Duplicate::instances).reversed()).thenComparing(Duplicate::name));
        return new JavaClassLoaders(graph, List.copyOf(loaders), List.copyOf(duplicates), loaderOfClass);
    }

    private static Loader loader(int object, int parent, List<DefinedClass> defined, Comparator<DefinedClass> order,
            long instancesRetained, long retained) {
        var classes = new ArrayList<>(defined);
        classes.sort(order);
        long instances = 0, shallow = 0;
        for (var d : classes) {
            instances += d.instances();
            shallow += d.shallow();
        }
        return new Loader(object, parent, List.copyOf(classes), instances, shallow, instancesRetained, retained);
    }

    /** Per class id, true for {@code java.lang.ClassLoader} and its subclasses. */
    private static boolean[] loaderClasses(HeapGraph graph) {
        var classes = graph.classes();
        boolean[] is = new boolean[classes.size()];
        for (int c = 0; c < classes.size(); c++) {
            int depth = 0;
            for (int s = c; s >= 0 && s < classes.size() && depth++ < 1000; s = classes.get(s).superClass()) {
                if (classes.get(s).name().equals(CLASS_LOADER)) {
                    is[c] = true;
                    break;
                }
            }
        }
        return is;
    }

    /** The loader's {@code parent} field when it names another loader, else -1. */
    private static int parent(HeapGraph graph, int loader, java.util.Map<Integer, Integer> loaders) {
        int p = FinalizerQueue.field(graph, loader, "parent");
        return p >= 0 && loaders.containsKey(p) ? p : -1;
    }

    /** The snapshot these loaders are of. */
    public HeapGraph graph() { return graph; }

    /** The loader objects in the order of {@link #loaders} (-1: the bootstrap loader). */
    public int[] loaderObjects() {
        var out = new IntArrayList();
        for (Loader l : loaders) out.add(l.object());
        return out.toIntArray();
    }
}
