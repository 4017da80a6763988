package org.polyheap.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.polyheap.ui.editor.ObjectMenu.COPY;
import static org.polyheap.ui.editor.ObjectMenu.DOMINATORS;
import static org.polyheap.ui.editor.ObjectMenu.INCOMING;
import static org.polyheap.ui.editor.ObjectMenu.LIST_OBJECTS;
import static org.polyheap.ui.editor.ObjectMenu.OPEN_IN_TREE;
import static org.polyheap.ui.editor.ObjectMenu.OUTGOING;
import static org.polyheap.ui.editor.ObjectMenu.PATHS;
import static org.polyheap.ui.editor.ObjectMenu.RETAINED_SET;

import java.util.List;

import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.jface.viewers.StructuredSelection;
import org.eclipse.swt.widgets.TreeItem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.polyheap.analysis.LeakSuspect;
import org.polyheap.model.HeapGraph;
import org.polyheap.report.Queries;
import org.polyheap.testdata.TestData;
import org.polyheap.ui.editor.Format;
import org.polyheap.ui.editor.LeakSuspectsPage;
import org.polyheap.ui.editor.SnapshotEditor;
import org.polyheap.ui.editor.SuspectRow;
import org.polyheap.ui.views.InspectorView;

/**
 * The Leak Suspects page on real snapshots: its suspects are the analysis' (sizes, shares, accumulation
 * points), the shortest path under an accumulation point leads from it, reference by reference, to a
 * GC root, and object rows act as object rows elsewhere (views, context menu); a class suspect's row
 * has the class menu.
 */
class LeakSuspectsPageTest extends WindowTest {

    /** Shows the page and waits until the suspects and every accumulation point's paths are in. */
    private static LeakSuspectsPage shown(SnapshotEditor editor) {
        LeakSuspectsPage page = editor.leakSuspects();
        editor.showPage(SnapshotEditor.LEAK_SUSPECTS);
        UiTestSupport.waitFor(page.compute());
        UiTestSupport.spinUntil(page::pathsDone, UiTestSupport.TIMEOUT_MS, "the paths to the accumulation points");
        UiTestSupport.drainEvents();
        return page;
    }

    @Test
    void javaSuspectIsTheAnalysisOneWithTheShortestPathFromAGcRootToItsAccumulationPoint() throws Exception {
        SnapshotEditor editor = open(TestData.JACKSON_TREE);
        var inspector = (InspectorView) UiTestSupport.window().getActivePage().showView(InspectorView.ID);
        UiTestSupport.window().getActivePage().activate(editor);
        assertNull(editor.leakSuspects().suspects(), "nothing is looked for before the page is shown");
        LeakSuspectsPage page = shown(editor);
        var snapshot = editor.snapshot();
        var analysis = snapshot.analyzed().analysis();
        HeapGraph g = snapshot.graph();

        List<LeakSuspect> expected = analysis.leakSuspects();
        assertFalse(expected.isEmpty(), "jackson-tree has a suspect");
        assertEquals(expected, page.suspects());
        var widget = page.viewer().getTree();
        assertEquals(expected.size(), widget.getItemCount());
        for (int i = 0; i < expected.size(); i++) {
            LeakSuspect s = expected.get(i);
            TreeItem item = widget.getItem(i);
            assertTrue(item.getText(0).startsWith("Suspect " + (i + 1) + ": " + Queries.suspectTitle(g, s)), item.getText(0));
            assertEquals(Format.bytes(s.retained()), item.getText(2), "retained, as the analysis finds it");
            assertEquals(Format.percent(s.retained(), snapshot.heapBytes()), item.getText(3));
        }
        // jackson-tree's suspect is one object, the biggest of the dominator tree's top level
        LeakSuspect first = expected.getFirst();
        assertEquals(LeakSuspect.Kind.OBJECT, first.kind());
        assertEquals(analysis.topLevelObjects()[0], first.object());
        SuspectRow suspect = page.rows().getFirst();
        assertEquals(first.object(), suspect.object().objectId(), "the row stands for the suspect object");

        SuspectRow point = child(suspect, SuspectRow.Kind.ACCUMULATION_POINT);
        assertEquals(first.accumulationPoint(), point.object().objectId());
        assertTrue(first.accumulationPoint() != first.object(), "jackson-tree's accumulation point lies below the suspect");
        assertEquals(first.accumulationRetained(), point.retained());
        assertEquals(analysis.dominatorTree().retained().get(first.accumulationPoint()), point.retained());

        // the shortest path: each row holds the row above, the last is a GC root; the suspect dominates the point, so it is on it
        List<SuspectRow> path = shortestPath(point);
        assertTrue(path.size() > 1, "a path of " + path.size() + " rows");
        for (int i = 1; i < path.size(); i++) {
            int holder = path.get(i).object().objectId(), held = path.get(i - 1).object().objectId();
            assertTrue(references(g, holder, held), "row " + i + " " + path.get(i).text() + " holds the row above");
        }
        assertNotNull(path.getLast().rootKinds(), "the path ends at a GC root: " + path.getLast().text());
        assertTrue(path.getLast().text().contains("[GC root: "), path.getLast().text());
        assertTrue(path.stream().anyMatch(r -> r.object().objectId() == first.object()), "the path passes the suspect, which dominates the point");
        assertTrue(page.viewer().getExpandedState(path.get(path.size() - 2)), "the shortest path is open down to its root");
        for (SuspectRow leaf : leaves(point)) assertNotNull(leaf.rootKinds(), "every path ends at a GC root: " + leaf.text());

        // object rows: the views follow them, and the object menu acts on them
        page.viewer().setSelection(new StructuredSelection(point), true);
        UiTestSupport.spinUntil(() -> point.object().equals(inspector.shown()), UiTestSupport.TIMEOUT_MS, "the Inspector on the accumulation point");
        UiTestSupport.screenshot("hprof-leak-suspects");
        assertEquals(List.of(PATHS, INCOMING, OUTGOING, RETAINED_SET, DOMINATORS, OPEN_IN_TREE, COPY), UiTestSupport.menuTexts(widget.getMenu()));
        page.viewer().setSelection(new StructuredSelection(path.getLast()), true);
        assertEquals(List.of(PATHS, INCOMING, OUTGOING, RETAINED_SET, DOMINATORS, OPEN_IN_TREE, COPY), UiTestSupport.menuTexts(widget.getMenu()),
                "a path row is an object row");
        page.viewer().setSelection(new StructuredSelection(point), true);
        UiTestSupport.clickMenu(widget, OPEN_IN_TREE);
        assertEquals(SnapshotEditor.DOMINATORS, editor.activePage());
        assertEquals(point.object(), ((IStructuredSelection) editor.dominators().viewer().getSelection()).getFirstElement());
    }

    /** chrome-todo's and the Dart fixture's suspects are classes (thousands of small instances). */
    @ParameterizedTest
    @ValueSource(strings = {"v8", "dart"})
    void classSuspectsListTheirInstancesAndHaveTheClassMenu(String format) throws Exception {
        SnapshotEditor editor = open(format.equals("v8") ? TestData.CHROME_TODO : TestData.DART_TINY);
        LeakSuspectsPage page = shown(editor);
        var analysis = editor.snapshot().analyzed().analysis();
        HeapGraph g = editor.snapshot().graph();
        List<LeakSuspect> expected = analysis.leakSuspects();
        assertEquals(expected, page.suspects());
        assertTrue(expected.stream().anyMatch(s -> s.kind() == LeakSuspect.Kind.CLASS), "the suspects include classes: " + expected);
        var widget = page.viewer().getTree();

        for (int i = 0; i < expected.size(); i++) {
            LeakSuspect s = expected.get(i);
            SuspectRow row = page.rows().get(i);
            assertEquals(Format.bytes(s.retained()), widget.getItem(i).getText(2), "what the instances retain together");
            if (s.kind() != LeakSuspect.Kind.CLASS) continue;
            assertNull(row.object(), "a class suspect is no single object");
            assertEquals(g.classes().get(s.classId()).name(), row.classRef().name());
            var instances = child(row, SuspectRow.Kind.INSTANCES).children();
            assertEquals(Math.min(LeakSuspectsPage.MAX_INSTANCES, s.instances()), instances.size());
            assertEquals(s.object(), instances.getFirst().object().objectId(), "the biggest instance first");
            for (var instance : instances) assertEquals(s.classId(), g.objectClass().get(instance.object().objectId()));

            List<SuspectRow> path = shortestPath(child(row, SuspectRow.Kind.ACCUMULATION_POINT));
            assertEquals(s.accumulationPoint(), path.getFirst().object().objectId());
            assertNotNull(path.getLast().rootKinds(), "suspect " + (i + 1) + "'s path ends at a GC root");
            for (int k = 1; k < path.size(); k++) {
                assertTrue(references(g, path.get(k).object().objectId(), path.get(k - 1).object().objectId()), "holds the row above");
            }
        }
        for (SuspectRow row : page.rows()) {
            for (SuspectRow leaf : leaves(row)) assertFalse(leaf.text().contains("\n"), "one line a row: " + leaf.text());
        }
        page.viewer().setSelection(new StructuredSelection(page.rows().getFirst()), true);
        assertEquals(List.of(LIST_OBJECTS, RETAINED_SET, DOMINATORS, COPY), UiTestSupport.menuTexts(widget.getMenu()),
                "a class suspect's row has the histogram row's menu");
        UiTestSupport.screenshot(format + "-leak-suspects");
    }

    private static SuspectRow child(SuspectRow row, SuspectRow.Kind kind) {
        return row.children().stream().filter(r -> r.kind() == kind).findFirst().orElseThrow(() -> new AssertionError("no " + kind + " under " + row.text()));
    }

    /** The accumulation point and the first path under it, down to its last row. */
    private static List<SuspectRow> shortestPath(SuspectRow point) {
        var path = new java.util.ArrayList<SuspectRow>(List.of(point));
        for (SuspectRow at = point; !at.children().isEmpty(); ) {
            at = at.children().getFirst();
            assertEquals(SuspectRow.Kind.PATH, at.kind(), at.text());
            path.add(at);
        }
        return path;
    }

    /** The rows without rows below them, under {@code row}. */
    private static List<SuspectRow> leaves(SuspectRow row) {
        var out = new java.util.ArrayList<SuspectRow>();
        var work = new java.util.ArrayDeque<SuspectRow>(row.children());
        while (!work.isEmpty()) {
            SuspectRow r = work.pop();
            if (r.children().isEmpty()) out.add(r);
            else work.addAll(r.children());
        }
        return out;
    }

    private static boolean references(HeapGraph g, int from, int to) {
        for (long e = g.outStart().get(from); e < g.outStart().get(from + 1); e++) {
            if (g.outTarget().get(e) == to) return true;
        }
        return false;
    }
}
