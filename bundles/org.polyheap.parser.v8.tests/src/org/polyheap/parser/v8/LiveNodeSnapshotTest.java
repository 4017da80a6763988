package org.polyheap.parser.v8;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.polyheap.model.HeapGraph;
import org.polyheap.model.Progress;
import org.polyheap.model.ReferenceKind;
import org.polyheap.model.memory.HeapGraphBuilder;

/**
 * A snapshot written at test time by the {@code node} on PATH, of a program whose heap we know:
 * {@value #FOOS} instances of a class Foo, each with a short string, held by an array and a Map.
 * Skipped (with a message) where node is not installed.
 */
class LiveNodeSnapshotTest {
    static final int FOOS = 1234;
    static final String PROGRAM = """
            class Foo { constructor(i) { this.index = i; this.label = 'foo' + i; } }
            globalThis.keep = { foos: [], byKey: new Map() };
            for (let i = 0; i < %d; i++) { const f = new Foo(i); keep.foos.push(f); keep.byKey.set('k' + i, f); }
            globalThis.marker = ['polyheap', 'marker', 'string'].join('-');
              function polyheapLocatedFunction() { return 42; }
            globalThis.located = polyheapLocatedFunction;
            require('v8').writeHeapSnapshot(process.argv[2]);
            """.formatted(FOOS);
    static HeapGraph graph;
    static Path file;
    static Path program;

    @BeforeAll
    static void takeSnapshot(@TempDir Path dir) throws Exception {
        file = dir.resolve("live.heapsnapshot");
        program = Files.writeString(dir.resolve("live-program.js"), PROGRAM);
        Process p;
        try {
            p = new ProcessBuilder("node", program.toString(), file.toString()).redirectErrorStream(true).start();
        } catch (java.io.IOException noNode) {
            Assumptions.abort("node is not on PATH: no live V8 snapshot to test against (" + noNode.getMessage() + ")");
            return;
        }
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "node did not finish");
        String out = new String(p.getInputStream().readAllBytes());
        assertEquals(0, p.exitValue(), out);
        var sink = new HeapGraphBuilder();
        new V8SnapshotParser().parse(file, sink, Progress.NONE);
        graph = sink.build();
    }

    private static String className(int o) { return graph.classes().get(graph.objectClass().get(o)).name(); }

    private static int target(int from, ReferenceKind kind, String name) {
        for (long r = graph.outStart().get(from); r < graph.outStart().get(from + 1); r++) {
            if (graph.outKind().get(r) == kind.code() && graph.string(graph.outName().get(r)).equals(name)) {
                return graph.outTarget().get(r);
            }
        }
        return -1;
    }

    @Test
    void countsEqualTheHeader() throws Exception {
        String head = new String(Files.newInputStream(file).readNBytes(2000));
        var m = java.util.regex.Pattern.compile("\"node_count\":(\\d+),\"edge_count\":(\\d+)").matcher(head);
        assertTrue(m.find(), head);
        assertEquals(Long.parseLong(m.group(1)), graph.objectCount());
        assertEquals(Long.parseLong(m.group(2)), graph.outTarget().size());
    }

    @Test
    void everyFooIsOneObjectOfClassFooWithItsSourceLocation() throws Exception {
        var ids = new HashSet<Long>();
        var libraries = new HashSet<String>();
        try (var inspector = new V8SnapshotParser().inspector(file, graph)) {
            for (int i = 0; i < graph.objectCount(); i++) {
                if (!className(i).equals("Foo")) continue;
                ids.add(graph.identity().get(i));
                libraries.add(graph.classes().get(graph.objectClass().get(i)).library());
                int label = target(i, ReferenceKind.PROPERTY, "label");
                assertTrue(label >= 0, "Foo without its label property");
                String text = inspector.valueHint(label, 100).orElseThrow();
                assertTrue(text.matches("foo\\d+"), text);
            }
        }
        assertEquals(FOOS, ids.size());
        assertTrue(ids.stream().allMatch(id -> id % 2 == 1), "V8 gives JS heap objects odd ids");
        assertEquals(1, libraries.size());
        assertTrue(libraries.iterator().next().matches("\\d+,0,\\d+"), "constructor location " + libraries);
    }

    @Test
    void aFunctionShowsItsScriptLineAndColumnAsDevToolsCounts() throws Exception {
        int root = graph.gcRoots().getFirst().object();
        int global = -1;
        for (long r = graph.outStart().get(root); r < graph.outStart().get(root + 1); r++) {
            if (graph.outKind().get(r) == ReferenceKind.SHORTCUT.code()) global = graph.outTarget().get(r);
        }
        int function = target(global, ReferenceKind.PROPERTY, "located");
        assertEquals("Function", className(function));
        String line = PROGRAM.lines().filter(l -> l.contains("function polyheapLocatedFunction")).findFirst().orElseThrow();
        int lineNumber = PROGRAM.lines().toList().indexOf(line) + 1;
        try (var inspector = new V8SnapshotParser().inspector(file, graph)) {
            var facts = inspector.facts(function);
            var m = java.util.regex.Pattern.compile("(.*):(\\d+):(\\d+)").matcher(facts.get("Location"));
            assertTrue(m.matches(), facts.toString());
            assertEquals(program.toString(), m.group(1), "the script is named after the file node ran");
            assertEquals(lineNumber, Integer.parseInt(m.group(2)), "line counted from 1, as DevTools shows it");
            int column = Integer.parseInt(m.group(3));
            // V8 places a function at its name or parameter list: within the declaration, counted from 1
            assertTrue(column > line.indexOf("function") && column <= line.indexOf("{") + 1, column + " in " + line);
            assertTrue(facts.get("Script id").matches("\\d+"), facts.toString());
            // a Foo's location is its constructor's: line 1 of the same script
            int foo = target(target(global, ReferenceKind.PROPERTY, "keep"), ReferenceKind.PROPERTY, "foos");
            int firstFoo = -1;
            for (long r = graph.outStart().get(foo); r < graph.outStart().get(foo + 1) && firstFoo < 0; r++) {
                if (graph.outKind().get(r) == ReferenceKind.ELEMENT.code()) firstFoo = graph.outTarget().get(r);
            }
            assertTrue(inspector.facts(firstFoo).get("Location").startsWith(program + ":1:"), inspector.facts(firstFoo).toString());
            assertEquals(facts.get("Script id"), inspector.facts(firstFoo).get("Script id"));
        }
    }

    @Test
    void globalKeepsTheArrayAndTheMap() {
        int root = graph.gcRoots().getFirst().object();
        int global = -1; // Node names the root's shortcut to global by a number ("2")
        for (long r = graph.outStart().get(root); r < graph.outStart().get(root + 1); r++) {
            if (graph.outKind().get(r) == ReferenceKind.SHORTCUT.code()) global = graph.outTarget().get(r);
        }
        assertEquals("global", className(global));
        int keep = target(global, ReferenceKind.PROPERTY, "keep");
        assertEquals("Object", className(keep), "a shape only one plain object has is no interface");
        int map = target(keep, ReferenceKind.PROPERTY, "byKey");
        assertEquals("Map", className(map));
        int foos = target(keep, ReferenceKind.PROPERTY, "foos");
        assertEquals("Array", className(foos));
        // V8 writes an array's slots as element edges of the JSArray itself; its store is an internal "elements"
        assertEquals("(array)", className(target(foos, ReferenceKind.INTERNAL, "elements")));
        long fooElements = 0;
        for (long r = graph.outStart().get(foos); r < graph.outStart().get(foos + 1); r++) {
            if (graph.outKind().get(r) == ReferenceKind.ELEMENT.code() && className(graph.outTarget().get(r)).equals("Foo")) fooElements++;
        }
        assertEquals(FOOS, fooElements);
        int marker = target(global, ReferenceKind.PROPERTY, "marker");
        assertEquals("polyheap-marker-string", graph.string(graph.objectLabel().get(marker)));
        assertTrue(List.of("(string)", "(concatenated string)").contains(className(marker)));
    }
}
