package org.polyheap.ui;

import static org.junit.jupiter.api.Assertions.assertNull;

import java.lang.ref.WeakReference;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.polyheap.testdata.TestData;
import org.polyheap.ui.editor.SnapshotEditorInput;

/**
 * A closed snapshot's memory goes back: the workbench keeps the inputs of closed editors in its editor
 * history, so an input that held on to its analysed snapshot kept every snapshot opened in the session
 * (the UI tests' JVM filled 1.8 of its 2 GB).
 */
class ClosedSnapshotMemoryTest extends WindowTest {

    @Test
    void aClosedEditorsSnapshotCanBeCollected() throws Exception {
        Path file = TestData.copy(TestData.JACKSON_TREE, dir);
        var editor = UiTestSupport.open(file);
        var input = (SnapshotEditorInput) editor.getEditorInput();
        var snapshot = new WeakReference<>(editor.snapshot());
        UiTestSupport.window().getActivePage().closeEditor(editor, false);
        UiTestSupport.drainEvents();
        editor = null;
        assertNull(input.snapshot(), "the closed editor's input lets go of its snapshot");
        // the snapshot (graph, analysis, arrays) is unreachable once the editor is gone: collected
        try {
            UiTestSupport.spinUntil(() -> {
                System.gc();
                return snapshot.get() == null;
            }, UiTestSupport.TIMEOUT_MS, "the closed snapshot to be collected");
        } catch (AssertionError notCollected) {
            // what still holds it is in the heap: open the dump with polyheap, dominators then paths to GC roots
            Path dump = Path.of("target", "closed-snapshot-not-collected.hprof").toAbsolutePath();
            java.nio.file.Files.deleteIfExists(dump);
            java.lang.management.ManagementFactory.getPlatformMXBean(com.sun.management.HotSpotDiagnosticMXBean.class)
                    .dumpHeap(dump.toString(), true);
            throw new AssertionError(notCollected.getMessage() + "; heap dump: " + dump, notCollected);
        }
    }
}
