package org.polyheap.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;

import org.eclipse.core.runtime.IStatus;
import org.junit.jupiter.api.Test;
import org.polyheap.testdata.TestData;
import org.polyheap.ui.editor.SnapshotEditor;
import org.polyheap.ui.jobs.OpenSnapshotJob;

/** Cancel during a parse, and a file that is no snapshot: the window stays usable, no index is left. */
class OpenAndCancelTest extends WindowTest {
    private static final Path HPROF = TestData.JACKSON_TREE;

    @Test
    void cancelDuringParseLeavesNoIndexAndTheWindowUsable() throws Exception {
        Path file = copy(HPROF);
        var opened = new AtomicReference<LoadedSnapshot>();
        var failed = new AtomicReference<IStatus>();
        var job = new OpenSnapshotJob(file, UiTestSupport.display(), opened::set, failed::set);
        job.schedule();
        UiTestSupport.spinUntil(() -> job.phase().startsWith("Reading HPROF") || job.getResult() != null, 60_000, "the parse to start");
        job.cancel();
        UiTestSupport.waitFor(job);
        assertEquals(IStatus.CANCEL, job.getResult().getSeverity(), "canceled in phase " + job.phase());
        assertNull(opened.get());
        assertNull(failed.get());
        // the lock file stays (an empty file, as the index store leaves it); no index and no temp folder
        assertEquals(List.of(file.getFileName().toString()), names(dir).stream().filter(n -> !n.endsWith(".lock")).toList(),
                "no index, no temp folder left");

        var editor = UiTestSupport.open(file); // the next open parses afresh
        assertTrue(editor.snapshot().analyzed().graph().objectCount() > 0);
        assertTrue(!editor.snapshot().analyzed().reused(), "a fresh index");
    }

    @Test
    void incomingReferencesAreIndexedInTheBackgroundOnceTheEditorsPagesAreMade() throws Exception {
        Path file = copy(HPROF);
        var editor = UiTestSupport.open(file);
        var index = editor.snapshot().analyzed().snapshot();
        UiTestSupport.spinUntil(() -> editor.inboundJob() != null || index.inboundReady(), 30_000, "the inbound index job");
        for (int page : new int[] { SnapshotEditor.OVERVIEW, SnapshotEditor.HISTOGRAM, SnapshotEditor.DOMINATORS }) {
            assertTrue(editor.isMade(page), "the job starts after page " + page + " is made");
        }
        var job = editor.inboundJob();
        assertTrue(job != null, "a fresh index has no inbound references yet, so the editor starts the job");
        UiTestSupport.waitFor(job);
        assertEquals(IStatus.OK, job.getResult().getSeverity(), job.getResult().toString());
        assertTrue(index.inboundReady());
        Path results = index.folder().resolve("results");
        assertTrue(Files.exists(results.resolve("inbound.manifest")), "stored beside the index");
        var stored = inboundFolders(results);
        assertEquals(1, stored.size(), stored.toString());

        UiTestSupport.closeAllEditors(); // opened again: the stored index is mapped, not built again
        var again = UiTestSupport.open(file);
        UiTestSupport.spinUntil(() -> again.inboundJob() != null || again.snapshot().analyzed().snapshot().inboundReady(), 30_000,
                "the inbound index mapped");
        UiTestSupport.waitFor(again.inboundJob());
        assertTrue(again.snapshot().analyzed().snapshot().inboundReady());
        assertEquals(stored, inboundFolders(results), "the same stored result, not a new build");
    }

    /** The committed folders of the result group "inbound" (inbound-<uuid>). */
    private static List<String> inboundFolders(Path results) throws java.io.IOException {
        try (Stream<Path> s = Files.list(results)) {
            return s.map(p -> p.getFileName().toString()).filter(n -> n.startsWith("inbound-") && !n.contains(".tmp")).sorted().toList();
        }
    }

    @Test
    void notASnapshotIsReportedInOneLine() throws Exception {
        Path file = dir.resolve("notes.hprof");
        Files.writeString(file, "these are not the bytes of any heap snapshot\n");
        var opened = new AtomicReference<LoadedSnapshot>();
        var failed = new AtomicReference<IStatus>();
        var job = new OpenSnapshotJob(file, UiTestSupport.display(), opened::set, failed::set);
        job.schedule();
        UiTestSupport.waitFor(job);
        UiTestSupport.spinUntil(() -> failed.get() != null, 5000, "the failure callback");
        assertNull(opened.get());
        String line = failed.get().getMessage();
        assertTrue(line.contains("notes.hprof") && line.contains("not a known snapshot format"), line);
        assertEquals(1, line.lines().count(), line);
    }

    @Test
    void reopeningAnIndexedSnapshotReusesTheIndex() throws Exception {
        Path file = copy(HPROF);
        var first = UiTestSupport.open(file);
        assertTrue(!first.snapshot().analyzed().reused());
        long objects = first.snapshot().graph().objectCount();
        UiTestSupport.closeAllEditors();
        var again = UiTestSupport.open(file);
        assertTrue(again.snapshot().analyzed().reused(), "index reused");
        assertEquals(objects, again.snapshot().graph().objectCount());
        assertTrue(SnapshotOpenerProbe.openTwiceGivesOneEditor(file));
    }

    private static List<String> names(Path dir) throws Exception {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }
}
