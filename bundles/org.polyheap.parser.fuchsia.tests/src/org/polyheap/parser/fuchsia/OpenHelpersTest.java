package org.polyheap.parser.fuchsia;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.polyheap.model.Progress;
import org.polyheap.model.spi.ParseOptions;
import org.polyheap.testdata.TestData;

/** What the window asks before an open: the proposed contents folder and the processes of a profile. */
class OpenHelpersTest {
    private static final Path TREE = TestData.FUCHSIA_TREE;
    private static final Path MULTI = TestData.FUCHSIA_MULTI;

    @Test
    void siblingContentsFolderIsStemDotContentsThenContents(@TempDir Path dir) throws Exception {
        assertEquals(TREE.toAbsolutePath().resolveSibling("sample-tree.contents"),
                FuchsiaHeapdumpParser.siblingContentsFolder(TREE).orElseThrow());
        Path file = Files.writeString(dir.resolve("snap.pb.gz"), "");
        assertTrue(FuchsiaHeapdumpParser.siblingContentsFolder(file).isEmpty(), "no folder yet");
        Files.createDirectory(dir.resolve("contents"));
        assertEquals(dir.resolve("contents"), FuchsiaHeapdumpParser.siblingContentsFolder(file).orElseThrow());
        Files.createDirectory(dir.resolve("snap.contents"));
        assertEquals(dir.resolve("snap.contents"), FuchsiaHeapdumpParser.siblingContentsFolder(file).orElseThrow(),
                "<stem>.contents wins over contents");
    }

    @Test
    void processesOfTheMultiProcessSampleInFileOrder() throws Exception {
        List<ProfileProcess> processes = FuchsiaHeapdumpParser.processes(MULTI, Progress.NONE);
        assertEquals(List.of(new ProfileProcess(100, "chain.cm", 3, 64), new ProfileProcess(200, "pair.cm", 3, 80)), processes);
        assertEquals(List.of(), FuchsiaHeapdumpParser.processes(TREE, Progress.NONE), "single process");
    }

    @Test
    void multiProcessSampleScansTheChosenProcessesFiles() throws Exception {
        var chain = Heaps.parse(MULTI, new ParseOptions(Map.of(FuchsiaHeapdumpParser.PROCESS, "100"))).graph();
        assertEquals(3, chain.objectCount());
        assertEquals("chain.cm[100]", chain.facts().get("process"));
        assertEquals("2", chain.facts().get("references"), "a → b → c");
        var pair = Heaps.parse(MULTI, ParseOptions.NONE).graph();
        assertEquals("pair.cm[200]", pair.facts().get("process"), "the process with the most bytes by default");
        assertEquals("2", pair.facts().get("references"), "a ⇄ b");
    }
}
