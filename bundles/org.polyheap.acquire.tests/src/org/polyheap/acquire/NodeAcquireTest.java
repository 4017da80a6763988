package org.polyheap.acquire;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CancellationException;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.polyheap.testdata.LiveRuntimes;

/**
 * Node.js over its inspector (CDP), on {@code node --inspect=127.0.0.1:0} processes these tests start:
 * found from the pid, taken from the URL node printed, streamed to disk with flat memory (a 200 MB heap),
 * canceled, and a process that exits mid-way; a Node process without an inspector is opened with SIGUSR1
 * only when asked.
 */
class NodeAcquireTest {
    @TempDir
    Path dir;

    @Test
    void theInspectorNodePrintedGivesTheScriptsObjects() throws Exception {
        try (var node = LiveRuntimes.node(dir, "known.js", true)) {
            Target t = Acquire.inspector(node.address());
            Path out = dir.resolve("known.heapsnapshot");
            var progress = new RecordingProgress();
            Acquire.take(t, out, Acquire.Options.DEFAULT, progress);
            assertTrue(Files2.head(out, 40).startsWith("{\"snapshot\":{\"meta\":"), Files2.head(out, 40));
            assertTrue(Files2.contains(out, "\"KnownGadget\""), "the script's class");
            assertTrue(Files2.contains(out, "\"polyheap-acquire-marker\""), "the script's string");
            assertTrue(progress.phases.containsAll(List.of("Taking the snapshot", "Writing the snapshot")), progress.phases.toString());
            assertEquals(List.of("known.heapsnapshot"), Files2.names(dir).stream().filter(n -> !n.endsWith(".log")).toList());
        }
    }

    @Test
    void aNodePidIsFoundWithItsInspector() throws Exception {
        try (var node = LiveRuntimes.node(dir, "known.js", true)) {
            Target t = Acquire.pid(node.pid());
            assertEquals(Target.Kind.NODE, t.kind());
            assertTrue(t.ready());
            assertEquals(node.address(), t.endpoint().toString(), "the inspector on the process's own loopback port");
            assertEquals("known.js", t.title(), "the script by its name");
            assertTrue(Acquire.listLocal().contains(t), "listed with the local targets");
            assertEquals("--inspector " + node.address(), t.commandLine());
        }
    }

    @Test
    void aNodeWithoutInspectorIsOpenedBySigusr1OnlyWhenAsked() throws Exception {
        try (var node = LiveRuntimes.node(dir, "known.js", false)) {
            Target t = Acquire.pid(node.pid());
            assertFalse(t.ready());
            assertEquals("--pid " + node.pid() + " --signal", t.commandLine());
            var e = assertThrows(AcquireException.class, () -> Acquire.take(t, dir.resolve("x.heapsnapshot"), Acquire.Options.DEFAULT, new RecordingProgress()));
            assertEquals(AcquireException.Reason.REFUSED, e.reason());
            assertFalse(node.log().contains("Debugger listening"), "no signal was sent");

            Target opened = Acquire.signalNode(node.pid()); // Node's own switch: 127.0.0.1:9229
            assertTrue(opened.ready());
            assertTrue(node.log().contains("Debugger listening on ws://127.0.0.1:9229/"), node.log());
            Acquire.take(opened, dir.resolve("signaled.heapsnapshot"), Acquire.Options.DEFAULT, new RecordingProgress());
            assertTrue(Files2.contains(dir.resolve("signaled.heapsnapshot"), "\"KnownGadget\""));
        }
    }

    @Test
    void wrongUrlsGetOneLine() throws Exception {
        var refused = assertThrows(AcquireException.class, () -> Acquire.inspector("127.0.0.1:1"));
        assertEquals("http://127.0.0.1:1/json/list: connection refused (nothing listens there)", refused.getMessage());
        try (var node = LiveRuntimes.node(dir, "known.js", true)) {
            String bogus = node.address().replaceAll("/[^/]+$", "/no-such-target");
            var e = assertThrows(AcquireException.class,
                    () -> Acquire.take(Acquire.inspector(bogus), dir.resolve("x.heapsnapshot"), Acquire.Options.DEFAULT, new RecordingProgress()));
            assertEquals(AcquireException.Reason.NOT_FOUND, e.reason());
            assertTrue(e.getMessage().startsWith("Node inspector " + bogus + ": no WebSocket there (HTTP 400)"), e.getMessage());
            assertTrue(Files2.names(dir).stream().noneMatch(n -> n.contains("x.heapsnapshot")), Files2.names(dir).toString());
        }
    }

    /**
     * A 200 MB heap's snapshot (about 400 MB of JSON) is written as it arrives: the live heap of this JVM,
     * measured after a full GC every 40 MB written, stays flat, far below the snapshot's size.
     */
    @Test
    void aLargeSnapshotStreamsWithFlatMemory() throws Exception {
        var memory = ManagementFactory.getMemoryMXBean();
        System.gc();
        long before = memory.getHeapMemoryUsage().getUsed();
        long[] peak = { 0 };
        long[] nextCheck = { 0 };
        try (var node = LiveRuntimes.node(dir, "big.js", true)) {
            Path out = dir.resolve("big.heapsnapshot");
            var progress = new RecordingProgress(p -> {
                if (p.worked >= nextCheck[0]) { // on the socket's thread, between two chunks
                    nextCheck[0] = p.worked + (40L << 20);
                    System.gc();
                    peak[0] = Math.max(peak[0], memory.getHeapMemoryUsage().getUsed());
                }
            });
            long t0 = System.nanoTime();
            var result = Acquire.take(Acquire.inspector(node.address()), out, Acquire.Options.DEFAULT, progress);
            double seconds = (System.nanoTime() - t0) / 1e9;
            long growth = peak[0] - before;
            System.out.printf(Locale.ROOT, "acquire-figure: node 200 MB heap: snapshot %.1f MiB in %.1f s; live heap after GC %.1f MiB before, "
                    + "peak %.1f MiB while streaming (growth %.1f MiB)%n", result.bytes() / 1048576.0, seconds, before / 1048576.0,
                    peak[0] / 1048576.0, growth / 1048576.0);
            assertTrue(result.bytes() > 300L << 20, "a big snapshot: " + result.bytes());
            assertTrue(growth < 48L << 20, "the live heap grew by " + (growth >> 20) + " MiB for a " + (result.bytes() >> 20) + " MiB snapshot");
        }
    }

    @Test
    void cancelLeavesNoFile() throws Exception {
        try (var node = LiveRuntimes.node(dir, "known.js", true)) {
            Path out = dir.resolve("canceled.heapsnapshot");
            var progress = new RecordingProgress(p -> p.canceled = true); // at V8's first progress report

            assertThrows(CancellationException.class, () -> Acquire.take(Acquire.inspector(node.address()), out, Acquire.Options.DEFAULT, progress));
            assertTrue(Files2.names(dir).stream().noneMatch(n -> n.contains("canceled.heapsnapshot")), Files2.names(dir).toString());
            assertTrue(node.process().isAlive(), "the target goes on");
        }
    }

    @Test
    void aTargetThatExitsMidwayGetsOneLineAndNoFile() throws Exception {
        try (var node = LiveRuntimes.node(dir, "known.js", true)) {
            Path out = dir.resolve("gone.heapsnapshot");
            var progress = new RecordingProgress(p -> { // at V8's first progress report: it sends nothing more
                if (node.process().isAlive()) {
                    node.process().destroyForcibly();
                    try {
                        node.process().waitFor();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }
            });
            var e = assertThrows(AcquireException.class, () -> Acquire.take(Acquire.inspector(node.address()), out, Acquire.Options.DEFAULT, progress));
            assertEquals(AcquireException.Reason.TARGET_GONE, e.reason());
            assertTrue(e.getMessage().startsWith("Node inspector " + node.address() + ": the "), e.getMessage());
            assertTrue(e.getMessage().contains("before the snapshot was complete"), e.getMessage());
            assertFalse(e.getMessage().contains("\n"), "one line");
            assertFalse(Files.exists(out));
            assertTrue(Files2.names(dir).stream().noneMatch(n -> n.endsWith(".part")), Files2.names(dir).toString());
        }
    }
}
