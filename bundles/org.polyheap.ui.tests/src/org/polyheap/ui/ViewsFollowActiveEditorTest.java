package org.polyheap.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.util.List;

import org.eclipse.jface.dialogs.IDialogConstants;
import org.eclipse.jface.viewers.StructuredSelection;
import org.eclipse.ui.IWorkbenchPage;
import org.junit.jupiter.api.Test;
import org.polyheap.analysis.DominatorTree;
import org.polyheap.testdata.TestData;
import org.polyheap.ui.actions.CompareAction;
import org.polyheap.ui.editor.SnapshotEditor;
import org.polyheap.ui.views.ComparisonView;
import org.polyheap.ui.views.InspectorView;
import org.polyheap.ui.views.ObjectView;
import org.polyheap.ui.views.ObjectsView;
import org.polyheap.ui.views.PathsView;
import org.polyheap.ui.views.ReferencesView;

/** The views name the snapshot they show and follow the active snapshot editor (issue 19, item 5). */
class ViewsFollowActiveEditorTest extends WindowTest {

    /**
     * Views on a Java object; activating a V8 editor empties every view (none keeps the Java object),
     * selecting there shows the V8 object under its file's name, going back to the Java editor shows
     * its selection again, and closing the V8 editor leaves none of its objects shown.
     */
    @Test
    void viewsFollowTheActiveSnapshotEditor() throws Exception {
        var java = UiTestSupport.open(TestData.copy(TestData.JACKSON_TREE, Files.createDirectories(dir.resolve("java"))));
        var baseline = UiTestSupport.open(TestData.copy(TestData.GEN_40, Files.createDirectories(dir.resolve("baseline"))));
        var page = UiTestSupport.window().getActivePage();
        page.activate(java);
        UiTestSupport.whenShellOpens(CompareAction.TITLE, shell -> UiTestSupport.press(shell, IDialogConstants.OK_ID));
        new CompareAction(UiTestSupport.window()).run();
        var comparison = (ComparisonView) page.findView(ComparisonView.ID);
        UiTestSupport.spinUntil(() -> comparison != null && comparison.table() != null, UiTestSupport.TIMEOUT_MS, "the comparison");

        var javaObject = select(java, page);
        var views = List.<ObjectView>of((InspectorView) page.showView(InspectorView.ID), (PathsView) page.showView(PathsView.ID),
                (ReferencesView) page.showView(ReferencesView.ID));
        var objects = (ObjectsView) page.showView(ObjectsView.ID);
        UiTestSupport.waitFor(objects.show(java.snapshot(), "a test's objects", () -> new int[] { javaObject.objectId() }));
        page.activate(java);
        UiTestSupport.spinUntil(() -> views.stream().allMatch(v -> javaObject.equals(v.shown())), 10_000, "views on the Java object");
        for (var v : views) {
            UiTestSupport.spinUntil(() -> v.getContentDescription().startsWith("jackson-tree.hprof.gz \u2014 "), UiTestSupport.TIMEOUT_MS,
                    v.getTitle() + " names the snapshot: " + v.getContentDescription());
        }
        assertTrue(objects.getContentDescription().startsWith("jackson-tree.hprof.gz \u2014 1 object of "), objects.getContentDescription());
        page.activate(baseline); // part of the comparison: the comparison stays
        assertTrue(comparison.table() != null, "the comparison stays while one of its snapshots is active");

        var v8 = UiTestSupport.open(TestData.copy(TestData.CHROME_TODO, Files.createDirectories(dir.resolve("v8"))));
        assertEquals(v8, page.getActiveEditor());
        for (var v : views) {
            assertNull(v.shown(), v.getTitle() + " keeps no Java object while the V8 editor is active");
            assertEquals("chrome-todo.heapsnapshot.gz \u2014 no object selected", v.getContentDescription(), v.getTitle());
        }
        assertEquals(0, objects.objects().length, "the Objects view lets go of the Java objects");
        assertNull(comparison.table(), "the comparison of two other snapshots is emptied");
        page.showView(InspectorView.ID);
        page.activate(v8);
        UiTestSupport.screenshot("views-follow-active-editor-empty");

        var v8Object = select(v8, page);
        UiTestSupport.spinUntil(() -> views.stream().allMatch(v -> v8Object.equals(v.shown())), 10_000, "views on the V8 object");
        for (var v : views) {
            UiTestSupport.spinUntil(() -> v.getContentDescription().startsWith("chrome-todo.heapsnapshot.gz \u2014 "), UiTestSupport.TIMEOUT_MS,
                    v.getTitle() + " names the V8 snapshot: " + v.getContentDescription());
        }
        page.showView(InspectorView.ID);
        page.activate(v8);
        UiTestSupport.screenshot("views-follow-active-editor");

        page.activate(java); // back: the Java editor's selection again
        UiTestSupport.spinUntil(() -> views.stream().allMatch(v -> javaObject.equals(v.shown())), 10_000, "views back on the Java object");

        page.activate(v8);
        UiTestSupport.spinUntil(() -> views.stream().allMatch(v -> v8Object.equals(v.shown())), 10_000, "views on the V8 object again");
        page.closeEditor(v8, false);
        UiTestSupport.spinUntil(() -> views.stream().noneMatch(v -> v.shown() != null && v.shown().snapshot() == v8Object.snapshot()),
                10_000, "views let go of the closed snapshot's object");
        for (var v : views) assertFalse(v.getContentDescription().contains("chrome-todo"), v.getContentDescription());
    }

    /** Selects, in the Dominator Tree, an object a few levels down the biggest branch; returns it. */
    private static ObjectRef select(SnapshotEditor editor, IWorkbenchPage page) {
        page.activate(editor);
        var tree = editor.snapshot().analyzed().analysis().dominatorTree();
        int deep = tree.children(DominatorTree.VIRTUAL_ROOT)[0];
        for (int level = 0; level < 2 && tree.children(deep).length > 0; level++) deep = tree.children(deep)[0];
        editor.showInDominatorTree(deep);
        var ref = new ObjectRef(editor.snapshot(), deep);
        editor.dominators().viewer().setSelection(new StructuredSelection(ref), true);
        return ref;
    }
}
