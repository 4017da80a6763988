package org.polyheap.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.ImageData;
import org.eclipse.swt.widgets.Event;
import org.eclipse.swt.widgets.Menu;
import org.eclipse.swt.widgets.MenuItem;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.ui.IWorkbenchWindow;
import org.eclipse.ui.PlatformUI;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.polyheap.model.format.SnapshotFormat;
import org.polyheap.testdata.TestData;
import org.polyheap.ui.actions.AboutDialog;
import org.polyheap.ui.editor.SnapshotEditor;

/** Runs inside the real Polyheap application (tycho-surefire UI harness), on the UI thread. */
class PolyheapWindowTest extends WindowTest {

    private static IWorkbenchWindow window() {
        IWorkbenchWindow w = PlatformUI.getWorkbench().getActiveWorkbenchWindow();
        if (w == null) w = PlatformUI.getWorkbench().getWorkbenchWindows()[0];
        return w;
    }

    @Test
    void windowIsTitledPolyheap() {
        String title = window().getShell().getText();
        assertEquals("Polyheap", title, () -> "title code points: " + title.codePoints().boxed().toList());
    }

    @Test
    void startUpWarmedTheEditorAreaAndLeftNoEditorBehind() {
        assertTrue(org.polyheap.ui.application.WarmUpEditor.warmedUp(), "the warm-up editor was opened and closed");
        var page = window().getActivePage();
        for (var ref : page.getEditorReferences()) {
            assertTrue(!org.polyheap.ui.application.WarmUpEditor.ID.equals(ref.getId()), "warm-up editor still open");
        }
        var registry = PlatformUI.getWorkbench().getEditorRegistry();
        for (String name : List.of("app.hprof", "page.heapsnapshot", "x.warm-up", "warm-up")) {
            for (var d : registry.getEditors(name)) assertTrue(!org.polyheap.ui.application.WarmUpEditor.ID.equals(d.getId()), name);
        }
    }

    @Test
    void fileMenuOffersOpenAndExit() {
        List<String> file = menuItems(window().getShell(), "File");
        assertTrue(file.contains("Open\u2026"), "File menu: " + file);
        assertTrue(file.contains("Exit"), "File menu: " + file);
        List<String> help = menuItems(window().getShell(), "Help");
        assertTrue(help.contains("About Polyheap"), "Help menu: " + help);
    }

    @Test
    void windowMenuOffersTheViewsAndPreferences() {
        List<String> window = menuItems(window().getShell(), "Window");
        assertTrue(window.contains("Show View"), "Window menu: " + window);
        assertTrue(window.stream().anyMatch(i -> i.startsWith("Preferences")), "Window menu: " + window);
    }

    @Test
    void aboutDialogNamesTheProduct() {
        AboutDialog about = new AboutDialog(window().getShell());
        about.setBlockOnOpen(false);
        about.open();
        try {
            assertEquals("About Polyheap", about.getShell().getText());
        } finally {
            about.close();
        }
    }

    @Test
    void bundledSampleOpensAsV8SnapshotAndWindowIsScreenshotted() throws Exception {
        SnapshotEditor editor = open(PolyheapUi.sampleSnapshot());
        assertEquals("chrome-todo.heapsnapshot.gz", editor.getTitle());
        assertEquals(SnapshotFormat.V8, editor.snapshot().analyzed().format());

        ImageData shot = UiTestSupport.screenshot("polyheap-window");
        assertTrue(Files.size(Path.of("target", "screenshots", "polyheap-window.png")) > 1000, "screenshot too small");
        assertTrue(distinctColours(shot) > 8, "screenshot looks blank");
        UiTestSupport.closeAllEditors();
    }

    /** Labels of a top-level menu's items, mnemonics and accelerators removed. */
    private static List<String> menuItems(Shell shell, String topLevel) {
        Menu bar = shell.getMenuBar();
        assertNotNull(bar, "no menu bar");
        for (MenuItem item : bar.getItems()) {
            if (!label(item).equals(topLevel)) continue;
            Menu menu = item.getMenu();
            menu.notifyListeners(SWT.Show, new Event()); // menu managers fill their menus when shown
            List<String> labels = new ArrayList<>();
            for (MenuItem child : menu.getItems()) labels.add(label(child));
            menu.notifyListeners(SWT.Hide, new Event());
            return labels;
        }
        throw new AssertionError("no " + topLevel + " menu");
    }

    private static String label(MenuItem item) {
        String t = item.getText().replace("&", "");
        int tab = t.indexOf('\t');
        return tab < 0 ? t : t.substring(0, tab);
    }

    private static int distinctColours(ImageData data) {
        Set<Integer> seen = new HashSet<>();
        for (int y = 0; y < data.height; y += 4) {
            for (int x = 0; x < data.width; x += 4) {
                seen.add(data.getPixel(x, y));
                if (seen.size() > 64) return seen.size();
            }
        }
        return seen.size();
    }
}
