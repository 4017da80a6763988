package org.polyheap.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Arrays;

import org.eclipse.jface.viewers.StructuredSelection;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Event;
import org.eclipse.swt.widgets.Tree;
import org.eclipse.swt.widgets.TreeItem;
import org.junit.jupiter.api.Test;
import org.polyheap.analysis.HistogramRow;
import org.polyheap.analysis.Reachability;
import org.polyheap.testdata.TestData;
import org.polyheap.ui.editor.Format;
import org.polyheap.ui.editor.GroupRow;
import org.polyheap.ui.editor.SnapshotEditor;
import org.polyheap.ui.views.InspectorView;

/**
 * Every object of a snapshot is somewhere the user sees it: the objects only soft referents reach (and
 * the unreachable ones a dump still holds) are counted by the Histogram, filtered by its "Objects"
 * choice, and hang under their own rows at the top of the Dominator Tree. On jackson-tree, a real
 * JVM's dump with 2,001 only softly reachable and 1,328 unreachable objects.
 */
class ReachabilityWindowTest extends WindowTest {
    private static final Path HPROF = TestData.JACKSON_TREE;

    @Test
    void groupRowsStandAtTheTopOfTheDominatorTreeAndOpenWithEnter() throws Exception {
        var editor = openShared(HPROF);
        editor.showPage(SnapshotEditor.DOMINATORS);
        var page = editor.dominators();
        var tree = editor.snapshot().analyzed().analysis().dominatorTree();
        int soft = tree.groupNode(Reachability.SOFT);
        assertTrue(soft >= 0, "the dump has only softly reachable objects");
        Tree widget = page.viewer().getTree();
        int expectedRows = page.rows().rowCount(editor.snapshot());
        UiTestSupport.spinUntil(() -> widget.getItemCount() == expectedRows, UiTestSupport.TIMEOUT_MS, "the top-level rows");
        var groups = tree.groups();
        for (int i = 0; i < groups.length; i++) { // the groups' rows come first, in class order
            TreeItem item = widget.getItem(i);
            TreeRows.materialized(item); // a virtual row gets its element when first asked
            assertEquals(groups[i], assertInstanceOf(GroupRow.class, item.getData()).reachability());
        }
        TreeRows.materialized(widget.getItem(groups.length));
        Object next = widget.getItem(groups.length).getData();
        assertTrue(next instanceof ObjectRef || next instanceof org.polyheap.ui.editor.DominatorRows.Range,
                "then the objects (or their ranges): " + next);
        TreeItem group = page.item(soft);
        assertNotNull(group, "a row for the only softly reachable objects");
        assertEquals(0, widget.indexOf(group), "soft is the strongest group there is");
        assertEquals("only softly reachable  (" + Format.count(tree.totals().objects(Reachability.SOFT)) + " objects)",
                group.getText(0));
        assertEquals(Format.bytes(tree.retained().get(soft)), group.getText(2));
        assertEquals(tree.totals().bytes(Reachability.SOFT), tree.retained().get(soft), "the group retains its objects' bytes");

        widget.setSelection(group); // Enter on the row
        var enter = new Event();
        enter.item = group;
        widget.notifyListeners(SWT.DefaultSelection, enter);
        TreeItem opened = group;
        UiTestSupport.spinUntil(() -> opened.getExpanded() && opened.getItemCount() > 0, UiTestSupport.TIMEOUT_MS, "the group opened");
        TreeItem first = opened.getItem(0);
        TreeRows.materialized(first);
        var child = assertInstanceOf(ObjectRef.class, first.getData(), "an object under the group");
        assertEquals(tree.child(soft, 0), child.objectId(), "biggest first");
        assertEquals(Reachability.SOFT, tree.reachabilityOf(child.objectId()));

        page.viewer().setSelection(new StructuredSelection(child), true);
        var inspector = (InspectorView) UiTestSupport.window().getActivePage().showView(InspectorView.ID);
        UiTestSupport.spinUntil(() -> inspector.lines().stream().anyMatch(l -> l.name().equals("Reachability")),
                UiTestSupport.TIMEOUT_MS, "the Inspector's reachability line");
        assertTrue(inspector.lines().stream().anyMatch(l -> l.name().equals("Reachability")
                && l.value().equals("only softly reachable")), String.valueOf(inspector.lines()));
        var paths = (org.polyheap.ui.views.PathsView) UiTestSupport.window().getActivePage().findView(org.polyheap.ui.views.PathsView.ID);
        assertNotNull(paths, "the Paths to GC Roots view is open");
        UiTestSupport.spinUntil(() -> paths.getContentDescription().contains("only softly reachable"), UiTestSupport.TIMEOUT_MS,
                "the paths view says why there is no strong path: " + paths.getContentDescription());
        UiTestSupport.screenshot("dominator-reachability-groups");
    }

    @Test
    void histogramCountsEveryObjectAndShowsOneReachabilityClassOnRequest() throws Exception {
        var editor = openShared(HPROF);
        editor.showPage(SnapshotEditor.HISTOGRAM);
        var page = editor.histogram();
        var snapshot = editor.snapshot();
        var tree = snapshot.analyzed().analysis().dominatorTree();
        assertEquals(snapshot.graph().objectCount(), snapshot.classHistogram().stream().mapToLong(HistogramRow::objects).sum(),
                "every object is counted");
        var combo = UiTestSupport.comboWith(page.filterText().getParent(), Reachability.SOFT.label());
        int index = Arrays.asList(combo.getItems()).indexOf(Reachability.SOFT.label());
        assertTrue(index > 0, "the choice is offered: " + Arrays.toString(combo.getItems()));
        combo.select(index);
        combo.notifyListeners(SWT.Selection, new Event());
        UiTestSupport.spinUntil(() -> page.reachability() == Reachability.SOFT && page.settled(), UiTestSupport.TIMEOUT_MS,
                "the softly reachable histogram");
        long objects = 0;
        for (int i = 0; i < page.rows().size(); i++) {
            HistogramRow r = page.rows().row(i);
            objects += r.objects();
            assertEquals(r.shallow(), r.notStrong(), r.name() + ": none of them strongly reachable");
        }
        assertEquals(tree.totals().objects(Reachability.SOFT), objects);
        var table = page.viewer().getTable();
        assertEquals("Not strongly reachable", table.getColumn(5).getText());
        assertEquals(Format.bytes(page.rows().row(0).notStrong()), table.getItem(0).getText(5));
        UiTestSupport.screenshot("histogram-only-softly-reachable");

        combo.select(0); // back to every object
        combo.notifyListeners(SWT.Selection, new Event());
        UiTestSupport.spinUntil(() -> page.reachability() == null && page.settled(), UiTestSupport.TIMEOUT_MS, "every object again");
        assertEquals(snapshot.classHistogram().size(), table.getItemCount());
    }

    @Test
    void overviewStatesTheSplitInWordsAndNumbers() throws Exception {
        var editor = openShared(HPROF);
        editor.showPage(SnapshotEditor.OVERVIEW);
        var tree = editor.snapshot().analyzed().analysis().dominatorTree();
        String text = editor.overview().factsText();
        assertTrue(text.contains("Only softly reachable"), text);
        assertTrue(text.contains(Format.count(tree.totals().objects(Reachability.SOFT)) + " objects"), text);
        assertTrue(text.contains("Unreachable"), text);
        assertTrue(text.contains(Format.count(tree.totals().objects(Reachability.UNREACHABLE)) + " objects"), text);
        assertTrue(text.contains("Strongly reachable"), text);
        UiTestSupport.screenshot("overview-reachability");
    }
}
