package org.polyheap.analysis;

import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

import org.polyheap.index.ResultStore;
import org.polyheap.model.HeapGraph;
import org.polyheap.model.Progress;
import org.polyheap.model.ReferenceKind;

/**
 * The analysis of one snapshot: the retaining graph under the chosen semantics and its dominator tree,
 * computed once by {@link #run}, and the queries the UI and reports call on them. Thread-safe after
 * {@link #run} returns (queries read shared immutable arrays); every query says its cost, and none
 * belongs on the UI thread.
 */
public final class HeapAnalysis {
    private final HeapGraph graph;
    private final ResultStore store; // null: nothing is kept between runs
    private final AnalysisOptions options;
    private volatile RetainingGraph retaining;
    private final DominatorTree tree;
    private final boolean loaded;
    private final Object pathIndexLock = new Object();
    private java.lang.ref.SoftReference<PathIndex> pathIndex = new java.lang.ref.SoftReference<>(null);
    /** Whole-graph histograms already made, by grouping: 24 bytes per group. */
    private final java.util.concurrent.ConcurrentHashMap<Grouping, Histogram.Totals> histograms = new java.util.concurrent.ConcurrentHashMap<>();
    private volatile V8Distances v8Distances; // V8 only: 4 bytes per object, computed on first use
    private volatile IdentityLookup identityLookup;

    private HeapAnalysis(HeapGraph graph, ResultStore store, AnalysisOptions options, RetainingGraph retaining,
            DominatorTree tree, boolean loaded) {
        this.graph = graph;
        this.store = store;
        this.options = options;
        this.retaining = retaining;
        this.tree = tree;
        this.loaded = loaded;
    }

    /**
     * Builds the retaining graph and the dominator tree: O(objects + references); cancellable. With a
     * {@code store} (a snapshot's index: {@code IndexedSnapshot.results()}) a tree stored by an earlier
     * run with the same options is mapped instead (nothing is read until asked for), and a newly computed
     * one is stored; histograms are kept there too. When the working arrays would not fit the heap
     * ({@link WorkArrays#forStore}), they live in mapped temporary files; with a store the tree is then
     * served from its stored columns and the files are released.
     *
     * @param store where results are kept between runs, or null for none (an in-memory graph)
     */
    public static HeapAnalysis run(HeapGraph graph, ResultStore store, AnalysisOptions options, Progress progress) {
        if (store != null) {
            progress.phase("Reading the dominator tree", -1);
            var stored = DominatorTreeStore.load(graph, store, options);
            if (stored.isPresent()) return new HeapAnalysis(graph, store, options, null, stored.get(), true);
        }
        var work = WorkArrays.forStore(store, RetentionRules.workingBytes(graph));
        if (store != null && work.backing() == WorkArrays.Backing.MAPPED) {
            try (var scratch = work.scratch()) {
                var retaining = RetentionRules.build(graph, options, scratch, progress);
                save(store, options, DominatorTree.compute(retaining, progress), progress);
            }
            var stored = DominatorTreeStore.load(graph, store, options)
                    .orElseThrow(() -> new IllegalStateException("the dominator tree just stored in " + store + " does not read back"));
            return new HeapAnalysis(graph, store, options, null, stored, false);
        }
        var retaining = RetentionRules.buildForDominators(graph, options, work, progress);
        var tree = DominatorTree.compute(retaining, progress);
        if (store != null) save(store, options, tree, progress);
        return new HeapAnalysis(graph, store, options, retaining, tree, false);
    }

    private static void save(ResultStore store, AnalysisOptions options, DominatorTree tree, Progress progress) {
        progress.phase("Storing the dominator tree", -1);
        try {
            DominatorTreeStore.save(store, options, tree);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException("cannot store the dominator tree beside the index", e);
        }
    }

    /** True when the dominator tree was read from the index rather than computed. */
    public boolean loadedFromIndex() { return loaded; }

    /** {@link #run(HeapGraph, ResultStore, AnalysisOptions, Progress)} with the format's default options. */
    public static HeapAnalysis run(HeapGraph graph, ResultStore store, Progress progress) {
        return run(graph, store, AnalysisOptions.forGraph(graph), progress);
    }

    /** {@link #run(HeapGraph, ResultStore, Progress)} without a store: nothing is kept. */
    public static HeapAnalysis run(HeapGraph graph, Progress progress) {
        return run(graph, null, progress);
    }

    public HeapGraph graph() { return graph; }

    public AnalysisOptions options() { return options; }

    /**
     * The graph of retaining references under the options' semantics. Built on first use when the tree
     * was read from the index: O(objects + references), so call it off the UI thread.
     */
    public RetainingGraph retainingGraph() {
        RetainingGraph g = retaining;
        if (g == null) {
            synchronized (this) {
                g = retaining;
                if (g == null) {
                    var work = WorkArrays.forStore(store, RetentionRules.workingBytes(graph));
                    retaining = g = RetentionRules.build(graph, options, work, Progress.NONE);
                }
            }
        }
        return g;
    }

    public DominatorTree dominatorTree() { return tree; }

    /**
     * Objects by identity (address, node id) in O(log objects); see {@link IdentityLookup}. The first call
     * of a snapshot whose ids do not ascend sorts them (about 1 s per 16 M objects) and keeps the order in
     * the store; later calls and runs map it. Call it off the UI thread.
     */
    public IdentityLookup identityLookup() {
        IdentityLookup l = identityLookup;
        if (l == null) {
            synchronized (this) {
                l = identityLookup;
                if (l == null) identityLookup = l = IdentityLookup.of(graph, store);
            }
        }
        return l;
    }

    /** The identity lookup if {@link #identityLookup()} has made it, else null; O(1), for the UI thread. */
    public IdentityLookup identityLookupIfMade() { return identityLookup; }

    /**
     * See {@link Histogram#build}. The first call per grouping walks every object (O(objects)) and, with
     * a {@link ResultStore}, stores the result there ({@link HistogramStore}); later calls,
     * in this process or after a reopen, take O(groups).
     */
    public List<HistogramRow> histogram(Grouping grouping, Pattern filter, Progress progress) {
        var groups = new Histogram.Groups(graph, grouping);
        return Histogram.rows(groups, totals(grouping, groups, progress), filter);
    }

    private Histogram.Totals totals(Grouping grouping, Histogram.Groups groups, Progress progress) {
        var known = histograms.get(grouping);
        if (known != null) return known;
        var totals = store == null ? null : HistogramStore.load(store, options, grouping, groups, tree).orElse(null);
        if (totals == null) {
            totals = Histogram.totals(graph, tree, groups, null, progress);
            if (store != null) {
                try {
                    HistogramStore.save(store, options, grouping, groups, tree, totals);
                } catch (java.io.IOException | java.io.UncheckedIOException e) {
                    // an index folder we may not write to: the histogram is computed again next time, nothing is lost
                }
            }
        }
        var raced = histograms.putIfAbsent(grouping, totals);
        return raced != null ? raced : totals;
    }

    /** Histogram of the unreachable objects (count and size per class). O(objects) on the first call. */
    public List<HistogramRow> unreachableHistogram() {
        return Histogram.ofObjects(graph, tree, tree.unreachable(), Grouping.CLASS);
    }

    /**
     * The histogram of the objects of some reachability classes only (null or every class: {@link
     * #histogram}). Not stored: O(objects) each call.
     */
    public List<HistogramRow> histogram(Grouping grouping, Pattern filter, Set<Reachability> only, Progress progress) {
        if (only == null || only.size() == Reachability.values().length) return histogram(grouping, filter, progress);
        return Histogram.build(graph, tree, grouping, filter, only, progress);
    }

    /** The exact retained size of one histogram row, by marking. O(objects + references). */
    public HistogramRow preciseRetained(HistogramRow row, Grouping grouping, Progress progress) {
        return Histogram.precise(graph, retainingGraph(), tree, row, grouping, progress);
    }

    /** The retained set of {@code objects}. O(objects + references). */
    public RetainedSet retainedSet(int[] objects, Progress progress) {
        return RetainedSet.of(retainingGraph(), tree, objects, progress);
    }

    /** Histogram (by class) of what {@code objects} retain together. O(objects + references). */
    public List<HistogramRow> retainedSetHistogram(int[] objects, Progress progress) {
        var set = RetainedSet.of(retainingGraph(), tree, objects, progress);
        return Histogram.ofObjects(graph, tree, set.objects(), Grouping.CLASS);
    }

    /**
     * The arrays every path search reads, made on first use (building the inbound index first when the
     * graph has none) and kept while memory allows: 4 bytes per object and per reference. Call it off
     * the UI thread once after opening, so the first search answers at once.
     */
    public PathIndex pathIndex(Progress progress) {
        synchronized (pathIndexLock) {
            PathIndex index = pathIndex.get();
            if (index == null) {
                index = PathIndex.of(graph, progress);
                index.excludedSlots(PathsToRoots.WEAK_KINDS); // what the window and the command exclude by default
                pathIndex = new java.lang.ref.SoftReference<>(index);
            }
            return index;
        }
    }

    /**
     * DevTools' Distance of every node of a V8 snapshot ({@link V8Distances}), computed on first use and
     * kept with the analysis for the session: 4 bytes per object, O(objects + references) once. Not
     * written to the index: it is one breadth-first walk, much cheaper than the dominator tree.
     *
     * @throws IllegalStateException for a snapshot of another format
     */
    public V8Distances v8Distances() {
        if (graph.metadata().format() != org.polyheap.model.format.SnapshotFormat.V8) {
            throw new IllegalStateException("distances are V8's: this is a " + graph.metadata().format().title());
        }
        V8Distances d = v8Distances;
        if (d == null) {
            synchronized (this) {
                d = v8Distances;
                if (d == null) v8Distances = d = V8Distances.of(graph);
            }
        }
        return d;
    }

    /**
     * Java's {@code java.lang.ref} references per kind, what clearing each kind would free, and the
     * finalizer queue ({@link JavaReferences}). Builds the retaining references under {@link Semantics#JAVA}
     * afresh, whatever the options (the analysis's own graph may count referents as retaining, and has
     * dropped its cross-group references), in working arrays released on return: O(objects + references)
     * time, the retaining graph's memory (12 bytes per object and 4 per reference, mapped for big graphs)
     * plus a few bits per object. Not kept: call it once per view. Other formats have no such references
     * (all figures zero).
     */
    public JavaReferences javaReferences(Progress progress) {
        var options = new AnalysisOptions(Semantics.JAVA, false, false);
        try (var work = WorkArrays.forStore(store, RetentionRules.workingBytes(graph)).scratch()) {
            var weak = new WeakEdges.Collector();
            var retaining = RetentionRules.retainingReferences(graph, options, work, weak, progress);
            return JavaReferences.compute(graph, retaining, weak.build(), progress);
        }
    }

    /** The class loaders, their classes and the duplicate class names ({@link JavaClassLoaders}): O(objects). */
    public JavaClassLoaders javaClassLoaders(Progress progress) {
        return JavaClassLoaders.of(graph, tree, progress);
    }

    /** Shortest paths from GC roots to {@code object}, lazily; cancellable. See {@link PathsToRoots}. */
    public PathsToRoots pathsToRoots(int object, Set<ReferenceKind> excluded, Progress progress) {
        PathIndex index = pathIndex(progress);
        return dominatorChainHolds(index, excluded) ? PathsToRoots.alongDominators(index, tree, object, excluded, progress)
                : PathsToRoots.of(index, object, excluded, progress);
    }

    /**
     * True when the first path to a GC root comes along the dominator chain ({@link PathsToRoots}) for
     * searches that skip {@code excluded}: see below. Prepares the path index if not yet.
     */
    public boolean pathsFollowDominators(Set<ReferenceKind> excluded) {
        PathIndex index = pathIndex(Progress.NONE);
        index.excludedSlots(excluded); // learns the kinds present, if nothing had before
        return dominatorChainHolds(index, excluded);
    }

    /**
     * True when every path the search may take passes through the object's dominators: the tree's rules
     * decide by kind alone and keep every reference of a kind the search follows, and its roots are the
     * graph's GC roots (not so when a thread holds its stack's objects, nor under V8's or Dart's rules).
     */
    private boolean dominatorChainHolds(PathIndex index, Set<ReferenceKind> excluded) {
        var semantics = options.semantics();
        boolean byKind = switch (semantics) {
            case JAVA, JAVA_MAT, GENERIC, FUCHSIA -> true;
            case V8_DEVTOOLS, DART -> false;
        };
        long present = index.presentKinds();
        if (!byKind || options.stackRootsUnderThread() || present == -1 || (present >>> ReferenceKind.values().length) != 0) return false;
        for (ReferenceKind k : ReferenceKind.values()) {
            boolean followed = (present & 1L << k.code()) != 0 && !excluded.contains(k);
            if (followed && !RetentionRules.retainsByKind(semantics, k)) return false;
        }
        return true;
    }

    /** Merged shortest paths of a set. See {@link MergedPaths}. */
    public List<MergedPaths.Node> mergedPaths(int[] objects, Set<ReferenceKind> excluded) {
        return MergedPaths.of(pathIndex(Progress.NONE), objects, excluded);
    }

    /** MAT's leak suspects (10 %, big drop 0.7). O(top-level objects). */
    public List<LeakSuspect> leakSuspects() { return LeakSuspects.find(graph, tree); }

    /** The top-level objects a leak suspect stands for, biggest first. See {@link LeakSuspects#instances}. */
    public int[] suspectInstances(LeakSuspect suspect) { return LeakSuspects.instances(graph, tree, suspect); }

    /** String objects grouped by value, groups of at least {@code minCount}. See {@link DuplicateStrings}. */
    public List<DuplicateStrings.Group> duplicateStrings(org.polyheap.model.ObjectInspector inspector, int minCount,
            Progress progress) {
        return DuplicateStrings.find(graph, tree, inspector, minCount, progress);
    }

    /**
     * The top-level dominators, biggest first, with synthetic containers opened up (see {@link TopLevel}).
     * O(top-level objects): no histogram walk, unlike {@link #topConsumers}.
     */
    public int[] topLevelObjects() {
        return TopLevel.objects(graph, tree);
    }

    /**
     * The first {@code limit} of {@link #topLevelObjects()}, in its order, without listing the rest:
     * O(limit · log rows) after the containers opened (a headless {@code dominators --top N} on a heap
     * of a million top-level objects: 60 ms less).
     */
    public int[] topLevelObjects(int limit) {
        return TopLevel.objects(graph, tree, limit);
    }

    /** Biggest objects, classes and packages/libraries: the class and package/library {@link #histogram}s. */
    public TopConsumers topConsumers(int limit, Progress progress) {
        Grouping grouping = TopConsumers.groupingFor(graph);
        return TopConsumers.of(graph, tree, limit, histogram(Grouping.CLASS, null, progress), histogram(grouping, null, progress), grouping);
    }
}
