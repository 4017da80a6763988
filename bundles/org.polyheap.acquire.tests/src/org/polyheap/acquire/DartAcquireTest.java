package org.polyheap.acquire;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.polyheap.testdata.LiveRuntimes;

/**
 * A real Dart VM (the JIT {@code dart} of {@value LiveRuntimes#DART_PACKAGE}) with its service on a random
 * loopback port: described from the URI it printed, its heap snapshot reassembled from the HeapSnapshot
 * stream's binary events into a {@code dartheap} file, plain or gzip.
 */
class DartAcquireTest {
    @TempDir
    Path dir;

    @Test
    void theServiceUriGivesADartheapFile() throws Exception {
        try (var vm = LiveRuntimes.dartVm(dir)) {
            Target t = Acquire.dartVm(vm.address());
            assertEquals(Target.Kind.DART, t.kind());
            assertEquals("Dart VM 3.7.3", t.title());
            assertEquals(vm.pid(), t.pid());
            assertTrue(t.detail().startsWith("isolates: "), t.detail());
            Path out = dir.resolve("vm.dartheap");
            var progress = new RecordingProgress();
            var result = Acquire.take(t, out, Acquire.Options.DEFAULT, progress);
            assertEquals("dartheap", Files2.head(out, 8));
            assertTrue(result.bytes() > 1 << 20, "a whole heap: " + result.bytes());
            assertEquals(result.bytes(), progress.worked, "every payload byte written once");
            assertEquals(List.of("vm.dartheap"), Files2.names(dir).stream().filter(n -> !n.endsWith(".log")).toList());

            Path gz = dir.resolve("vm.dartheap.gz");
            Acquire.take(t, gz, new Acquire.Options(false, true, "main"), new RecordingProgress());
            try (var in = new java.util.zip.GZIPInputStream(Files.newInputStream(gz))) {
                assertEquals("dartheap", new String(in.readNBytes(8), java.nio.charset.StandardCharsets.ISO_8859_1));
            }
            var none = assertThrows(AcquireException.class,
                    () -> Acquire.take(t, dir.resolve("none.dartheap"), new Acquire.Options(false, false, "no-such-isolate"), new RecordingProgress()));
            assertTrue(none.getMessage().contains(": no isolate named like 'no-such-isolate' (isolates: main)"), none.getMessage());
        }
    }

    @Test
    void aWrongUriGetsOneLine() {
        var e = assertThrows(AcquireException.class, () -> Acquire.dartVm("http://127.0.0.1:1/AbC=/"));
        assertEquals("Dart VM service ws://127.0.0.1:1/AbC=/ws: connection refused (nothing listens there; did it exit?)", e.getMessage());
    }
}
