package org.polyheap.report.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.polyheap.model.Progress;
import org.polyheap.model.format.SnapshotFormat;
import org.polyheap.report.AnalyzedSnapshot.OpenOptions;
import org.polyheap.report.AnalyzedSnapshot;
import org.polyheap.report.OpenOption;
import org.polyheap.testdata.TestData;

/** Issue 17.3: one table of open options and defaults for the window and the command. */
class OpenOptionsTest {

    @Test
    void theParserGetsOnlyWhatDiffersFromADefaultAndConcernsTheFormat() {
        var o = OpenOptions.DEFAULT.with(OpenOption.SIZE_MODEL, "auto").with(OpenOption.V8_SIZES, "raw")
                .with(OpenOption.SITE_FRAMES, "3");
        assertEquals(Map.of("index.location", "beside"), o.parseOptions(SnapshotFormat.HPROF).values());
        assertEquals(Map.of("index.location", "beside", "siteFrames", "3"), o.parseOptions(SnapshotFormat.FUCHSIA).values());
        assertEquals(Map.of("index.location", "cache", "sizeModel", "32-bit"),
                o.with(OpenOption.INDEX_DIR, "cache").with(OpenOption.SIZE_MODEL, "32-bit").parseOptions(SnapshotFormat.HPROF).values());
        assertEquals("devtools", OpenOptions.DEFAULT.value(OpenOption.V8_SIZES));
        assertEquals("weak", o.with(OpenOption.JAVA_REFERENTS, "strong").with(OpenOption.JAVA_REFERENTS, null).value(OpenOption.JAVA_REFERENTS));
    }

    @Test
    void aValueAnOptionDoesNotTakeIsRefusedInTheCommandsWords() {
        var e = assertThrows(IllegalArgumentException.class, () -> OpenOptions.DEFAULT.with(OpenOption.V8_SIZES, "exact"));
        assertEquals("--v8-sizes takes devtools or raw, not 'exact'", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> OpenOptions.DEFAULT.with(OpenOption.SITE_FRAMES, "65"));
        assertThrows(IllegalArgumentException.class, () -> OpenOptions.DEFAULT.with(OpenOption.SIZE_MODEL, "huge"));
    }

    @Test
    void theCommandTakesEveryOptionOfTheWindowWithTheSameWords(@TempDir Path dir) throws Exception {
        Path file = TestData.copyUncompressed(TestData.FUCHSIA_TREE, dir);
        var run = CommandRun.of("overview", file.toString(), "--site-frames", "2", "--json", "--quiet");
        assertEquals(0, run.code(), run.err());
        assertEquals("2", Json.object(Json.object(Json.parse(run.out())).get("facts")).get("siteFrames"));
        var bad = CommandRun.of("overview", file.toString(), "--site-frames", "0", "--quiet");
        assertEquals(ExitCode.USAGE.code, bad.code());
        assertTrue(bad.err().contains("--site-frames takes a number from 1 to 64, not '0'"), bad.err());
    }

    @Test
    void aDefaultSetExplicitlyReusesTheIndexTheCommandBuilt(@TempDir Path dir) throws Exception {
        Path file = TestData.copyUncompressed(TestData.JACKSON_TREE, dir);
        assertEquals(0, CommandRun.of("overview", file.toString(), "--quiet").code());
        var explicit = OpenOptions.DEFAULT.with(OpenOption.SIZE_MODEL, "auto").with(OpenOption.JAVA_REFERENTS, "weak")
                .with(OpenOption.V8_SIZES, "raw");
        try (var s = AnalyzedSnapshot.open(file, explicit, Progress.NONE)) {
            assertTrue(s.reused(), "the same index: defaults and other formats' options are not parse options");
        }
    }
}
