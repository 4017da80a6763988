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
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.polyheap.ui.jobs.OpenSnapshotJob;

/** Cancel during a parse, and a file that is no snapshot: the window stays usable, no index is left. */
class OpenAndCancelTest {
    private static final Path HPROF = Path.of("../org.polyheap.parser.hprof.tests/data/jackson-tree.hprof.gz");

    @AfterEach
    void closeEditors() {
        UiTestSupport.closeAllEditors();
    }

    @Test
    void cancelDuringParseLeavesNoIndexAndTheWindowUsable(@TempDir Path dir) throws Exception {
        Path file = UiTestSupport.copy(HPROF, dir);
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
    void notASnapshotIsReportedInOneLine(@TempDir Path dir) throws Exception {
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
    void reopeningAnIndexedSnapshotReusesTheIndex(@TempDir Path dir) throws Exception {
        Path file = UiTestSupport.copy(HPROF, dir);
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
