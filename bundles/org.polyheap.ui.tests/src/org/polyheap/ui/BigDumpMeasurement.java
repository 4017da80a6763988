package org.polyheap.ui;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.polyheap.ui.editor.SnapshotEditor;

/**
 * A measurement, not part of the default test run (its name does not end in "Test"): opening an
 * already indexed big dump in the window, three times, with the display-thread watchdog. Make the
 * dump and its index first, e.g. {@code java /work/shared/tools/hprof/Gen.java 1024 /tmp/x/gen-1g.hprof}
 * and {@code polyheap parse /tmp/x/gen-1g.hprof} (the whole index: inbound references and the histograms the
 * window opens on), then run
 * {@code POLYHEAP_BIG_DUMP=/tmp/x/gen-1g.hprof ./mvnw -B -o -pl bundles/org.polyheap.ui.tests -am verify -Dtest=BigDumpMeasurement}.
 * Figures go to target/ui-figures.txt like the others. Given a dump without an index, the first run
 * parses it: the window's stalls during a parse.
 */
class BigDumpMeasurement {
    @AfterEach
    void closeEditors() {
        UiTestSupport.closeAllEditors();
    }

    @Test
    void openingAnIndexedBigDump() throws Exception {
        String name = System.getenv("POLYHEAP_BIG_DUMP");
        assertNotNull(name, "set POLYHEAP_BIG_DUMP to an indexed heap dump");
        Path file = Path.of(name);
        assertTrue(Files.isRegularFile(file), name);
        UiTestSupport.startHarnessOnlyBundles();
        firstEditorOfTheJvm();
        for (int run = 1; run <= 3; run++) {
            var watch = new UiStallWatch(UiTestSupport.display());
            long t0 = System.nanoTime();
            SnapshotEditor editor = UiTestSupport.open(file);
            UiTestSupport.spinUntil(editor.histogram()::settled, UiTestSupport.TIMEOUT_MS, "histogram rows");
            UiTestSupport.drainEvents();
            double ms = (System.nanoTime() - t0) / 1e6;
            // a dump without an index is parsed by the first run: that run then measures the window during a parse
            UiTestSupport.figure("open %s (%,d bytes, %,d objects), %s, run %d: %.0f ms (UI-thread stall %s)", file.getFileName(),
                    Files.size(file), editor.snapshot().graph().objectCount(),
                    editor.snapshot().analyzed().reused() ? "indexed" : "index built", run, ms, watch.stop().describe());
            if (run == 1) {
                editor.showPage(SnapshotEditor.DOMINATORS);
                UiTestSupport.screenshot("big-dump-dominators");
            }
            UiTestSupport.closeAllEditors();
        }
    }

    /**
     * The window opens the bundled sample at start-up; its editor is the first of the JVM and pays the
     * workbench's one-time costs (editor registry, first part and CSS styling, first-run code). Waiting
     * for it, watched, makes the big dump's opens what a user sees who starts Polyheap and then opens
     * a dump, and records the first editor's own cost apart.
     */
    private static void firstEditorOfTheJvm() throws Exception {
        Path sample = PolyheapUi.sampleSnapshot();
        boolean open = UiTestSupport.editorOf(sample) != null;
        var watch = new UiStallWatch(UiTestSupport.display());
        long t0 = System.nanoTime();
        UiTestSupport.spinUntil(() -> UiTestSupport.editorOf(sample) != null && UiTestSupport.editorOf(sample).isMade(SnapshotEditor.DOMINATORS),
                UiTestSupport.TIMEOUT_MS, "the start-up sample's editor");
        UiTestSupport.drainEvents();
        UiTestSupport.figure("start-up: the bundled sample's editor, the first editor of the JVM, %s (UI-thread stall %s)",
                open ? "already open when the test began" : String.format("open %.0f ms after the test began", (System.nanoTime() - t0) / 1e6),
                watch.stop().describe());
        UiTestSupport.closeAllEditors();
    }
}
