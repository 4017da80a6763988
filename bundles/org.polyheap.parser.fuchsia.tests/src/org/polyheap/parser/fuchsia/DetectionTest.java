package org.polyheap.parser.fuchsia;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.polyheap.parser.fuchsia.ExampleProcess.*;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.polyheap.model.spi.Probe;
import org.polyheap.parser.fuchsia.FfxProfileWriter.Allocation;
import org.polyheap.testdata.TestData;

class DetectionTest {
    @TempDir Path dir;
    private final FuchsiaHeapdumpParser parser = new FuchsiaHeapdumpParser();

    private static Probe head(String ascii, int padTo) {
        byte[] b = Arrays.copyOf(ascii.getBytes(StandardCharsets.ISO_8859_1), padTo);
        return new Probe(b, false);
    }

    @Test
    void acceptsFfxProfilesRawAndGzipped() throws Exception {
        var allocations = new Allocation[200];
        for (int i = 0; i < allocations.length; i++) allocations[i] = Allocation.of(HEAP + 64L * i, 48, viaMalloc(MAKE_PC));
        byte[] profile = new FfxProfileWriter().write(List.of(process("a", 1, allocations)), true, false);
        assertTrue(profile.length > Probe.HEAD_BYTES, "the head is cut inside the samples");
        assertTrue(parser.accepts(Probe.of(FfxProfileWriter.save(dir.resolve("a.pb"), profile, false))));
        assertTrue(parser.accepts(Probe.of(FfxProfileWriter.save(dir.resolve("a.pb.gz"), profile, true))));
        byte[] merged = new FfxProfileWriter().write(List.of(process("a", 1, allocations)), false, true);
        assertTrue(parser.accepts(new Probe(merged, false)), "a small profile fits the head whole");
    }

    @Test
    void acceptsGoHeapProfileThatStartsWithTimeAndPeriodType() throws Exception {
        byte[] go = new FfxProfileWriter().goHeapProfile(new long[][] {{1}}, new long[][] {{1, 8, 1, 8}}, new String[] {"main.f"});
        assertTrue(parser.accepts(new Probe(go, false)));
    }

    @Test
    void rejectsHprofV8DartAndText() {
        assertFalse(parser.accepts(head("JAVA PROFILE 1.0.2\0\0\0\0\u0008\0\0\u0001\u0090", 4096)));
        assertFalse(parser.accepts(head("{\"snapshot\":{\"meta\":{\"node_fields\":[\"type\",\"name\"", 4096)));
        assertFalse(parser.accepts(head("dartheap\u0001\0\0\0\u0005", 4096)));
        assertFalse(parser.accepts(head("<?xml version=\"1.0\"?>", 100)));
        assertFalse(parser.accepts(new Probe(new byte[0], false)));
        assertFalse(parser.accepts(new Probe(new byte[4096], false)), "zeros: tag 0 is no field");
    }

    @Test
    void rejectsRandomBytes() {
        var random = new Random(20261122);
        for (int i = 0; i < 5000; i++) {
            byte[] b = new byte[random.nextBoolean() ? Probe.HEAD_BYTES : 64 + random.nextInt(4000)];
            random.nextBytes(b);
            assertFalse(parser.accepts(new Probe(b, false)), "random head " + i);
        }
    }

    @Test
    void rejectsStringTableThatDoesNotStartEmpty() {
        byte[] b = {0x0a, 0x04, 0x08, 0x01, 0x10, 0x02, 0x32, 0x01, 'x', 0x32, 0x00};
        assertFalse(parser.accepts(new Probe(b, false)));
        byte[] ok = {0x0a, 0x04, 0x08, 0x01, 0x10, 0x02, 0x32, 0x00, 0x32, 0x01, 'x'};
        assertTrue(parser.accepts(new Probe(ok, false)));
    }

    @Test
    void rejectsHeadsOfRealHprofV8AndDartSnapshots() throws Exception {
        for (String name : List.of("gen-40.hprof", "node-marked.heapsnapshot", "dart-sass-ia32-a-tiny.dartheap")) {
            var probe = Probe.of(TestData.fuchsia("heads/" + name + ".head.gz"));
            assertTrue(probe.head().length == Probe.HEAD_BYTES, name);
            assertFalse(parser.accepts(probe), name);
        }
    }
}
