package org.polyheap.analysis;

import java.util.Arrays;
import java.util.List;

import org.polyheap.model.HeapGraph;

/**
 * The biggest consumers of memory: objects, classes, and packages (Java) or libraries (other formats),
 * by retained size. Class and group retained sizes are the histogram's lower bounds.
 *
 * @param objects  top-level objects, biggest first (at most {@code limit})
 * @param classes  classes by retained size
 * @param groups   packages (HPROF) or libraries (V8 scripts, Dart libraries, Fuchsia modules)
 * @param grouping which grouping {@code groups} uses
 */
public record TopConsumers(int[] objects, List<HistogramRow> classes, List<HistogramRow> groups, Grouping grouping) {

    /**
     * The lists from the whole-graph histograms by class and by {@code grouping} (rows biggest retained
     * first, as {@link Histogram#build} makes them) and the top-level dominators. O(top-level objects).
     */
    public static TopConsumers of(HeapGraph graph, DominatorTree tree, int limit, List<HistogramRow> classes,
            List<HistogramRow> groups, Grouping grouping) {
        // only the first ones, merged from the sorted rows: the whole list sorted a javac heap's million
        // top-level objects for 20 (1 s of every open in the window); asked again for more while the
        // reachability group nodes, which are left out, took places
        int[] top;
        for (int want = limit; ; want *= 2) {
            int[] first = TopLevel.objects(graph, tree, want);
            top = Arrays.stream(first).filter(o -> !tree.isGroup(o)).toArray();
            if (top.length >= limit || first.length < want || want > Integer.MAX_VALUE / 4) break;
        }
        int[] objects = Arrays.copyOf(top, Math.min(limit, top.length));
        return new TopConsumers(objects, List.copyOf(classes.subList(0, Math.min(limit, classes.size()))),
                List.copyOf(groups.subList(0, Math.min(limit, groups.size()))), grouping);
    }

    /** Packages for Java heaps, libraries (scripts, modules) for the others. */
    public static Grouping groupingFor(HeapGraph graph) {
        return switch (graph.metadata().format()) {
            case HPROF -> Grouping.PACKAGE;
            case V8, DART, FUCHSIA, GENERIC -> Grouping.LIBRARY;
        };
    }
}
