package org.polyheap.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.polyheap.ui.editor.ObjectMenu.COPY;
import static org.polyheap.ui.editor.ObjectMenu.COPY_CLASS;
import static org.polyheap.ui.editor.ObjectMenu.COPY_CSV;
import static org.polyheap.ui.editor.ObjectMenu.COPY_ID;
import static org.polyheap.ui.editor.ObjectMenu.COPY_NAME;
import static org.polyheap.ui.editor.ObjectMenu.COPY_VALUE;
import static org.polyheap.ui.editor.ObjectMenu.DOMINATORS;
import static org.polyheap.ui.editor.ObjectMenu.INCOMING;
import static org.polyheap.ui.editor.ObjectMenu.OPEN_IN_TREE;
import static org.polyheap.ui.editor.ObjectMenu.OUTGOING;
import static org.polyheap.ui.editor.ObjectMenu.PATHS;
import static org.polyheap.ui.editor.ObjectMenu.RETAINED_SET;

import java.nio.file.Path;
import java.util.List;

import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Table;
import org.junit.jupiter.api.Test;
import org.polyheap.analysis.DominatorTree;
import org.polyheap.analysis.Grouping;
import org.polyheap.analysis.HistogramRow;
import org.polyheap.analysis.ObjectSets;
import org.polyheap.analysis.References;
import org.polyheap.model.Progress;
import org.polyheap.report.ObjectNames;
import org.polyheap.report.Queries;
import org.polyheap.testdata.TestData;
import org.polyheap.ui.editor.Format;
import org.polyheap.ui.editor.HistogramPage;
import org.polyheap.ui.editor.ObjectMenu;
import org.polyheap.ui.editor.SnapshotEditor;
import org.polyheap.ui.export.ExportAction;
import org.polyheap.ui.export.SnapshotExport;
import org.polyheap.ui.views.ObjectsView;
import org.polyheap.ui.views.PathsView;
import org.polyheap.ui.views.ReferencesView;

/**
 * The context menu of object and histogram rows, driven as a user would: open the menu on the
 * selected row, pick an item, look at the editor, the views and the clipboard. On a real Java heap dump.
 */
class ObjectMenuTest extends WindowTest {
    private static final Path HPROF = TestData.JACKSON_TREE;

    @Test
    void objectRowsOfferEveryQueryAndCopy() throws Exception {
        var editor = openShared(HPROF);
        var snapshot = editor.snapshot();
        var g = snapshot.graph();
        var tree = snapshot.analyzed().analysis().dominatorTree();
        int string = firstString(editor);
        var ref = new ObjectRef(snapshot, string);
        editor.showInDominatorTree(string);
        UiTestSupport.drainEvents();
        var widget = editor.dominators().viewer().getTree();

        // on the Dominator Tree page a single object is already in the tree: no "Open in Dominator Tree"
        assertEquals(List.of(PATHS, INCOMING, OUTGOING, RETAINED_SET, DOMINATORS, COPY), UiTestSupport.menuTexts(widget.getMenu()));
        UiTestSupport.clickMenu(widget, COPY, COPY_VALUE);
        String text = snapshot.value(string, 1000);
        assertFalse(text.isEmpty(), "a Java string's text, read from the dump");
        assertEquals(text, UiTestSupport.clipboardText());
        UiTestSupport.clickMenu(widget, COPY, COPY_ID);
        assertEquals(ref.displayId(), UiTestSupport.clipboardText());
        UiTestSupport.clickMenu(widget, COPY, COPY_CLASS);
        assertEquals("java.lang.String", UiTestSupport.clipboardText());
        UiTestSupport.clickMenu(widget, COPY, COPY_CSV);
        String csv = UiTestSupport.clipboardText();
        assertTrue(csv.contains(ref.displayId()) && csv.endsWith("," + Format.percent(ref.retained(), snapshot.heapBytes())), csv);

        var page = UiTestSupport.window().getActivePage();
        UiTestSupport.clickMenu(widget, OUTGOING);
        var references = (ReferencesView) page.findView(ReferencesView.ID);
        int outgoing = References.outgoing(g, string).size();
        UiTestSupport.spinUntil(() -> ref.equals(references.shown()) && !references.incoming() && references.rows().size() == outgoing,
                UiTestSupport.TIMEOUT_MS, "outgoing references listed");
        assertTrue(page.isPartVisible(references), "References in front");
        UiTestSupport.clickMenu(widget, INCOMING);
        int incoming = References.incoming(g, string).size();
        UiTestSupport.spinUntil(() -> references.incoming() && references.rows().size() == incoming, UiTestSupport.TIMEOUT_MS,
                "incoming references listed");
        UiTestSupport.clickMenu(widget, PATHS);
        var paths = (PathsView) page.findView(PathsView.ID);
        UiTestSupport.spinUntil(() -> paths.top() != null && ref.equals(paths.top().object()), UiTestSupport.TIMEOUT_MS, "paths searched");
        assertTrue(page.isPartVisible(paths), "Paths to GC Roots in front");

        // Retained Set: a histogram of what the string keeps alive, which for one object is its dominator subtree
        UiTestSupport.clickMenu(widget, RETAINED_SET);
        var histogram = editor.histogram();
        UiTestSupport.spinUntil(() -> !histogram.scope().isWholeHeap() && histogram.settled(), UiTestSupport.TIMEOUT_MS, "retained set");
        assertEquals(SnapshotEditor.HISTOGRAM, editor.activePage());
        assertTrue(histogram.scope().title().startsWith("Retained set of java.lang.String " + ref.displayId()), histogram.scope().title());
        long shallow = 0;
        for (int i = 0; i < histogram.rows().size(); i++) shallow += histogram.rows().row(i).shallow();
        assertEquals(tree.retained().get(string), shallow, "the retained set's sizes add up to the object's retained size");
        UiTestSupport.screenshot("hprof-retained-set");

        // File > Export writes the set's rows as shown, not the whole heap's histogram
        Path setCsv = dir.resolve("retained-set.csv"), setJson = dir.resolve("retained-set.json");
        UiTestSupport.waitFor(ExportAction.export(editor, SnapshotExport.What.HISTOGRAM_CSV, setCsv));
        UiTestSupport.waitFor(ExportAction.export(editor, SnapshotExport.What.HISTOGRAM_JSON, setJson));
        List<String> lines = java.nio.file.Files.readAllLines(setCsv);
        assertEquals(histogram.rows().size() + 1, lines.size(), "a header and the set's rows");
        long exportedShallow = 0;
        for (int i = 1; i < lines.size(); i++) {
            String[] cells = lines.get(i).split(",");
            assertEquals(histogram.rows().row(i - 1).name(), cells[0], "row " + i + " in the page's order");
            exportedShallow += Long.parseLong(cells[2]);
        }
        assertEquals(tree.retained().get(string), exportedShallow);
        String doc = java.nio.file.Files.readString(setJson);
        assertTrue(doc.contains("\"scope\": \"" + histogram.scope().title() + "\""), doc.substring(0, Math.min(300, doc.length())));

        // the References view's rows are object rows too: Open in Dominator Tree reveals the referrer
        var refsTree = references.viewer().getTree();
        var firstReferrer = refsTree.getItem(0).getItem(0); // under the object itself
        firstReferrer.getText(0);
        refsTree.setSelection(firstReferrer);
        var referrer = references.rows().getFirst().object();
        var menu = UiTestSupport.menuTexts(refsTree.getMenu());
        assertTrue(menu.containsAll(List.of(PATHS, INCOMING, OUTGOING, RETAINED_SET, DOMINATORS, OPEN_IN_TREE, COPY)), menu.toString());
        UiTestSupport.clickMenu(refsTree, OPEN_IN_TREE);
        assertEquals(SnapshotEditor.DOMINATORS, editor.activePage());
        assertEquals(referrer, editor.dominators().viewer().getTree().getSelection()[0].getData());
    }

    @Test
    void histogramRowsOfferRetainedSetAndImmediateDominatorsOfTheirObjects() throws Exception {
        var editor = openShared(HPROF);
        var snapshot = editor.snapshot();
        var tree = snapshot.analyzed().analysis().dominatorTree();
        var histogram = editor.histogram();
        editor.showPage(SnapshotEditor.HISTOGRAM);
        Table table = histogram.viewer().getTable();
        select(histogram, "java.lang.String");
        assertEquals(List.of(ObjectMenu.LIST_OBJECTS, RETAINED_SET, DOMINATORS, COPY), UiTestSupport.menuTexts(table.getMenu()));
        UiTestSupport.clickMenu(table, COPY, COPY_NAME);
        assertEquals("java.lang.String", UiTestSupport.clipboardText());

        // List Objects: the row's objects in the Objects view, biggest retained first, each an object row
        long stringCount = snapshot.classHistogram().stream().filter(r -> r.name().equals("java.lang.String")).findFirst().orElseThrow().objects();
        UiTestSupport.clickMenu(table, ObjectMenu.LIST_OBJECTS);
        var page = UiTestSupport.window().getActivePage();
        var objectsView = (ObjectsView) page.findView(ObjectsView.ID);
        UiTestSupport.spinUntil(() -> objectsView != null && objectsView.objects().length > 0, UiTestSupport.TIMEOUT_MS, "objects listed");
        int[] listed = objectsView.objects();
        assertEquals(stringCount, listed.length, "every String, as the histogram row counts them");
        for (int i = 1; i < listed.length; i++) {
            assertTrue(tree.retained().get(listed[i - 1]) >= tree.retained().get(listed[i]), "biggest retained first, at " + i);
        }
        assertEquals(new java.util.HashSet<>(java.util.Arrays.stream(ObjectSets.members(snapshot.graph(), tree, Grouping.CLASS,
                "java.lang.String", null)).boxed().toList()), new java.util.HashSet<>(java.util.Arrays.stream(listed).boxed().toList()));
        var objectsTable = objectsView.viewer().getTable();
        assertEquals(listed.length, objectsTable.getItemCount());
        assertTrue(objectsTable.getItem(0).getText(0).startsWith("java.lang.String "), objectsTable.getItem(0).getText(0));
        assertEquals(Format.bytes(tree.retained().get(listed[0])), objectsTable.getItem(0).getText(2));
        objectsTable.setSelection(0);
        objectsTable.notifyListeners(SWT.Selection, new org.eclipse.swt.widgets.Event());
        assertTrue(UiTestSupport.menuTexts(objectsTable.getMenu()).containsAll(List.of(PATHS, INCOMING, OUTGOING, RETAINED_SET, OPEN_IN_TREE)));
        UiTestSupport.screenshot("hprof-list-objects");
        page.activate(editor);

        // Immediate Dominators of every String: who holds the strings
        UiTestSupport.clickMenu(table, DOMINATORS);
        UiTestSupport.spinUntil(() -> !histogram.scope().isWholeHeap() && histogram.settled(), UiTestSupport.TIMEOUT_MS, "immediate dominators");
        int[] strings = ObjectSets.members(snapshot.graph(), tree, Grouping.CLASS, "java.lang.String", null);
        var expected = ObjectSets.immediateDominators(tree, strings);
        long objects = 0;
        for (int i = 0; i < histogram.rows().size(); i++) objects += histogram.rows().row(i).objects();
        assertEquals(expected.objects().length, objects, "one count per distinct dominator");
        assertTrue(histogram.scope().title().startsWith("Immediate dominators of " + Format.count(strings.length) + " objects of java.lang.String"),
                histogram.scope().title());
        for (int d : histogram.scope().objects()) assertTrue(d >= 0 && tree.dominator().get(d) != DominatorTree.UNREACHABLE);
        UiTestSupport.screenshot("hprof-immediate-dominators");

        // the Retained Set of a row within that set: what those dominators of one class keep alive together
        String top = histogram.rows().row(0).name();
        select(histogram, top);
        UiTestSupport.clickMenu(table, RETAINED_SET);
        UiTestSupport.spinUntil(() -> histogram.scope().title().startsWith("Retained set of") && histogram.settled(),
                UiTestSupport.TIMEOUT_MS, "retained set of a row");
        int[] members = ObjectSets.members(snapshot.graph(), tree, Grouping.CLASS, top, expected.objects());
        var set = snapshot.analyzed().analysis().retainedSet(members, Progress.NONE);
        long shallow = 0;
        for (int i = 0; i < histogram.rows().size(); i++) shallow += histogram.rows().row(i).shallow();
        assertEquals(set.bytes(), shallow);

        // the link back to the whole heap
        var link = (org.eclipse.swt.widgets.Link) histogram.filterText().getParent().getChildren()[0];
        link.notifyListeners(SWT.Selection, new org.eclipse.swt.widgets.Event());
        UiTestSupport.spinUntil(() -> histogram.scope().isWholeHeap() && histogram.settled(), UiTestSupport.TIMEOUT_MS, "whole heap");
        assertEquals(snapshot.classHistogram().size(), histogram.rows().totalRows());
        assertFalse(link.getText().contains("<a>"), link.getText());
    }

    /** Selects the histogram row named {@code name} as a click would. */
    private static void select(HistogramPage histogram, String name) {
        var rows = histogram.rows();
        int index = -1;
        for (int i = 0; i < rows.size(); i++) if (rows.row(i).name().equals(name)) index = i;
        assertTrue(index >= 0, name + " in the histogram");
        Table table = histogram.viewer().getTable();
        table.setSelection(index);
        table.getItem(index).getText(0); // the virtual row gets its element
        assertTrue(histogram.viewer().getStructuredSelection().getFirstElement() instanceof HistogramRow r && r.name().equals(name));
    }

    /** A reachable java.lang.String with some text and an object (not the GC roots) as dominator. */
    private static int firstString(SnapshotEditor editor) throws java.io.IOException {
        var g = editor.snapshot().graph();
        var tree = editor.snapshot().analyzed().analysis().dominatorTree();
        for (int o = 0; o < g.objectCount(); o++) {
            if (tree.inTree(o) && tree.dominator().get(o) >= 0 && !tree.isGroup(tree.dominator().get(o)) && ObjectNames.className(g, o).equals("java.lang.String")
                    && editor.snapshot().value(o, 100).length() > 3) return o;
        }
        throw new AssertionError("no string in the dump");
    }
}
