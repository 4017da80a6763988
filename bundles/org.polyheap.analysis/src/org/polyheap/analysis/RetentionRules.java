package org.polyheap.analysis;

import java.util.LinkedHashSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentSkipListMap;

import org.polyheap.model.GcRoot;
import org.polyheap.model.HeapGraph;
import org.polyheap.model.LongColumn;
import org.polyheap.model.Progress;
import org.polyheap.model.ReferenceKind;

/**
 * Decides which references retain under a {@link Semantics} and builds the {@link RetainingGraph}.
 * Kind-based rules cost one pass over the references' targets and kinds; V8 and Dart rules first make
 * a bit set of retaining references (one bit per reference, heap) with their own passes, then one pass
 * over the targets. The pass runs in parallel parts on the common fork-join pool for graphs of more
 * than half a million references; V8 and Dart rules run on the calling thread on flat heap copies of
 * the columns (see {@link V8Rules} and {@link EphemeronRules} for their memory). Call it off the UI
 * thread.
 */
public final class RetentionRules {
    private RetentionRules() { }

    /**
     * Builds the retaining graph of {@code graph} in {@link WorkArrays#forStore} without a store (heap,
     * or mapped files in {@code java.io.tmpdir} for graphs too big for the heap); cancellable through
     * {@code progress}.
     */
    public static RetainingGraph build(HeapGraph graph, AnalysisOptions options, Progress progress) {
        return build(graph, options, WorkArrays.forStore(null, workingBytes(graph)), progress);
    }

    /** As {@link #build(HeapGraph, AnalysisOptions, Progress)}, with the arrays in {@code work}. */
    public static RetainingGraph build(HeapGraph graph, AnalysisOptions options, WorkArrays work, Progress progress) {
        return build(graph, options, work, false, progress);
    }

    /**
     * As {@link #build(HeapGraph, AnalysisOptions, WorkArrays, Progress)}, for a dominator pass right
     * after: with heap arrays, the pass's depth-first numbering is begun here and finds the strongly
     * reachable objects the classification would otherwise mark again (the same objects and references;
     * {@link SemiNca.Numbering}). Its arrays then live from here to the pass's end.
     */
    static RetainingGraph buildForDominators(HeapGraph graph, AnalysisOptions options, WorkArrays work, Progress progress) {
        return build(graph, options, work, work.backing() == WorkArrays.Backing.HEAP, progress);
    }

    private static RetainingGraph build(HeapGraph graph, AnalysisOptions options, WorkArrays work, boolean numberFirst,
            Progress progress) {
        var weak = new WeakEdges.Collector();
        RetainingGraph retaining = retainingReferences(graph, options, work, weak, progress);
        var edges = weak.build();
        if (retaining.adoptAnchor() >= 0) {
            // V8: DevTools hangs what no retaining path reaches under the root itself, so the classes
            // change nothing in the graph: they are found on the common pool while the dominator pass runs
            Progress beside = progress.beside();
            return retaining.withClasses(CompletableFuture.supplyAsync(() -> ReachabilityGroups.classify(retaining, edges, beside)));
        }
        if (numberFirst) {
            var numbering = SemiNca.number(retaining, Reachability.values().length - 1, work, progress);
            byte[] classes = ReachabilityGroups.classify(retaining, edges, numbering, progress);
            return ReachabilityGroups.withGroups(retaining, edges, classes, progress).withNumbering(numbering);
        }
        byte[] classes = ReachabilityGroups.classify(retaining, edges, progress);
        return ReachabilityGroups.withGroups(retaining, edges, classes, progress);
    }

    /**
     * The retaining references alone, before reachability classes and groups; the weak references that
     * do not retain go to {@code weak}.
     */
    static RetainingGraph retainingReferences(HeapGraph graph, AnalysisOptions options, WorkArrays work,
            WeakEdges.Collector weak, Progress progress) {
        int n = graph.objectCount();
        long m = graph.outStart().get(n);
        if (m > Integer.MAX_VALUE - 8) throw new IllegalStateException("more than 2^31 references: " + m);
        int[] roots = options.stackRootsUnderThread() ? StackRoots.remainingRoots(graph) : roots(graph, options.semantics());
        return switch (options.semantics()) {
            case V8_DEVTOOLS -> {
                // V8's rules walk the graph, so they work on flat heap copies and compact the result out of them
                yield new V8Rules(graph, progress).retainingGraph(roots, options.devtoolsSizes(), weak.part(0));
            }
            case DART -> compact(graph, EphemeronRules.retainingEdges(graph, roots, progress), null, roots,
                    sizes(graph, work), work, weak, progress);
            default -> {
                boolean[] byKind = new boolean[ReferenceKind.values().length];
                for (ReferenceKind k : ReferenceKind.values()) byKind[k.code()] = retainsByKind(options.semantics(), k);
                var g = compact(graph, null, byKind, roots, sizes(graph, work), work, weak, progress);
                yield options.stackRootsUnderThread() ? g.withThreadReferences(graph) : g;
            }
        };
    }

    /** True for the kinds whose references reach their target without retaining it (weak kinds, ephemeron values). */
    private static boolean reachesWithoutRetaining(int kind) {
        if (kind < 0 || kind >= ReferenceKind.values().length) return false;
        ReferenceKind k = ReferenceKind.ofCode(kind);
        return k.isWeakKind() || k == ReferenceKind.EPHEMERON;
    }

    /**
     * The bytes of working arrays an analysis of {@code graph} needs at its peak: the retaining graph
     * (4 per object + 4 per reference; its sizes are made after the dominator pass) beside the dominator
     * pass (24 per object + 4 per reference), or beside the finished tree (28 per object).
     */
    public static long workingBytes(HeapGraph graph) {
        long n = graph.objectCount(), m = graph.outStart().get(n);
        return 32 * n + 8 * m;
    }

    /** True when a reference of this kind retains under rules that decide by kind alone. */
    static boolean retainsByKind(Semantics semantics, ReferenceKind kind) {
        return switch (semantics) {
            case JAVA_MAT, FUCHSIA -> true;
            case JAVA, GENERIC, DART, V8_DEVTOOLS -> !kind.isWeakKind() && kind != ReferenceKind.EPHEMERON;
        };
    }

    /** Distinct root objects; V8 and Dart fall back on object 0 when the parser listed none. */
    static int[] roots(HeapGraph graph, Semantics semantics) {
        int n = graph.objectCount();
        var set = new LinkedHashSet<Integer>();
        for (GcRoot r : graph.gcRoots()) {
            if (r.object() >= 0 && r.object() < n) set.add(r.object());
        }
        if (set.isEmpty() && n > 0 && (semantics == Semantics.V8_DEVTOOLS || semantics == Semantics.DART)) set.add(0);
        return set.stream().mapToInt(Integer::intValue).toArray();
    }

    /** The snapshot's sizes, copied when first asked for (after the dominator pass's peak). */
    private static RetainingGraph.Sizes sizes(HeapGraph graph, WorkArrays work) {
        return new RetainingGraph.Sizes(() -> copy(graph.shallowSize(), work));
    }

    private static LongArray copy(LongColumn column, WorkArrays work) {
        long n = column.size();
        LongArray a = work.longs(n);
        long[] chunk = new long[(int) Math.min(n, 1 << 16)];
        for (long at = 0; at < n; at += chunk.length) {
            int len = (int) Math.min(chunk.length, n - at);
            column.copyTo(at, chunk, 0, len);
            a.copyFrom(chunk, 0, at, len);
        }
        return a;
    }

    /**
     * One pass: each parallel part writes the retaining targets of its objects, in order, at the start
     * of its own range of reference positions (it keeps at most all of them) and counts its rows; then
     * the parts' blocks are moved together and the counts summed into row starts. A reference retains
     * when its kind does ({@code byKind}) or its bit is set ({@code keep}), it is no self reference,
     * and it does not point at a GC root; a weak reference that does not retain goes to {@code weak}.
     */
    private static RetainingGraph compact(HeapGraph graph, long[] keep, boolean[] byKind, int[] roots,
            RetainingGraph.Sizes shallow, WorkArrays work, WeakEdges.Collector weak, Progress progress) {
        int n = graph.objectCount();
        long m = graph.outStart().get(n);
        long[] isRoot = new long[(n + 63) >>> 6];
        for (int r : roots) isRoot[r >>> 6] |= 1L << r;
        IntArray outStart = work.ints(n + 1L);
        IntArray outTarget = work.ints(m);
        var blocks = new ConcurrentSkipListMap<Integer, long[]>(); // part's first object → {first position, end written}
        progress.phase("Selecting retaining references", m);
        EdgeScan.parallelScan(graph, EdgeScan.Columns.KINDS, part -> {
            long first = graph.outStart().get(part);
            long[] block = {first, first};
            blocks.put(part, block);
            var weakOfPart = weak.part(part);
            return (s, pos, t, kind, name) -> {
                boolean retains = byKind != null ? kind >= 0 && kind < byKind.length && byKind[kind]
                        : (keep[(int) (pos >>> 6)] & (1L << pos)) != 0;
                if (retains && s != t && (isRoot[t >>> 6] & (1L << t)) == 0) {
                    outTarget.set(block[1]++, t);
                    outStart.add(s + 1, 1); // each part counts only its own sources
                } else if (!retains && s != t && reachesWithoutRetaining(kind)) {
                    weakOfPart.add(s, t, kind);
                }
            };
        }, progress);
        long end = 0;
        for (long[] block : blocks.values()) { // in object order, so rows stay in source order
            if (block[0] != end) outTarget.copyWithin(block[0], end, block[1] - block[0]);
            end += block[1] - block[0];
        }
        int sum = 0;
        for (int i = 0; i <= n; i++) outStart.set(i, sum += outStart.get(i));
        return new RetainingGraph(n, outStart, outTarget, roots, shallow, -1, work); // not trimmed to end: no copy
    }
}
