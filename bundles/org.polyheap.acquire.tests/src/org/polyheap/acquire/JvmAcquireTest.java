package org.polyheap.acquire;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.polyheap.testdata.LiveRuntimes;

/**
 * Local JVMs through the Attach API, on child JVMs these tests start (KnownObjects.java): listed with
 * their main class and JDK version; dumped live-only or all, plain or gzip, under the final name only when
 * complete; a JVM that refuses attach and a process that is no JVM each get one line. (That the dump
 * shows the program's instance counts: AcquireCommandTest in the report tests.)
 */
class JvmAcquireTest {
    @TempDir
    Path dir;

    @Test
    void aChildJvmIsListedAndDumped() throws Exception {
        try (var jvm = LiveRuntimes.java(dir)) {
            Target listed = Acquire.listLocal().stream().filter(t -> t.pid() == jvm.pid()).findFirst()
                    .orElseThrow(() -> new AssertionError("pid " + jvm.pid() + " not in " + Acquire.listLocal()));
            assertEquals(Target.Kind.JVM, listed.kind());
            assertEquals("KnownObjects.java", listed.title(), "a source-launched program by its file");
            assertEquals("JDK " + System.getProperty("java.version"), listed.detail(), "the JDK version from the target's own release file");
            assertEquals("--pid " + jvm.pid(), listed.commandLine());

            Path out = dir.resolve("out/known.hprof");
            var progress = new RecordingProgress();
            var result = Acquire.take(Acquire.pid(jvm.pid()), out, Acquire.Options.DEFAULT, progress);
            assertEquals(out.toAbsolutePath(), result.file());
            assertTrue(Files2.head(out, 18).startsWith("JAVA PROFILE 1.0."), Files2.head(out, 18));
            assertEquals(Files.size(out), result.bytes());
            assertEquals(List.of("known.hprof"), Files2.names(out.getParent()), "no part file left");
            assertTrue(progress.phases.contains("Dumping the heap of JVM " + jvm.pid()), progress.phases.toString());
            assertTrue(jvm.process().isAlive(), "the JVM goes on");
        }
    }

    @Test
    void allObjectsGzipped() throws Exception {
        try (var jvm = LiveRuntimes.java(dir)) {
            Path out = dir.resolve("all.hprof.gz");
            Acquire.take(Acquire.pid(jvm.pid()), out, new Acquire.Options(true, true, ""), new RecordingProgress());
            String head = Files2.head(out, 2);
            assertEquals(0x1f, head.charAt(0));
            assertEquals(0x8b, head.charAt(1));
            try (var in = new java.util.zip.GZIPInputStream(Files.newInputStream(out))) {
                assertTrue(new String(in.readNBytes(18), java.nio.charset.StandardCharsets.ISO_8859_1).startsWith("JAVA PROFILE 1.0."));
            }
        }
    }

    @Test
    void aJvmWithAttachDisabledRefusesInOneLine() throws Exception {
        try (var jvm = LiveRuntimes.java(dir, "-XX:+DisableAttachMechanism")) {
            Path out = dir.resolve("refused.hprof");
            var e = assertThrows(AcquireException.class, () -> Acquire.take(Acquire.pid(jvm.pid()), out, Acquire.Options.DEFAULT, new RecordingProgress()));
            assertEquals(AcquireException.Reason.REFUSED, e.reason());
            assertEquals("pid " + jvm.pid() + ": attach refused: the JVM was started with -XX:+DisableAttachMechanism", e.getMessage());
            assertFalse(Files.exists(out));
            assertTrue(Files2.names(dir).stream().noneMatch(n -> n.endsWith(".part")), Files2.names(dir).toString());
        }
    }

    @Test
    void aProcessThatIsNoJvmIsNotAttachedTo() throws Exception {
        // `sleep` must never get the attach trigger (SIGQUIT would end it): it is recognized as no JVM first
        Process sleep = new ProcessBuilder("sleep", "60").start();
        try {
            var e = assertThrows(AcquireException.class, () -> Acquire.pid(sleep.pid()));
            assertEquals("pid " + sleep.pid() + ": not a JVM (nor a Node.js process)", e.getMessage());
            assertTrue(sleep.isAlive());
        } finally {
            sleep.destroyForcibly();
        }
        var gone = assertThrows(AcquireException.class, () -> Acquire.pid(99_999_999));
        assertEquals(AcquireException.Reason.NOT_FOUND, gone.reason());
        assertTrue(gone.getMessage().endsWith(": no such process"), gone.getMessage());
    }
}
