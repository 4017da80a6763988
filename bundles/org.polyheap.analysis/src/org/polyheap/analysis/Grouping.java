package org.polyheap.analysis;

import java.util.ArrayList;
import java.util.List;

import org.polyheap.model.ClassInfo;
import org.polyheap.model.HeapGraph;
import org.polyheap.model.format.SnapshotFormat;
import org.polyheap.model.format.V8Scripts;

/** How histogram rows are formed from classes. */
public enum Grouping {
    /** One row per class-table entry. */
    CLASS("class", "Class"),
    /** Java: the package of the class ({@code java.util} for {@code java.util.HashMap$Node[]}); "" = default package. */
    PACKAGE("package", "Package"),
    /** Java: the defining class loader object; the bootstrap loader is "&lt;system class loader&gt;". */
    CLASS_LOADER("loader", "Class loader"),
    /** {@link ClassInfo#library()}: Dart library, V8 script, Fuchsia module; "" when the format gives none. */
    LIBRARY("library", "Library", "script", "module");

    /** The name of the bootstrap loader's group, as MAT names its stand-in loader object. */
    public static final String BOOTSTRAP_LOADER = "<system class loader>";

    private final String key;
    private final String title;
    private final List<String> aliases;

    Grouping(String key, String title, String... aliases) {
        this.key = key;
        this.title = title;
        this.aliases = List.of(aliases);
    }

    /** The word the command's {@code --by} takes and JSON documents write: {@code class}, {@code loader}, ... */
    public String key() { return key; }

    /** The column title: "Class loader". */
    public String title() { return title; }

    /**
     * The grouping a word names: its key, or {@code script}/{@code module} for {@link #LIBRARY}.
     *
     * @throws IllegalArgumentException for any other word, listing the accepted ones
     */
    public static Grouping ofKey(String word) {
        var accepted = new ArrayList<String>();
        for (Grouping g : values()) {
            if (g.key.equals(word) || g.aliases.contains(word)) return g;
            accepted.add(g.key);
            accepted.addAll(g.aliases);
        }
        throw new IllegalArgumentException("--by takes " + String.join(", ", accepted.subList(0, accepted.size() - 1))
                + " or " + accepted.getLast() + ", not '" + word + "'");
    }

    /**
     * Names the groups of a graph's classes under this grouping. A V8 class's library is its location key
     * ({@code "scriptId,line,column"}, DevTools' class key); its group is the script, by name
     * ({@link V8Scripts}): the script names are read once here, so make one namer per pass over the classes.
     */
    java.util.function.Function<ClassInfo, String> namer(HeapGraph graph) {
        if (this == LIBRARY && graph.metadata().format() == SnapshotFormat.V8) {
            var scripts = V8Scripts.names(graph);
            return c -> {
                int script = V8Scripts.scriptOfClassKey(c.library());
                return script < 0 ? c.library() : V8Scripts.label(script, scripts);
            };
        }
        return c -> switch (this) {
            case CLASS -> c.name();
            case PACKAGE -> packageOf(c.name());
            case CLASS_LOADER -> c.loaderObject() < 0 ? BOOTSTRAP_LOADER : loaderName(graph, c.loaderObject());
            case LIBRARY -> c.library();
        };
    }

    static String packageOf(String className) {
        String s = className;
        int bracket = s.indexOf('[');
        if (bracket >= 0) s = s.substring(0, bracket); // array of a class: its element class's package
        int dot = s.lastIndexOf('.');
        return dot < 0 ? "" : s.substring(0, dot);
    }

    private static String loaderName(HeapGraph graph, int loader) {
        int c = graph.objectClass().get(loader);
        return graph.classes().get(c).name() + " @ 0x" + Long.toHexString(graph.identity().get(loader));
    }
}
