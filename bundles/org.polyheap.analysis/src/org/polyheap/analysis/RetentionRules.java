package org.polyheap.analysis;

import java.util.LinkedHashSet;

import org.polyheap.model.GcRoot;
import org.polyheap.model.HeapGraph;
import org.polyheap.model.Progress;
import org.polyheap.model.ReferenceKind;

/**
 * Decides which references retain under a {@link Semantics} and builds the {@link RetainingGraph}.
 * Costs three passes over the references (four for Dart) and, besides the result, one bit per
 * reference. The kind-based passes run in parallel parts on the common fork-join pool for graphs of
 * more than half a million references; V8 and Dart rules run on the calling thread (V8: one pass
 * that copies the columns, see {@link V8Rules} for its memory). Call it off the UI thread.
 */
public final class RetentionRules {
    private RetentionRules() { }

    /** Builds the retaining graph of {@code graph}; cancellable through {@code progress}. */
    public static RetainingGraph build(HeapGraph graph, AnalysisOptions options, Progress progress) {
        int n = graph.objectCount();
        long m = graph.outStart().get(n);
        if (m > Integer.MAX_VALUE - 8) throw new IllegalStateException("more than 2^31 references: " + m);
        int[] roots = roots(graph, options.semantics());
        long[] shallow = graph.shallowSize().toArray();
        if (options.semantics() == Semantics.V8_DEVTOOLS) {
            // V8's rules walk the graph, so they work on flat copies and compact the result out of them
            return new V8Rules(graph, progress).retainingGraph(roots, shallow, options.devtoolsSizes());
        }
        long[] keep = options.semantics() == Semantics.DART ? EphemeronRules.retainingEdges(graph, roots, progress)
                : kindEdges(graph, options.semantics(), progress);
        return compact(graph, keep, roots, shallow, progress);
    }

    /** True when a reference of this kind retains under rules that decide by kind alone. */
    static boolean retainsByKind(Semantics semantics, ReferenceKind kind) {
        return switch (semantics) {
            case JAVA_MAT, FUCHSIA -> true;
            case JAVA, GENERIC, DART, V8_DEVTOOLS -> !kind.isWeakKind() && kind != ReferenceKind.EPHEMERON;
        };
    }

    private static long[] kindEdges(HeapGraph graph, Semantics semantics, Progress progress) {
        long m = graph.outStart().get(graph.objectCount());
        long[] keep = new long[(int) ((m + 63) >>> 6)];
        boolean[] byCode = new boolean[ReferenceKind.values().length];
        for (ReferenceKind k : ReferenceKind.values()) byCode[k.code()] = retainsByKind(semantics, k);
        progress.phase("Selecting retaining references", m);
        EdgeScan.parallelScan(graph, part -> (s, pos, t, kind, name) -> {
            if (kind >= 0 && kind < byCode.length && byCode[kind]) EdgeScan.setBit(keep, pos);
        }, progress);
        return keep;
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

    private static RetainingGraph compact(HeapGraph graph, long[] keep, int[] roots, long[] shallow, Progress progress) {
        int n = graph.objectCount();
        long[] isRoot = new long[(n + 63) >>> 6];
        for (int r : roots) isRoot[r >>> 6] |= 1L << r;
        int[] outStart = new int[n + 1];
        long[] hasRetainer = new long[(n + 63) >>> 6];
        long m = graph.outStart().get(n);
        progress.phase("Counting retaining references", m);
        EdgeScan.parallelScan(graph, part -> (s, pos, t, kind, name) -> {
            if ((keep[(int) (pos >>> 6)] & (1L << pos)) != 0 && s != t && (isRoot[t >>> 6] & (1L << t)) == 0) {
                outStart[s + 1]++; // each part counts only its own sources
                EdgeScan.setBit(hasRetainer, t);
            }
        }, progress);
        for (int i = 0; i < n; i++) outStart[i + 1] += outStart[i];
        int[] outTarget = new int[outStart[n]];
        progress.phase("Indexing retaining references", m);
        EdgeScan.parallelScan(graph, part -> {
            int[] fill = {outStart[part]}; // a part's rows are contiguous, starting at its first object's row
            return (s, pos, t, kind, name) -> {
                if ((keep[(int) (pos >>> 6)] & (1L << pos)) != 0 && s != t && (isRoot[t >>> 6] & (1L << t)) == 0) {
                    outTarget[fill[0]++] = t;
                }
            };
        }, progress);
        return new RetainingGraph(n, outStart, outTarget, hasRetainer, roots, shallow, -1);
    }
}
