package org.polyheap.parser.hprof;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.polyheap.model.FieldType;
import org.polyheap.model.FieldValue;
import org.polyheap.model.GcRoot;
import org.polyheap.model.HeapGraph;
import org.polyheap.model.ReferenceKind;
import org.polyheap.model.RootKind;
import org.polyheap.model.spi.Probe;

/** Hand-written dumps: both id sizes, all three versions, Android's sub-records, an unknown record. */
class SyntheticDumpTest {
    @TempDir Path dir;

    @ParameterizedTest
    @CsvSource({"4, 1.0.1", "8, 1.0.2", "4, 1.0.3", "8, 1.0.3"})
    void androidSubRecordsAndBothIdSizesAreRead(int idSize, String version) throws Exception {
        Path file = dir.resolve("s.hprof");
        Files.write(file, new SyntheticDump(idSize, version).write());
        assertTrue(new HprofParser().accepts(Probe.of(file)));
        Dumps.Parsed parsed = Dumps.parse(file);
        HeapGraph g = parsed.graph();
        assertEquals(10, g.objectCount(), "5 classes, 2 instances, 3 arrays");
        assertEquals(List.of("java.lang.Object", "java.lang.Class", "Foo", "byte[]", "java.lang.Object[]", "int[]"),
                g.classes().stream().map(c -> c.name()).toList(), "int[] has no class dump: added by name");
        int a = Dumps.objectAt(g, SyntheticDump.A);
        int b = Dumps.objectAt(g, SyntheticDump.B);
        assertEquals("Foo", Dumps.className(g, a));
        // a: <class> then next -> b
        assertEquals(2, g.outStart().get(a + 1) - g.outStart().get(a));
        assertEquals(b, g.outTarget().get(g.outStart().get(a) + 1));
        assertEquals("next", g.string(g.outName().get(g.outStart().get(a) + 1)));
        int array = Dumps.objectAt(g, SyntheticDump.ARRAY);
        long first = g.outStart().get(array);
        assertEquals(3, g.outStart().get(array + 1) - first, "class, [0], [1]; null and dangling slots skipped");
        assertEquals(ReferenceKind.ELEMENT.code(), g.outKind().get(first + 2));
        assertEquals(1, g.outName().get(first + 2));
        assertEquals("1", g.facts().get("unresolvedReferences"));
        Map<RootKind, Integer> kinds = new EnumMap<>(RootKind.class);
        for (GcRoot r : g.gcRoots()) kinds.merge(r.kind(), 1, Integer::sum);
        for (RootKind k : List.of(RootKind.STICKY_CLASS, RootKind.JNI_GLOBAL, RootKind.THREAD_OBJECT, RootKind.JAVA_FRAME,
                RootKind.INTERNED_STRING, RootKind.FINALIZING, RootKind.DEBUGGER, RootKind.REFERENCE_CLEANUP,
                RootKind.VM_INTERNAL, RootKind.UNREACHABLE_ANDROID, RootKind.UNKNOWN, RootKind.JNI_MONITOR)) {
            assertEquals(1, kinds.getOrDefault(k, 0), k.toString());
        }
        GcRoot frame = g.gcRoots().stream().filter(r -> r.kind() == RootKind.JAVA_FRAME).findFirst().orElseThrow();
        assertEquals(b, frame.context(), "thread serial 1 is object b");
        GcRoot monitor = g.gcRoots().stream().filter(r -> r.kind() == RootKind.JNI_MONITOR).findFirst().orElseThrow();
        assertEquals(2, monitor.detail());
        assertTrue(parsed.warnings().stream().anyMatch(w -> w.contains("0x50")), parsed.warnings().toString());
        assertEquals(version, g.facts().get("hprofVersion"));
        assertEquals(Integer.toString(idSize), g.facts().get("idSize"));
        // sizes: 32-bit model for 4-byte ids (header 8, refs 4), else compressed oops (the addresses are tiny)
        boolean narrow = idSize == 4;
        assertEquals(narrow ? "32-bit (auto)" : "compressed-oops (auto)", g.facts().get("sizeModel"));
        assertEquals(narrow ? 16 : 24, g.shallowSize().get(a), "header + int + reference, 8-aligned");
        assertEquals(narrow ? 16 : 24, g.shallowSize().get(Dumps.objectAt(g, SyntheticDump.BYTE_ARRAY)), "header+length+3, aligned");
        assertEquals(narrow ? 56 : 56, g.shallowSize().get(Dumps.objectAt(g, SyntheticDump.NODATA)), "int[10]");
        assertEquals(narrow ? 32 : 32, g.shallowSize().get(array), "Object[4]");
    }

    @ParameterizedTest
    @CsvSource({"4", "8"})
    void inspectorReadsInstanceAndStaticFields(int idSize) throws Exception {
        Path file = dir.resolve("s.hprof");
        Files.write(file, new SyntheticDump(idSize, "1.0.2").write());
        HeapGraph g = Dumps.parse(file).graph();
        int a = Dumps.objectAt(g, SyntheticDump.A);
        int b = Dumps.objectAt(g, SyntheticDump.B);
        try (var inspector = new HprofParser().inspector(file, g)) {
            assertEquals(List.of(new FieldValue("next", FieldType.OBJECT, new FieldValue.ObjectRef(b), false),
                    new FieldValue("value", FieldType.INT, 1, false)), inspector.fields(a));
            assertEquals(List.of(new FieldValue("count", FieldType.INT, 5, true)),
                    inspector.fields(Dumps.objectAt(g, SyntheticDump.FOO)));
            assertEquals(java.util.Optional.of("length 3"), inspector.valueHint(Dumps.objectAt(g, SyntheticDump.BYTE_ARRAY), 10));
            assertEquals(java.util.Optional.of("length 10"), inspector.valueHint(Dumps.objectAt(g, SyntheticDump.NODATA), 10));
            List<FieldValue> slots = inspector.fields(Dumps.objectAt(g, SyntheticDump.ARRAY));
            assertEquals(4, slots.size());
            assertEquals(null, slots.get(2).value());
            assertEquals("unresolved 0x9999", slots.get(3).value());
        }
    }

    @ParameterizedTest
    @CsvSource({"compressed-oops, 24", "no-compressed-oops, 32"})
    void sizeModelOptionOverridesDetection(String model, long fooSize) throws Exception {
        Path file = dir.resolve("s.hprof");
        Files.write(file, new SyntheticDump(8, "1.0.2").write());
        HeapGraph g = Dumps.parse(file, org.polyheap.model.spi.ParseOptions.NONE.with(HprofParser.SIZE_MODEL, model)).graph();
        assertEquals(model, g.facts().get("sizeModel"));
        assertEquals(fooSize, g.shallowSize().get(Dumps.objectAt(g, SyntheticDump.A)));
    }
}
