package org.polyheap.report;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

import org.polyheap.analysis.CollectionStatistics;
import org.polyheap.analysis.JavaCollections;
import org.polyheap.model.HeapGraph;
import org.polyheap.model.ObjectInspector;
import org.polyheap.model.Progress;
import org.polyheap.report.table.Column;
import org.polyheap.report.table.Table;

/**
 * The Java collections queries behind {@code polyheap collections} and {@code polyheap entries} and the
 * window's Collections page and Entries view: {@link CollectionStatistics} and {@link JavaCollections}
 * as tables. Each opens the parser's inspector for its reads; none runs on a UI thread.
 */
public final class CollectionQueries {
    /** Entries listed by default. */
    public static final int ENTRIES_TOP = 1000;

    private CollectionQueries() { }

    /**
     * The collection figures as three tables, and row for row the objects behind each row (for a front
     * end whose rows link to them).
     *
     * @param classes        per collection class: count, size buckets, fill, unused capacity, collisions, empties
     * @param empty          the classes with empty collections: count, shallow and retained bytes
     * @param constantArrays per primitive array class: the arrays whose elements all hold one value
     */
    public record Collections(Table classes, List<int[]> classObjects, Table empty, List<int[]> emptyObjects,
            Table constantArrays, List<int[]> arrayObjects) { }

    /** Cost: see {@link CollectionStatistics#compute}. */
    public static Collections collections(AnalyzedSnapshot s, String onlyClass, Progress progress) throws IOException {
        CollectionStatistics.Result r;
        try (ObjectInspector inspector = s.parser().inspector(s.file(), s.graph())) {
            r = CollectionStatistics.compute(s.graph(), s.analysis().dominatorTree(), inspector, onlyClass, progress);
        }
        var columns = new ArrayList<Column>(List.of(Column.text("class", "Class"), Column.text("kind", "Kind"),
                Column.count("count", "Objects")));
        for (int b = 0; b < CollectionStatistics.BUCKETS.size(); b++) {
            columns.add(Column.count(BUCKET_KEYS.get(b), "Size " + CollectionStatistics.BUCKETS.get(b)));
        }
        columns.addAll(List.of(Column.percent("averageFill", "Average fill"), Column.bytes("unusedCapacity", "Unused capacity bytes"),
                Column.count("entries", "Hashed entries"), Column.percent("collisionRatio", "Collision ratio"),
                Column.count("empty", "Empty")));
        var classes = new Table.Builder("collections", columns.toArray(Column[]::new));
        var empty = new Table.Builder("empty", Column.text("class", "Class"), Column.count("count", "Empty objects"),
                Column.bytes("shallow", "Shallow bytes"), Column.bytes("retained", "Retained bytes"));
        var classObjects = new ArrayList<int[]>();
        var emptyObjects = new ArrayList<int[]>();
        for (var c : r.classes()) {
            var row = new ArrayList<Object>(List.of(c.className(), kindName(c.kind()), c.count()));
            for (long n : c.buckets()) row.add(n);
            row.addAll(java.util.Arrays.asList(percent(c.averageFill()), c.wasted(),
                    c.kind().isHashed() ? (Object) c.entries() : null, percent(c.collisionRatio()), c.empty()));
            classes.row(row.toArray());
            classObjects.add(c.objects());
            if (c.empty() > 0) {
                empty.row(c.className(), c.empty(), c.emptyShallow(), c.emptyRetained());
                emptyObjects.add(c.emptyObjects());
            }
        }
        var arrays = new Table.Builder("constantArrays", Column.text("class", "Class"), Column.count("count", "Arrays"),
                Column.bytes("shallow", "Shallow bytes"), Column.text("example", "Example"));
        var arrayObjects = new ArrayList<int[]>();
        for (var a : r.constantArrays()) {
            arrays.row(a.className(), a.count(), a.shallow(), ObjectNames.id(s.graph(), a.objects()[0]));
            arrayObjects.add(a.objects());
        }
        return new Collections(classes.build(), classObjects, empty.build(), emptyObjects, arrays.build(), arrayObjects);
    }

    /** JSON keys of the size buckets, in {@link CollectionStatistics#BUCKETS} order. */
    public static final List<String> BUCKET_KEYS = List.of("size0", "size1", "size2to10", "size11to100", "size101to1000",
            "sizeOver1000");

    /** How users name a kind: {@code hash map}, {@code array list}, ... */
    public static String kindName(JavaCollections.Kind kind) {
        return kind.name().toLowerCase(java.util.Locale.ROOT).replace('_', ' ');
    }

    /**
     * A collection's entries as a table (MAT's hash_entries and extract_list_values), at most {@code top},
     * with row for row the key and value objects (-1 for none); null when the object is no collection
     * {@link JavaCollections} knows. Cost: one or two inspector reads, then one per entry for its value text.
     */
    public record Entries(Table table, boolean isMap, int[] keys, int[] values) { }

    public static Entries entries(AnalyzedSnapshot s, int object, int top) throws IOException {
        HeapGraph g = s.graph();
        try (ObjectInspector inspector = s.parser().inspector(s.file(), g)) {
            var collections = new JavaCollections(g, inspector);
            JavaCollections.Kind kind = collections.kind(object);
            if (kind == null) return null;
            boolean isMap = kind.isMap() || kind == JavaCollections.Kind.MAP_BACKED
                    && ObjectNames.className(g, object).equals("java.util.Properties");
            var list = collections.entries(object, top);
            var columns = new ArrayList<Column>(List.of(Column.count("index", "Index")));
            if (isMap) columns.addAll(List.of(Column.text("key", "Key"), Column.text("keyClass", "Key class"), Column.text("keyValue", "Key value")));
            columns.addAll(List.of(Column.text("value", isMap ? "Value" : "Element"), Column.text("valueClass", isMap ? "Value class" : "Element class"),
                    Column.text("valueValue", isMap ? "Value value" : "Element value")));
            var b = new Table.Builder("entries", columns.toArray(Column[]::new));
            int[] keys = new int[list.size()], values = new int[list.size()];
            for (int i = 0; i < list.size(); i++) {
                var e = list.get(i);
                keys[i] = e.key();
                values[i] = e.value();
                var row = new ArrayList<Object>(List.of(e.index()));
                if (isMap) addObject(g, inspector, e.key(), row);
                addObject(g, inspector, e.value(), row);
                b.row(row.toArray());
            }
            return new Entries(b.build(), isMap, keys, values);
        }
    }

    private static void addObject(HeapGraph g, ObjectInspector inspector, int o, List<Object> row) throws IOException {
        if (o < 0) {
            row.addAll(java.util.Arrays.asList(null, null, null));
            return;
        }
        row.add(ObjectNames.id(g, o));
        row.add(ObjectNames.className(g, o));
        String label = ObjectNames.label(g, o);
        row.add(label.isEmpty() ? inspector.valueHint(o, 120).orElse("") : label);
    }

    private static Double percent(double ratio) { return Double.isNaN(ratio) ? null : 100 * ratio; }
}
