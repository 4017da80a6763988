package org.polyheap.parser.fuchsia;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.polyheap.parser.fuchsia.ExampleProcess.*;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.polyheap.model.RootKind;
import org.polyheap.model.SnapshotFormatException;
import org.polyheap.model.format.SnapshotFormat;
import org.polyheap.model.spi.ParseOptions;
import org.polyheap.parser.fuchsia.FfxProfileWriter.Allocation;

class HeapdumpObjectsTest {
    @TempDir Path dir;

    private Heaps.Parsed parseTagged(FfxProfileWriter w, ParseOptions options, Allocation... allocations) throws Exception {
        byte[] profile = w.write(List.of(process("example.cm", 42, allocations)), true, false);
        return Heaps.parse(FfxProfileWriter.save(dir.resolve("snap.pb"), profile, false), options);
    }

    @Test
    void taggedProfileHasOneObjectPerAllocationWithBlockAddressAndSize() throws Exception {
        var p = parseTagged(new FfxProfileWriter(), ParseOptions.NONE,
                Allocation.of(HEAP + 0x100, 32, viaMalloc(MAKE_PC)),
                Allocation.of(HEAP + 0x200, 48, viaMalloc(BUILD_PC)),
                Allocation.of(0, 16, viaMalloc(MAKE_PC)));
        var g = p.graph();
        assertEquals(3, g.objectCount());
        assertEquals(SnapshotFormat.FUCHSIA, g.metadata().format());
        assertEquals(HEAP + 0x100, g.identity().get(0));
        assertEquals(HEAP + 0x200, g.identity().get(1));
        assertEquals(0, g.identity().get(2), "an allocation without address has no identity");
        assertEquals(32, g.shallowSize().get(0));
        assertEquals(48, g.shallowSize().get(1));
        assertEquals("96", g.facts().get("allocatedBytes"));
        assertEquals("ffx heapdump, one sample per allocation", g.facts().get("profileKind"));
    }

    @Test
    void unsymbolizedSiteIsFirstFrameOutsideLibcAsModulePlusFileOffset() throws Exception {
        var p = parseTagged(new FfxProfileWriter(), ParseOptions.NONE,
                Allocation.of(HEAP + 0x100, 32, viaMalloc(MAKE_PC)),
                Allocation.of(HEAP + 0x200, 48, viaMalloc(BUILD_PC)),
                Allocation.of(HEAP + 0x300, 16, viaMalloc(MAKE_PC)));
        // address - mapping start + file offset: 0x2000 + 0x1000
        assertEquals("example+0x3000", p.className(0));
        assertEquals("example+0x4000", p.className(1));
        assertEquals(p.graph().objectClass().get(0), p.graph().objectClass().get(2), "same site, same class");
        assertEquals(2, p.graph().classes().size());
        assertEquals("example", p.graph().classes().get(p.graph().objectClass().get(0)).library());
    }

    @Test
    void siteFramesOptionJoinsCallersOfTheSite() throws Exception {
        var p = parseTagged(new FfxProfileWriter(), new ParseOptions(java.util.Map.of("siteFrames", "2")),
                Allocation.of(HEAP + 0x100, 32, viaMalloc(MAKE_PC)));
        assertEquals("example+0x3000 <- example+0x5000", p.className(0));
    }

    @Test
    void symbolizedSiteSkipsMallocAndOperatorNewAndExpandsInlinedFrames() throws Exception {
        var w = new FfxProfileWriter();
        w.symbols.put(MALLOC_PC, new String[] {"malloc"});
        w.symbols.put(NEW_PC, new String[] {"operator new(unsigned long)"});
        w.symbols.put(MAKE_PC, new String[] {"Widget::Widget()", "MakeWidget()"}); // inlined: innermost first
        w.symbols.put(MAIN_PC, new String[] {"main"});
        long[] stack = {MALLOC_PC, NEW_PC, MAKE_PC, MAIN_PC};
        var one = parseTagged(w, ParseOptions.NONE, Allocation.of(HEAP, 64, stack));
        assertEquals("Widget::Widget()", one.className(0));
        assertEquals("yes", one.graph().facts().get("symbolized"));
        var w2 = new FfxProfileWriter();
        w2.symbols.putAll(w.symbols);
        var three = parseTagged(w2, new ParseOptions(java.util.Map.of("siteFrames", "3")), Allocation.of(HEAP, 64, stack));
        assertEquals("Widget::Widget() <- MakeWidget() <- main", three.className(0));
    }

    @Test
    void stackOfAllocatorFramesOnlyIsNamedByItsLeaf() throws Exception {
        var p = parseTagged(new FfxProfileWriter(), ParseOptions.NONE, Allocation.of(HEAP, 8, MALLOC_PC));
        assertEquals("libc.so+0x1234", p.className(0));
    }

    @Test
    void withoutContentsEveryAllocationIsItsOwnRootAndAFactSaysWhy() throws Exception {
        var p = parseTagged(new FfxProfileWriter(), ParseOptions.NONE,
                Allocation.of(HEAP + 0x100, 32, viaMalloc(MAKE_PC)), Allocation.of(HEAP + 0x200, 32, viaMalloc(MAKE_PC)));
        assertEquals(0, p.graph().outTarget().size());
        assertEquals(2, p.graph().gcRoots().size());
        assertTrue(p.graph().gcRoots().stream().allMatch(r -> r.kind() == RootKind.UNKNOWN));
        assertTrue(p.graph().facts().get("rootModel").contains("no contents folder"), p.graph().facts().get("rootModel"));
    }

    @Test
    void mergedSamplesWithoutTagsBecomeOneObjectPerStackWithCountLabel() throws Exception {
        byte[] profile = new FfxProfileWriter().write(List.of(process("example.cm", 42,
                Allocation.of(HEAP + 0x100, 32, viaMalloc(MAKE_PC)),
                Allocation.of(HEAP + 0x200, 48, viaMalloc(BUILD_PC)),
                Allocation.of(HEAP + 0x300, 16, viaMalloc(MAKE_PC)))), false, false);
        var p = Heaps.parse(FfxProfileWriter.save(dir.resolve("merged.pb"), profile, false), ParseOptions.NONE);
        var g = p.graph();
        assertEquals(2, g.objectCount());
        int make = p.className(0).equals("example+0x3000") ? 0 : 1;
        assertEquals(48, g.shallowSize().get(make), "32 + 16 bytes merged");
        assertEquals("2 allocations", g.string(g.objectLabel().get(make)));
        assertEquals(-1, g.objectLabel().get(1 - make), "a single allocation has no count label");
        assertEquals(0, g.identity().get(make));
        assertEquals("ffx heapdump, merged samples", g.facts().get("profileKind"));
        assertTrue(g.facts().get("rootModel").contains("no block addresses"));
    }

    @Test
    void gzipAndRawProfilesGiveTheSameObjects() throws Exception {
        var allocations = new Allocation[] {Allocation.of(HEAP + 0x100, 32, viaMalloc(MAKE_PC)),
                Allocation.of(HEAP + 0x200, 48, viaMalloc(BUILD_PC))};
        byte[] profile = new FfxProfileWriter().write(List.of(process("example.cm", 42, allocations)), true, false);
        var raw = Heaps.parse(FfxProfileWriter.save(dir.resolve("a.pb"), profile, false), ParseOptions.NONE).graph();
        var gz = Heaps.parse(FfxProfileWriter.save(dir.resolve("b.pb.gz"), profile, true), ParseOptions.NONE).graph();
        assertEquals(raw.objectCount(), gz.objectCount());
        for (int o = 0; o < raw.objectCount(); o++) {
            assertEquals(raw.identity().get(o), gz.identity().get(o));
            assertEquals(raw.shallowSize().get(o), gz.shallowSize().get(o));
            assertEquals(raw.sourceOffset().get(o), gz.sourceOffset().get(o), "offsets are in the decompressed stream");
        }
    }

    @Test
    void multiProcessProfileShowsTheLargestProcessAndWarnsWithTheList() throws Exception {
        byte[] profile = new FfxProfileWriter().write(List.of(
                process("small.cm", 100, Allocation.of(HEAP + 0x100, 16, viaMalloc(MAKE_PC))),
                process("big.cm", 200, Allocation.of(HEAP + 0x100, 4096, viaMalloc(BUILD_PC)),
                        Allocation.of(HEAP + 0x2000, 64, viaMalloc(BUILD_PC)))), true, true);
        Path file = FfxProfileWriter.save(dir.resolve("multi.pb"), profile, false);
        var p = Heaps.parse(file, ParseOptions.NONE);
        assertEquals(2, p.graph().objectCount());
        assertEquals("big.cm[200]", p.graph().facts().get("process"));
        assertTrue(p.warnings().stream().anyMatch(m -> m.contains("small.cm[100]") && m.contains("big.cm[200]")), p.warnings().toString());

        var small = Heaps.parse(file, new ParseOptions(java.util.Map.of("process", "100")));
        assertEquals(1, small.graph().objectCount());
        assertEquals(16, small.graph().shallowSize().get(0));
        assertEquals("example+0x3000", small.className(0), "mapping and location ids continue across processes");
        assertTrue(small.warnings().isEmpty(), small.warnings().toString());

        var e = assertThrows(SnapshotFormatException.class, () -> Heaps.parse(file, new ParseOptions(java.util.Map.of("process", "7"))));
        assertTrue(e.getMessage().contains("koid 7") && e.getMessage().contains("big.cm[200]"), e.getMessage());
    }

    @Test
    void goHeapProfileOpensAsSiteHistogramSizedByInuseSpace() throws Exception {
        var w = new FfxProfileWriter();
        byte[] profile = w.goHeapProfile(
                new long[][] {{1, 2, 4}, {1, 3, 4}},
                new long[][] {{10, 1000, 2, 200}, {5, 5000, 5, 5000}},
                new String[] {"runtime.mallocgc", "main.loadConfig", "main.buildIndex", "main.main"});
        Path file = FfxProfileWriter.save(dir.resolve("heap.pb.gz"), profile, true);
        var p = Heaps.parse(file, ParseOptions.NONE);
        var g = p.graph();
        assertEquals(2, g.objectCount());
        assertEquals("main.loadConfig", p.className(0));
        assertEquals("main.buildIndex", p.className(1));
        assertEquals(200, g.shallowSize().get(0), "inuse_space is the last column in bytes");
        assertEquals("2 allocations", g.string(g.objectLabel().get(0)), "inuse_objects is the count");
        assertEquals("pprof profile", g.facts().get("profileKind"));
        var alloc = Heaps.parse(file, new ParseOptions(java.util.Map.of("sampleType", "alloc_space")));
        assertEquals(1000, alloc.graph().shallowSize().get(0));
        assertEquals("10 allocations", alloc.graph().string(alloc.graph().objectLabel().get(0)));
    }

    @Test
    void parserIsFoundThroughServiceLoader() {
        var names = java.util.ServiceLoader.load(org.polyheap.model.spi.SnapshotParser.class).stream()
                .map(p -> p.get().format()).toList();
        assertTrue(names.contains(SnapshotFormat.FUCHSIA), names.toString());
        assertTrue(Files.isRegularFile(Path.of("../org.polyheap.parser.fuchsia/resources/META-INF/services/org.polyheap.model.spi.SnapshotParser")));
    }

    @Test
    void regionWithoutFileNameIsNamedByItsBuildIdAndAddressOutsideMappingsByItself() throws Exception {
        // Old collectors sent no region names: the writer then leaves the mapping file name empty.
        var region = new FfxProfileWriter.Region(APP, 0x20000, 0, "", new byte[] {0x11, 0x22, 0x33, 0x44});
        long stray = 0x1234_5678L;
        byte[] profile = new FfxProfileWriter().write(List.of(new FfxProfileWriter.Process("old", 1, List.of(region),
                List.of(Allocation.of(HEAP, 8, MAKE_PC, MAIN_PC), Allocation.of(HEAP + 0x100, 8, stray, MAIN_PC)))), true, false);
        var p = Heaps.parse(FfxProfileWriter.save(dir.resolve("old.pb"), profile, false), ParseOptions.NONE);
        assertEquals("11223344+0x2000", p.className(0));
        assertEquals("11223344", p.graph().classes().get(p.graph().objectClass().get(0)).library());
        assertEquals("0x12345678", p.className(1));
    }
}
