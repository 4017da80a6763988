package org.polyheap.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;

import org.eclipse.swt.graphics.RGB;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.polyheap.testdata.TestData;
import org.polyheap.ui.editor.SnapshotEditor;
import org.polyheap.ui.prefs.PolyheapPreferences;
import org.polyheap.ui.prefs.Themes;
import org.polyheap.ui.views.ReferencesView;

/** The theme preference switches the Eclipse CSS theme of the open window, both ways; screenshots of both. */
class ThemeTest {

    @AfterEach
    void lightAgain() {
        PolyheapPreferences.store().setToDefault(PolyheapPreferences.THEME);
        UiTestSupport.spinUntil(() -> Themes.LIGHT_ID.equals(Themes.activeId(UiTestSupport.display())), 10_000, "the light theme");
        UiTestSupport.closeAllEditors();
    }

    @Test
    void darkAndLightThemesRestyleTheOpenWindow(@TempDir Path dir) throws Exception {
        Path file = TestData.copy(PolyheapUi.sampleSnapshot(), dir);
        leaveAnEmptiedVirtualTable(file);
        SnapshotEditor editor = UiTestSupport.open(file);
        editor.showPage(SnapshotEditor.HISTOGRAM);
        var table = editor.histogram().viewer().getTable();

        PolyheapPreferences.store().setValue(PolyheapPreferences.THEME, PolyheapPreferences.DARK);
        UiTestSupport.spinUntil(() -> Themes.DARK_ID.equals(Themes.activeId(UiTestSupport.display())), 10_000, "the dark theme");
        UiTestSupport.spinUntil(() -> luminance(table.getBackground().getRGB()) < 0.25, 10_000, "the table restyled");
        assertTrue(luminance(table.getBackground().getRGB()) < 0.25, "dark table: " + table.getBackground());
        assertTrue(luminance(table.getForeground().getRGB()) > 0.6, "light text: " + table.getForeground());
        var darkTabs = pageTabs(table);
        assertTrue(luminance(darkTabs.getSelectionBackground().getRGB()) < 0.25, "dark selected page tab: " + darkTabs.getSelectionBackground());
        for (var bar : UiTestSupport.find(UiTestSupport.window().getShell(), org.eclipse.swt.widgets.ToolBar.class)) {
            if (bar.getParent() instanceof org.eclipse.swt.widgets.Shell) continue; // the main tool bar is in the trim
            assertTrue(luminance(bar.getBackground().getRGB()) < 0.25, () -> "dark tool bar " + where(bar) + ": " + bar.getBackground());
        }
        for (var link : UiTestSupport.find(table.getParent(), org.eclipse.swt.widgets.Link.class)) { // the histogram's scope line
            assertTrue(luminance(link.getForeground().getRGB()) > 0.6, "light text in the scope line: " + link.getForeground());
        }
        UiTestSupport.screenshot("dark-histogram");
        editor.showPage(SnapshotEditor.OVERVIEW);
        UiTestSupport.screenshot("dark-overview");

        PolyheapPreferences.store().setValue(PolyheapPreferences.THEME, PolyheapPreferences.LIGHT);
        UiTestSupport.spinUntil(() -> Themes.LIGHT_ID.equals(Themes.activeId(UiTestSupport.display())), 10_000, "the light theme");
        editor.showPage(SnapshotEditor.HISTOGRAM);
        UiTestSupport.spinUntil(() -> luminance(table.getBackground().getRGB()) > 0.8, 10_000, "the table restyled");
        assertTrue(luminance(table.getBackground().getRGB()) > 0.8, "light table: " + table.getBackground());
        var pageTabs = pageTabs(table);
        assertTrue(luminance(pageTabs.getSelectionBackground().getRGB()) > 0.8,
                "the selected page tab is light again (the engine does not reset it): " + pageTabs.getSelectionBackground());
        // every tool bar of the window too: the minimize/maximize bars beside view tabs kept the dark colour
        for (var bar : UiTestSupport.find(UiTestSupport.window().getShell(), org.eclipse.swt.widgets.ToolBar.class)) {
            assertTrue(luminance(bar.getBackground().getRGB()) > 0.6, () -> "light tool bar in " + where(bar) + ": " + bar.getBackground());
        }
        UiTestSupport.screenshot("light-histogram");
        editor.showPage(SnapshotEditor.OVERVIEW);
        UiTestSupport.screenshot("light-overview");
        assertEquals(PolyheapPreferences.LIGHT, PolyheapPreferences.store().getString(PolyheapPreferences.THEME));
    }

    @Test
    void anEditorOpenedWhileDarkTurnsLightWithTheWindow(@TempDir Path dir) throws Exception {
        PolyheapPreferences.store().setValue(PolyheapPreferences.THEME, PolyheapPreferences.DARK);
        UiTestSupport.spinUntil(() -> Themes.DARK_ID.equals(Themes.activeId(UiTestSupport.display())), 10_000, "the dark theme");
        SnapshotEditor editor = UiTestSupport.open(TestData.copy(TestData.JACKSON_TREE, dir));
        editor.showPage(SnapshotEditor.HISTOGRAM);
        var table = editor.histogram().viewer().getTable();
        UiTestSupport.spinUntil(() -> luminance(table.getBackground().getRGB()) < 0.25, 10_000, "the new editor styled");
        assertTrue(luminance(table.getBackground().getRGB()) < 0.25, "dark table in an editor opened while dark");

        PolyheapPreferences.store().setValue(PolyheapPreferences.THEME, PolyheapPreferences.LIGHT);
        UiTestSupport.spinUntil(() -> Themes.LIGHT_ID.equals(Themes.activeId(UiTestSupport.display())), 10_000, "the light theme");
        UiTestSupport.spinUntil(() -> luminance(table.getBackground().getRGB()) > 0.8, 10_000, "the table restyled");
        assertTrue(luminance(table.getBackground().getRGB()) > 0.8, "light table: " + table.getBackground());
        assertTrue(luminance(pageTabs(table).getSelectionBackground().getRGB()) > 0.8, "light selected page tab");
        for (var bar : UiTestSupport.find(UiTestSupport.window().getShell(), org.eclipse.swt.widgets.ToolBar.class)) {
            assertTrue(luminance(bar.getBackground().getRGB()) > 0.6, () -> "light tool bar in " + where(bar) + ": " + bar.getBackground());
        }
    }

    /**
     * Lists references in the References view (a virtual tree), then closes the snapshot, which
     * empties the tree: SWT/GTK can leave a row object behind whose native row is gone, and a theme
     * switch that reset its colour used to crash the JVM.
     */
    private static void leaveAnEmptiedVirtualTable(Path file) throws Exception {
        SnapshotEditor editor = UiTestSupport.open(file);
        var page = UiTestSupport.window().getActivePage();
        var references = (ReferencesView) page.showView(ReferencesView.ID);
        page.activate(editor);
        var top = editor.snapshot().top().objects();
        var ref = new ObjectRef(editor.snapshot(), top[0]);
        references.show(ref);
        UiTestSupport.spinUntil(() -> !references.rows().isEmpty(), UiTestSupport.TIMEOUT_MS, "references listed");
        var tree = references.viewer().getTree();
        tree.getItem(0).getItem(0).getText(0); // a row is made
        UiTestSupport.drainEvents();
        tree.update(); // and painted
        UiTestSupport.closeAllEditors();
        UiTestSupport.spinUntil(() -> references.viewer().getTree().getItemCount() == 0, 5000, "the emptied tree");
    }

    /** A tool bar's place, for messages: its items' tool tips and the tabs of the tab folder it is in. */
    private static String where(org.eclipse.swt.widgets.ToolBar bar) {
        var items = java.util.Arrays.stream(bar.getItems()).map(i -> String.valueOf(i.getToolTipText())).toList();
        String tabs = bar.getParent() instanceof org.eclipse.swt.custom.CTabFolder f
                ? java.util.Arrays.stream(f.getItems()).map(org.eclipse.swt.custom.CTabItem::getText).toList().toString() : String.valueOf(bar.getParent());
        return "tool bar " + items + " beside tabs " + tabs;
    }

    private static double luminance(RGB c) {
        return (0.2126 * c.red + 0.7152 * c.green + 0.0722 * c.blue) / 255;
    }

    /** The editor's page tabs: the nearest tab folder above a page's widget. */
    private static org.eclipse.swt.custom.CTabFolder pageTabs(org.eclipse.swt.widgets.Control control) {
        for (var c = control.getParent(); c != null; c = c.getParent()) {
            if (c instanceof org.eclipse.swt.custom.CTabFolder tabs) return tabs;
        }
        throw new AssertionError("no tab folder above " + control);
    }
}
