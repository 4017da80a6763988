package org.polyheap.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;

import org.eclipse.jface.dialogs.IDialogConstants;
import org.eclipse.jface.viewers.StructuredSelection;
import org.eclipse.swt.custom.CTabFolder;
import org.eclipse.swt.custom.CTabItem;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.graphics.Point;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Item;
import org.eclipse.swt.widgets.Table;
import org.eclipse.swt.widgets.TableColumn;
import org.eclipse.swt.widgets.Tree;
import org.eclipse.swt.widgets.TreeColumn;
import org.eclipse.swt.widgets.TreeItem;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.polyheap.analysis.DominatorTree;
import org.polyheap.testdata.TestData;
import org.polyheap.ui.actions.CompareAction;
import org.polyheap.ui.editor.ColumnFit;
import org.polyheap.ui.editor.SnapshotEditor;
import org.polyheap.ui.views.ComparisonView;
import org.polyheap.ui.views.ObjectsView;
import org.polyheap.ui.views.PathsView;
import org.polyheap.ui.views.ReferencesView;

/** Column widths and tab titles in a 1024×700 window (issue 19, item 7). */
class WindowLayoutTest extends WindowTest {
    /** Room a cell's or title's text needs beside it not to be cut (GTK pads cells a few pixels each side). */
    private static final int PADDING = 12;
    /** Room the sort column's title needs for GTK's arrow. */
    private static final int SORT_ARROW = 16;

    private Point sizeBefore;

    @BeforeEach
    void smallWindow() {
        var shell = UiTestSupport.window().getShell();
        sizeBefore = shell.getSize();
        shell.setSize(1024, 700);
        UiTestSupport.drainEvents();
    }

    @AfterEach
    void windowBack() {
        UiTestSupport.window().getShell().setSize(sizeBefore);
        UiTestSupport.drainEvents();
    }

    /**
     * Histogram, Dominator Tree, Objects, References, Paths to GC Roots and Comparison: every number
     * and title fits its column, every column is within the control (no horizontal scrolling to a
     * number), the name column has the rest, and "% of heap" is narrow.
     */
    @Test
    void numbersAreNotCutAndNamesTakeTheFreeWidth() throws Exception {
        var editor = UiTestSupport.open(TestData.copy(TestData.JACKSON_TREE, Files.createDirectories(dir.resolve("a"))));
        var page = UiTestSupport.window().getActivePage();

        editor.showPage(SnapshotEditor.HISTOGRAM);
        var histogram = editor.histogram().viewer().getTable();
        UiTestSupport.spinUntil(() -> histogram.getItemCount() > 0, UiTestSupport.TIMEOUT_MS, "histogram rows");
        assertFits("Histogram", histogram, 0, rows(histogram));
        assertWithin("Histogram", histogram);
        assertNarrow("Histogram", histogram.getColumn(4));

        var tree = editor.snapshot().analyzed().analysis().dominatorTree();
        int deep = tree.children(DominatorTree.VIRTUAL_ROOT)[0];
        for (int level = 0; level < 3 && tree.children(deep).length > 0; level++) deep = tree.children(deep)[0];
        editor.showInDominatorTree(deep);
        var dominators = editor.dominators().viewer().getTree();
        UiTestSupport.drainEvents();
        assertFits("Dominator Tree", dominators, 0, rows(dominators));
        assertWithin("Dominator Tree", dominators);
        assertNarrow("Dominator Tree", dominators.getColumn(3));

        var ref = new ObjectRef(editor.snapshot(), deep);
        var paths = (PathsView) page.showView(PathsView.ID);
        var references = (ReferencesView) page.showView(ReferencesView.ID);
        page.activate(editor);
        editor.dominators().viewer().setSelection(new StructuredSelection(ref), true);
        UiTestSupport.spinUntil(() -> ref.equals(references.shown()) && !references.rows().isEmpty(), UiTestSupport.TIMEOUT_MS, "references");
        page.showView(ReferencesView.ID);
        UiTestSupport.drainEvents();
        assertFits("References", references.viewer().getTree(), 0, rows(references.viewer().getTree()));
        page.showView(PathsView.ID);
        UiTestSupport.spinUntil(() -> paths.top() != null && ref.equals(paths.top().object()), UiTestSupport.TIMEOUT_MS, "paths");
        UiTestSupport.drainEvents();
        assertFits("Paths to GC Roots", paths.viewer().getTree(), 0, rows(paths.viewer().getTree()));

        var objects = (ObjectsView) page.showView(ObjectsView.ID);
        UiTestSupport.waitFor(objects.show(editor.snapshot(), "the biggest", 
                () -> java.util.Arrays.stream(tree.children(DominatorTree.VIRTUAL_ROOT)).filter(o -> !tree.isGroup(o)).toArray()));
        var objectsTable = objects.viewer().getTable();
        assertFits("Objects", objectsTable, 0, rows(objectsTable));
        assertWithin("Objects", objectsTable);
        assertNarrow("Objects", objectsTable.getColumn(3));
        editor.showPage(SnapshotEditor.HISTOGRAM);
        UiTestSupport.screenshot("layout-1024x700-histogram-objects");

        UiTestSupport.open(TestData.copy(TestData.GEN_40, Files.createDirectories(dir.resolve("b"))));
        UiTestSupport.whenShellOpens(CompareAction.TITLE, shell -> UiTestSupport.press(shell, IDialogConstants.OK_ID));
        new CompareAction(UiTestSupport.window()).run();
        var comparison = (ComparisonView) page.findView(ComparisonView.ID);
        UiTestSupport.spinUntil(() -> comparison != null && comparison.table() != null, UiTestSupport.TIMEOUT_MS, "the comparison");
        var comparisonTable = comparison.viewer().getTable();
        // six number columns whose titles alone take 700 px: the name column gives way, a horizontal scroll bar comes
        assertFits("Comparison", comparisonTable, 0, rows(comparisonTable));
        page.activate(editor); // one of the compared snapshots: the comparison stays
        editor.showPage(SnapshotEditor.DOMINATORS);
        page.showView(ComparisonView.ID);
        page.activate(editor);
        UiTestSupport.screenshot("layout-1024x700-dominators-comparison");
    }

    /** Two Dart files named alike: their tabs differ where a squeezed tab cuts, the tooltips give the whole paths. */
    @Test
    void tabsOfFilesNamedAlikeDiffer() throws Exception {
        var tiny = UiTestSupport.open(copy(TestData.DART_TINY));
        var afterGc = UiTestSupport.open(copy(TestData.dart("dart-sass-ia32-d-after-gc.dartheap.gz")));
        UiTestSupport.open(copy(TestData.CHROME_TODO));
        String a = tiny.getPartName(), b = afterGc.getPartName();
        int shown = 12; // what a squeezed tab keeps: "dart-sass-ia3…"
        assertNotEquals(a.substring(0, Math.min(shown, a.length())), b.substring(0, Math.min(shown, b.length())), a + " / " + b);
        assertTrue(a.endsWith("a-tiny.dartheap.gz") && b.endsWith("d-after-gc.dartheap.gz"), a + " / " + b);
        assertEquals(tiny.file().toString(), tiny.getTitleToolTip());
        assertEquals(afterGc.file().toString(), afterGc.getTitleToolTip());
        var tab = tabOf(a);
        assertEquals(tiny.file().toString(), tab.getToolTipText(), "the tab's tooltip");
        UiTestSupport.screenshot("tabs-named-alike");

        UiTestSupport.window().getActivePage().closeEditor(afterGc, false);
        UiTestSupport.spinUntil(() -> tiny.getPartName().equals("dart-sass-ia32-a-tiny.dartheap.gz"), 10_000,
                "the full name back once no other tab starts alike: " + tiny.getPartName());
    }

    /** The tab of the editor area titled {@code title}. */
    private static CTabItem tabOf(String title) {
        for (var folder : UiTestSupport.find(UiTestSupport.window().getShell(), CTabFolder.class)) {
            for (var item : folder.getItems()) if (item.getText().equals(title)) return item;
        }
        throw new AssertionError("no tab " + title);
    }

    /**
     * Every title and, in the rows given, every cell of each column but the name column fits (text and
     * padding); every column lies within the control; the name column has the width the others leave.
     */
    private static void assertFits(String where, Composite control, int nameColumn, List<Item> rows) {
        Item[] columns = columns(control);
        int client = control.getClientArea().width;
        Item sorted = control instanceof Table t ? t.getSortColumn() : ((Tree) control).getSortColumn();
        int others = 0;
        var gc = new GC(control);
        try {
            for (int c = 0; c < columns.length; c++) {
                int width = width(columns[c]);
                String title = columns[c].getText();
                if (c == nameColumn) continue;
                others += width;
                int arrow = columns[c] == sorted ? SORT_ARROW : 0;
                assertTrue(gc.textExtent(title).x + PADDING + arrow <= width, where + ": title \u201c" + title + "\u201d cut at " + width + " px");
                for (Item row : rows) {
                    String text = text(row, c);
                    assertTrue(gc.textExtent(text).x + PADDING <= width,
                            where + ": \u201c" + text + "\u201d cut in column \u201c" + title + "\u201d of " + width + " px");
                }
            }
        } finally {
            gc.dispose();
        }
        assertTrue(rows.stream().anyMatch(r -> !text(r, nameColumn == 0 ? 1 : 0).isEmpty()), where + ": rows checked");
        var widths = java.util.Arrays.stream(columns).map(c -> c.getText() + " " + width(c)).toList();
        assertEquals(Math.max(ColumnFit.MIN_NAME_WIDTH, client - others), width(columns[nameColumn]),
                where + ": the name column has the free width of " + client + " px: " + widths);
    }

    /** Every column lies within the control: no number is behind a horizontal scroll. */
    private static void assertWithin(String where, Composite control) {
        int sum = java.util.Arrays.stream(columns(control)).mapToInt(WindowLayoutTest::width).sum();
        assertTrue(sum <= control.getClientArea().width, where + ": columns of " + sum + " px in " + control.getClientArea().width + " px");
    }

    /** "% of heap" is about as wide as its title, not more. */
    private static void assertNarrow(String where, Item percent) {
        assertEquals("% of heap", percent.getText());
        var gc = new GC(((Composite) (percent instanceof TableColumn c ? c.getParent() : ((TreeColumn) percent).getParent())));
        try {
            int title = gc.textExtent(percent.getText()).x;
            assertTrue(width(percent) <= title + 40, where + ": \u201c% of heap\u201d is " + width(percent) + " px wide");
        } finally {
            gc.dispose();
        }
    }

    /** The first rows of a table, or the rows a tree shows expanded (at most 60): asking for their text fills virtual ones. */
    private static List<Item> rows(Composite control) {
        var rows = new ArrayList<Item>();
        if (control instanceof Table t) {
            for (int i = 0; i < Math.min(60, t.getItemCount()); i++) rows.add(t.getItem(i));
        } else {
            var work = new ArrayList<TreeItem>(List.of(((Tree) control).getItems()));
            while (!work.isEmpty() && rows.size() < 60) {
                var item = work.removeFirst();
                item.getText(0);
                rows.add(item);
                if (item.getExpanded()) work.addAll(0, List.of(item.getItems()));
            }
        }
        return rows;
    }

    private static Item[] columns(Composite control) {
        return control instanceof Table t ? t.getColumns() : ((Tree) control).getColumns();
    }

    private static int width(Item column) {
        return column instanceof TableColumn c ? c.getWidth() : ((TreeColumn) column).getWidth();
    }

    private static String text(Item row, int column) {
        return row instanceof org.eclipse.swt.widgets.TableItem t ? t.getText(column) : ((TreeItem) row).getText(column);
    }
}
