package org.polyheap.report;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.polyheap.analysis.JavaCollections;
import org.polyheap.model.ClassInfo;
import org.polyheap.model.FieldValue;
import org.polyheap.model.HeapGraph;
import org.polyheap.model.ObjectInspector;
import org.polyheap.report.table.Column;
import org.polyheap.report.table.Table;

/**
 * The Java system properties and what the dump says of the JVM and its arguments, as Eclipse MAT's
 * System Properties query shows them: the entries of {@code java.lang.System.props} (MAT's place; IBM's
 * {@code systemProperties} too), read with {@link JavaCollections}; for each one whether the program set
 * or changed it after start-up, where the JDK kept the start-up copy ({@code jdk.internal.misc.VM.savedProps},
 * JDK 9+); the JVM's arguments where the process held a copy ({@code sun.management.VMManagementImpl.vmArgs},
 * made when something asked {@code RuntimeMXBean.getInputArguments()}: HotSpot keeps them outside the Java
 * heap); and the arguments the {@code main} method got, when thread {@code main}'s outermost frame holds
 * one {@code String[]}. Cost: one inspector read per property object (file I/O), a few for the rest; call
 * it off the UI thread. Empty for snapshots without {@code java.lang.System}.
 */
public final class JavaSystemProperties {
    /** The longest value read, in characters (a class path can be long); longer ones are cut. */
    public static final int MAX_VALUE_CHARS = 100_000;

    /** One fact of the JVM: a name ("Java"), its value, and the properties or fields it comes from. */
    public record Fact(String name, String value, String from) { }

    /**
     * One property. {@code atStartup} is null when the value is the start-up one (or the dump has no
     * start-up copy), {@link #NOT_SET} when the program set it later, else the value it had at start-up.
     */
    public record Property(String key, String value, String atStartup, int keyObject, int valueObject) { }

    /** What a property had at start-up when the program set it later. */
    public static final String NOT_SET = "(not set)";

    /**
     * What the dump says.
     *
     * @param source           the {@code Properties} object read, or -1 when the dump has none
     * @param sourceField      where it was found ({@code java.lang.System.props}), or null
     * @param startupField     where the start-up copy was found, or null when the dump has none
     * @param properties       sorted by key
     * @param jvm              facts from the properties, in a fixed order; those the dump lacks are left out
     * @param jvmArguments     the JVM's own arguments, or null when the dump holds no copy
     * @param jvmArgumentsFrom the object they were read from, or null
     * @param mainArguments    the {@code main} method's arguments, or null when no frame shows them
     * @param mainArgumentsFrom the frame they were read from, or null
     */
    public record Result(int source, String sourceField, String startupField, List<Property> properties, List<Fact> jvm,
            List<String> jvmArguments, String jvmArgumentsFrom, List<String> mainArguments, String mainArgumentsFrom) {
        /** The value of a property, or null. */
        public String property(String key) {
            return properties.stream().filter(p -> p.key().equals(key)).map(Property::value).findFirst().orElse(null);
        }
    }

    private JavaSystemProperties() { }

    public static Result of(AnalyzedSnapshot s) throws IOException {
        HeapGraph g = s.graph();
        try (ObjectInspector inspector = s.parser().inspector(s.file(), g)) {
            var collections = new JavaCollections(g, inspector);
            int system = classObject(g, "java.lang.System");
            String sourceField = null;
            int props = -1;
            for (String field : List.of("props", "systemProperties")) { // OpenJDK, IBM J9 (MAT reads both)
                props = staticRef(inspector, system, field);
                if (props >= 0) {
                    sourceField = "java.lang.System." + field;
                    break;
                }
            }
            String startupField = null;
            Map<String, String> startup = null;
            for (String vm : List.of("jdk.internal.misc.VM", "sun.misc.VM")) { // JDK 9+, JDK 8
                int saved = staticRef(inspector, classObject(g, vm), "savedProps");
                if (saved >= 0 && collections.kind(saved) != null) {
                    startup = new LinkedHashMap<>();
                    for (var e : entries(collections, saved)) startup.put(text(g, inspector, e.key()), text(g, inspector, e.value()));
                    startupField = vm + ".savedProps";
                    break;
                }
            }
            var properties = new ArrayList<Property>();
            if (props >= 0) {
                for (var e : entries(collections, props)) {
                    String key = text(g, inspector, e.key()), value = text(g, inspector, e.value());
                    String before = startup == null ? null : startup.containsKey(key) ? startup.get(key) : NOT_SET;
                    properties.add(new Property(key, value, value.equals(before) ? null : before, e.key(), e.value()));
                }
            }
            properties.sort(Comparator.comparing(Property::key));
            var byKey = new LinkedHashMap<String, String>();
            for (var p : properties) byKey.put(p.key(), p.value());

            List<String> jvmArguments = null;
            String jvmArgumentsFrom = null;
            // the JDK's one VMManagementImpl is ManagementFactoryHelper.jvm (JDK 7 to 25): a field read, not a scan
            int management = staticRef(inspector, classObject(g, "sun.management.ManagementFactoryHelper"), "jvm");
            int vmArgs = management < 0 ? -1 : instanceRef(inspector, management, "vmArgs");
            if (vmArgs >= 0) {
                jvmArguments = strings(g, inspector, collections, vmArgs);
                jvmArgumentsFrom = "sun.management.VMManagementImpl.vmArgs " + ObjectNames.id(g, management);
            }
            List<String> mainArguments = null;
            String mainArgumentsFrom = null;
            var main = mainFrameArguments(s);
            if (main.isPresent()) {
                mainArguments = strings(g, inspector, collections, main.get().array());
                mainArgumentsFrom = main.get().frame() + " (thread main), " + ObjectNames.id(g, main.get().array());
            }
            return new Result(props, sourceField, startupField, List.copyOf(properties), facts(byKey), jvmArguments, jvmArgumentsFrom,
                    mainArguments, mainArgumentsFrom);
        }
    }

    /** The facts a reader looks for first, from the properties: version, VM, OS, where and how it ran. */
    private static List<Fact> facts(Map<String, String> p) {
        var out = new ArrayList<Fact>();
        fact(out, "Java", join(p.get("java.version"), paren(p.getOrDefault("java.vendor.version", p.get("java.vendor")))),
                p.containsKey("java.vendor.version") ? "java.version, java.vendor.version" : "java.version, java.vendor");
        fact(out, "VM", join(join(p.get("java.vm.name"), p.get("java.vm.version")), paren(p.get("java.vm.info"))),
                "java.vm.name, java.vm.version, java.vm.info");
        fact(out, "OS", join(join(p.get("os.name"), p.get("os.version")), paren(p.get("os.arch"))), "os.name, os.version, os.arch");
        fact(out, "Command", p.get("sun.java.command"), "sun.java.command");
        fact(out, "Java home", p.get("java.home"), "java.home");
        fact(out, "Working folder", p.get("user.dir"), "user.dir");
        fact(out, "User", p.get("user.name"), "user.name");
        fact(out, "Class path", p.get("java.class.path"), "java.class.path");
        return out;
    }

    private static void fact(List<Fact> out, String name, String value, String from) {
        if (value != null && !value.isBlank()) out.add(new Fact(name, value, from));
    }

    private static String join(String a, String b) {
        if (a == null || a.isBlank()) return b;
        return b == null || b.isBlank() ? a : a + " " + b;
    }

    private static String paren(String s) { return s == null || s.isBlank() ? null : "(" + s + ")"; }

    /** Arguments as a shell would need them typed: those with spaces or quotes in double quotes. */
    public static String commandLine(List<String> arguments) {
        var b = new StringBuilder();
        for (String a : arguments) {
            if (!b.isEmpty()) b.append(' ');
            b.append(a.isEmpty() || a.matches(".*[\\s\"'].*") ? "\"" + a.replace("\"", "\\\"") + "\"" : a);
        }
        return b.toString();
    }

    /** The properties as a table ({@code properties}): key, value, the start-up value when it differs. */
    public static Table table(HeapGraph g, Result r) {
        var b = new Table.Builder("properties", Column.text("key", "Key"), Column.text("value", "Value"),
                Column.text("atStartup", "At start-up, when different"), Column.text("valueId", "Value object"));
        for (var p : r.properties()) b.row(p.key(), p.value(), p.atStartup(), p.valueObject() < 0 ? null : ObjectNames.id(g, p.valueObject()));
        return b.build();
    }

    private record MainFrame(String frame, int array) { }

    /** Thread main's outermost {@code main} frame, when it holds exactly one {@code String[]}: its arguments. */
    private static Optional<MainFrame> mainFrameArguments(AnalyzedSnapshot s) throws IOException {
        for (var t : JavaThreads.of(s)) {
            if (!t.name().equals("main")) continue;
            for (int i = t.frames().size() - 1; i >= 0; i--) { // innermost first: the outermost is the last
                var f = t.frames().get(i);
                if (!f.frame().method().equals("main")) continue;
                var arrays = f.locals().stream().filter(l -> l.className().equals("java.lang.String[]")).toList();
                return arrays.size() == 1 ? Optional.of(new MainFrame(f.frame().text(), arrays.getFirst().object())) : Optional.empty();
            }
        }
        return Optional.empty();
    }

    private static List<JavaCollections.Entry> entries(JavaCollections collections, int object) throws IOException {
        return collections.entries(collections.backing(object), Integer.MAX_VALUE);
    }

    private static List<String> strings(HeapGraph g, ObjectInspector inspector, JavaCollections collections, int list) throws IOException {
        var out = new ArrayList<String>();
        for (var e : entries(collections, list)) out.add(text(g, inspector, e.value()));
        return List.copyOf(out);
    }

    /** A string's text; another object as its class and id; null as "null". */
    private static String text(HeapGraph g, ObjectInspector inspector, int object) throws IOException {
        if (object < 0) return "null";
        if (ObjectNames.className(g, object).equals("java.lang.String")) return inspector.valueHint(object, MAX_VALUE_CHARS).orElse("");
        return ObjectNames.className(g, object) + " " + ObjectNames.id(g, object);
    }

    private static int classObject(HeapGraph g, String name) {
        for (ClassInfo c : g.classes()) if (c.name().equals(name) && c.classObject() >= 0) return c.classObject();
        return -1;
    }

    private static int staticRef(ObjectInspector inspector, int classObject, String field) throws IOException {
        if (classObject < 0) return -1;
        for (FieldValue f : inspector.fields(classObject)) {
            if (f.isStatic() && f.name().equals(field) && f.value() instanceof FieldValue.ObjectRef(int id)) return id;
        }
        return -1;
    }

    private static int instanceRef(ObjectInspector inspector, int object, String field) throws IOException {
        for (FieldValue f : inspector.fields(object)) {
            if (!f.isStatic() && f.name().equals(field) && f.value() instanceof FieldValue.ObjectRef(int id)) return id;
        }
        return -1;
    }
}
