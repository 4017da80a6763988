package org.polyheap.report.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.polyheap.model.DataLoss;
import org.polyheap.model.spi.ParseOptions;
import org.polyheap.report.AnalyzedSnapshot.OpenOptions;
import org.polyheap.report.OpenOption;
import org.polyheap.testdata.TestData;

/** {@code --permissive}: a cut-off file opens with what could be read, its loss in the warnings and facts. */
class PermissiveCommandTest {
    @TempDir Path tmp;

    private Path cutV8() throws Exception {
        Path full = TestData.copyUncompressed(TestData.CHROME_TODO, tmp);
        byte[] bytes = Files.readAllBytes(full);
        return Files.write(tmp.resolve("cut.heapsnapshot"), Arrays.copyOf(bytes, bytes.length * 6 / 10)); // inside the edges
    }

    @Test
    void overviewPermissiveOpensACutOffCaptureAndSaysWhatIsMissing() throws Exception {
        Path cut = cutV8();
        CommandRun strict = CommandRun.of("overview", cut.toString(), "--quiet");
        assertEquals(3, strict.code(), strict.err());
        assertTrue(strict.err().contains("at byte ") && strict.err().contains("--permissive"), strict.err());

        CommandRun text = CommandRun.of("overview", cut.toString(), "--quiet", "--permissive");
        assertEquals(0, text.code(), text.err());
        assertTrue(text.out().contains("warnings:") && text.out().contains("Incomplete snapshot: reading stopped at byte "), text.out());
        assertTrue(text.out().contains("edges not read"), text.out());

        CommandRun json = CommandRun.of("overview", cut.toString(), "--quiet", "--permissive", "--json");
        assertEquals(0, json.code(), json.err());
        var o = Json.object(Json.parse(json.out()));
        var facts = Json.object(o.get("facts"));
        long objects = ((Number) o.get("objects")).longValue();
        assertEquals(Long.toString(objects), facts.get(DataLoss.OBJECTS_READ));
        assertEquals(facts.get("nodeCount"), facts.get(DataLoss.OBJECTS_DECLARED), "the header's count, as declared");
        long offset = Long.parseLong((String) facts.get(DataLoss.OFFSET));
        assertTrue(offset > 0 && offset <= Files.size(cut), "offset " + offset);
        assertEquals("true", facts.get(DataLoss.PERMISSIVE));
        assertTrue(Json.array(o.get("warnings")).stream().anyMatch(w -> ((String) w).startsWith("Incomplete snapshot")), o.get("warnings").toString());
    }

    /** The index records the option: a strict open never reuses a permissive index, nor the reverse. */
    @Test
    void permissiveIndexIsNotReusedByAStrictOpen() throws Exception {
        Path whole = TestData.copyUncompressed(TestData.CHROME_TODO, tmp);
        var first = Json.object(Json.parse(CommandRun.of("overview", whole.toString(), "--quiet", "--permissive", "--json").out()));
        assertEquals(false, first.get("indexReused"));
        assertFalse(Json.object(first.get("facts")).containsKey(DataLoss.OFFSET), "a whole file lost nothing");
        var strict = Json.object(Json.parse(CommandRun.of("overview", whole.toString(), "--quiet", "--json").out()));
        assertEquals(false, strict.get("indexReused"), "built again without the option");
        var again = Json.object(Json.parse(CommandRun.of("overview", whole.toString(), "--quiet", "--json").out()));
        assertEquals(true, again.get("indexReused"));
    }

    @Test
    void permissiveIsAParseOptionOfEveryFormatOffByDefault() {
        assertTrue(OpenOption.PERMISSIVE.isSwitch());
        assertEquals("off", OpenOptions.DEFAULT.value(OpenOption.PERMISSIVE));
        assertFalse(OpenOptions.DEFAULT.parseOptions(null).values().containsKey(ParseOptions.PERMISSIVE));
        for (var format : org.polyheap.model.format.SnapshotFormat.values()) {
            assertEquals("on", OpenOptions.DEFAULT.with(OpenOption.PERMISSIVE, "on").parseOptions(format).values().get(ParseOptions.PERMISSIVE));
        }
    }

    /** The hint to use --permissive comes only for a format whose parser reads what it can (not Fuchsia, yet). */
    @Test
    void theHintIsOfferedOnlyWhereItHelps() throws Exception {
        Path full = TestData.copyUncompressed(TestData.FUCHSIA_TREE, tmp);
        byte[] bytes = Files.readAllBytes(full);
        Path cut = Files.write(tmp.resolve("cut.pb"), Arrays.copyOf(bytes, bytes.length / 2));
        CommandRun strict = CommandRun.of("overview", cut.toString(), "--quiet");
        assertEquals(3, strict.code(), strict.err());
        assertFalse(strict.err().contains("--permissive"), strict.err());
        assertFalse(org.polyheap.model.format.SnapshotFormat.FUCHSIA.readsWhatItCan());
    }
}
