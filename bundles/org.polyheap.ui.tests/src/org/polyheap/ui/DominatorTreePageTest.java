package org.polyheap.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.Comparator;

import org.eclipse.jface.viewers.StructuredSelection;
import org.eclipse.swt.widgets.Tree;
import org.eclipse.swt.widgets.TreeItem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.polyheap.analysis.DominatorTree;
import org.polyheap.analysis.Grouping;
import org.polyheap.analysis.ObjectSets;
import org.polyheap.analysis.References;
import org.polyheap.testdata.TestData;
import org.polyheap.ui.editor.Format;
import org.polyheap.ui.editor.ObjectMenu;
import org.polyheap.ui.editor.SnapshotEditor;
import org.polyheap.ui.editor.ValueHints;
import org.polyheap.ui.views.ReferencesView;

/** The Dominator Tree page on real snapshots: rows biggest first, expanded with Enter, labels, and revealing an object. */
class DominatorTreePageTest extends WindowTest {

    /**
     * Expands three levels along the biggest child with Enter (ranges of a big node on the way are
     * expanded too); children are sorted by retained size.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("org.polyheap.ui.WindowTest#formats")
    void enterExpandsARowWithItsBiggestChildFirst(String format, Path fixture, boolean fields) throws Exception {
        var editor = openShared(fixture);
        editor.showPage(SnapshotEditor.DOMINATORS);
        var page = editor.dominators();
        var tree = editor.snapshot().analyzed().analysis().dominatorTree();
        Tree widget = page.viewer().getTree();
        UiTestSupport.drainEvents();
        assertEquals(page.rows().rowCount(editor.snapshot()), widget.getItemCount(), "top level rows");
        TreeItem item = TreeRows.firstObjectRow(widget, null);
        ObjectRef ref = TreeRows.data(item);
        assertEquals(tree.children(DominatorTree.VIRTUAL_ROOT)[0], ref.objectId(), "biggest first");
        int expanded = 0;
        while (expanded < 3) {
            assertTrue(item.getText(0).contains(ref.displayId()), item.getText(0));
            int[] children = tree.children(ref.objectId());
            if (children.length == 0) break;
            TreeRows.enter(widget, item);
            assertTrue(item.getExpanded());
            assertEquals(page.rows().rowCount(ref), item.getItemCount(), "rows under " + ref.label());
            TreeItem first = TreeRows.firstObjectRow(widget, item);
            ObjectRef child = TreeRows.data(first);
            assertEquals(children[0], child.objectId(), "biggest child first");
            if (children.length > 1) assertTrue(child.retained() >= new ObjectRef(ref.snapshot(), children[1]).retained());
            assertEquals(Format.count(child.retained()), first.getText(2));
            item = first;
            ref = child;
            expanded++;
        }
        assertTrue(expanded >= 2, "levels expanded: " + expanded);
    }

    /** HPROF keeps string texts and array lengths in the dump, not the index: the tree's labels get them in the background. */
    @Test
    void hprofLabelsShowStringTextsReadFromTheDump() throws Exception {
        var editor = open(TestData.JACKSON_TREE);
        var snapshot = editor.snapshot();
        var tree = snapshot.analyzed().analysis().dominatorTree();
        int[] strings = ObjectSets.members(snapshot.graph(), tree, Grouping.CLASS, "java.lang.String", null);
        int string = Arrays.stream(strings).boxed().max(Comparator.comparingLong((Integer o) -> tree.retained().get(o))).orElseThrow();
        var ref = new ObjectRef(snapshot, string);
        String text = snapshot.value(string, ValueHints.MAX_CHARS);
        assertTrue(!text.isEmpty(), "the dump has the string's text");
        editor.showInDominatorTree(string);
        var page = editor.dominators();
        String expected = ref.label() + "  " + ValueHints.displayable(text);
        UiTestSupport.spinUntil(() -> page.item(ref) != null && page.item(ref).getText(0).equals(expected), 20_000, "the string's text in its row");
        assertTrue(page.item(ref) != null, "the string's row is there");
        assertEquals(expected, page.item(ref).getText(0), "the string's text in its row");
    }

    /** The object menu's "Open in Dominator Tree" on a referrer, from another page: the tree expands down to it and selects it. */
    @Test
    void openInDominatorTreeRevealsAndSelectsTheObject() throws Exception {
        var editor = openShared(PolyheapUi.sampleSnapshot());
        var tree = editor.snapshot().analyzed().analysis().dominatorTree();
        int deep = tree.children(tree.children(DominatorTree.VIRTUAL_ROOT)[0])[0];
        var window = UiTestSupport.window();
        var references = (ReferencesView) window.getActivePage().showView(ReferencesView.ID);
        var shown = new ObjectRef(editor.snapshot(), deep);
        int incoming = References.incoming(editor.snapshot().graph(), deep).size();
        references.show(shown, true); // its referrers
        UiTestSupport.spinUntil(() -> shown.equals(references.shown()) && references.rows().size() == incoming, UiTestSupport.TIMEOUT_MS,
                "incoming references listed");
        var referrer = references.rows().getFirst().object();
        editor.showPage(SnapshotEditor.OVERVIEW);
        ObjectMenu.openInDominatorTree(window.getActivePage(), referrer);
        UiTestSupport.drainEvents();
        assertEquals(SnapshotEditor.DOMINATORS, editor.activePage());
        assertEquals(referrer, ((StructuredSelection) editor.dominators().viewer().getStructuredSelection()).getFirstElement());
        assertEquals(referrer, editor.dominators().viewer().getTree().getSelection()[0].getData());
    }
}
