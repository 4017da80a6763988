package org.polyheap.parser.fuchsia;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.polyheap.parser.fuchsia.ExampleProcess.*;
import static org.polyheap.parser.fuchsia.FfxProfileWriter.words;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.polyheap.model.FieldValue;
import org.polyheap.model.spi.ParseOptions;
import org.polyheap.parser.fuchsia.FfxProfileWriter.Allocation;

class InspectorTest {
    @TempDir Path dir;

    private Map<String, Object> fields(boolean gzip) throws Exception {
        long a = HEAP + 0x1000, b = HEAP + 0x2000;
        var w = new FfxProfileWriter();
        w.symbols.put(MALLOC_PC, new String[] {"malloc"});
        w.symbols.put(MAKE_PC, new String[] {"MakeWidget()"});
        byte[] profile = w.write(List.of(process("example.cm", 42,
                new Allocation(a, 16, viaMalloc(MAKE_PC), "worker", 777, 123_456_789L),
                Allocation.of(b, 8, viaMalloc(BUILD_PC)))), true, false);
        Path file = FfxProfileWriter.save(dir.resolve(gzip ? "snap.pb.gz" : "snap.pb"), profile, gzip);
        FfxProfileWriter.content(dir.resolve("snap.contents"), -1, a, words(0, b));
        var p = Heaps.parse(file, ParseOptions.NONE);
        try (var inspector = new FuchsiaHeapdumpParser().inspector(file, p.graph())) {
            assertEquals("worker[777]", inspector.valueHint(0, 80).orElseThrow());
            return inspector.fields(0).stream().collect(Collectors.toMap(FieldValue::name, FieldValue::value));
        }
    }

    @Test
    void inspectorShowsThreadTimestampStackAndPointers() throws Exception {
        var f = fields(false);
        assertEquals("worker[777]", f.get("thread"));
        assertEquals(123_456_789L, f.get("timestamp"));
        assertEquals("0x" + Long.toHexString(HEAP + 0x1000), f.get("address"));
        assertEquals(16L, f.get("allocated (bytes)"));
        assertEquals("malloc", f.get("frame 0"), "the full stack keeps the allocator frames");
        assertEquals("MakeWidget()", f.get("frame 1"));
        assertEquals("example+0x5000", f.get("frame 2"));
        assertEquals(new FieldValue.ObjectRef(1), f.get("+0x8"));
    }

    @Test
    void inspectorReadsGzipProfilesThroughATemporaryCopyDeletedOnClose() throws Exception {
        long before;
        try (var s = Files.list(Path.of(System.getProperty("java.io.tmpdir")))) {
            before = s.filter(x -> x.getFileName().toString().startsWith("polyheap-fuchsia-")).count();
        }
        var f = fields(true);
        assertEquals("worker[777]", f.get("thread"));
        assertEquals("MakeWidget()", f.get("frame 1"));
        try (var s = Files.list(Path.of(System.getProperty("java.io.tmpdir")))) {
            assertEquals(before, s.filter(x -> x.getFileName().toString().startsWith("polyheap-fuchsia-")).count());
        }
        assertFalse(f.isEmpty());
        assertTrue(f.containsKey("objects (count)"));
    }

    @Test
    void mergedSampleHintCountsItsAllocations() throws Exception {
        byte[] profile = new FfxProfileWriter().write(List.of(process("example.cm", 42,
                Allocation.of(HEAP, 16, viaMalloc(MAKE_PC)), Allocation.of(HEAP + 0x100, 16, viaMalloc(MAKE_PC)))), false, false);
        Path file = FfxProfileWriter.save(dir.resolve("merged.pb"), profile, false);
        var p = Heaps.parse(file, ParseOptions.NONE);
        try (var inspector = new FuchsiaHeapdumpParser().inspector(file, p.graph())) {
            assertEquals("2 allocations", inspector.valueHint(0, 80).orElseThrow());
            var f = inspector.fields(0).stream().collect(Collectors.toMap(FieldValue::name, FieldValue::value));
            assertEquals(2L, f.get("objects (count)"));
            assertEquals(32L, f.get("allocated (bytes)"));
            assertEquals("libc.so+0x1234", f.get("frame 0"));
        }
    }
}
