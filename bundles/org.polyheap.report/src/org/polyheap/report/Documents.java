package org.polyheap.report;

import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import org.polyheap.analysis.Grouping;
import org.polyheap.model.ReferenceKind;
import org.polyheap.report.ReportData.RootPath;
import org.polyheap.report.table.CsvWriter;
import org.polyheap.report.table.JsonWriter;
import org.polyheap.report.table.Table;

/**
 * The JSON documents and CSV files the headless command prints and the window exports, built in one
 * place so the two write the same keys and the same rows by default (docs/cli.md lists them). A
 * document is an ordered map: what was asked first, then the table or data. O(size of the data).
 */
public final class Documents {
    /** Rows of a dominator tree listing ({@code dominators --top}) and of the report's top consumers and suspects. */
    public static final int TOP_ROWS = 25;
    /** Duplicate strings: the fewest objects sharing a value, and the rows listed. */
    public static final int DUPLICATES_MIN = 10, DUPLICATES_TOP = 50;
    /** Paths to GC roots listed from one object. */
    public static final int PATHS_MAX = 10;

    private Documents() { }

    /**
     * A histogram: its grouping's key, the reachability classes shown ({@code all} or the words),
     * the set of objects it covers when not the whole heap, then the rows.
     */
    public static Map<String, Object> histogram(Table rows, Grouping grouping, String reachability, String scope) {
        return histogram(rows, grouping, reachability, scope, null);
    }

    /** As above, with the snapshot's native memory figures ({@link #nativeMemory}) when it records any (else null). */
    public static Map<String, Object> histogram(Table rows, Grouping grouping, String reachability, String scope,
            Map<String, Object> nativeMemory) {
        var doc = new LinkedHashMap<String, Object>();
        doc.put("groupBy", grouping.key());
        doc.put("reachability", reachability == null ? "all" : reachability);
        if (scope != null) doc.put("scope", scope);
        if (nativeMemory != null) doc.put("nativeMemory", nativeMemory);
        doc.put(rows.name(), rows);
        return doc;
    }

    /**
     * What a snapshot says of native memory, or null when it records none per object: {@code objects}
     * holding some and their {@code bytes} (the per-object figures the rows' {@code native} column sums),
     * and for Dart the VM's own total, the header's {@code externalSize} ({@code vmExternalSize}: the
     * isolate group's external allocations, as the VM service's {@code externalUsage} reports them).
     */
    public static Map<String, Object> nativeMemory(org.polyheap.model.HeapGraph g) {
        if (!org.polyheap.analysis.NativeSizes.recorded(g)) return null;
        var doc = new LinkedHashMap<String, Object>();
        long objects = 0;
        for (var a : g.attributes().values()) if (a.name().endsWith(NativeMemory.SIZE_SUFFIX)) objects += a.count();
        doc.put("objects", objects);
        doc.put("bytes", org.polyheap.analysis.NativeSizes.total(g));
        String vm = g.metadata().fact("externalSize", null);
        if (vm != null) {
            try {
                doc.put("vmExternalSize", Long.parseLong(vm));
            } catch (NumberFormatException e) {
                // a fact the parser wrote in another shape: left out rather than guessed
            }
        }
        return doc;
    }

    /** Children of a dominator tree node ({@link ObjectNames#ROOT} for the top level). */
    public static Map<String, Object> dominators(Table rows, String of) {
        var doc = new LinkedHashMap<String, Object>();
        doc.put("of", of);
        doc.put(rows.name(), rows);
        return doc;
    }

    /** Strings held by at least {@code minCount} objects. */
    public static Map<String, Object> duplicates(Table rows, int minCount) {
        var doc = new LinkedHashMap<String, Object>();
        doc.put("minCount", (long) minCount);
        doc.put(rows.name(), rows);
        return doc;
    }

    /**
     * Java collections: the class asked for (or all), the figures per collection class, the empty
     * collections per class, the arrays of primitives holding one value per array class.
     */
    public static Map<String, Object> collections(String onlyClass, CollectionQueries.Collections c) {
        var doc = new LinkedHashMap<String, Object>();
        doc.put("class", onlyClass);
        doc.put(c.classes().name(), c.classes());
        doc.put(c.empty().name(), c.empty());
        doc.put(c.constantArrays().name(), c.constantArrays());
        return doc;
    }

    /**
     * Java references: the kind asked for (or all), the referents per kind and class (the CSV's table),
     * the figures per kind, the finalizer thread and the queue length the JDK kept, the finalizer queue
     * by state.
     */
    public static Map<String, Object> references(String kind, String finalizerThread, ReferenceQueries.References r) {
        var doc = new LinkedHashMap<String, Object>();
        doc.put("kind", kind == null ? "all" : kind);
        doc.put(r.referents().name(), r.referents());
        doc.put(r.kinds().name(), r.kinds());
        doc.put("finalizerThread", finalizerThread);
        doc.put("queueLength", r.queueLength() < 0 ? null : r.queueLength());
        doc.put(r.finalizerQueue().name(), r.finalizerQueue());
        return doc;
    }

    /** Class loaders: every loader (the CSV's table), then the class names defined more than once. */
    public static Map<String, Object> loaders(LoaderQueries.Loaders l) {
        var doc = new LinkedHashMap<String, Object>();
        doc.put(l.loaders().name(), l.loaders());
        doc.put(l.duplicates().name(), l.duplicates());
        return doc;
    }

    /** The classes one loader defined: the loader (its id, or the bootstrap loader's name), then the classes. */
    public static Map<String, Object> loaderClasses(String loader, String title, Table classes) {
        var doc = new LinkedHashMap<String, Object>();
        doc.put("loader", loader);
        doc.put("title", title);
        doc.put(classes.name(), classes);
        return doc;
    }

    /** A collection's entries: the object, its class and kind, then one row per entry or element. */
    public static Map<String, Object> entries(String object, String className, String kind, Table rows) {
        var doc = new LinkedHashMap<String, Object>();
        doc.put("object", object);
        doc.put("class", className);
        doc.put("kind", kind);
        doc.put(rows.name(), rows);
        return doc;
    }

    /** DevTools' Statistics of a V8 snapshot: its own figures ({@code statistics}), then the pie's slices as rows. */
    public static Map<String, Object> v8Statistics(org.polyheap.analysis.V8Statistics st) {
        var doc = new LinkedHashMap<String, Object>();
        doc.put("statistics", V8Queries.statisticsFigures(st));
        Table rows = V8Queries.statisticsTable(st);
        doc.put(rows.name(), rows);
        return doc;
    }

    /** Detached roots listed in the {@code roots} table of {@code detached} by default. */
    public static final int DETACHED_TOP = 100;

    /** Detached DOM: the classes of detached roots ({@code groups}, the CSV's table), then the biggest roots with their retainers. */
    public static Map<String, Object> detached(V8Queries.Detached d) {
        var doc = new LinkedHashMap<String, Object>();
        doc.put(d.groups().name(), d.groups());
        doc.put(d.roots().name(), d.roots());
        return doc;
    }

    /** Closures by function: the fewest closures a listed function has, and the rows listed, by default. */
    public static final int CLOSURES_MIN = 1, CLOSURES_TOP = 100;

    /** Closures grouped by function name and source location: what was asked, how many functions in all, then the rows. */
    public static Map<String, Object> closures(V8Queries.ClosureGroups c, int minCount) {
        var doc = new LinkedHashMap<String, Object>();
        doc.put("minCount", (long) minCount);
        doc.put("functionCount", (long) c.groups());
        doc.put(c.table().name(), c.table());
        return doc;
    }

    /** Leak clusters listed by {@code leaks} by default. */
    public static final int LEAKS_TOP = 50;

    /** memlab-style leaks: the three files, the figures, then the clusters. */
    public static Map<String, Object> leaks(String baseline, String target, String last, V8Queries.Leaks l) {
        var doc = new LinkedHashMap<String, Object>();
        doc.put("baseline", baseline);
        doc.put("target", target);
        doc.put("final", last);
        doc.putAll(l.figures());
        doc.put(l.clusters().name(), l.clusters());
        return doc;
    }

    /** Two snapshots compared: the baseline's file, the object counts when the format allows them, the class deltas. */
    public static Map<String, Object> comparison(String baseline, Queries.Comparison c) {
        return comparison(baseline, null, c);
    }

    /** As above, naming the reachability classes counted ({@code compare --reachability}; null: every object). */
    public static Map<String, Object> comparison(String baseline, String reachability, Queries.Comparison c) {
        var doc = new LinkedHashMap<String, Object>();
        doc.put("baseline", baseline);
        doc.put("reachability", reachability == null ? "all" : reachability);
        if (c.objects() != null) doc.put("objects", c.objects());
        doc.put(c.classes().name(), c.classes());
        return doc;
    }

    /** Paths from one object to GC roots, without the excluded reference kinds. */
    public static Map<String, Object> paths(String file, String object, Set<ReferenceKind> excluded, List<RootPath> paths) {
        var doc = new LinkedHashMap<String, Object>();
        doc.put("file", file);
        doc.put("object", object);
        doc.put("excluded", excluded.stream().map(k -> k.name().toLowerCase(Locale.ROOT)).sorted().toList());
        doc.put("paths", paths.stream().map(Documents::path).toList());
        return doc;
    }

    /** A path as JSON: steps from the object to the root; each step names the edge by which it holds the previous one. */
    private static List<Map<String, Object>> path(RootPath p) {
        var steps = new ArrayList<Map<String, Object>>();
        for (int i = 0; i < p.steps().size(); i++) {
            var step = p.steps().get(i);
            var m = new LinkedHashMap<String, Object>();
            m.put("id", step.id());
            m.put("class", step.className());
            m.put("edge", step.edge());
            if (i == p.steps().size() - 1) m.put("rootKind", p.rootKind());
            steps.add(m);
        }
        return steps;
    }

    /** Big drops in the dominator tree: the threshold (percent of the heap and bytes), the skip pattern, then the drops. */
    public static Map<String, Object> bigDrops(BigDropQueries.Drops d) {
        var doc = new LinkedHashMap<String, Object>();
        doc.put("thresholdPercent", d.found().thresholdPercent());
        doc.put("thresholdBytes", d.found().thresholdBytes());
        doc.put("skip", d.found().skip());
        doc.put(d.table().name(), d.table());
        return doc;
    }

    /**
     * Java system properties and the JVM ({@link JavaSystemProperties}): where they were read, the JVM's
     * facts, its arguments and the main method's when the dump holds them (else null), then the properties.
     */
    public static Map<String, Object> systemProperties(org.polyheap.model.HeapGraph g, JavaSystemProperties.Result r) {
        var doc = new LinkedHashMap<String, Object>();
        doc.put("source", r.source() < 0 ? null : ObjectNames.id(g, r.source()));
        doc.put("sourceField", r.sourceField());
        doc.put("startupField", r.startupField());
        doc.put("jvm", r.jvm().stream().map(f -> {
            var m = new LinkedHashMap<String, Object>();
            m.put("name", f.name());
            m.put("value", f.value());
            m.put("from", f.from());
            return m;
        }).toList());
        doc.put("jvmArguments", r.jvmArguments());
        doc.put("jvmArgumentsFrom", r.jvmArgumentsFrom());
        doc.put("mainArguments", r.mainArguments());
        doc.put("mainArgumentsFrom", r.mainArgumentsFrom());
        Table t = JavaSystemProperties.table(g, r);
        doc.put(t.name(), t);
        return doc;
    }

    /** Java threads ({@link JavaThreads}) and how stack roots were counted: the threads, each with its frames and their locals. */
    public static Map<String, Object> threads(List<JavaThreads.JavaThread> threads, String stackRoots) {
        var doc = new LinkedHashMap<String, Object>();
        doc.put("stackRoots", stackRoots);
        doc.put("threads", threads.stream().map(Documents::thread).toList());
        return doc;
    }

    private static Map<String, Object> thread(JavaThreads.JavaThread t) {
        var m = new LinkedHashMap<String, Object>();
        m.put("id", t.id());
        m.put("name", t.name());
        m.put("state", t.state());
        if (t.daemon() != null) m.put("daemon", t.daemon());
        m.put("retained", t.retained());
        m.put("localsRetained", t.localsRetained());
        m.put("frames", t.frames().stream().map(f -> {
            var fm = new LinkedHashMap<String, Object>();
            fm.put("depth", (long) f.depth());
            fm.put("class", f.frame().className());
            fm.put("method", f.frame().method());
            fm.put("location", f.frame().location());
            if (f.frame().line() >= 0) fm.put("line", (long) f.frame().line());
            fm.put("localsRetained", f.localsRetained());
            fm.put("locals", f.locals().stream().map(Documents::local).toList());
            return fm;
        }).toList());
        if (!t.unplacedLocals().isEmpty()) m.put("otherLocals", t.unplacedLocals().stream().map(Documents::local).toList());
        return m;
    }

    private static Map<String, Object> local(JavaThreads.Local l) {
        var m = new LinkedHashMap<String, Object>();
        m.put("id", l.id());
        m.put("class", l.className());
        m.put("rootKind", l.kind());
        m.put("retained", l.retained());
        return m;
    }

    /** The whole report: overview, top consumers, dominator tree top, suspects with their paths, class histogram. */
    public static Map<String, Object> report(ReportData d) {
        var m = new LinkedHashMap<String, Object>();
        m.put("overview", d.overview());
        m.put("topConsumers", d.topConsumers());
        m.put("dominators", d.dominators().stream().map(Documents::node).toList());
        m.put("suspects", d.suspects().stream().map(x -> {
            var sm = new LinkedHashMap<String, Object>();
            sm.put("title", x.title());
            sm.put("id", x.id());
            sm.put("class", x.className());
            sm.put("instances", (long) x.instances());
            sm.put("retained", x.retained());
            sm.put("objectRetained", x.objectRetained());
            sm.put("percentOfHeap", x.percentOfHeap());
            sm.put("accumulationPoint", x.accumulationPoint());
            sm.put("paths", x.paths().stream().map(Documents::path).toList());
            return sm;
        }).toList());
        m.put("classes", d.histogram());
        return m;
    }

    private static Map<String, Object> node(ReportData.DominatorNode n) {
        var m = new LinkedHashMap<String, Object>();
        m.put("id", n.id());
        m.put("class", n.className());
        m.put("label", n.label());
        m.put("shallow", n.shallow());
        m.put("retained", n.retained());
        m.put("childCount", (long) n.childCount());
        m.put("children", n.children().stream().map(Documents::node).toList());
        return m;
    }

    /** Writes a document as indented JSON. */
    public static void writeJson(Map<String, Object> doc, Writer w) throws IOException { JsonWriter.write(doc, w, true); }

    /** Writes the document's table as CSV (the document's other members are what was asked, not rows). */
    public static void writeCsv(Map<String, Object> doc, Writer w) throws IOException { CsvWriter.write(table(doc), w); }

    /** The table of a document. */
    public static Table table(Map<String, Object> doc) {
        for (Object v : doc.values()) if (v instanceof Table t) return t;
        throw new IllegalArgumentException("the document has no table");
    }
}
