package org.polyheap.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;

import org.eclipse.jface.viewers.StructuredSelection;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.polyheap.analysis.DominatorTree;
import org.polyheap.analysis.PathsToRoots;
import org.polyheap.analysis.References;
import org.polyheap.model.Progress;
import org.polyheap.testdata.TestData;
import org.polyheap.ui.editor.Format;
import org.polyheap.ui.editor.SnapshotEditor;
import org.polyheap.ui.views.InspectorView;
import org.polyheap.ui.views.PathsView;
import org.polyheap.ui.views.ReferencesView;

/** The Inspector, Paths to GC Roots and References views on the object selected in the editor, on real snapshots. */
class LinkedViewsTest extends WindowTest {

    /**
     * The views follow the Dominator Tree's selection (an object three levels down the biggest
     * branch): the Inspector names it (with fields read from the file where the format keeps them
     * there), the first path is the shortest and ends at a named GC root, References lists every
     * incoming reference.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("org.polyheap.ui.WindowTest#formats")
    void viewsFollowTheSelectedObject(String format, Path fixture, boolean expectFields) throws Exception {
        var editor = openShared(fixture);
        var tree = editor.snapshot().analyzed().analysis().dominatorTree();
        int deep = tree.children(DominatorTree.VIRTUAL_ROOT)[0];
        for (int level = 0; level < 3 && tree.children(deep).length > 0; level++) deep = tree.children(deep)[0];
        editor.showInDominatorTree(deep);
        var ref = new ObjectRef(editor.snapshot(), deep);

        var page = UiTestSupport.window().getActivePage();
        var inspector = (InspectorView) page.showView(InspectorView.ID);
        var paths = (PathsView) page.showView(PathsView.ID);
        var references = (ReferencesView) page.showView(ReferencesView.ID);
        references.setIncoming(true); // the view keeps the direction an earlier test chose
        page.activate(editor);
        editor.dominators().viewer().setSelection(new StructuredSelection(ref), true);
        int incoming = References.incoming(ref.snapshot().graph(), ref.objectId()).size();
        UiTestSupport.spinUntil(() -> ref.equals(inspector.shown()) && ref.equals(paths.shown()) && ref.equals(references.shown()),
                10_000, "views follow the selection");
        UiTestSupport.spinUntil(() -> inspector.lines().stream().noneMatch(l -> l.value().equals("reading\u2026")),
                UiTestSupport.TIMEOUT_MS, "fields read");
        UiTestSupport.spinUntil(() -> paths.top() != null && ref.equals(paths.top().object()), UiTestSupport.TIMEOUT_MS, "paths searched");
        UiTestSupport.spinUntil(() -> references.rows().size() == incoming && references.getContentDescription().contains(" \u2014 " + Format.count(incoming) + " incoming"),
                UiTestSupport.TIMEOUT_MS, "incoming references listed");

        var lines = inspector.lines();
        assertEquals(ref.className(), lines.get(0).value());
        assertEquals(ref.displayId(), lines.get(1).value());
        assertTrue(lines.stream().anyMatch(l -> l.name().equals("Retained size") && l.value().startsWith(Format.count(ref.retained()))), lines.toString());
        if (expectFields) {
            assertTrue(lines.stream().anyMatch(l -> !l.type().isEmpty()), "fields read from the file: " + lines);
        }

        var top = paths.top();
        assertNotNull(top, "paths searched");
        assertEquals(ref, top.object());
        // follow the first branch to its end: a GC root, named
        var node = top;
        while (!node.children().isEmpty()) node = node.children().getFirst();
        assertTrue(node.rootKinds() != null && !node.rootKinds().isBlank(), "path ends at a named GC root: " + node.label());
        var expectedPath = editor.snapshot().analyzed().analysis().pathsToRoots(ref.objectId(), PathsToRoots.WEAK_KINDS, Progress.NONE).next();
        int depth = 0;
        for (var n = top; !n.children().isEmpty(); n = n.children().getFirst()) depth++;
        assertEquals(expectedPath.length(), depth, "first branch is the shortest path");

        page.showView(PathsView.ID);
        editor.showPage(SnapshotEditor.DOMINATORS);
        UiTestSupport.screenshot(format + "-inspector-paths");
    }

    @Test
    void v8InspectorShowsAClosuresSourceLocation() throws Exception {
        var editor = openShared(PolyheapUi.sampleSnapshot());
        var snapshot = editor.snapshot();
        var graph = snapshot.graph();
        // a closure of the page's own script: the parser keeps its location and finds the script's name
        int closure = -1;
        var scripts = graph.attribute("v8.location.script-id").orElseThrow();
        for (long k = 0; k < scripts.count() && closure < 0; k++) {
            int o = (int) scripts.object(k);
            if (new ObjectRef(snapshot, o).className().equals("Function")
                    && snapshot.facts(o).getOrDefault("Location", "").contains("todo-app.html:")) closure = o;
        }
        assertTrue(closure >= 0, "a closure of todo-app.html with a location");
        var ref = new ObjectRef(snapshot, closure);
        var inspector = (InspectorView) UiTestSupport.window().getActivePage().showView(InspectorView.ID);
        inspector.show(ref);
        UiTestSupport.spinUntil(() -> inspector.lines().stream().anyMatch(l -> l.name().equals("Location")),
                UiTestSupport.TIMEOUT_MS, "location shown");
        var location = inspector.lines().stream().filter(l -> l.name().equals("Location")).findFirst().orElseThrow();
        assertTrue(location.value().matches("http://127\\.0\\.0\\.1:\\d+/todo-app\\.html:\\d+:\\d+"), location.value());
        assertTrue(inspector.lines().stream().anyMatch(l -> l.name().equals("Script id") && l.value().matches("\\d+")),
                inspector.lines().toString());
        UiTestSupport.screenshot("v8-inspector-location");
    }

    /** Object #1689 of the small Dart fixture, an _ExternalUint8Array with one 64-byte external property (decode.js lists it). */
    @Test
    void dartInspectorShowsAnExternalArraysNativeMemory() throws Exception {
        var editor = openShared(TestData.DART_TINY);
        var external = new ObjectRef(editor.snapshot(), 1688);
        var inspector = (InspectorView) UiTestSupport.window().getActivePage().showView(InspectorView.ID);
        inspector.show(external);
        UiTestSupport.spinUntil(() -> external.equals(inspector.shown())
                && inspector.lines().stream().noneMatch(l -> l.value().equals("reading\u2026")), UiTestSupport.TIMEOUT_MS, "inspector");
        assertEquals("_ExternalUint8Array", inspector.lines().get(0).value());
        assertTrue(inspector.lines().stream().anyMatch(l -> l.name().equals("Native memory")
                && l.value().equals("64 bytes (Unknown native function)")), inspector.lines().toString());
        UiTestSupport.screenshot("dart-inspector-native-memory");
    }

    /**
     * Walking rows with the arrow keys: each new object cancels the search for the last one, whose
     * paths never reach the view; the newest object's paths do.
     */
    @Test
    void aNewObjectCancelsTheRunningSearch() throws Exception {
        var editor = openShared(TestData.JACKSON_TREE);
        var tree = editor.snapshot().analyzed().analysis().dominatorTree();
        int[] top = java.util.Arrays.stream(tree.children(DominatorTree.VIRTUAL_ROOT)).filter(o -> !tree.isGroup(o)).toArray();
        int first = top[0], second = top[1];
        var page = UiTestSupport.window().getActivePage();
        var paths = (PathsView) page.showView(PathsView.ID);
        var a = new ObjectRef(editor.snapshot(), first);
        var b = new ObjectRef(editor.snapshot(), second);
        paths.show(a);
        var searchA = paths.searchJob();
        paths.show(b); // before the first search can end: the same turn of the event loop
        var searchB = paths.searchJob();
        assertTrue(searchA != null && searchB != null && searchA != searchB, "one search per object");
        assertTrue(searchA.join(UiTestSupport.TIMEOUT_MS, null), "the first search ended");
        // canceled while waiting, it never ran (no result); canceled while running, it ends CANCEL; never OK
        var resultA = searchA.getResult();
        assertTrue(resultA == null || resultA.getSeverity() == org.eclipse.core.runtime.IStatus.CANCEL, "the first search was stopped: " + resultA);
        UiTestSupport.spinUntil(() -> paths.top() != null && b.equals(paths.top().object()), UiTestSupport.TIMEOUT_MS, "the newest object's paths");
        UiTestSupport.drainEvents();
        assertEquals(b, paths.top().object(), "no late result of the stopped search replaces them");
        assertTrue(searchB.join(UiTestSupport.TIMEOUT_MS, null), "the second search ended");
        assertEquals(org.eclipse.core.runtime.IStatus.OK, searchB.getResult().getSeverity());
    }
}
