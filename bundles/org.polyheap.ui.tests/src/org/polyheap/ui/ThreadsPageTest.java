package org.polyheap.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.jface.viewers.StructuredSelection;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.polyheap.testdata.TestData;
import org.polyheap.ui.editor.ObjectMenu;
import org.polyheap.ui.editor.SnapshotEditor;
import org.polyheap.ui.editor.ThreadRow;
import org.polyheap.ui.prefs.PolyheapPreferences;
import org.polyheap.ui.views.InspectorView;

/**
 * The Threads page on a dump written at test time by {@code ParkedThreads} (testdata), whose threads the
 * program saw parked in known states: thread → frames → locals, the object menu on a local, and the
 * preference that puts stack roots under their thread (the holder then retains its 10 MB array).
 */
class ThreadsPageTest extends WindowTest {
    private static final Path PROGRAM = TestData.javaProgram("ParkedThreads");
    private static Path dump;
    private static int heldBytes;

    @BeforeAll
    static void dump() throws Exception {
        dump = UiTestSupport.javaHeapDump(PROGRAM, classDir.resolve("parked.hprof"));
        String decl = Files.readAllLines(PROGRAM).stream().filter(l -> l.contains("HELD_BYTES = ")).findFirst().orElseThrow();
        heldBytes = Integer.parseInt(decl.replaceAll(".*HELD_BYTES = ([\\d_]+);.*", "$1").replace("_", ""));
    }

    private static ThreadRow thread(List<ThreadRow> rows, String name) {
        return rows.stream().filter(r -> r.text().startsWith("\"" + name + "\" ")).findFirst().orElseThrow(() -> new AssertionError(name));
    }

    private static ThreadRow holdFrame(ThreadRow holder) {
        return holder.children().stream().filter(f -> f.text().startsWith("at ParkedThreads.hold(")).findFirst().orElseThrow();
    }

    @Test
    void threadsFramesAndLocalsWithTheObjectMenu() throws Exception {
        SnapshotEditor editor = UiTestSupport.open(dump);
        var inspector = (InspectorView) UiTestSupport.window().getActivePage().showView(InspectorView.ID);
        UiTestSupport.window().getActivePage().activate(editor);
        var page = editor.threads();
        editor.showPage(SnapshotEditor.THREADS);
        UiTestSupport.spinUntil(() -> !page.rows().isEmpty(), UiTestSupport.TIMEOUT_MS, "the threads listed");
        var rows = page.rows();
        assertEquals("WAITING, daemon", thread(rows, "holder-1").detail());
        assertEquals("TIMED_WAITING, daemon", thread(rows, "sleeper-1").detail());
        assertEquals("BLOCKED, daemon", thread(rows, "blocked-1").detail());
        assertEquals("WAITING", thread(rows, "main").detail());
        var tree = page.viewer().getTree();
        assertEquals(rows.size(), tree.getItemCount());

        ThreadRow holder = thread(rows, "holder-1");
        ThreadRow frame = holdFrame(holder);
        ThreadRow array = frame.children().stream().filter(l -> l.text().startsWith("byte[] ")).findFirst().orElseThrow();
        assertTrue(array.retained() >= heldBytes, array.toString());
        assertTrue(holder.retained() < heldBytes, "by default the stack root is a root of its own: " + holder.retained());
        page.viewer().expandToLevel(holder, 1);
        page.viewer().expandToLevel(frame, 1);
        page.viewer().setSelection(new StructuredSelection(array), true);
        UiTestSupport.spinUntil(() -> array.object().equals(inspector.shown()), UiTestSupport.TIMEOUT_MS, "the Inspector on the local");
        UiTestSupport.window().getActivePage().activate(editor); // on top of the start-up sample, when that came later
        UiTestSupport.drainEvents();
        assertEquals(editor, UiTestSupport.window().getActivePage().getActiveEditor());
        UiTestSupport.screenshot("hprof-threads");
        UiTestSupport.clickMenu(tree, ObjectMenu.OPEN_IN_TREE);
        assertEquals(SnapshotEditor.DOMINATORS, editor.activePage());
        assertEquals(array.object(), ((IStructuredSelection) editor.dominators().viewer().getSelection()).getFirstElement());
    }

    @Test
    void underTheirThreadTheHolderRetainsItsArray() throws Exception {
        var store = PolyheapPreferences.store();
        store.setValue(PolyheapPreferences.JAVA_STACK_ROOTS, PolyheapPreferences.STACK_ROOTS_UNDER_THREAD);
        try {
            SnapshotEditor editor = UiTestSupport.open(dump);
            var page = editor.threads();
            editor.showPage(SnapshotEditor.THREADS);
            UiTestSupport.spinUntil(() -> !page.rows().isEmpty(), UiTestSupport.TIMEOUT_MS, "the threads listed");
            ThreadRow holder = page.rows().getFirst();
            assertTrue(holder.text().startsWith("\"holder-1\" "), "the biggest thread first: " + holder.text());
            assertTrue(holder.retained() >= heldBytes, "holder-1 retains " + holder.retained());
            page.viewer().expandToLevel(holder, 1);
            page.viewer().expandToLevel(holdFrame(holder), 1);
            UiTestSupport.window().getActivePage().activate(editor);
            UiTestSupport.drainEvents();
            UiTestSupport.screenshot("hprof-threads-under-thread");
            // the dominator tree's biggest object is that thread (its first object row, below the reachability groups' rows)
            var top = editor.dominators().viewer().getTree();
            int groups = editor.snapshot().analyzed().analysis().dominatorTree().groups().length;
            UiTestSupport.spinUntil(() -> top.getItemCount() > groups && !top.getItem(groups).getText(0).isEmpty(),
                    UiTestSupport.TIMEOUT_MS, "dominator rows");
            assertTrue(top.getItem(groups).getText(0).contains(holder.object().displayId()), top.getItem(groups).getText(0));
        } finally {
            store.setToDefault(PolyheapPreferences.JAVA_STACK_ROOTS);
        }
    }
}
