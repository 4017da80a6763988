package org.polyheap.parser.hprof;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.GZIPOutputStream;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.polyheap.model.FieldValue;
import org.polyheap.model.GcRoot;
import org.polyheap.model.HeapGraph;
import org.polyheap.model.ObjectInspector;
import org.polyheap.model.ReferenceKind;
import org.polyheap.model.RootKind;

/**
 * Dumps written at test time by a real JVM (the one running the tests) from {@link DumpedProgram}:
 * counts, the jcmd class histogram of the same quiescent process, field and string values, a
 * thread's Java-frame root, reference kinds, and gzip variants (a gzipped copy; jcmd -gz=1).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class LiveDumpTest {
    private static final String PREFIX = DumpedProgram.class.getName();
    private Path dir;
    private Map<String, long[]> jcmdHistogram;
    private HeapGraph live;
    private HeapGraph all;

    @BeforeAll
    void runChild() throws Exception {
        dir = Files.createTempDirectory("polyheap-hprof-test");
        Path java = Path.of(ProcessHandle.current().info().command().orElseThrow());
        Path jcmd = java.resolveSibling("jcmd");
        List<String> command = new ArrayList<>(List.of(java.toString(), "-Xms256m", "-Xmx256m", "-XX:TieredStopAtLevel=1"));
        Path classes = compiledTestClasses();
        if (classes != null) command.addAll(List.of("-cp", classes.toString(), DumpedProgram.class.getName()));
        else command.add("src/org/polyheap/parser/hprof/DumpedProgram.java"); // e.g. in OSGi: run the source
        command.add(dir.toString());
        Process child = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        try {
            BufferedReader out = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8));
            String ready = out.readLine();
            assertNotNull(ready, "child exited early");
            assertTrue(ready.startsWith("READY "), ready);
            String pid = ready.substring("READY ".length()).trim();
            jcmdHistogram = histogram(run(jcmd.toString(), pid, "GC.class_histogram"));
            run(jcmd.toString(), pid, "GC.heap_dump", "-gz=1", dir.resolve("jcmd.hprof.gz").toString());
            try (OutputStream in = child.getOutputStream()) {
                in.write('\n');
            }
            assertTrue(child.waitFor(30, TimeUnit.SECONDS));
        } finally {
            child.destroyForcibly();
        }
        live = Dumps.parse(dir.resolve("live.hprof")).graph();
        all = Dumps.parse(dir.resolve("all.hprof")).graph();
    }

    /** The folder the test classes were loaded from, when it is a plain folder (not in OSGi). */
    private static Path compiledTestClasses() {
        try {
            var source = DumpedProgram.class.getProtectionDomain().getCodeSource();
            if (source == null || !"file".equals(source.getLocation().getProtocol())) return null;
            Path p = Path.of(source.getLocation().toURI());
            return Files.isRegularFile(p.resolve(DumpedProgram.class.getName().replace('.', '/') + ".class")) ? p : null;
        } catch (Exception e) {
            return null;
        }
    }

    @AfterAll
    void deleteDumps() throws IOException {
        try (var files = Files.list(dir)) {
            for (Path p : files.toList()) Files.delete(p);
        }
        Files.delete(dir);
    }

    private static String run(String... command) throws Exception {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String text = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), text);
        return text;
    }

    /** {@code jcmd GC.class_histogram} rows: "  12:   1234   29616  name (module)". */
    private static Map<String, long[]> histogram(String text) {
        Map<String, long[]> rows = new HashMap<>();
        Matcher m = Pattern.compile("(?m)^\\s*\\d+:\\s+(\\d+)\\s+(\\d+)\\s+(\\S+)").matcher(text);
        while (m.find()) {
            String name = m.group(3).startsWith("[") ? JavaNames.display(m.group(3).replace('.', '/')) : m.group(3);
            long[] row = rows.computeIfAbsent(name, k -> new long[2]);
            row[0] += Long.parseLong(m.group(1));
            row[1] += Long.parseLong(m.group(2));
        }
        return rows;
    }

    private static long count(HeapGraph g, String simpleName) {
        long[] row = Dumps.histogram(g).get(PREFIX + "$" + simpleName);
        return row == null ? 0 : row[0];
    }

    private static int single(HeapGraph g, String simpleName) {
        int found = -1;
        for (int i = 0; i < g.objectCount(); i++) {
            if (Dumps.className(g, i).equals(PREFIX + "$" + simpleName)) {
                assertEquals(-1, found, "more than one " + simpleName);
                found = i;
            }
        }
        assertTrue(found >= 0, simpleName);
        return found;
    }

    private static Map<String, Object> fields(ObjectInspector inspector, int object) throws IOException {
        Map<String, Object> m = new HashMap<>();
        for (FieldValue f : inspector.fields(object)) m.put(f.name(), f.value());
        return m;
    }

    @Test
    void instanceCountsEqualWhatTheProgramCreated() {
        for (HeapGraph g : List.of(live, all)) {
            assertEquals(DumpedProgram.NODES, count(g, "Node"));
            assertEquals(DumpedProgram.NODES / 2, count(g, "Leaf"));
            assertEquals(DumpedProgram.DERIVED, count(g, "Derived"));
            assertEquals(1, count(g, "Holder"));
            assertEquals(1, count(g, "LocalThing"));
        }
        assertEquals(0, count(live, "Garbage"), "a live dump has no unreachable objects");
        assertEquals(DumpedProgram.GARBAGE, count(all, "Garbage"), "the full dump keeps them (no GC ran in between)");
        assertEquals("compressed-oops (auto)", live.facts().get("sizeModel"));
        // HotSpot's live dumps keep a few arrays whose slots point to objects it did not dump (counted, not linked)
        assertTrue(Long.parseLong(live.facts().get("unresolvedReferences")) >= 0);
    }

    @Test
    void liveHistogramEqualsJcmdClassHistogramForTheProgramsClasses() {
        Map<String, long[]> ours = Dumps.histogram(live);
        List<String> compared = new ArrayList<>();
        for (var e : jcmdHistogram.entrySet()) {
            if (!e.getKey().startsWith(PREFIX)) continue;
            long[] mine = ours.get(e.getKey());
            assertNotNull(mine, e.getKey());
            assertEquals(e.getValue()[0], mine[0], e.getKey() + " instances");
            assertEquals(e.getValue()[1], mine[1], e.getKey() + " bytes (HotSpot's own size)");
            compared.add(e.getKey());
        }
        assertTrue(compared.size() >= 7, "compared " + compared);
        assertTrue(compared.contains(PREFIX + "$Derived[]"), "object arrays too: " + compared);
    }

    @Test
    void fieldsStringsAndArrayLengthsReadBack() throws Exception {
        try (ObjectInspector inspector = new HprofParser().inspector(dir.resolve("live.hprof"), live)) {
            Map<String, Object> holder = fields(inspector, single(live, "Holder"));
            int latin = ((FieldValue.ObjectRef) holder.get("latin")).objectId();
            int utf16 = ((FieldValue.ObjectRef) holder.get("utf16")).objectId();
            int numbers = ((FieldValue.ObjectRef) holder.get("numbers")).objectId();
            assertEquals(Optional.of(DumpedProgram.LATIN), inspector.valueHint(latin, 100));
            assertEquals(Optional.of(DumpedProgram.UTF16), inspector.valueHint(utf16, 100));
            assertEquals(Optional.of(DumpedProgram.UTF16.substring(0, 5)), inspector.valueHint(utf16, 5));
            assertEquals(Optional.of("length " + DumpedProgram.NUMBERS), inspector.valueHint(numbers, 100));
            List<FieldValue> elements = inspector.fields(numbers);
            assertEquals(HprofInspector.MAX_ELEMENTS, elements.size());
            assertEquals(new FieldValue("[7]", org.polyheap.model.FieldType.INT, 77, false), elements.get(7));

            int derivedArray = ((FieldValue.ObjectRef) holder.get("derived")).objectId();
            List<FieldValue> slots = inspector.fields(derivedArray);
            assertEquals(DumpedProgram.DERIVED, slots.size());
            int d9 = ((FieldValue.ObjectRef) slots.get(9).value()).objectId();
            Map<String, Object> d = fields(inspector, d9);
            assertEquals(9, d.get("x"));
            assertEquals((byte) -9, d.get("y"));
            assertEquals(9000L, d.get("z"));
            assertEquals(false, d.get("f"));
            assertEquals((short) 63, d.get("s"));
            assertEquals('j', d.get("c"));
            assertEquals(2.25f, d.get("fl"));
            assertEquals(1.125d, d.get("d"));
            assertEquals(holder.get("first"), d.get("o"));
            List<String> order = inspector.fields(d9).stream().map(FieldValue::name).toList();
            assertEquals(List.of("x", "y"), order.subList(0, 2), "super class fields first: " + order);
        }
    }

    @Test
    void arrayLengthsAndWholePrimitiveArraysReadBack() throws Exception {
        try (ObjectInspector inspector = new HprofParser().inspector(dir.resolve("live.hprof"), live)) {
            Map<String, Object> holder = fields(inspector, single(live, "Holder"));
            int numbers = ((FieldValue.ObjectRef) holder.get("numbers")).objectId();
            int derived = ((FieldValue.ObjectRef) holder.get("derived")).objectId();
            assertEquals(java.util.OptionalInt.of(DumpedProgram.NUMBERS), inspector.arrayLength(numbers));
            assertEquals(java.util.OptionalInt.of(DumpedProgram.DERIVED), inspector.arrayLength(derived));
            assertEquals(java.util.OptionalInt.empty(), inspector.arrayLength(single(live, "Holder")));
            var content = inspector.primitiveArray(numbers).orElseThrow();
            assertEquals(org.polyheap.model.FieldType.INT, content.type());
            assertEquals(DumpedProgram.NUMBERS, content.length());
            var ints = java.nio.ByteBuffer.wrap(content.data()); // big-endian, as HPROF writes them
            for (int i = 0; i < DumpedProgram.NUMBERS; i++) assertEquals(i * 11, ints.getInt(), "element " + i);
            assertFalse(content.allOneValue());
            assertEquals(Optional.empty(), inspector.primitiveArray(derived), "an array of references has no primitive content");
        }
    }

    @Test
    void classObjectsAreLabelledWithTheClassTheyStandFor() {
        int labelled = 0;
        for (var c : live.classes()) {
            if (c.classObject() < 0) continue;
            assertEquals(c.name(), live.string(live.objectLabel().get(c.classObject())));
            labelled++;
        }
        assertTrue(labelled > 100, "every dumped class has its java.lang.Class object: " + labelled);
    }

    @Test
    void threadLocalIsJavaFrameRootOfItsThread() throws Exception {
        int local = single(live, "LocalThing");
        List<GcRoot> roots = live.gcRoots().stream().filter(r -> r.object() == local).toList();
        assertEquals(1, roots.size(), roots.toString());
        GcRoot root = roots.get(0);
        assertEquals(RootKind.JAVA_FRAME, root.kind());
        try (ObjectInspector inspector = new HprofParser().inspector(dir.resolve("live.hprof"), live)) {
            int name = ((FieldValue.ObjectRef) fields(inspector, root.context()).get("name")).objectId();
            assertEquals(Optional.of(DumpedProgram.THREAD), inspector.valueHint(name, 100));
        }
        String stack = live.facts().entrySet().stream().filter(e -> e.getKey().startsWith("threadStack.")
                && e.getValue().startsWith("thread object " + root.context() + "\n")).findFirst().orElseThrow().getValue();
        String frame = stack.split("\n")[root.detail() + 1];
        // javac names the lambda lambda$main$0, the Eclipse compiler (Tycho) lambda$0
        assertTrue(frame.startsWith("at " + PREFIX + ".lambda$"), frame);
    }

    @Test
    void referentsOfWeakAndSoftReferencesHaveTheirKinds() throws Exception {
        int holder = single(live, "Holder");
        Map<ReferenceKind, Integer> referentKinds = new HashMap<>();
        for (long p = live.outStart().get(holder); p < live.outStart().get(holder + 1); p++) {
            int target = live.outTarget().get(p);
            for (long q = live.outStart().get(target); q < live.outStart().get(target + 1); q++) {
                boolean named = !ReferenceKind.ofCode(live.outKind().get(q)).isIndexed() && live.outName().get(q) >= 0;
                if (named && live.string(live.outName().get(q)).equals("referent")) {
                    referentKinds.put(ReferenceKind.ofCode(live.outKind().get(q)), live.outTarget().get(q));
                }
            }
        }
        assertEquals(2, referentKinds.size(), referentKinds.toString());
        assertEquals(PREFIX + "$Leaf", Dumps.className(live, referentKinds.get(ReferenceKind.JAVA_WEAK)));
        assertEquals(PREFIX + "$Leaf", Dumps.className(live, referentKinds.get(ReferenceKind.SOFT)));
        // every object's first reference is its class, and the Node list has FIELD edges named next
        int node = live.outTarget().get(live.outStart().get(holder));
        assertEquals(ReferenceKind.CLASS.code(), live.outKind().get(live.outStart().get(holder)));
        assertEquals("java.lang.Class", Dumps.className(live, node));
    }

    @Test
    void gzippedCopyParsesToTheSameGraph() throws Exception {
        Path gz = dir.resolve("live.hprof.gz");
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(gz))) {
            Files.copy(dir.resolve("live.hprof"), out);
        }
        HeapGraph g = Dumps.parse(gz).graph();
        assertEquals(live.objectCount(), g.objectCount());
        assertEquals(live.outTarget().size(), g.outTarget().size());
        assertTrue(java.util.Arrays.equals(live.identity().toArray(), g.identity().toArray()));
        assertTrue(java.util.Arrays.equals(live.sourceOffset().toArray(), g.sourceOffset().toArray()));
        assertTrue(java.util.Arrays.equals(live.outTarget().toArray(), g.outTarget().toArray()));
        assertEquals("gzip", g.facts().get("compressed"));
        try (ObjectInspector inspector = new HprofParser().inspector(gz, g)) {
            Map<String, Object> holder = fields(inspector, single(g, "Holder"));
            assertEquals(Optional.of(DumpedProgram.UTF16), inspector.valueHint(((FieldValue.ObjectRef) holder.get("utf16")).objectId(), 100));
        }
    }

    @Test
    void jcmdMultiMemberGzipDumpParsesAndReadsBack() throws Exception {
        Path gz = dir.resolve("jcmd.hprof.gz");
        GzipMembers members = GzipMembers.scan(gz);
        assertTrue(members.members() > 1, "HotSpot writes one gzip member per block");
        HeapGraph g = Dumps.parse(gz).graph();
        assertEquals(DumpedProgram.NODES, count(g, "Node"));
        assertEquals(DumpedProgram.DERIVED, count(g, "Derived"));
        assertEquals(0, count(g, "Garbage"));
        try (ObjectInspector inspector = new HprofParser().inspector(gz, g)) {
            Map<String, Object> holder = fields(inspector, single(g, "Holder"));
            assertEquals(Optional.of(DumpedProgram.LATIN), inspector.valueHint(((FieldValue.ObjectRef) holder.get("latin")).objectId(), 100));
            assertEquals(Optional.of("length " + DumpedProgram.NUMBERS), inspector.valueHint(((FieldValue.ObjectRef) holder.get("numbers")).objectId(), 100));
            assertFalse(inspector.fields(single(g, "LocalThing")).isEmpty());
        }
    }
}
