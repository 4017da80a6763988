package org.polyheap.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.polyheap.ui.editor.ObjectMenu.OPEN_IN_TREE;
import static org.polyheap.ui.editor.ObjectMenu.PATHS;
import static org.polyheap.ui.editor.ObjectMenu.RETAINED_SET;

import java.util.List;

import org.eclipse.swt.widgets.TreeItem;
import org.junit.jupiter.api.Test;
import org.polyheap.analysis.Reference;
import org.polyheap.analysis.References;
import org.polyheap.model.HeapGraph;
import org.polyheap.testdata.TestData;
import org.polyheap.ui.editor.Format;
import org.polyheap.ui.editor.SnapshotEditor;
import org.polyheap.ui.views.ReferencesView;

/** The References view is a tree: the object on top, its referrers (or referents) below, each expandable in turn. */
class ReferencesTreeTest extends WindowTest {

    private static ReferencesView view(SnapshotEditor editor) throws Exception {
        var page = UiTestSupport.window().getActivePage();
        var view = (ReferencesView) page.showView(ReferencesView.ID);
        page.activate(editor);
        return view;
    }

    private static void showAndWait(ReferencesView view, ObjectRef ref, boolean incoming, int expected) {
        view.show(ref, incoming);
        UiTestSupport.spinUntil(() -> ref.equals(view.shown()) && view.incoming() == incoming && view.rows().size() == expected,
                UiTestSupport.TIMEOUT_MS, (incoming ? "incoming" : "outgoing") + " references of " + ref.label());
        UiTestSupport.drainEvents();
    }

    /** A row's cells as the user reads them: object, reference name, kind, shallow and retained bytes. */
    private static void assertRow(TreeItem item, ObjectRef object, Reference via) {
        assertEquals(object.label(), item.getText(0));
        assertEquals(via.name().isEmpty() ? via.kind().name().toLowerCase() : via.name(), item.getText(1));
        assertEquals(Format.bytes(object.shallow()), item.getText(3));
        assertEquals(Format.bytes(object.retained()), item.getText(4));
    }

    /** An object with a few referrers, one of which has referrers of its own: the second level is the referrer's incoming references. */
    @Test
    void incomingReferencesExpandLevelByLevel() throws Exception {
        var editor = openShared(TestData.JACKSON_TREE);
        var snapshot = editor.snapshot();
        HeapGraph g = snapshot.graph();
        int object = -1, referrer = -1;
        for (int o : snapshot.top().objects()) { // a big object held by a few objects that are held themselves
            var in = References.incoming(g, o);
            if (in.size() >= 2 && in.size() < 50 && !References.incoming(g, in.getFirst().from()).isEmpty()) {
                object = o;
                referrer = in.getFirst().from();
                break;
            }
        }
        assertTrue(object >= 0, "an object with referrers that have referrers");
        var ref = new ObjectRef(snapshot, object);
        List<Reference> in = References.incoming(g, object);
        var view = view(editor);
        showAndWait(view, ref, true, in.size());
        var tree = view.viewer().getTree();
        TreeItem top = tree.getItem(0);
        assertEquals(ref.label(), top.getText(0));
        assertTrue(top.getExpanded(), "the object's row opens on its referrers");
        assertEquals(in.size(), top.getItemCount());
        for (int i = 0; i < in.size(); i++) assertRow(top.getItem(i), new ObjectRef(snapshot, in.get(i).from()), in.get(i));

        TreeItem first = top.getItem(0);
        view.expand(first);
        UiTestSupport.drainEvents();
        List<Reference> second = References.incoming(g, referrer);
        assertEquals(second.size(), first.getItemCount(), "the referrer's own referrers");
        for (int i = 0; i < second.size(); i++) assertRow(first.getItem(i), new ObjectRef(snapshot, second.get(i).from()), second.get(i));

        TreeItem nested = first.getItem(0); // every row is an object row
        tree.setSelection(nested);
        var menu = UiTestSupport.menuTexts(tree.getMenu());
        assertTrue(menu.containsAll(List.of(PATHS, RETAINED_SET, OPEN_IN_TREE)), menu.toString());
        tree.showItem(nested);
        UiTestSupport.screenshot("hprof-references-tree");
    }

    /** Outgoing: a referent with thousands of references of its own is listed in a job, then shows them all. */
    @Test
    void outgoingReferencesOfABigReferentAreListedInAJob() throws Exception {
        var editor = openShared(TestData.JACKSON_TREE);
        var snapshot = editor.snapshot();
        HeapGraph g = snapshot.graph();
        int big = -1;
        for (int o = 0; o < g.objectCount() && big < 0; o++) {
            long out = g.outStart().get(o + 1) - g.outStart().get(o);
            if (out >= ReferencesView.LIST_HERE && !References.incoming(g, o).isEmpty()) big = o;
        }
        assertTrue(big >= 0, "an object with " + ReferencesView.LIST_HERE + " references or more");
        Reference into = References.incoming(g, big).getFirst();
        var holder = new ObjectRef(snapshot, into.from());
        List<Reference> out = References.outgoing(g, into.from());
        var view = view(editor);
        showAndWait(view, holder, false, out.size());
        TreeItem top = view.viewer().getTree().getItem(0);
        int at = out.indexOf(into);
        TreeItem bigRow = top.getItem(at);
        assertRow(bigRow, new ObjectRef(snapshot, big), into);
        view.expand(bigRow);
        List<Reference> bigOut = References.outgoing(g, big);
        UiTestSupport.spinUntil(() -> bigRow.getItemCount() == bigOut.size() && !bigRow.getItem(0).getText(0).equals("listing\u2026"),
                UiTestSupport.TIMEOUT_MS, "the big object's references");
        assertRow(bigRow.getItem(bigOut.size() - 1), new ObjectRef(snapshot, bigOut.getLast().to()), bigOut.getLast());
    }
}
