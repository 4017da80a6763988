package org.polyheap.report.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.polyheap.testdata.TestData;

/** Exit codes and the one-line messages of the headless command on bad input and bad usage. */
class BadInputTest {
    private static void assertOneLine(CommandRun r, int code, String contains) {
        assertEquals(code, r.code(), r.err());
        assertEquals(1, r.err().lines().count(), "one line: " + r.err());
        assertTrue(r.err().contains(contains), r.err());
        assertFalse(r.err().contains("\tat "), "no stack trace");
    }

    @Test
    void missingFileIsBadInput(@TempDir Path tmp) {
        assertOneLine(CommandRun.of("overview", tmp.resolve("nope.hprof").toString(), "--quiet"), 3, "no such file");
    }

    @Test
    void directoryIsBadInput(@TempDir Path tmp) {
        assertOneLine(CommandRun.of("overview", tmp.toString(), "--quiet"), 3, "is a directory");
    }

    /** Issue 18 E: a device and a FIFO were reported as "no such file". */
    @Test
    void deviceAndFifoAreNotRegularFilesNotMissingOnes(@TempDir Path tmp) throws Exception {
        assertOneLine(CommandRun.of("overview", "/dev/zero", "--quiet"), 3, "not a regular file");
        Path fifo = tmp.resolve("pipe.hprof");
        Process mkfifo = new ProcessBuilder("mkfifo", fifo.toString()).start();
        assertEquals(0, mkfifo.waitFor(), "mkfifo made the FIFO");
        assertOneLine(CommandRun.of("overview", fifo.toString(), "--quiet"), 3, "not a regular file");
    }

    @Test
    void textFileIsNotASnapshot(@TempDir Path tmp) throws Exception {
        Path f = Files.writeString(tmp.resolve("notes.txt"), "just some notes, not a heap snapshot\n");
        assertOneLine(CommandRun.of("overview", f.toString(), "--quiet"), 3, "not a known snapshot format");
    }

    @Test
    void truncatedSnapshotNamesFileAndOffset(@TempDir Path tmp) throws Exception {
        Path full = TestData.copyUncompressed(TestData.DART_TINY, tmp);
        byte[] bytes = Files.readAllBytes(full);
        Path cut = Files.write(tmp.resolve("cut.dartheap"), java.util.Arrays.copyOf(bytes, bytes.length / 3));
        CommandRun r = CommandRun.of("overview", cut.toString(), "--quiet");
        assertOneLine(r, 3, cut.toString());
        assertTrue(r.err().contains("at byte "), r.err());
        assertFalse(Files.exists(tmp.resolve("cut.dartheap.polyheap").resolve("manifest")), "no index that looks valid");
    }

    @Test
    void truncatedV8JsonIsBadInput(@TempDir Path tmp) throws Exception {
        Path full = TestData.copyUncompressed(TestData.CHROME_TODO, tmp);
        byte[] bytes = Files.readAllBytes(full);
        Path cut = Files.write(tmp.resolve("cut.heapsnapshot"), java.util.Arrays.copyOf(bytes, bytes.length / 2));
        assertOneLine(CommandRun.of("overview", cut.toString(), "--quiet"), 3, "at byte ");
    }

    @Test
    void usageErrorsExitWithTwo() {
        assertEquals(2, CommandRun.of("frobnicate").code());
        assertEquals(2, CommandRun.of("histogram").code(), "FILE missing");
        assertEquals(2, CommandRun.of("histogram", "x", "--by", "planet").code());
        assertEquals(2, CommandRun.of("histogram", "x", "--top", "many").code());
        assertEquals(2, CommandRun.of("paths", "x").code(), "--object missing");
        assertEquals(2, CommandRun.of("overview", "x", "--no-such-option").code());
    }

    @Test
    void helpExitsZeroForEverySubcommand() {
        assertEquals(0, CommandRun.of("--help").code());
        for (String sub : Main.HELP.keySet()) {
            CommandRun r = CommandRun.of(sub, "--help");
            assertEquals(0, r.code());
            assertTrue(r.out().contains("polyheap " + sub), r.out());
        }
    }

    @Test
    void unknownObjectIsNotFound(@TempDir Path tmp) throws Exception {
        Path f = TestData.copyUncompressed(TestData.DART_TINY, tmp);
        assertOneLine(CommandRun.of("paths", f.toString(), "--object", "#999999999", "--quiet"), 5, "no object #999999999");
        assertEquals(2, CommandRun.of("paths", f.toString(), "--object", "banana", "--quiet").code());
    }
}
