package org.polyheap.analysis;

import java.util.Arrays;
import java.util.List;

import org.polyheap.model.HeapGraph;
import org.polyheap.model.Progress;

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

    /** Computes the lists. O(objects) time (two histogram walks); run off the UI thread. */
    public static TopConsumers of(HeapGraph graph, DominatorTree tree, int limit, Progress progress) {
        int[] top = TopLevel.objects(graph, tree);
        int[] objects = Arrays.copyOf(top, Math.min(limit, top.length));
        var classes = Histogram.build(graph, tree, Grouping.CLASS, null, false, progress);
        Grouping grouping = "hprof".equals(graph.metadata().format()) ? Grouping.PACKAGE : Grouping.LIBRARY;
        var groups = Histogram.build(graph, tree, grouping, null, false, progress);
        return new TopConsumers(objects, classes.subList(0, Math.min(limit, classes.size())),
                groups.subList(0, Math.min(limit, groups.size())), grouping);
    }
}
