package org.polyheap.report;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

import org.polyheap.analysis.DominatorTree;
import org.polyheap.analysis.Grouping;
import org.polyheap.analysis.HistogramRow;
import org.polyheap.analysis.LeakSuspect;
import org.polyheap.analysis.NativeSizes;
import org.polyheap.analysis.PathsToRoots;
import org.polyheap.analysis.Reachability;
import org.polyheap.analysis.RootPathTree;
import org.polyheap.analysis.SnapshotComparison;
import org.polyheap.analysis.SyntheticContainers;
import org.polyheap.analysis.TopConsumers;
import org.polyheap.model.GcRoot;
import org.polyheap.model.HeapGraph;
import org.polyheap.model.Progress;
import org.polyheap.model.ReferenceKind;
import org.polyheap.report.ReportData.PathStep;
import org.polyheap.report.ReportData.RootPath;
import org.polyheap.report.table.Column;
import org.polyheap.report.table.Table;

/**
 * The queries behind the headless command, the exported reports and the window's "export table":
 * each turns analysis results into a {@link Table} or plain values, so every renderer shows the same
 * rows. Costs are those of the analysis calls named in each method; none runs on a UI thread.
 */
public final class Queries {
    private Queries() { }

    /** The overview facts, in the order of docs/cli.md. O(roots + classes). */
    public static Map<String, Object> overview(AnalyzedSnapshot s) {
        HeapGraph g = s.graph();
        DominatorTree tree = s.analysis().dominatorTree();
        var m = new LinkedHashMap<String, Object>();
        m.put("file", s.file().toString());
        m.put("format", g.metadata().format().key());
        m.put("objects", (long) g.objectCount());
        m.put("classes", (long) g.classes().size());
        m.put("references", g.outTarget().size());
        m.put("gcRoots", (long) g.gcRoots().size());
        m.put("gcRootObjects", g.gcRoots().stream().mapToInt(GcRoot::object).distinct().count());
        m.put("shallowBytes", tree.totalBytes());
        m.put("reachableObjects", (long) tree.reachableObjects());
        m.put("reachableBytes", tree.reachableBytes());
        var totals = tree.totals();
        for (Reachability r : Reachability.values()) {
            if (r == Reachability.STRONG || r == Reachability.UNREACHABLE) continue;
            m.put(reachabilityKey(r) + "Objects", totals.objects(r));
            m.put(reachabilityKey(r) + "Bytes", totals.bytes(r));
        }
        m.put("unreachableObjects", (long) tree.unreachableObjects());
        m.put("unreachableBytes", tree.unreachableBytes());
        m.put("reachability", reachabilitySummary(totals));
        m.put("sizeModel", g.metadata().fact("sizeModel", "sizes as stored in the snapshot"));
        m.put("dominatorSemantics", s.analysis().options().semantics().name());
        m.put("indexReused", s.reused());
        m.put("indexFolder", s.snapshot().folder().toString());
        m.put("facts", g.metadata().facts());
        m.put("warnings", s.snapshot().warnings());
        return m;
    }

    /** Titles of the overview's keys, for people (the HTML report): the keys stay as docs/cli.md lists them. */
    private static final Map<String, String> OVERVIEW_TITLES = Map.ofEntries(Map.entry("file", "File"),
            Map.entry("format", "Format"), Map.entry("objects", "Objects"), Map.entry("classes", "Classes"),
            Map.entry("references", "References"), Map.entry("gcRoots", "GC root entries"),
            Map.entry("gcRootObjects", "GC root objects"), Map.entry("shallowBytes", "Heap size (every object)"),
            Map.entry("reachability", "Reachability"), Map.entry("sizeModel", "Sizes"),
            Map.entry("dominatorSemantics", "Dominator semantics"), Map.entry("indexReused", "Index reused"),
            Map.entry("indexFolder", "Index folder"));

    /** A person's title for an overview key ("GC root entries" for {@code gcRoots}); the key itself when it has none. */
    public static String overviewTitle(String key) {
        String t = OVERVIEW_TITLES.get(key);
        if (t != null) return t;
        for (Reachability r : Reachability.values()) {
            String stem = reachabilityKey(r);
            String what = r == Reachability.STRONG ? "Strongly reachable" : Character.toUpperCase(r.label().charAt(0)) + r.label().substring(1);
            if (key.equals(stem + "Objects")) return what + " objects";
            if (key.equals(stem + "Bytes")) return what + " bytes";
        }
        return key;
    }

    /** True for the objects or bytes key of a non-strong reachability class that has no objects. */
    public static boolean isEmptyReachabilityFact(Map<String, Object> overview, String key) {
        for (Reachability r : Reachability.values()) {
            String stem = reachabilityKey(r);
            if (r != Reachability.STRONG && (key.equals(stem + "Objects") || key.equals(stem + "Bytes"))) {
                return Long.valueOf(0).equals(overview.get(stem + "Objects"));
            }
        }
        return false;
    }

    /** The overview's key stem for a class: {@code onlySoftlyReachable}, ..., {@code unreachable}. */
    public static String reachabilityKey(Reachability r) {
        return switch (r) {
            case STRONG -> "reachable";
            case SOFT -> "onlySoftlyReachable";
            case WEAK -> "onlyWeaklyReachable";
            case FINALIZER -> "onlyFinalizerReachable";
            case PHANTOM -> "onlyPhantomReachable";
            case UNREACHABLE -> "unreachable";
        };
    }

    /**
     * The split of the snapshot by reachability in words: "2,640,112 objects (181.2 MB) strongly
     * reachable; 31,022 (38.0 MB) only softly reachable; ...", classes without objects left out.
     */
    public static String reachabilitySummary(DominatorTree.Totals totals) {
        var parts = new ArrayList<String>();
        for (Reachability r : Reachability.values()) {
            long objects = totals.objects(r);
            if (objects == 0 && r != Reachability.STRONG) continue;
            parts.add(String.format(java.util.Locale.ROOT, "%,d %s(%s) %s", objects, parts.isEmpty() ? "objects " : "",
                    ByteSizes.human(totals.bytes(r)), r.label()));
        }
        return String.join("; ", parts);
    }

    /**
     * The reachability classes a comma-separated list of words names ({@code strong}, {@code soft},
     * {@code weak}, {@code finalizer}, {@code phantom}, {@code unreachable}, or {@code all}); null for all.
     *
     * @throws IllegalArgumentException for an unknown word
     */
    public static Set<Reachability> reachability(String words) {
        if (words == null || words.equals("all")) return null;
        var set = java.util.EnumSet.noneOf(Reachability.class);
        for (String w : words.split(",")) {
            Reachability r = Reachability.ofWord(w.trim());
            if (r == null) throw new IllegalArgumentException("--reachability takes all or strong, soft, weak, finalizer, phantom, unreachable (comma-separated), not '" + w + "'");
            set.add(r);
        }
        return set;
    }

    /** Histogram rows as a table; precise retained sizes for the first {@code top} rows on request. */
    public static Table histogram(AnalyzedSnapshot s, Grouping grouping, Pattern filter, int top, boolean precise,
            Progress progress) {
        return histogram(s, grouping, filter, null, top, precise, progress);
    }

    /** As above, with the objects of the reachability classes {@code only} (null: every object). */
    public static Table histogram(AnalyzedSnapshot s, Grouping grouping, Pattern filter, Set<Reachability> only, int top,
            boolean precise, Progress progress) {
        return histogram(s, grouping, filter, only, top, precise, false, progress);
    }

    /**
     * As above; a snapshot that records native memory per object ({@link NativeSizes}: Dart's external
     * properties) gets a last column {@code native}, the native bytes of the row's objects. With
     * {@code nativeOnly}, only the rows holding native memory, most native bytes first.
     */
    public static Table histogram(AnalyzedSnapshot s, Grouping grouping, Pattern filter, Set<Reachability> only, int top,
            boolean precise, boolean nativeOnly, Progress progress) {
        List<HistogramRow> rows = s.analysis().histogram(grouping, filter, only, progress);
        Map<String, Long> nativeBytes = nativeBytes(s, grouping, only);
        if (nativeOnly) {
            var sizes = nativeBytes == null ? Map.<String, Long>of() : nativeBytes;
            rows = rows.stream().filter(r -> sizes.getOrDefault(r.name(), 0L) > 0)
                    .sorted(java.util.Comparator.comparingLong((HistogramRow r) -> sizes.get(r.name())).reversed()
                            .thenComparing(HistogramRow::name))
                    .toList();
        }
        var shown = new java.util.ArrayList<HistogramRow>(rows.subList(0, Math.min(top, rows.size())));
        if (precise) shown.replaceAll(r -> r.retainedIsLowerBound() ? s.analysis().preciseRetained(r, grouping, progress) : r);
        return histogramTable(shown, nativeBytes, grouping.title());
    }

    /**
     * Group name → native bytes of its objects of the reachability classes {@code only} (null: every
     * object), or null when the snapshot records no native memory. O(objects holding native memory).
     */
    public static Map<String, Long> nativeBytes(AnalyzedSnapshot s, Grouping grouping, Set<Reachability> only) {
        if (!NativeSizes.recorded(s.graph())) return null;
        var tree = s.analysis().dominatorTree();
        return NativeSizes.byGroup(s.graph(), grouping, only == null ? null : o -> only.contains(tree.reachabilityOf(o)));
    }

    /**
     * Two snapshots of one format compared: the class histograms side by side ({@code classes}: objects,
     * shallow and retained bytes before, after and their difference; biggest growth of retained bytes
     * first, at most {@code top} rows) and, for formats whose object ids are stable across snapshots
     * (V8, Dart), the objects matched one by one: {@code delta} and its counts ({@code objects}: "new",
     * "removed", "kept", "notCompared" with its "notComparedBefore" and "notComparedAfter"); both null
     * for the other formats, where only the per-class counts and sizes change.
     */
    public record Comparison(Table classes, Map<String, Object> objects, SnapshotComparison.ObjectDelta delta) { }

    /**
     * What {@code polyheap compare BASELINE FILE} prints, and the window's comparison shows. O(objects of
     * both) for the object match; the class histograms are the snapshots' stored ones.
     */
    public static Comparison comparison(AnalyzedSnapshot base, AnalyzedSnapshot current, int top) {
        return comparison(base, current, top, null);
    }

    /**
     * As above, counting and matching on each side only the objects of the reachability classes
     * {@code only} (null: every object). With {@code strong}, an object that was reachable in the baseline
     * and is garbage or gone in the newer snapshot is removed, as Dart DevTools' Diff counts it (it
     * leaves unreachable objects out). O(objects of both) more for the histograms.
     */
    public static Comparison comparison(AnalyzedSnapshot base, AnalyzedSnapshot current, int top, Set<Reachability> only) {
        var deltas = SnapshotComparison.classDeltas(base.analysis(), current.analysis(), only, Progress.NONE);
        java.util.function.IntPredicate inA = member(base, only), inB = member(current, only);
        var od = base.format().stableIdentity() ? SnapshotComparison.objects(base.graph(), current.graph(), inA, inB) : null;
        var columns = new ArrayList<>(List.of(Column.text("name", "Class"), Column.count("countBefore", "Objects before"),
                Column.count("countAfter", "Objects after"), Column.count("countDelta", "Objects delta"),
                Column.bytes("shallowBefore", "Shallow before"), Column.bytes("shallowAfter", "Shallow after"),
                Column.bytes("shallowDelta", "Shallow delta"), Column.bytes("retainedBefore", "Retained before"),
                Column.bytes("retainedAfter", "Retained after"), Column.bytes("retainedDelta", "Retained delta")));
        if (od != null) columns.addAll(MATCHED_COLUMNS);
        var b = new Table.Builder("classes", columns.toArray(Column[]::new));
        var changes = od == null ? null : SnapshotComparison.classChanges(base.graph(), current.graph(), od, inA, inB);
        deltas.stream().limit(top).forEach(d -> {
            var row = new ArrayList<Object>(List.of(d.name(), d.objectsA(), d.objectsB(), d.objectDelta(),
                    d.shallowA(), d.shallowB(), d.shallowDelta(), d.retainedA(), d.retainedB(), d.retainedDelta()));
            if (changes != null) {
                var c = SnapshotComparison.classChange(changes, d.name());
                row.addAll(List.of(c.added(), c.removed(), c.matchedDelta(), c.kept(), c.addedShallow(), c.removedShallow(),
                        c.keptShallow(), c.notComparedA(), c.notComparedB()));
            }
            b.row(row.toArray());
        });
        if (od == null) return new Comparison(b.build(), null, null);
        Map<String, Object> objects = new LinkedHashMap<>();
        objects.put("new", (long) od.added().length);
        objects.put("removed", (long) od.removed().length);
        objects.put("kept", (long) od.keptA().length);
        objects.put("notCompared", od.notCompared());
        objects.put("notComparedBefore", od.notComparedA());
        objects.put("notComparedAfter", od.notComparedB());
        return new Comparison(b.build(), objects, od);
    }

    /** The objects of the reachability classes {@code only}, or null (every object) when {@code only} is null. */
    private static java.util.function.IntPredicate member(AnalyzedSnapshot s, Set<Reachability> only) {
        if (only == null || only.size() == Reachability.values().length) return null;
        var tree = s.analysis().dominatorTree();
        return o -> only.contains(tree.reachabilityOf(o));
    }

    /**
     * The columns a comparison has per class when objects were matched one by one (V8 node ids, Dart
     * identity hashes), after the histogram's: Dart DevTools' Diff (new, removed, their difference and
     * the kept objects, with shallow bytes) and the objects of each side left out of the match.
     */
    public static final List<Column> MATCHED_COLUMNS = List.of(Column.count("new", "New"), Column.count("removed", "Removed"),
            Column.count("matchedDelta", "New − removed"), Column.count("kept", "Kept"),
            Column.bytes("newShallow", "New shallow"), Column.bytes("removedShallow", "Removed shallow"),
            Column.bytes("keptShallow", "Kept shallow"), Column.count("notComparedBefore", "Not matched before"),
            Column.count("notComparedAfter", "Not matched after"));

    /** Histogram rows, in the order given, as the table {@link #histogram} makes (the same columns). */
    public static Table histogramTable(List<HistogramRow> rows) {
        return histogramTable(rows, null, Grouping.CLASS.title());
    }

    /**
     * As above, the first column titled {@code groupTitle} (the grouping's: "Class", "Package" ...), with a last
     * column {@code native} (bytes, 0 for a group without) unless {@code nativeBytes} is null.
     */
    public static Table histogramTable(List<HistogramRow> rows, Map<String, Long> nativeBytes, String groupTitle) {
        var columns = new ArrayList<>(List.of(Column.text("name", groupTitle), Column.count("count", "Objects"),
                Column.bytes("shallow", "Shallow bytes"), Column.bytes("retained", "Retained bytes"),
                Column.flag("retainedIsLowerBound", "Retained is a lower bound"),
                Column.bytes("notStrong", "Not strongly reachable bytes")));
        if (nativeBytes != null) columns.add(Column.bytes("native", "Native bytes"));
        var b = new Table.Builder("classes", columns.toArray(Column[]::new));
        for (HistogramRow r : rows) {
            if (nativeBytes == null) {
                b.row(r.name(), r.objects(), r.shallow(), r.retained(), r.retainedIsLowerBound(), r.notStrong());
            } else {
                b.row(r.name(), r.objects(), r.shallow(), r.retained(), r.retainedIsLowerBound(), r.notStrong(),
                        nativeBytes.getOrDefault(r.name(), 0L));
            }
        }
        return b.build();
    }

    /**
     * Objects of the dominator tree: the top-level ones, or the children of {@code parent}. A
     * {@code location} column is added when the format keeps source locations (V8) and a listed object
     * has one (a few index lookups per listed object); a snapshot that records native memory per object
     * (see {@link NativeMemory}) gets a last column {@code native}.
     */
    public static Table dominators(AnalyzedSnapshot s, int parent, int top, Progress progress) {
        HeapGraph g = s.graph();
        DominatorTree tree = s.analysis().dominatorTree();
        int[] objects = parent == DominatorTree.VIRTUAL_ROOT
                ? s.analysis().topLevelObjects(top)
                : tree.children(parent);
        int n = Math.min(top, objects.length);
        String[] locations = locations(s, objects, n);
        var columns = new ArrayList<>(List.of(Column.text("id", "Object"), Column.text("class", "Class"),
                Column.text("label", "Value"), Column.bytes("shallow", "Shallow bytes"),
                Column.bytes("retained", "Retained bytes"), Column.percent("percent", "% of heap"),
                Column.text("dominator", "Dominator")));
        if (locations != null) columns.add(Column.text("location", "Location"));
        boolean nativeMemory = NativeMemory.recorded(g); // a column only for snapshots that record it
        if (nativeMemory) columns.add(Column.bytes("native", "Native bytes"));
        var b = new Table.Builder("objects", columns.toArray(Column[]::new));
        long total = Math.max(1, tree.totalBytes());
        for (int i = 0; i < n; i++) {
            int o = objects[i];
            int dom = tree.dominator().get(o);
            boolean group = tree.isGroup(o);
            var row = new ArrayList<Object>(List.of(ObjectNames.nodeId(s, o), group ? tree.groupOf(o).label() : ObjectNames.className(g, o),
                    group ? String.format(java.util.Locale.ROOT, "%,d objects", tree.totals().objects(tree.groupOf(o))) : ObjectNames.label(g, o),
                    tree.shallow().get(o), tree.retained().get(o), tree.retained().get(o) * 100.0 / total,
                    ObjectNames.nodeId(s, dom)));
            if (locations != null) row.add(group ? "" : locations[i]);
            if (nativeMemory) row.add(group ? 0L : NativeMemory.bytes(g, o));
            b.row(row.toArray());
        }
        return b.build();
    }

    /**
     * Strings held by at least {@code minCount} objects (MAT's Duplicate Strings), biggest waste first:
     * one inspector read per string object (see {@link org.polyheap.analysis.DuplicateStrings}).
     */
    public static Table duplicateStrings(AnalyzedSnapshot s, int minCount, int top, Progress progress)
            throws java.io.IOException {
        return duplicates(s, minCount, top, progress).table();
    }

    /**
     * The duplicate strings' table and, row for row, the object named in its "example" column, for a
     * front end whose rows act on that object (the window's context menu).
     */
    public record Duplicates(Table table, int[] examples) { }

    /** {@link #duplicateStrings}, with each row's example object. Same cost. */
    public static Duplicates duplicates(AnalyzedSnapshot s, int minCount, int top, Progress progress)
            throws java.io.IOException {
        List<org.polyheap.analysis.DuplicateStrings.Group> groups;
        try (var inspector = s.parser().inspector(s.file(), s.graph())) {
            groups = s.analysis().duplicateStrings(inspector, minCount, progress);
        }
        var b = new Table.Builder("strings", Column.text("value", "String value"), Column.count("count", "Objects"),
                Column.bytes("shallow", "Shallow bytes"), Column.bytes("retained", "Retained bytes"),
                Column.bytes("wasted", "Wasted bytes"), Column.text("example", "Example"));
        HeapGraph g = s.graph();
        var shown = groups.subList(0, Math.min(top, groups.size()));
        int[] examples = new int[shown.size()];
        for (int i = 0; i < examples.length; i++) {
            var group = shown.get(i);
            examples[i] = group.objects()[0];
            b.row(group.value(), group.count(), group.shallow(), group.retained(), group.wasted(), ObjectNames.id(g, examples[i]));
        }
        return new Duplicates(b.build(), examples);
    }

    /**
     * The "Location" fact of each of the first {@code n} objects ("" when one has none), or null when
     * none has one. Only snapshots with per-object attributes can have locations, so others cost nothing.
     */
    static String[] locations(AnalyzedSnapshot s, int[] objects, int n) {
        if (s.graph().attributes().isEmpty() || n == 0) return null;
        String[] result = new String[n];
        boolean any = false;
        try (var inspector = s.parser().inspector(s.file(), s.graph())) {
            for (int i = 0; i < n; i++) {
                result[i] = inspector.facts(objects[i]).getOrDefault("Location", "");
                any |= !result[i].isEmpty();
            }
        } catch (java.io.IOException e) {
            return null; // locations are a convenience; the table stands without them
        }
        return any ? result : null;
    }

    /** Up to {@code max} shortest paths from {@code object} to GC roots, avoiding the excluded kinds. */
    public static List<RootPath> paths(AnalyzedSnapshot s, int object, Set<ReferenceKind> excluded, int max) {
        HeapGraph g = s.graph();
        var result = new ArrayList<RootPath>();
        Iterator<PathsToRoots.Path> it = s.analysis().pathsToRoots(object, excluded, Progress.NONE);
        while (it.hasNext() && result.size() < max) {
            var path = it.next();
            var steps = new ArrayList<PathStep>();
            for (var step : path.steps()) {
                String edge = step.viaReference() == null ? null : step.viaReference().label();
                steps.add(new PathStep(ObjectNames.id(g, step.object()), ObjectNames.className(g, step.object()), edge));
            }
            String kinds = RootPathTree.rootKinds(g, path.root());
            result.add(new RootPath(steps, kinds == null ? "?" : kinds));
        }
        return result;
    }

    /** Leak suspects with one path each. */
    public static List<ReportData.Suspect> suspects(AnalyzedSnapshot s) {
        HeapGraph g = s.graph();
        var out = new ArrayList<ReportData.Suspect>();
        for (LeakSuspect l : s.analysis().leakSuspects()) {
            String cls = g.classes().get(l.classId()).name();
            String title = suspectTitle(g, l);
            String acc = l.accumulationPoint() >= 0 && l.accumulationPoint() != l.object()
                    ? ObjectNames.className(g, l.accumulationPoint()) + " " + ObjectNames.id(g, l.accumulationPoint())
                    + " retaining " + l.accumulationRetained() + " bytes" : null;
            long own = s.analysis().dominatorTree().retained().get(l.object());
            out.add(new ReportData.Suspect(title, ObjectNames.id(g, l.object()), cls, l.instances(), l.retained(), own,
                    l.share() * 100, acc, paths(s, l.object(), PathsToRoots.WEAK_KINDS, 1)));
        }
        return out;
    }

    /** A suspect in a few words, as the report and the window title it: "one java.util.HashMap", "2,120 instances of Node". */
    public static String suspectTitle(HeapGraph g, LeakSuspect l) {
        String cls = g.classes().get(l.classId()).name();
        return l.kind() == LeakSuspect.Kind.OBJECT ? "one " + cls
                : String.format(java.util.Locale.ROOT, "%,d instances of %s", l.instances(), cls);
    }

    /**
     * The biggest consumers as the window's Top Consumers page lists them, each with its share of the
     * heap: top-level objects ({@code objectIds} row for row), classes and {@code grouping}'s groups with their
     * objects
     * (packages for Java, libraries, scripts or modules for the others; {@code classRows} and
     * {@code groupRows} row for row), synthetic containers left out as in the report. Class and group
     * retained sizes are the histogram's lower bounds.
     */
    public record Consumers(Table objects, int[] objectIds, Table classes, List<HistogramRow> classRows, Table groups,
            List<HistogramRow> groupRows, Grouping grouping) { }

    /** See {@link Consumers}. O(top-level objects) once the class and group histograms are stored (O(objects) before). */
    public static Consumers topConsumers(AnalyzedSnapshot s, int top, Progress progress) {
        HeapGraph g = s.graph();
        DominatorTree tree = s.analysis().dominatorTree();
        long heap = Math.max(1, tree.totalBytes());
        var synthetic = SyntheticContainers.of(g).classNames();
        TopConsumers consumers = s.analysis().topConsumers(Integer.MAX_VALUE, progress);
        var objects = new Table.Builder("objects", Column.text("id", "Object"), Column.text("class", "Class"),
                Column.text("label", "Value"), Column.bytes("shallow", "Shallow bytes"),
                Column.bytes("retained", "Retained bytes"), Column.percent("percent", "% of heap"));
        int[] ids = java.util.Arrays.copyOf(consumers.objects(), Math.min(top, consumers.objects().length));
        for (int o : ids) {
            objects.row(ObjectNames.id(g, o), ObjectNames.className(g, o), ObjectNames.label(g, o), tree.shallow().get(o),
                    tree.retained().get(o), tree.retained().get(o) * 100.0 / heap);
        }
        var classRows = consumers.classes().stream().filter(r -> !synthetic.contains(r.name())).limit(top).toList();
        var groupRows = consumers.groups().stream().limit(top).toList();
        return new Consumers(objects.build(), ids, consumerTable("classes", Grouping.CLASS, classRows, heap), classRows,
                consumerTable("groups", consumers.grouping(), groupRows, heap), groupRows, consumers.grouping());
    }

    private static Table consumerTable(String name, Grouping grouping, List<HistogramRow> rows, long heap) {
        var b = new Table.Builder(name, Column.text("name", grouping.title()), Column.count("count", "Objects"),
                Column.bytes("retained", "Retained bytes"), Column.percent("percent", "% of heap"));
        for (HistogramRow r : rows) b.row(r.name(), r.objects(), r.retained(), r.retained() * 100.0 / heap);
        return b.build();
    }

    /** The report's data: everything at once. O(objects) plus {@code top} path searches. */
    public static ReportData report(AnalyzedSnapshot s, int top, Progress progress) {
        TopConsumers consumers = s.analysis().topConsumers(top, progress);
        var consumerTable = new Table.Builder("topConsumers", Column.text("name", "Class"),
                Column.count("count", "Objects"), Column.bytes("retained", "Retained bytes"),
                Column.flag("retainedIsLowerBound", "Retained is a lower bound"));
        var synthetic = SyntheticContainers.of(s.graph()).classNames();
        for (var r : consumers.classes()) {
            if (!synthetic.contains(r.name())) consumerTable.row(r.name(), r.objects(), r.retained(), r.retainedIsLowerBound());
        }
        var tree = s.analysis().dominatorTree();
        var roots = new ArrayList<ReportData.DominatorNode>();
        for (int o : consumers.objects()) roots.add(dominatorNode(s, tree, o, 2, 8));
        return new ReportData(s.file().getFileName().toString(), overview(s), consumerTable.build(), roots,
                histogram(s, Grouping.CLASS, null, Integer.MAX_VALUE, false, progress), suspects(s));
    }

    private static ReportData.DominatorNode dominatorNode(AnalyzedSnapshot s, DominatorTree tree, int o, int depth, int width) {
        int[] children = tree.children(o);
        var kids = new ArrayList<ReportData.DominatorNode>();
        if (depth > 0) {
            for (int i = 0; i < Math.min(width, children.length); i++) {
                kids.add(dominatorNode(s, tree, children[i], depth - 1, width)); // depth ≤ 2: no deep recursion
            }
        }
        HeapGraph g = s.graph();
        return new ReportData.DominatorNode(ObjectNames.id(g, o), ObjectNames.className(g, o), ObjectNames.label(g, o), tree.shallow().get(o),
                tree.retained().get(o), kids, children.length);
    }
}
