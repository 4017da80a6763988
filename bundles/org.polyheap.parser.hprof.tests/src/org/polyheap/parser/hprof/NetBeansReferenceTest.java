package org.polyheap.parser.hprof;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.polyheap.model.ClassInfo;
import org.polyheap.model.FieldInfo;
import org.polyheap.model.FieldType;
import org.polyheap.model.FieldValue;
import org.polyheap.model.GcRoot;
import org.polyheap.model.HeapGraph;
import org.polyheap.model.ObjectInspector;
import org.polyheap.model.RootKind;
import org.polyheap.testdata.TestData;

/**
 * The two real JDK 17 dumps in data/ against the answers of the NetBeans profiler heap library
 * (data/*.netbeans.json, made by /work/shared/tools/hprof-reference): counts, GC roots, histogram,
 * one object's fields, incoming references and GC-root frame.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class NetBeansReferenceTest {
    private final Map<String, HeapGraph> graphs = new HashMap<>();
    private final Map<String, Map<String, Object>> answers = new HashMap<>();

    @BeforeAll
    @SuppressWarnings("unchecked")
    void parseBoth() throws Exception {
        for (String name : List.of("gen-40", "jackson-tree")) {
            graphs.put(name, Dumps.parse(TestData.hprof(name + ".hprof.gz")).graph());
            answers.put(name, (Map<String, Object>) Json.parse(Files.readString(TestData.hprof(name + ".netbeans.json"))));
        }
    }

    private static long number(Object o) { return ((Double) o).longValue(); }

    @Test
    void objectAndClassCountsEqualReference() {
        for (String name : graphs.keySet()) {
            HeapGraph g = graphs.get(name);
            Map<String, Object> nb = answers.get(name);
            long classDumps = Long.parseLong(g.facts().get("classDumps"));
            assertEquals(number(nb.get("classCount")), classDumps, name);
            assertEquals(classDumps, g.classes().size(), name + ": no placeholder classes needed");
            // NetBeans does not count class objects as instances; we do (class java.lang.Class)
            assertEquals(number(nb.get("objectCount")), g.objectCount() - classDumps, name);
            assertEquals("0", g.facts().get("unresolvedGcRoots"), name);
        }
    }

    @Test
    @SuppressWarnings("unchecked")
    void gcRootsByKindEqualReference() {
        Map<String, RootKind> kinds = Map.of("JNI global", RootKind.JNI_GLOBAL, "JNI local", RootKind.JNI_LOCAL,
                "Java frame", RootKind.JAVA_FRAME, "sticky class", RootKind.STICKY_CLASS, "thread object", RootKind.THREAD_OBJECT);
        for (String name : graphs.keySet()) {
            HeapGraph g = graphs.get(name);
            Map<String, Object> nb = answers.get(name);
            assertEquals(number(nb.get("gcRootCount")), g.gcRoots().size(), name);
            assertEquals(number(nb.get("gcRootDistinctObjects")), g.gcRoots().stream().mapToInt(GcRoot::object).distinct().count(), name);
            Map<String, Object> byKind = (Map<String, Object>) nb.get("gcRootsByKind");
            for (var e : byKind.entrySet()) {
                RootKind kind = kinds.get(e.getKey());
                assertNotNull(kind, e.getKey());
                assertEquals(number(e.getValue()), g.gcRoots().stream().filter(r -> r.kind() == kind).count(), name + " " + kind);
            }
            Set<Integer> threads = new HashSet<>();
            for (GcRoot r : g.gcRoots()) if (r.kind() == RootKind.THREAD_OBJECT) threads.add(r.object());
            for (GcRoot r : g.gcRoots()) {
                if (r.kind() == RootKind.JAVA_FRAME || r.kind() == RootKind.JNI_LOCAL) {
                    assertTrue(threads.contains(r.context()), name + ": a " + r.kind() + " root names its thread object");
                    assertTrue(r.detail() >= 0);
                }
            }
        }
    }

    /**
     * Counts are exact. Sizes differ by model: NetBeans counts 16-byte headers, 8-byte references and no
     * alignment (arrays 24 + n x element); HotSpot on these dumps (JDK 17, heap below 32 GB, so compressed
     * oops) uses 12-byte headers, 4-byte references, 16-byte array headers and 8-byte alignment. Each
     * class's size is checked against the NetBeans size converted to that model.
     */
    @Test
    @SuppressWarnings("unchecked")
    void histogramEqualsReferenceForEveryListedClass() {
        for (String name : graphs.keySet()) {
            HeapGraph g = graphs.get(name);
            Map<String, long[]> ours = Dumps.histogram(g);
            Map<String, ClassInfo> byName = new HashMap<>();
            for (ClassInfo c : g.classes()) byName.putIfAbsent(c.name(), c);
            List<Object> listed = (List<Object>) answers.get(name).get("histogramTopByCount");
            assertTrue(listed.size() >= 30);
            for (Object o : listed) {
                Map<String, Object> row = (Map<String, Object>) o;
                String cls = (String) row.get("class");
                long count = number(row.get("instances"));
                long nbBytes = number(row.get("shallowSize"));
                long[] mine = ours.get(cls);
                assertNotNull(mine, name + " " + cls);
                assertEquals(count, mine[0], name + " " + cls);
                if (cls.endsWith("[]")) {
                    boolean refs = !byName.containsKey(cls) || !isPrimitiveArray(cls);
                    long payloadNb = nbBytes - 24 * count;            // n x element size (references 8)
                    long payload = refs ? payloadNb / 2 : payloadNb;  // references 4 with compressed oops
                    long slack = mine[1] - (16 * count + payload);    // alignment padding, 0..7 per array
                    assertTrue(slack >= 0 && slack <= 7 * count, name + " " + cls + " padding " + slack);
                } else {
                    long primitive = 0, references = 0;
                    for (int c = g.classes().indexOf(byName.get(cls)); c >= 0; c = g.classes().get(c).superClass()) {
                        for (FieldInfo f : g.classes().get(c).fields()) {
                            if (f.type() == FieldType.OBJECT) references++;
                            else primitive += f.type().primitiveBytes();
                        }
                    }
                    assertEquals(nbBytes, count * (16 + primitive + 8 * references), name + " " + cls + " NetBeans model");
                    assertEquals(mine[1], count * ((12 + primitive + 4 * references + 7) & -8), name + " " + cls + " HotSpot model");
                }
            }
        }
    }

    private static boolean isPrimitiveArray(String cls) {
        return Set.of("boolean[]", "char[]", "float[]", "double[]", "byte[]", "short[]", "int[]", "long[]").contains(cls);
    }

    @Test
    @SuppressWarnings("unchecked")
    void selectedCustomerHasReferenceFieldsAndIncomingReferences() throws Exception {
        HeapGraph g = graphs.get("gen-40");
        Map<String, Object> selected = (Map<String, Object>) ((Map<String, Object>) answers.get("gen-40").get("selected")).get("Gen$Customer");
        Map<String, Object> first = (Map<String, Object>) ((List<Object>) selected.get("instances")).get(0);
        int customer = Dumps.objectAt(g, Long.decode((String) first.get("id")));
        assertTrue(customer >= 0);
        assertEquals("Gen$Customer", Dumps.className(g, customer));
        Map<String, Object> expected = (Map<String, Object>) first.get("fields");
        try (ObjectInspector inspector = new HprofParser().inspector(TestData.GEN_40, g)) {
            Map<String, Object> actual = new HashMap<>();
            for (FieldValue f : inspector.fields(customer)) actual.put(f.name(), f.value());
            assertEquals(expected.keySet(), actual.keySet());
            for (var e : expected.entrySet()) {
                Object v = actual.get(e.getKey());
                String want = (String) e.getValue();
                if (want == null) assertEquals(null, v, e.getKey());
                else if (v instanceof FieldValue.ObjectRef r) assertEquals(Long.decode(want.split(" ")[0]).longValue(), g.identity().get(r.objectId()), e.getKey());
                else assertEquals(want, String.valueOf(v), e.getKey());
            }
        }
        // incoming references: NetBeans lists the first 10 of incomingReferenceCount, as "0xADDR class .field"
        Set<Long> sources = new HashSet<>();
        for (long p = g.inStart().get(customer); p < g.inStart().get(customer + 1); p++) sources.add(g.identity().get(g.inSource().get(p)));
        List<Long> listedSources = new ArrayList<>();
        for (Object o : (List<Object>) first.get("incomingReferences")) listedSources.add(Long.decode(((String) o).split(" ")[0]));
        assertEquals(number(first.get("incomingReferenceCount")), sources.size());
        assertTrue(sources.containsAll(listedSources));
    }

    @Test
    @SuppressWarnings("unchecked")
    void javaFrameRootNamesThreadAndFrameOfReference() {
        HeapGraph g = graphs.get("gen-40");
        Map<String, Object> top = (Map<String, Object>) ((List<Object>) answers.get("gen-40").get("topRetained")).get(0);
        List<Object> path = (List<Object>) top.get("pathToGcRoot");
        Map<String, Object> rootStep = (Map<String, Object>) path.get(path.size() - 1);
        assertEquals("Java frame", rootStep.get("gcRoot"));
        int object = Dumps.objectAt(g, Long.decode((String) rootStep.get("id")));
        String frame = "at " + rootStep.get("frame");
        boolean found = false;
        for (GcRoot r : g.gcRoots()) {
            if (r.object() != object || r.kind() != RootKind.JAVA_FRAME) continue;
            for (var fact : g.facts().entrySet()) {
                if (!fact.getKey().startsWith("threadStack.")) continue;
                String[] lines = fact.getValue().split("\n");
                if (lines[0].equals("thread object " + r.context()) && lines.length > r.detail() + 1
                        && lines[r.detail() + 1].equals(frame)) found = true;
            }
        }
        assertTrue(found, "a Java-frame root of " + rootStep.get("id") + " at " + frame);
    }
}
