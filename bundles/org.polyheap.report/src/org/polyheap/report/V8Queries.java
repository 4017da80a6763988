package org.polyheap.report;

import java.util.LinkedHashMap;
import java.util.Map;

import org.polyheap.analysis.Closures;
import org.polyheap.analysis.DetachedDom;
import org.polyheap.analysis.LeakClusters;
import org.polyheap.analysis.PathsToRoots;
import org.polyheap.analysis.V8Statistics;
import org.polyheap.model.HeapGraph;
import org.polyheap.model.Progress;
import org.polyheap.model.format.SnapshotFormat;
import org.polyheap.report.table.Column;
import org.polyheap.report.table.Table;

/**
 * The queries only V8 snapshots answer (the Chrome DevTools Memory panel's views): the Statistics
 * breakdown, detached DOM, closures by source location. Each turns analysis results into a
 * {@link Table} or plain values for the command, the exports and the window. None runs on a UI thread.
 */
public final class V8Queries {
    /** JS objects named per detached root. */
    private static final int MAX_RETAINERS = 8;

    private V8Queries() { }

    /** True for a V8 snapshot, the only format these queries answer. */
    public static boolean applies(AnalyzedSnapshot s) { return s.format() == SnapshotFormat.V8; }

    /**
     * DevTools' Statistics ({@link V8Statistics}) on the analysis's self sizes. O(objects + references).
     *
     * @throws IllegalArgumentException for a snapshot of another format
     */
    public static V8Statistics statistics(AnalyzedSnapshot s, Progress progress) {
        requireV8(s, "statistics");
        return V8Statistics.of(s.graph(), s.analysis().dominatorTree().shallow(), progress);
    }

    /** The pie's slices in DevTools' order, each with its bytes and its share of the total. */
    public static Table statisticsTable(V8Statistics st) {
        var b = new Table.Builder("categories", Column.text("category", "Category"), Column.bytes("bytes", "Bytes"),
                Column.percent("percent", "% of total"));
        double total = Math.max(1, st.total());
        Object[][] rows = {{"Code", st.code()}, {"Strings", st.strings()}, {"JS arrays", st.jsArrays()},
                {"Typed arrays", st.typedArrays()}, {"System objects", st.system()}, {"Other JS objects", st.otherJs()},
                {"Other non-JS objects", st.otherNative()}};
        for (Object[] r : rows) b.row(r[0], r[1], (Long) r[1] * 100.0 / total);
        b.row("Total", st.total(), 100.0);
        return b.build();
    }

    /** DevTools' own statistics object ({@code total}, {@code native}, {@code v8heap}), key for key. */
    public static Map<String, Object> statisticsFigures(V8Statistics st) {
        var nativeBytes = new LinkedHashMap<String, Object>();
        nativeBytes.put("total", st.nativeTotal());
        nativeBytes.put("typedArrays", st.typedArrays());
        var heap = new LinkedHashMap<String, Object>();
        heap.put("total", st.v8Heap());
        heap.put("code", st.code());
        heap.put("jsArrays", st.jsArrays());
        heap.put("strings", st.strings());
        heap.put("system", st.system());
        var m = new LinkedHashMap<String, Object>();
        m.put("total", st.total());
        m.put("native", nativeBytes);
        m.put("v8heap", heap);
        return m;
    }

    /**
     * Detached DOM ({@link DetachedDom}): {@code groups}, one row per class of detached roots with the
     * JavaScript objects that keep them, and {@code roots}, the {@code top} biggest roots with their
     * retainer; {@code rootObjects} and {@code groupExamples} row for row (the object a row acts on: the
     * root, or a group's biggest root). One shortest-path search per listed root (the inbound index is
     * built first when missing).
     */
    public record Detached(Table groups, int[] groupExamples, Table roots, int[] rootObjects) { }

    /** See {@link Detached}. O(objects) plus {@code top} path searches. */
    public static Detached detached(AnalyzedSnapshot s, int top, Progress progress) throws java.io.IOException {
        requireV8(s, "detached elements");
        HeapGraph g = s.graph();
        var tree = s.analysis().dominatorTree();
        var groups = DetachedDom.find(g, tree, progress);
        // the biggest roots of all groups, each with its retainer
        var all = new java.util.ArrayList<int[]>(); // {root, group}
        for (int k = 0; k < groups.size(); k++) for (int o : groups.get(k).roots()) all.add(new int[] {o, k});
        all.sort(java.util.Comparator.<int[]>comparingLong(x -> -tree.retained().get(x[0])).thenComparingInt(x -> x[0]));
        var listed = all.subList(0, Math.min(top, all.size()));
        if (!listed.isEmpty()) {
            s.snapshot().prepareInbound(progress);
            s.analysis().pathIndex(progress);
        }
        var retainerText = new java.util.ArrayList<java.util.LinkedHashSet<String>>();
        for (int k = 0; k < groups.size(); k++) retainerText.add(new java.util.LinkedHashSet<>());
        var roots = new Table.Builder("roots", Column.text("id", "Object"), Column.text("class", "Class"),
                Column.text("label", "Element"), Column.bytes("shallow", "Shallow bytes"), Column.bytes("retained", "Retained bytes"),
                Column.text("jsRetainers", "JS objects referring to it"), Column.text("retainer", "Retainer on the shortest path"),
                Column.text("retainerClass", "Retainer class"), Column.text("edge", "Edge"), Column.count("distance", "Steps to the retainer"));
        int[] rootObjects = new int[listed.size()];
        for (int i = 0; i < listed.size(); i++) {
            int o = listed.get(i)[0];
            rootObjects[i] = o;
            var it = s.analysis().pathsToRoots(o, PathsToRoots.WEAK_KINDS, progress);
            String id = "", cls = "", edge = "";
            long distance = 0;
            if (it.hasNext()) {
                var path = it.next();
                int step = DetachedDom.retainerStep(g, path);
                if (step > 0) {
                    int r = path.steps().get(step).object();
                    id = ObjectNames.id(g, r);
                    cls = ObjectNames.className(g, r);
                    edge = path.steps().get(step).viaReference().label();
                    distance = step;
                }
            }
            var referrers = new java.util.ArrayList<String>();
            for (var ref : DetachedDom.jsRetainers(g, o, MAX_RETAINERS)) {
                referrers.add(ObjectNames.className(g, ref.from()) + " " + ObjectNames.id(g, ref.from()) + " ." + ref.label());
                retainerText.get(listed.get(i)[1]).add(ObjectNames.className(g, ref.from()) + "." + ref.label());
            }
            roots.row(ObjectNames.id(g, o), ObjectNames.className(g, o), ObjectNames.label(g, o), tree.shallow().get(o),
                    tree.retained().get(o), String.join("; ", referrers), id, cls, edge, distance);
        }
        long heap = Math.max(1, tree.totalBytes());
        var table = new Table.Builder("groups", Column.text("name", "Class"), Column.count("count", "Roots"),
                Column.bytes("shallow", "Shallow bytes"), Column.bytes("retained", "Retained bytes"),
                Column.percent("percent", "% of heap"), Column.text("retainers", "Kept by"), Column.text("example", "Biggest root"));
        int[] examples = new int[groups.size()];
        for (int k = 0; k < groups.size(); k++) {
            var group = groups.get(k);
            examples[k] = group.roots()[0];
            table.row(group.name(), (long) group.roots().length, group.shallow(), group.retained(), group.retained() * 100.0 / heap,
                    String.join(", ", retainerText.get(k)), ObjectNames.id(g, examples[k]));
        }
        return new Detached(table.build(), examples, roots.build(), rootObjects);
    }

    /** Closures by function: the table and, row for row, each group's biggest closure (the object a row acts on). */
    public record ClosureGroups(Table table, int[] examples, int groups) { }

    /**
     * Closures grouped by function name and source location ({@link Closures}), biggest retained first,
     * the first {@code top}; only those of at least {@code minCount} closures. One location lookup per closure.
     */
    public static ClosureGroups closures(AnalyzedSnapshot s, int minCount, int top, Progress progress) throws java.io.IOException {
        requireV8(s, "closures by source location");
        HeapGraph g = s.graph();
        var tree = s.analysis().dominatorTree();
        java.util.List<Closures.Group> groups;
        try (var inspector = s.parser().inspector(s.file(), g)) {
            groups = Closures.find(g, tree, inspector, progress);
        }
        var shown = groups.stream().filter(x -> x.count() >= minCount).limit(top).toList();
        long heap = Math.max(1, tree.totalBytes());
        var b = new Table.Builder("functions", Column.text("name", "Function"), Column.text("location", "Location"),
                Column.count("count", "Closures"), Column.bytes("shallow", "Shallow bytes"), Column.bytes("retained", "Retained bytes"),
                Column.percent("percent", "% of heap"), Column.text("example", "Biggest closure"));
        int[] examples = new int[shown.size()];
        for (int i = 0; i < examples.length; i++) {
            var x = shown.get(i);
            examples[i] = x.closures()[0];
            b.row(x.name(), x.location(), (long) x.count(), x.shallow(), x.retained(), x.retained() * 100.0 / heap,
                    ObjectNames.id(g, examples[i]));
        }
        return new ClosureGroups(b.build(), examples, groups.size());
    }

    /**
     * memlab-style leaks ({@link LeakClusters}): the objects of {@code last} allocated between {@code
     * baseline} and {@code target} and kept by {@code filter}, clustered by retainer path; the table
     * ({@code clusters}, the first {@code top}), row for row each cluster's biggest object, and the
     * figures: both snapshots' highest ids, the new objects still alive and the leaked objects listed.
     */
    public record Leaks(Table clusters, int[] examples, Map<String, Object> figures) { }

    /**
     * See {@link Leaks}. O(objects of the three) plus one breadth-first search of {@code last}; builds
     * {@code last}'s inbound references when missing.
     *
     * @throws IllegalArgumentException a snapshot is not V8, or the target's ids are below the baseline's
     */
    public static Leaks leaks(AnalyzedSnapshot baseline, AnalyzedSnapshot target, AnalyzedSnapshot last, LeakClusters.Filter filter,
            int top, Progress progress) throws java.io.IOException {
        for (var s : java.util.List.of(baseline, target, last)) requireV8(s, "leaks between snapshots");
        long before = LeakClusters.maxJsId(baseline.graph()), upTo = LeakClusters.maxJsId(target.graph());
        if (upTo < before) {
            throw new IllegalArgumentException("the target's JS object ids end below the baseline's (" + upTo + " < " + before
                    + "): not snapshots of one process in this order");
        }
        last.snapshot().prepareInbound(progress);
        HeapGraph g = last.graph();
        var tree = last.analysis().dominatorTree();
        var clusters = LeakClusters.find(g, tree, before, upTo, filter, progress);
        long alive = 0;
        for (int o = 0; o < g.objectCount(); o++) {
            long id = g.identity().get(o);
            if (id > before && id <= upTo) alive++;
        }
        long heap = Math.max(1, tree.totalBytes());
        var b = new Table.Builder("clusters", Column.text("class", "Class"), Column.count("count", "Objects"),
                Column.bytes("shallow", "Shallow bytes"), Column.bytes("retained", "Retained bytes"),
                Column.percent("percent", "% of heap"), Column.text("path", "Retainer path"), Column.text("example", "Biggest object"));
        var shown = clusters.subList(0, Math.min(top, clusters.size()));
        int[] examples = new int[shown.size()];
        long leaked = 0;
        for (var c : clusters) leaked += c.count();
        for (int i = 0; i < examples.length; i++) {
            var c = shown.get(i);
            examples[i] = c.objects()[0];
            b.row(c.className(), (long) c.count(), c.shallow(), c.retained(), c.retained() * 100.0 / heap,
                    String.join(" \u2192 ", c.path()), ObjectNames.id(g, examples[i]));
        }
        var figures = new LinkedHashMap<String, Object>();
        figures.put("baselineMaxJsId", before);
        figures.put("targetMaxJsId", upTo);
        figures.put("filter", filter.word());
        figures.put("allocatedAndAlive", alive);
        figures.put("leakedObjects", leaked);
        figures.put("clusterCount", (long) clusters.size());
        return new Leaks(b.build(), examples, figures);
    }

    static void requireV8(AnalyzedSnapshot s, String what) {
        if (!applies(s)) throw new IllegalArgumentException(what + " are V8's: this is a " + s.format().title());
    }
}
