package org.polyheap.report;

import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import java.util.stream.Collectors;

import org.polyheap.analysis.Grouping;
import org.polyheap.analysis.JavaClassLoaders;
import org.polyheap.model.FieldValue;
import org.polyheap.model.HeapGraph;
import org.polyheap.model.ObjectInspector;
import org.polyheap.model.Progress;
import org.polyheap.report.table.Column;
import org.polyheap.report.table.Table;

/**
 * The query behind {@code polyheap loaders} and the window's Class Loaders page: {@link JavaClassLoaders}
 * as tables — the loaders, the class names defined more than once, one loader's classes — with each
 * loader's name ({@code ClassLoader.name}, JDK 9+) read from the dump. Not on a UI thread.
 */
public final class LoaderQueries {
    /** What {@code --of} takes for the bootstrap loader besides its name. */
    public static final String BOOTSTRAP_WORD = "bootstrap";

    private LoaderQueries() { }

    /**
     * The loaders and their tables.
     *
     * @param names loader object → its {@code ClassLoader.name}, for the loaders that have one
     */
    public record Loaders(JavaClassLoaders figures, Map<Integer, String> names, Table loaders, Table duplicates) {
        /** How users name a loader: {@code java.net.URLClassLoader 0x… "plugins-a"}, or the bootstrap loader's name. */
        public String title(int loader) { return LoaderQueries.title(figures.graph(), names, loader); }
    }

    private static String title(HeapGraph g, Map<Integer, String> names, int loader) {
        if (loader < 0) return Grouping.BOOTSTRAP_LOADER;
        String name = names.get(loader);
        return ObjectNames.className(g, loader) + " " + ObjectNames.id(g, loader) + (name == null ? "" : " \"" + name + "\"");
    }

    /** O(objects) and a walk of the dominator tree ({@link JavaClassLoaders#of}), then an inspector read per loader. */
    public static Loaders loaders(AnalyzedSnapshot s, Progress progress) throws IOException {
        HeapGraph g = s.graph();
        JavaClassLoaders l = s.analysis().javaClassLoaders(progress);
        var names = new HashMap<Integer, String>();
        try (ObjectInspector inspector = s.parser().inspector(s.file(), g)) {
            for (var loader : l.loaders()) {
                if (loader.object() < 0) continue;
                for (FieldValue f : inspector.fields(loader.object())) {
                    if (!f.isStatic() && f.name().equals("name") && f.value() instanceof FieldValue.ObjectRef(int id) && id >= 0) {
                        inspector.valueHint(id, 200).ifPresent(n -> names.put(loader.object(), n));
                    }
                }
            }
        }
        var table = new Table.Builder("loaders", Column.text("id", "Loader"), Column.text("class", "Class"),
                Column.text("name", "Name"), Column.text("parent", "Parent"), Column.count("definedClasses", "Defined classes"),
                Column.count("instances", "Instances"), Column.bytes("shallow", "Instances' shallow bytes"),
                Column.bytes("instancesRetained", "Instances' retained bytes"), Column.bytes("retained", "Retained bytes"));
        for (var loader : l.loaders()) {
            int o = loader.object();
            table.row(o < 0 ? null : ObjectNames.id(g, o), o < 0 ? Grouping.BOOTSTRAP_LOADER : ObjectNames.className(g, o),
                    names.get(o), loader.parent() < 0 ? null : ObjectNames.id(g, loader.parent()), (long) loader.classes().size(),
                    loader.instances(), loader.shallow(), loader.instancesRetained(), loader.retained() < 0 ? null : loader.retained());
        }
        var duplicates = new Table.Builder("duplicates", Column.text("class", "Class"), Column.count("definitions", "Classes"),
                Column.count("loaders", "Loaders"), Column.count("instances", "Instances"), Column.text("definedBy", "Defined by"));
        for (var d : l.duplicates()) {
            String by = d.classes().stream().map(c -> title(g, names, l.loaderOf(c.classId())) + ": " + c.instances()
                    + (c.instances() == 1 ? " instance" : " instances")).collect(Collectors.joining("; "));
            duplicates.row(d.name(), (long) d.classes().size(), (long) d.loaders(), d.instances(), by);
        }
        return new Loaders(l, Map.copyOf(names), table.build(), duplicates.build());
    }

    /** The classes one loader defined (-1: the bootstrap loader), most instances first; null when it is no loader. */
    public static Table classes(Loaders loaders, int loader) {
        var l = loaders.figures().loader(loader);
        if (l == null) return null;
        HeapGraph g = loaders.figures().graph();
        var table = new Table.Builder("classes", Column.text("class", "Class"), Column.text("id", "Class object"),
                Column.count("instances", "Instances"), Column.bytes("shallow", "Shallow bytes"), Column.bytes("retained", "Retained bytes"));
        for (var c : l.classes()) {
            table.row(c.name(), c.classObject() < 0 ? null : ObjectNames.id(g, c.classObject()), c.instances(), c.shallow(), c.retained());
        }
        return table.build();
    }

    /** The loader a user named: an object id, or {@link Grouping#BOOTSTRAP_LOADER} / {@value #BOOTSTRAP_WORD} (-1); -2 when unknown. */
    public static int find(AnalyzedSnapshot s, String text) {
        String t = text.trim();
        if (t.equals(Grouping.BOOTSTRAP_LOADER) || t.equals(BOOTSTRAP_WORD)) return -1;
        int o = ObjectNames.find(s, t);
        return o < 0 ? -2 : o;
    }
}
