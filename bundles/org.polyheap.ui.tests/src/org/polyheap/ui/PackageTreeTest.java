package org.polyheap.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;

import org.eclipse.swt.widgets.TreeItem;
import org.junit.jupiter.api.Test;
import org.polyheap.analysis.Grouping;
import org.polyheap.analysis.HistogramRow;
import org.polyheap.testdata.TestData;
import org.polyheap.ui.editor.Format;
import org.polyheap.ui.editor.HistogramPage;
import org.polyheap.ui.editor.SnapshotEditor;

/** Group by package shows a tree of packages whose leaves are the class rows; filter and totals follow it. */
class PackageTreeTest extends WindowTest {

    private static HistogramPage byPackage(SnapshotEditor editor) {
        var page = editor.histogram();
        editor.showPage(SnapshotEditor.HISTOGRAM);
        var combo = UiTestSupport.comboWith(page.filterText().getParent(), "package");
        combo.select(combo.indexOf("package"));
        combo.notifyListeners(org.eclipse.swt.SWT.Selection, new org.eclipse.swt.widgets.Event());
        UiTestSupport.spinUntil(() -> page.packages() != null && page.settled(), 30_000, "the package tree");
        return page;
    }

    private static TreeItem child(TreeItem[] items, String name) {
        for (TreeItem item : items) if (item.getText(0).equals(name)) return item;
        throw new AssertionError("no row " + name + " among " + Arrays.stream(items).map(i -> i.getText(0)).toList());
    }

    /** java → util → HashMap as rows; a class leaf shows the class row's numbers, a package the sum of its classes' objects. */
    @Test
    void javaPackagesExpandDownToTheirClasses() throws Exception {
        var editor = openShared(TestData.JACKSON_TREE);
        var page = byPackage(editor);
        var tree = page.packageTree().viewer().getTree();
        assertTrue(tree.isVisible(), "the tree replaces the table");
        TreeItem java = child(tree.getItems(), "java");
        page.packageTree().expand(java);
        TreeItem util = child(java.getItems(), "util");
        page.packageTree().expand(util);
        TreeItem hashMap = child(util.getItems(), "HashMap");
        UiTestSupport.drainEvents();
        HistogramRow expected = editor.snapshot().classHistogram().stream().filter(r -> r.name().equals("java.util.HashMap"))
                .findFirst().orElseThrow();
        assertEquals(Format.count(expected.objects()), hashMap.getText(1));
        assertEquals(Format.bytes(expected.shallow()), hashMap.getText(2));
        assertEquals(Format.bytes(expected.retained(), true), hashMap.getText(3));
        long utilObjects = editor.snapshot().classHistogram().stream().filter(r -> r.name().startsWith("java.util."))
                .mapToLong(HistogramRow::objects).sum();
        assertEquals(Format.count(utilObjects), util.getText(1), "java.util and its subpackages");
        tree.setSelection(hashMap);
        tree.showItem(hashMap);
        tree.notifyListeners(org.eclipse.swt.SWT.Selection, new org.eclipse.swt.widgets.Event());
        UiTestSupport.screenshot("hprof-histogram-package-tree");

        // a class row has the Histogram row's menu: List Objects lists the class's objects
        assertTrue(UiTestSupport.menuTexts(tree.getMenu()).contains(org.polyheap.ui.editor.ObjectMenu.LIST_OBJECTS),
                UiTestSupport.menuTexts(tree.getMenu()).toString());
        UiTestSupport.clickMenu(tree, org.polyheap.ui.editor.ObjectMenu.LIST_OBJECTS);
        var objectsView = (org.polyheap.ui.views.ObjectsView) UiTestSupport.window().getActivePage()
                .findView(org.polyheap.ui.views.ObjectsView.ID);
        UiTestSupport.spinUntil(() -> objectsView != null && objectsView.objects().length > 0, UiTestSupport.TIMEOUT_MS, "objects listed");
        assertEquals(expected.objects(), objectsView.objects().length, "every HashMap");
        tree.setSelection(java);
        tree.notifyListeners(org.eclipse.swt.SWT.Selection, new org.eclipse.swt.widgets.Event());
        assertFalse(UiTestSupport.menuTexts(tree.getMenu()).contains(org.polyheap.ui.editor.ObjectMenu.LIST_OBJECTS),
                "a package row is no class: its subpackages are not the Histogram's package row");
    }

    /** The filter keeps matching classes and the packages above them; the totals line adds up the kept classes. */
    @Test
    void filterKeepsMatchingClassesUnderTheirPackages() throws Exception {
        var editor = openShared(TestData.JACKSON_TREE);
        var page = byPackage(editor);
        page.filterText().setText("ConcurrentHashMap");
        UiTestSupport.spinUntil(page::settled, 10_000, "filtered");
        var matching = editor.snapshot().classHistogram().stream().filter(r -> r.name().contains("ConcurrentHashMap")).toList();
        assertFalse(matching.isEmpty());
        assertEquals(matching.size(), page.packageTree().view().classes());
        assertEquals(matching.stream().mapToLong(HistogramRow::objects).sum(), page.packageTree().view().objects());
        assertTrue(page.totals().getText().startsWith("Total: " + Format.count(matching.size()) + " classes, "
                + Format.count(matching.stream().mapToLong(HistogramRow::objects).sum()) + " objects, "
                + Format.bytes(matching.stream().mapToLong(HistogramRow::shallow).sum()) + " shallow bytes"), page.totals().getText());
        var tree = page.packageTree().viewer().getTree();
        assertEquals(1, tree.getItemCount(), "only java is left at the top");
        assertEquals("java", tree.getItem(0).getText(0));
        page.filterText().setText("");
        UiTestSupport.spinUntil(page::settled, 10_000, "unfiltered");
    }

    /** Back to the class grouping shows the table again. */
    @Test
    void classGroupingShowsTheTableAgain() throws Exception {
        var editor = openShared(TestData.JACKSON_TREE);
        var page = byPackage(editor);
        UiTestSupport.waitFor(page.regroup("class"));
        UiTestSupport.spinUntil(() -> page.grouping() == Grouping.CLASS && page.packages() == null, 10_000, "by class");
        assertTrue(page.viewer().getTable().isVisible());
        assertFalse(page.packageTree().viewer().getTree().isVisible());
    }

    /** Dart libraries form the tree (package:sass → src → …); V8 offers no package grouping. */
    @Test
    void dartLibrariesAreTheTreeAndV8HasNone() throws Exception {
        var dart = openShared(TestData.DART_TINY);
        var page = byPackage(dart);
        var top = Arrays.stream(page.packageTree().viewer().getTree().getItems()).map(i -> i.getText(0)).toList();
        assertTrue(top.contains("dart:core"), "top level: " + top);
        assertTrue(top.stream().anyMatch(t -> t.startsWith("package:")), "top level: " + top);
        UiTestSupport.screenshot("dart-histogram-library-tree");
        var v8 = openShared(TestData.CHROME_TODO);
        v8.showPage(SnapshotEditor.HISTOGRAM);
        assertNull(findCombo(v8, "package"));
        assertNotNull(findCombo(v8, "library"));
    }

    private static org.eclipse.swt.widgets.Combo findCombo(SnapshotEditor editor, String item) {
        for (var c : editor.histogram().filterText().getParent().getChildren()) {
            if (c instanceof org.eclipse.swt.widgets.Combo combo && combo.indexOf(item) >= 0) return combo;
        }
        return null;
    }
}
