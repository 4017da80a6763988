package org.polyheap.ui;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.provider.Arguments;
import org.polyheap.testdata.TestData;
import org.polyheap.ui.editor.SnapshotEditor;

/**
 * What the tests of the window share: a temp folder per test that fixtures are copied into (their
 * indexes are written there, never into the sources), opening a copy as File ▸ Open does, and no
 * editor left open when a test ends. A class whose tests only look at one snapshot opens it with
 * {@link #openShared}: one copy per class, indexed once, re-opened by the later tests.
 */
abstract class WindowTest {
    @TempDir
    Path dir;

    @TempDir
    static Path classDir;

    @AfterEach
    void closeEditors() throws IOException {
        UiTestSupport.closeAllEditors();
        emptyTestFolder();
    }

    /**
     * Deletes what the test wrote before JUnit deletes its folder, so that a file something still writes
     * is named with the jobs running (JUnit's own clean-up only says "Failed to close extension context").
     */
    private void emptyTestFolder() throws IOException {
        var left = new java.util.ArrayList<String>();
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path p : files.sorted(java.util.Comparator.reverseOrder()).toList()) {
                if (p.equals(dir)) continue;
                try {
                    Files.deleteIfExists(p);
                } catch (IOException e) {
                    left.add(dir.relativize(p) + " (" + e + ")");
                }
            }
        }
        if (!left.isEmpty()) {
            var running = java.util.Arrays.stream(org.eclipse.core.runtime.jobs.Job.getJobManager().find(null))
                    .map(j -> j.getName() + " [" + j.getClass().getName() + ", state " + j.getState() + "]").toList();
            throw new AssertionError("the test's folder could not be emptied: " + left + "; jobs: " + running);
        }
    }

    /**
     * One real snapshot of each format whose pages are the same (Fuchsia has its own test): name,
     * fixture, and whether the Inspector reads fields from the file. For {@code @MethodSource}.
     */
    static Stream<Arguments> formats() throws IOException {
        return Stream.of(Arguments.of("v8", PolyheapUi.sampleSnapshot(), false), Arguments.of("hprof", TestData.JACKSON_TREE, true),
                Arguments.of("dart", TestData.DART_TINY, false));
    }

    /** A copy of {@code fixture} in this test's folder. */
    Path copy(Path fixture) throws IOException {
        return TestData.copy(fixture, dir);
    }

    /** Opens a fresh copy of {@code fixture}; its editor once shown. */
    SnapshotEditor open(Path fixture) throws IOException {
        return UiTestSupport.open(copy(fixture));
    }

    /** The class's copy of {@code fixture} (made by the first test that asks). */
    static Path sharedCopy(Path fixture) throws IOException {
        Path copy = classDir.resolve(fixture.getFileName());
        return Files.exists(copy) ? copy : TestData.copy(fixture, classDir);
    }

    /** Opens the class's copy of {@code fixture}; its editor once shown. */
    static SnapshotEditor openShared(Path fixture) throws IOException {
        return UiTestSupport.open(sharedCopy(fixture));
    }
}
