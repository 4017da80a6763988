package org.polyheap.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.Arrays;
import java.util.zip.GZIPInputStream;

import org.eclipse.jface.viewers.StructuredSelection;
import org.eclipse.swt.widgets.Tree;
import org.eclipse.swt.widgets.TreeItem;
import org.junit.jupiter.api.Test;
import org.polyheap.testdata.TestData;
import org.polyheap.ui.editor.SnapshotEditor;
import org.polyheap.ui.views.InspectorView;

/**
 * The Dominator Tree of a V8 snapshot has DevTools' Distance column, and the Inspector names it; the
 * values are those DevTools' own worker wrote for the fixture ({@code chrome-todo.devtools-distances.txt.gz},
 * one line per node ordinal). Other formats have no such column.
 */
class V8DistanceTest extends WindowTest {

    private static int[] devtoolsDistances() throws Exception {
        try (var in = new BufferedReader(new InputStreamReader(new GZIPInputStream(
                Files.newInputStream(TestData.v8("chrome-todo.devtools-distances.txt.gz"))), StandardCharsets.US_ASCII))) {
            return in.lines().mapToInt(Integer::parseInt).toArray();
        }
    }

    private static int column(Tree tree, String title) {
        for (int i = 0; i < tree.getColumnCount(); i++) if (tree.getColumn(i).getText().equals(title)) return i;
        return -1;
    }

    @Test
    void dominatorRowsAndInspectorShowDevtoolsDistance() throws Exception {
        int[] expected = devtoolsDistances();
        var editor = openShared(TestData.CHROME_TODO);
        editor.showPage(SnapshotEditor.DOMINATORS);
        Tree tree = editor.dominators().viewer().getTree();
        int distance = column(tree, "Distance");
        assertTrue(distance > 0, "a Distance column");
        int checked = 0;
        TreeItem deep = null;
        var todo = new java.util.ArrayDeque<TreeItem>(); // rows level by level, the first few children of each
        for (int i = 0; i < Math.min(5, tree.getItemCount()); i++) todo.add(tree.getItem(i));
        while (!todo.isEmpty() && checked < 40) {
            TreeItem item = todo.poll();
            item.getText(0); // a virtual row gets its element when first asked
            if (!(item.getData() instanceof ObjectRef r)) continue;
            assertEquals(String.valueOf(expected[r.objectId()]), item.getText(distance), r.label());
            checked++;
            if (deep == null && expected[r.objectId()] > 2) deep = item;
            editor.dominators().expand(r);
            UiTestSupport.drainEvents();
            for (int k = 0; k < Math.min(5, item.getItemCount()); k++) todo.add(item.getItem(k));
        }
        assertTrue(checked >= 20, "rows checked: " + checked);

        var page = UiTestSupport.window().getActivePage();
        var inspector = (InspectorView) page.showView(InspectorView.ID);
        page.activate(editor);
        assertTrue(deep != null, "a row at distance 3 or more");
        var ref = (ObjectRef) deep.getData();
        tree.setSelection(deep);
        editor.dominators().viewer().setSelection(new StructuredSelection(ref), true);
        UiTestSupport.spinUntil(() -> ref.equals(inspector.shown()), 10_000, "the Inspector shows the row");
        var line = inspector.lines().stream().filter(l -> l.name().equals("Distance")).findFirst().orElseThrow();
        assertTrue(line.value().startsWith(expected[ref.objectId()] + " "), line.value());
        UiTestSupport.screenshot("v8-dominators-distance");
    }

    @Test
    void otherFormatsHaveNoDistance() throws Exception {
        var editor = openShared(TestData.JACKSON_TREE);
        Tree tree = editor.dominators().viewer().getTree();
        assertEquals(-1, column(tree, "Distance"), Arrays.toString(tree.getColumns()));
        assertFalse(editor.snapshot().distances() != null);
    }
}
