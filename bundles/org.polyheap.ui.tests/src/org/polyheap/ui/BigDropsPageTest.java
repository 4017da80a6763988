package org.polyheap.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.jface.viewers.StructuredSelection;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.polyheap.testdata.TestData;
import org.polyheap.ui.editor.BigDropRow;
import org.polyheap.ui.editor.ObjectMenu;
import org.polyheap.ui.editor.SnapshotEditor;
import org.polyheap.ui.views.InspectorView;

/**
 * The Big Drops page on a dump written at test time by {@code AccumulationPoint} (testdata), a map of
 * 100,000 entries under wrappers: the rows are {@code polyheap bigdrops}' drops, the map's table is the
 * drop with the program's entries below it, and the object menu acts on the accumulation point, or on its
 * dominator after a click on the dominator's columns.
 */
class BigDropsPageTest extends WindowTest {
    private static Path dump;

    @BeforeAll
    static void dump() throws Exception {
        dump = UiTestSupport.javaHeapDump(TestData.javaProgram("AccumulationPoint"), classDir.resolve("accumulation.hprof"));
    }

    private static List<BigDropRow> flat(List<BigDropRow> rows) {
        var out = new java.util.ArrayList<BigDropRow>();
        for (var r : rows) {
            out.add(r);
            out.addAll(flat(r.children()));
        }
        return out;
    }

    @Test
    void theMapsTableIsTheDropAndTheMenuActsOnItOrItsDominator() throws Exception {
        SnapshotEditor editor = UiTestSupport.open(dump);
        var window = UiTestSupport.window().getActivePage();
        var inspector = (InspectorView) window.showView(InspectorView.ID);
        window.activate(editor);
        var page = editor.bigDrops();
        editor.showPage(SnapshotEditor.BIG_DROPS);
        UiTestSupport.spinUntil(() -> !page.rows().isEmpty(), UiTestSupport.TIMEOUT_MS, "the drops found");

        // the rows are the command's, in its order
        String csv = UiTestSupport.headless("bigdrops", dump.toString(), "--csv", "--quiet");
        var ids = csv.lines().skip(1).map(l -> l.split(",")[1]).toList();
        var rows = flat(page.rows());
        assertEquals(ids, rows.stream().map(r -> r.point().displayId()).toList());

        BigDropRow table = rows.stream().filter(r -> r.point().className().equals("java.util.HashMap$Node[]")
                && r.drop().children() == 100_000).findFirst().orElseThrow();
        var tree = page.viewer().getTree();
        assertTrue(tree.getItemCount() > 0);
        assertEquals("AccumulationPoint$Cache", table.dominator().className(), "the first dominator outside the JDK");
        var item = java.util.Arrays.stream(tree.getItems()).filter(i -> i.getData() == table).findFirst().orElseThrow();
        assertEquals("100,000", item.getText(3));
        assertEquals(Long.toString(table.drop().drop()), item.getText(4).replace(",", ""), "the drop: all but the biggest child");
        assertEquals(table.dominator().label(), item.getText(5));

        page.chooseDominators(false);
        page.viewer().setSelection(new StructuredSelection(table), true);
        UiTestSupport.spinUntil(() -> table.point().equals(inspector.shown()), UiTestSupport.TIMEOUT_MS, "the Inspector on the table");
        window.activate(editor);
        window.toggleZoom(window.getReference(editor)); // the columns want the window's width
        UiTestSupport.drainEvents();
        UiTestSupport.screenshot("hprof-big-drops");
        window.toggleZoom(window.getReference(editor));

        page.chooseDominators(true); // as a click on the dominator's columns does
        UiTestSupport.clickMenu(tree, ObjectMenu.OPEN_IN_TREE);
        assertEquals(SnapshotEditor.DOMINATORS, editor.activePage());
        assertEquals(table.dominator(), ((IStructuredSelection) editor.dominators().viewer().getSelection()).getFirstElement(),
                "the dominator's column chose the Cache");
    }
}
