package org.polyheap.parser.dart;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPOutputStream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.polyheap.model.FieldValue;
import org.polyheap.model.HeapGraph;
import org.polyheap.model.Progress;
import org.polyheap.model.ReferenceKind;
import org.polyheap.model.RootKind;
import org.polyheap.model.SnapshotFormatException;
import org.polyheap.model.format.SnapshotFormat;
import org.polyheap.model.memory.HeapGraphBuilder;
import org.polyheap.testdata.TestData;

/** Snapshots written by {@link DartHeapWriter} the way the VM writes them, read back. */
class DartRoundTripTest {
    @TempDir Path dir;

    /** File ids of the sample objects. */
    static final int ROOT = 1, ISOLATE = 3, PATCH = 4, SMI = 5, MINT = 6, HELLO = 7, LONG = 8, WIDE = 9, DOUBLE = 10,
            LIST = 11, WEAK_PROPERTY = 12, WEAK_REFERENCE = 13, FINALIZER_ENTRY = 14, FUNCTION = 15, NUMBER = 16,
            BOOL = 17, NULL = 18;
    static final String LONG_TEXT = "x".repeat(150) + "tail";
    static final String WIDE_TEXT = "h\u00e9llo \u2603 \ud83d\ude00";

    /** A small heap of a VM with the given word size (4 or 8), like the writer lays it out. */
    static DartHeapWriter sample(int wordBytes) {
        var w = new DartHeapWriter().header("main", 4096, 8192, 100);
        w.addClass("Root", "", "");
        w.addClass("Read-Only Pages", "", "");
        w.addClass("Isolate", "", "", 0, "", 1, "counter");
        int unused = w.addClass("", "", "");
        int patchClass = w.addClass("PatchClass", "", "", 0, "wrapped_class_", 1, "script_");
        int smi = w.addClass("_Smi", "dart.core", "dart:core");
        int mint = w.addClass("_Mint", "dart.core", "dart:core");
        int oneByte = w.addClass("_OneByteString", "dart.core", "dart:core");
        int twoByte = w.addClass("_TwoByteString", "dart.core", "dart:core");
        int dbl = w.addClass("_Double", "dart.core", "dart:core");
        int list = w.addClass("_List", "dart.core", "dart:core", 0, "type_arguments_", 1, "length_");
        int weakProperty = w.addClass("_WeakProperty", "dart.core", "dart:core", 0, "key_", 1, "value_");
        int weakReference = w.addClass("_WeakReference", "dart.core", "dart:core", 0, "target_", 1, "type_arguments_");
        int entry = w.addClass("FinalizerEntry", "dart._internal", "dart:_internal",
                0, "value_", 1, "detach_", 2, "token_", 3, "finalizer_", 4, "next_");
        int function = w.addClass("Function", "", "");
        int number = w.addClass("NumberExpression", "", "package:sass/src/ast/sass/expression/number.dart",
                0, "value", 1, "unit");
        int bool = w.addClass("bool", "dart.core", "dart:core");
        int nul = w.addClass("Null", "dart.core", "dart:core");
        assertEquals(4, unused);

        int p = wordBytes == 4 ? 24 : 48;
        w.addObject(1, 0, DartHeapWriter.noData(), 0, 2, ISOLATE, SMI, MINT);
        w.addObject(2, 0, DartHeapWriter.noData(), 0);
        w.addObject(3, 0, DartHeapWriter.nameData("6462304137260555"), 0, 0, SMI, LIST, FUNCTION);
        w.addObject(patchClass, p, DartHeapWriter.noData(), 11, NULL, NULL);
        w.addObject(smi, 0, DartHeapWriter.smiData(-1, wordBytes), 0);
        w.addObject(mint, 16, DartHeapWriter.mintData(-9007199254740992L), 0);
        w.addObject(oneByte, 16, DartHeapWriter.latin1Data("hello", 128), 0);
        w.addObject(oneByte, 168, DartHeapWriter.latin1Data(LONG_TEXT, 128), 0);
        w.addObject(twoByte, 32, DartHeapWriter.utf16Data(WIDE_TEXT, 128), 0);
        w.addObject(dbl, 16, DartHeapWriter.doubleData(3.25), 0);
        w.addObject(list, 24, DartHeapWriter.lengthData(3), 0, NULL, SMI, HELLO, 0, WIDE);
        w.addObject(weakProperty, 16, DartHeapWriter.noData(), 123, HELLO, WIDE);
        w.addObject(weakReference, 16, DartHeapWriter.noData(), 1L << 29, LONG, NULL);
        w.addObject(entry, 32, DartHeapWriter.noData(), 77, HELLO, WIDE, DOUBLE, 0, 0);
        w.addObject(function, 40, DartHeapWriter.nameData("get:message"), 5, PATCH, WEAK_PROPERTY, WEAK_REFERENCE,
                FINALIZER_ENTRY, NUMBER, BOOL);
        w.addObject(number, 24, DartHeapWriter.noData(), 9, 0, LONG);
        w.addObject(bool, 16, DartHeapWriter.boolData(true), 0);
        w.addObject(nul, 8, DartHeapWriter.nullData(), 0);
        w.addExternal(HELLO, 100, "Unknown native function");
        return w;
    }

    static HeapGraph parse(Path file) throws IOException, SnapshotFormatException {
        var builder = new HeapGraphBuilder();
        new DartSnapshotParser().parse(file, builder, Progress.NONE);
        return builder.build();
    }

    Path write(String name, byte[] bytes) throws IOException {
        Path f = dir.resolve(name);
        Files.write(f, bytes);
        return f;
    }

    record Ref(int target, ReferenceKind kind, String name) { }

    static List<Ref> refs(HeapGraph g, int fileId) {
        int o = fileId - 1;
        var out = new ArrayList<Ref>();
        for (long i = g.outStart().get(o); i < g.outStart().get(o + 1); i++) {
            var kind = ReferenceKind.ofCode(g.outKind().get(i));
            int name = g.outName().get(i);
            out.add(new Ref(g.outTarget().get(i) + 1, kind, kind.isIndexed() ? "[" + name + "]" : g.string(name)));
        }
        return out;
    }

    @Test
    void objectsKeepFileOrderClassesAndIdentityHashes() throws Exception {
        HeapGraph g = parse(write("a.dartheap", sample(8).bytes(true)));
        assertEquals(18, g.objectCount());
        assertEquals(19, g.classes().size(), "18 file classes plus the placeholder for class id 0");
        assertEquals("_Mint", g.classes().get(g.objectClass().get(MINT - 1)).name());
        assertEquals("dart:core", g.classes().get(g.objectClass().get(MINT - 1)).library());
        assertEquals(7, g.objectClass().get(MINT - 1), "class id = file class id = VM class id + 3");
        assertEquals("Root", g.classes().get(g.objectClass().get(0)).name());
        assertEquals(1L << 29, g.identity().get(WEAK_REFERENCE - 1));
        assertEquals(0L, g.identity().get(HELLO - 1));
        assertEquals(168, g.shallowSize().get(LONG - 1));
        assertEquals(List.of(new org.polyheap.model.GcRoot(0, RootKind.DART_ROOT, -1, -1)), g.gcRoots());
        var numberClass = g.classes().get(g.objectClass().get(NUMBER - 1));
        assertEquals("package:sass/src/ast/sass/expression/number.dart", numberClass.library());
        assertEquals(1, numberClass.fields().get(1).slot());
        assertEquals("unit", numberClass.fields().get(1).name());
    }

    @Test
    void factsComeFromTheHeaderAndTheCounts() throws Exception {
        var f = parse(write("a.dartheap", sample(8).bytes(true))).facts();
        assertEquals("main", f.get("name"));
        assertEquals("4096", f.get("headerShallowSize"));
        assertEquals("8192", f.get("headerCapacity"));
        assertEquals("100", f.get("externalSize"));
        assertEquals("8", f.get("wordSize"));
        assertEquals("18", f.get("objectCount"));
        assertEquals("1", f.get("externalProperties"));
        assertEquals("100", f.get("externalPropertySize"));
        assertTrue(f.get("externalSizeByClass").startsWith("_OneByteString (dart:core): 100"), f.get("externalSizeByClass"));
        assertEquals("present", f.get("identityHashes"));
        assertEquals("6", f.get("hashedObjects")); // PatchClass, _WeakProperty, _WeakReference, FinalizerEntry, Function, NumberExpression
        assertEquals("5", f.get("omittedReferences")); // Isolate, _List, FinalizerEntry x2, NumberExpression
    }

    @Test
    void externalPropertiesOfOneObjectAreSummedWithTheirDistinctNames() throws Exception {
        var w = sample(8);
        w.addExternal(LIST, 10, "Finalizable");
        w.addExternal(LIST, 5, "Unknown native function");
        w.addExternal(LIST, 7, "Finalizable");
        HeapGraph g = parse(write("a.dartheap", w.bytes(true)));
        var sizes = g.attribute(ExternalProperties.SIZE).orElseThrow();
        var names = g.attribute(ExternalProperties.NAMES).orElseThrow();
        assertEquals(2, sizes.count(), "HELLO and LIST");
        assertEquals(100, sizes.get(HELLO - 1, -1));
        assertEquals(22, sizes.get(LIST - 1, -1));
        assertEquals("Finalizable, Unknown native function", g.string((int) names.get(LIST - 1, -1)));
        assertEquals("Unknown native function", g.string((int) names.get(HELLO - 1, -1)));
        assertEquals(-1, sizes.get(MINT - 1, -1));
        assertEquals(Long.toString(sizes.sum()), g.facts().get("externalPropertySize"));
        assertEquals("4", g.facts().get("externalProperties"));
        var bare = new DartHeapWriter();
        bare.addClass("Root", "", "");
        bare.addObject(1, 0, DartHeapWriter.noData(), 0);
        assertTrue(parse(write("b.dartheap", bare.bytes(true))).attributes().isEmpty(), "no external properties, no attributes");
    }

    @Test
    void referencesAreNamedByFieldSlotOrElementIndexAndSkipOmittedSlots() throws Exception {
        HeapGraph g = parse(write("a.dartheap", sample(8).bytes(true)));
        assertEquals(List.of(new Ref(NULL, ReferenceKind.FIELD, "type_arguments_"), new Ref(SMI, ReferenceKind.FIELD, "length_"),
                new Ref(HELLO, ReferenceKind.ELEMENT, "[0]"), new Ref(WIDE, ReferenceKind.ELEMENT, "[2]")), refs(g, LIST));
        assertEquals(List.of(new Ref(LONG, ReferenceKind.FIELD, "unit")), refs(g, NUMBER), "slot 0 is unboxed: written as 0");
        assertEquals(List.of(new Ref(SMI, ReferenceKind.FIELD, "counter"), new Ref(LIST, ReferenceKind.ELEMENT, "[0]"),
                new Ref(FUNCTION, ReferenceKind.ELEMENT, "[1]")), refs(g, ISOLATE));
        assertEquals(4, refs(g, ROOT).size());
    }

    /** Declared slots far beyond the field count (no VM writes them) are still named, without a table that large. */
    @Test
    void sparseAndHugeFieldSlotsAreNamed() throws Exception {
        var w = new DartHeapWriter();
        w.addClass("Root", "", "");
        int sparse = w.addClass("Sparse", "", "", 0, "first", 200, "far");
        int huge = w.addClass("Huge", "", "", 0, "first", Integer.MAX_VALUE - 9, "beyond");
        long[] refs = new long[202];
        refs[0] = 1;
        refs[100] = 1;
        refs[200] = 1;
        refs[201] = 1;
        w.addObject(1, 0, DartHeapWriter.noData(), 0, 2, 3);
        w.addObject(sparse, 16, DartHeapWriter.noData(), 0, refs);
        w.addObject(huge, 16, DartHeapWriter.noData(), 0, 1, 1);
        HeapGraph g = parse(write("sparse.dartheap", w.bytes(true)));
        assertEquals(List.of(new Ref(1, ReferenceKind.FIELD, "first"), new Ref(1, ReferenceKind.ELEMENT, "[100]"),
                new Ref(1, ReferenceKind.FIELD, "far"), new Ref(1, ReferenceKind.ELEMENT, "[0]")), refs(g, 2));
        assertEquals(List.of(new Ref(1, ReferenceKind.FIELD, "first"), new Ref(1, ReferenceKind.ELEMENT, "[1]")), refs(g, 3));
    }

    @Test
    void weakHoldersFollowDartTools() throws Exception {
        HeapGraph g = parse(write("a.dartheap", sample(8).bytes(true)));
        assertEquals(List.of(new Ref(HELLO, ReferenceKind.WEAK, "key_"), new Ref(WIDE, ReferenceKind.EPHEMERON, "value_")),
                refs(g, WEAK_PROPERTY));
        assertEquals(List.of(new Ref(LONG, ReferenceKind.WEAK, "target_"), new Ref(NULL, ReferenceKind.FIELD, "type_arguments_")),
                refs(g, WEAK_REFERENCE));
        assertEquals(List.of(new Ref(HELLO, ReferenceKind.WEAK, "value_"), new Ref(WIDE, ReferenceKind.WEAK, "detach_"),
                new Ref(DOUBLE, ReferenceKind.FIELD, "token_")), refs(g, FINALIZER_ENTRY));
    }

    @Test
    void labelsHoldStringsAndNamesMarkedWhenTruncated() throws Exception {
        HeapGraph g = parse(write("a.dartheap", sample(8).bytes(true)));
        assertEquals("hello", g.string(g.objectLabel().get(HELLO - 1)));
        String cut = g.string(g.objectLabel().get(LONG - 1));
        assertTrue(cut.endsWith("…") && cut.startsWith("xxxx"), cut);
        assertEquals(WIDE_TEXT, g.string(g.objectLabel().get(WIDE - 1)));
        assertEquals("get:message", g.string(g.objectLabel().get(FUNCTION - 1)));
        assertEquals(-1, g.objectLabel().get(MINT - 1));
        assertEquals(DartValue.TAG_UTF16, g.objectType().get(WIDE - 1), "object type = data tag");
    }

    @Test
    void inspectorDecodesValuesOfA64BitVm() throws Exception {
        Path file = write("a.dartheap", sample(8).bytes(true));
        HeapGraph g = parse(file);
        try (var inspector = new DartSnapshotParser().inspector(file, g)) {
            assertEquals("-1", inspector.valueHint(SMI - 1, 40).orElseThrow(), "Smi written as 2^64 - 1");
            assertEquals("-9007199254740992", inspector.valueHint(MINT - 1, 40).orElseThrow());
            assertEquals("3.25", inspector.valueHint(DOUBLE - 1, 40).orElseThrow());
            assertEquals("true", inspector.valueHint(BOOL - 1, 40).orElseThrow());
            assertEquals("null", inspector.valueHint(NULL - 1, 40).orElseThrow());
            assertEquals("length 3", inspector.valueHint(LIST - 1, 40).orElseThrow());
            assertEquals("get:message", inspector.valueHint(FUNCTION - 1, 40).orElseThrow());
            assertEquals(WIDE_TEXT, inspector.valueHint(WIDE - 1, 40).orElseThrow());
            assertEquals("hel…", inspector.valueHint(HELLO - 1, 3).orElseThrow());
            assertEquals("x".repeat(128) + "…", inspector.valueHint(LONG - 1, 1000).orElseThrow());
            assertTrue(inspector.valueHint(NUMBER - 1, 40).isEmpty());

            List<FieldValue> fields = inspector.fields(LONG - 1);
            assertEquals(new FieldValue("length", org.polyheap.model.FieldType.LONG, (long) LONG_TEXT.length(), false), fields.get(1));
            assertTrue(fields.contains(new FieldValue("truncated", org.polyheap.model.FieldType.BOOLEAN, true, false)));
            List<FieldValue> list = inspector.fields(LIST - 1);
            assertEquals(List.of("length", "type_arguments_", "length_", "[0]", "[2]"), list.stream().map(FieldValue::name).toList());
            assertEquals(new FieldValue.ObjectRef(WIDE - 1), list.get(4).value());
            assertTrue(inspector.fields(ISOLATE - 1).stream().skip(1).allMatch(FieldValue::isStatic));
        }
    }

    @Test
    void negativeSmiOfA32BitVmIsItsWordsTwosComplement() throws Exception {
        Path file = write("a32.dartheap", sample(4).bytes(true));
        HeapGraph g = parse(file);
        assertEquals("4", g.facts().get("wordSize"));
        try (var inspector = new DartSnapshotParser().inspector(file, g)) {
            assertEquals("-1", inspector.valueHint(SMI - 1, 40).orElseThrow(), "written as 2^32 - 1");
        }
    }

    /** A 64-bit VM with compressed pointers (PatchClass of 32 bytes) writes Smis as full 64-bit words. */
    @Test
    void compressedPointersAreRecognisedAndTheirSmisKeepTheirSign() throws Exception {
        var w = new DartHeapWriter();
        w.addClass("Root", "", "");
        int patchClass = w.addClass("PatchClass", "", "", 0, "wrapped_class_", 1, "script_");
        int smi = w.addClass("_Smi", "dart.core", "dart:core");
        w.addObject(1, 0, DartHeapWriter.noData(), 0, 2, 3);
        w.addObject(patchClass, 32, DartHeapWriter.noData(), 11, 0, 0);
        w.addObject(smi, 0, DartHeapWriter.smiData(-7, 8), 0);
        Path file = write("compressed.dartheap", w.bytes(true));
        HeapGraph g = parse(file);
        assertEquals("8", g.facts().get("wordSize"));
        assertEquals("64-bit, compressed pointers", g.facts().get("vm"));
        try (var inspector = new DartSnapshotParser().inspector(file, g)) {
            assertEquals("-7", inspector.valueHint(2, 40).orElseThrow());
        }
    }

    @Test
    void oldVmWithoutIdentityHashesGivesIdentityZero() throws Exception {
        HeapGraph g = parse(write("old.dartheap", sample(8).bytes(false)));
        assertEquals("absent", g.facts().get("identityHashes"));
        for (int o = 0; o < g.objectCount(); o++) assertEquals(0, g.identity().get(o));
        assertEquals(18, g.objectCount());
    }

    @Test
    void gzipIsReadByMagicWithTheSameResultAndOffsets() throws Exception {
        byte[] plain = sample(8).bytes(true);
        Path gz = dir.resolve("snapshot.bin"); // no .gz: detection goes by content
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(gz))) {
            out.write(plain);
        }
        HeapGraph a = parse(write("a.dartheap", plain));
        HeapGraph b = parse(gz);
        assertEquals(a.objectCount(), b.objectCount());
        for (int o = 0; o < a.objectCount(); o++) {
            assertEquals(a.sourceOffset().get(o), b.sourceOffset().get(o));
            assertEquals(refs(a, o + 1), refs(b, o + 1));
        }
        try (var inspector = new DartSnapshotParser().inspector(gz, b)) {
            assertEquals(WIDE_TEXT, inspector.valueHint(WIDE - 1, 100).orElseThrow());
        }
    }

    /** package:vm_service's toChunks (DevTools export) writes strings as names and ints unsigned. */
    @Test
    void devToolsExportIsRecognisedAndItsMintsKeepTheirSign() throws Exception {
        var w = new DartHeapWriter();
        w.addClass("Root", "", "");
        int string = w.addClass("_OneByteString", "dart.core", "dart:core");
        int mint = w.addClass("_Mint", "dart.core", "dart:core");
        w.addObject(1, 0, DartHeapWriter.noData(), 0, 2, 3, 4, 5);
        w.addObject(string, 16, DartHeapWriter.nameData("hello"), 0);
        w.addObject(mint, 16, DartHeapWriter.reexportedMintData(-5), 0);
        w.addObject(mint, 16, DartHeapWriter.reexportedMintData(1L << 40), 0);
        w.addObject(mint, 16, DartHeapWriter.reexportedMintData(64), 0);
        Path file = write("export.data", w.bytes(true));
        HeapGraph g = parse(file);
        assertEquals("package:vm_service re-export (DevTools)", g.facts().get("writer"));
        try (var inspector = new DartSnapshotParser().inspector(file, g)) {
            assertEquals("hello", inspector.valueHint(1, 40).orElseThrow());
            assertEquals("-5", inspector.valueHint(2, 40).orElseThrow());
            assertEquals(Long.toString(1L << 40), inspector.valueHint(3, 40).orElseThrow());
            // the re-export dropped 64's sign byte (0xC0 0x00 became 0x40, which is -64): lost, documented
            assertEquals("-64", inspector.valueHint(4, 40).orElseThrow());
        }
        assertEquals("Dart VM", parse(write("vm.dartheap", sample(8).bytes(true))).facts().get("writer"));
    }

    @Test
    void cancelingStopsTheParse() throws Exception {
        Path file = write("a.dartheap", sample(8).bytes(true));
        var phases = new ArrayList<String>();
        Progress canceled = new Progress() {
            @Override public void phase(String name, long totalWork) { phases.add(name); }
            @Override public void worked(long units) { }
            @Override public boolean isCanceled() { return !phases.isEmpty(); }
        };
        var builder = new HeapGraphBuilder();
        org.junit.jupiter.api.Assertions.assertThrows(java.util.concurrent.CancellationException.class,
                () -> new DartSnapshotParser().parse(file, builder, canceled));
        assertEquals(List.of("Reading Dart objects"), phases);
    }

    @Test
    void parserIsFoundByServiceLoaderAndAcceptsByContent() throws Exception {
        var parsers = java.util.ServiceLoader.load(org.polyheap.model.spi.SnapshotParser.class).stream()
                .map(java.util.ServiceLoader.Provider::get).filter(p -> p.format() == SnapshotFormat.DART).toList();
        assertEquals(1, parsers.size());
        var parser = parsers.getFirst();
        assertTrue(parser.accepts(org.polyheap.model.spi.Probe.of(write("x.json", sample(8).bytes(true)))));
        assertFalse(parser.accepts(org.polyheap.model.spi.Probe.of(write("x.dartheap", "JAVA PROFILE 1.0.2".getBytes()))));
        assertTrue(parser.accepts(org.polyheap.model.spi.Probe.of(TestData.DART_TINY)));
    }
}
