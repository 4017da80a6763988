package org.polyheap.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.RandomAccessFile;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.eclipse.jface.dialogs.ErrorDialog;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.swt.widgets.Table;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.polyheap.testdata.TestData;
import org.polyheap.ui.editor.IndexRepair;
import org.polyheap.ui.editor.ObjectMenu;
import org.polyheap.ui.editor.SnapshotEditor;
import org.polyheap.ui.views.ObjectsView;

/**
 * Damage in an index page found while the user browses (pages of big files are checked when first
 * read) rebuilds the index in the same session and the editor answers from the rebuilt one; damage in
 * the rebuilt index is one error dialog naming the file.
 */
class IndexRepairTest extends WindowTest {
    /** As for index files over 16 MiB: no CRC when opening, each page checked when first read. */
    private static final String LIMIT = "polyheap.index.verifyOnOpenBytes";
    /** The file of each object's class (docs/index-format.md). */
    private static final String OBJECT_CLASS = "object-class.index";

    private boolean automated;

    @BeforeEach
    void showErrorDialogs() {
        automated = ErrorDialog.AUTOMATED_MODE; // the test harness hides them
        ErrorDialog.AUTOMATED_MODE = false;
    }

    @AfterEach
    void restore() {
        System.clearProperty(LIMIT);
        ErrorDialog.AUTOMATED_MODE = automated;
    }

    @Test
    void damageMetWhileBrowsingRebuildsTheIndexOnceThenIsAnError() throws Exception {
        Path file = copy(TestData.JACKSON_TREE);
        var first = UiTestSupport.open(file);
        int objects = first.snapshot().graph().objectCount();
        long strings = stringCount(first);
        Path folder = first.snapshot().analyzed().snapshot().folder();
        UiTestSupport.closeAllEditors();
        flipInPages(folder.resolve(OBJECT_CLASS));

        System.setProperty(LIMIT, "0");
        var damaged = UiTestSupport.open(file);
        assertTrue(damaged.snapshot().analyzed().reused(), "the open reads no page of the damaged file");
        // the user lists every String: reading each object's class meets the damaged page
        listStrings(damaged);
        UiTestSupport.spinUntil(() -> UiTestSupport.editorOf(file) != null && UiTestSupport.editorOf(file) != damaged,
                UiTestSupport.TIMEOUT_MS, "the editor replaced by one on the rebuilt index");
        var rebuilt = UiTestSupport.editorOf(file);
        assertNotSame(damaged, rebuilt);
        assertTrue(damaged.snapshot().isClosed(), "the damaged snapshot is closed");
        assertFalse(rebuilt.snapshot().analyzed().reused(), "the index was rebuilt");
        rebuilt.snapshot().analyzed().snapshot().verifyChecksums();
        assertEquals(objects, rebuilt.snapshot().graph().objectCount());
        var objectsView = listStrings(rebuilt);
        UiTestSupport.spinUntil(() -> objectsView.objects().length == strings, UiTestSupport.TIMEOUT_MS, "every String listed");
        UiTestSupport.screenshot("index-repaired");
        assertEquals(List.of(UiTestSupport.window().getShell()), visibleShells(), "no problem dialog for the damage met by the listing job");

        // damage in the rebuilt index: one error dialog, no second rebuild
        var seen = new ArrayList<String>();
        UiTestSupport.whenShellOpens(IndexRepair.TITLE, shell -> {
            UiTestSupport.find(shell, Label.class).stream().map(Label::getText).filter(t -> !t.isBlank()).forEach(seen::add);
            try {
                UiTestSupport.screenshot(shell, "index-damaged-again");
            } catch (java.io.IOException e) {
                throw new UncheckedIOException(e);
            }
            shell.close();
        });
        // the file offsets, which only the Inspector reads (one object at a time): no page of them is checked yet
        flipInPages(rebuilt.snapshot().analyzed().snapshot().folder().resolve("object-offset.index"));
        var column = rebuilt.snapshot().graph().sourceOffset();
        assertThrows(UncheckedIOException.class, column::toArray, "the reader reports the damage; the window hears it too");
        UiTestSupport.spinUntil(() -> !seen.isEmpty(), UiTestSupport.TIMEOUT_MS, "the damaged-index dialog");
        assertTrue(seen.stream().anyMatch(t -> t.contains(file.toString()) && t.contains("damaged")), seen.toString());
        UiTestSupport.drainEvents();
        assertEquals(rebuilt, UiTestSupport.editorOf(file), "no second rebuild");
        assertFalse(rebuilt.snapshot().isClosed());
    }

    private static long stringCount(SnapshotEditor editor) {
        var rows = editor.snapshot().classRows().initial();
        for (int i = 0; i < rows.size(); i++) if (rows.row(i).name().equals("java.lang.String")) return rows.row(i).objects();
        throw new AssertionError("no java.lang.String row");
    }

    /** Histogram ▸ java.lang.String ▸ List Objects; the Objects view. */
    private static ObjectsView listStrings(SnapshotEditor editor) {
        editor.showPage(SnapshotEditor.HISTOGRAM);
        var histogram = editor.histogram();
        UiTestSupport.spinUntil(histogram::settled, UiTestSupport.TIMEOUT_MS, "histogram rows");
        var rows = histogram.rows();
        int row = -1;
        for (int i = 0; i < rows.size(); i++) if (rows.row(i).name().equals("java.lang.String")) row = i;
        assertTrue(row >= 0, "a java.lang.String row");
        Table table = histogram.viewer().getTable();
        table.setSelection(row);
        table.getItem(row).getText(0); // the virtual row gets its element
        UiTestSupport.clickMenu(table, ObjectMenu.LIST_OBJECTS);
        var view = (ObjectsView) UiTestSupport.window().getActivePage().findView(ObjectsView.ID);
        assertTrue(view != null, "the Objects view");
        return view;
    }

    private static List<Shell> visibleShells() {
        return java.util.Arrays.stream(UiTestSupport.display().getShells()).filter(Shell::isVisible).toList();
    }

    /** Flips one bit a third into the file: page data, not the page table at the end. */
    private static void flipInPages(Path f) throws Exception {
        try (var raf = new RandomAccessFile(f.toFile(), "rw")) {
            long at = raf.length() / 3;
            raf.seek(at);
            int b = raf.read();
            raf.seek(at);
            raf.write(b ^ 0x04);
        }
    }
}
