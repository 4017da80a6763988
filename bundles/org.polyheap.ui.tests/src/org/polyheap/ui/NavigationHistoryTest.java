package org.polyheap.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Event;
import org.eclipse.swt.widgets.ToolBar;
import org.eclipse.swt.widgets.ToolItem;
import org.eclipse.ui.IWorkbenchCommandConstants;
import org.junit.jupiter.api.Test;
import org.polyheap.analysis.DominatorTree;
import org.polyheap.analysis.Grouping;
import org.polyheap.testdata.TestData;
import org.polyheap.ui.editor.ObjectMenu;
import org.polyheap.ui.editor.SnapshotEditor;
import org.polyheap.ui.navigation.NavigationHistory;
import org.polyheap.ui.views.InspectorView;
import org.polyheap.ui.views.PathsView;
import org.polyheap.ui.views.ReferencesView;

/**
 * Back and forward across selections and queries, driven through the real key bindings (Alt+← and
 * Alt+→ as X key events), the tool bar's buttons and the Navigate menu, on a real Java heap dump: each
 * step back shows the editor page, histogram, tree selection and views of the step before.
 */
class NavigationHistoryTest extends WindowTest {
    private static final Path HPROF = TestData.JACKSON_TREE;

    /** What a step showed, as the test checks it. */
    private record Shown(int page, Grouping grouping, String filter, boolean wholeHeap, ObjectRef tree, ObjectRef inspector,
            ObjectRef paths, ObjectRef references, boolean incoming) { }

    @Test
    void backAndForwardShowWhatTheEditorAndTheViewsShowed() throws Exception {
        var editor = open(HPROF);
        var window = UiTestSupport.window();
        var page = window.getActivePage();
        var history = NavigationHistory.of(window);
        var inspector = (InspectorView) page.showView(InspectorView.ID);
        page.showView(ReferencesView.ID);
        page.showView(PathsView.ID);
        page.activate(editor);
        settle();
        var tree = editor.snapshot().analyzed().analysis().dominatorTree();
        int a = tree.children(DominatorTree.VIRTUAL_ROOT)[0];
        int b = tree.children(a)[0];
        var widget = editor.dominators().viewer().getTree();
        var steps = new ArrayList<Shown>();
        var positions = new ArrayList<Integer>();

        editor.showInDominatorTree(a);                       // select an object
        settle();
        steps.add(shown(editor));
        positions.add(history.position());
        editor.showInDominatorTree(b);                       // select another
        settle();
        steps.add(shown(editor));
        positions.add(history.position());
        UiTestSupport.clickMenu(widget, ObjectMenu.OUTGOING); // a query: its outgoing references
        settle();
        steps.add(shown(editor));
        positions.add(history.position());
        editor.showPage(SnapshotEditor.HISTOGRAM);
        for (char c : "String".toCharArray()) {                // typing: one step, not six
            editor.histogram().filterText().insert(String.valueOf(c));
            UiTestSupport.drainEvents();
        }
        settle();
        steps.add(shown(editor));
        positions.add(history.position());
        var combo = UiTestSupport.comboWith(editor.histogram().filterText().getParent(), "library"); // group by script (a job; V8 has no packages)
        combo.select(combo.indexOf("library"));
        combo.notifyListeners(SWT.Selection, new Event());
        settle();
        steps.add(shown(editor));
        positions.add(history.position());
        editor.showPage(SnapshotEditor.DOMINATORS);           // the retained set of b, from the tree's menu
        UiTestSupport.clickMenu(widget, ObjectMenu.RETAINED_SET);
        settle();
        steps.add(shown(editor));
        positions.add(history.position());

        for (int i = 1; i < positions.size(); i++) {
            assertEquals(positions.get(i - 1) + 1, positions.get(i), "one step per action (typing six letters is one): " + history.steps());
        }
        checkStep(steps.get(5), editor, "retained set");
        assertFalse(steps.get(5).wholeHeap());
        assertEquals(SnapshotEditor.HISTOGRAM, steps.get(5).page());

        pressAlt(SWT.ARROW_LEFT, history, positions.get(4));               // Alt+←
        checkStep(steps.get(4), editor, "grouping by library");
        toolItem("Back").notifyListeners(SWT.Selection, new Event()); // the tool bar's Back
        settle();
        checkStep(steps.get(3), editor, "filter typed");
        runCommand(IWorkbenchCommandConstants.NAVIGATE_BACKWARD_HISTORY);
        checkStep(steps.get(2), editor, "outgoing references");
        runCommand(IWorkbenchCommandConstants.NAVIGATE_BACKWARD_HISTORY);
        checkStep(steps.get(1), editor, "second selection");
        runCommand(IWorkbenchCommandConstants.NAVIGATE_BACKWARD_HISTORY);
        checkStep(steps.get(0), editor, "first selection");
        assertEquals(a, inspector.shown().objectId());

        pressAlt(SWT.ARROW_RIGHT, history, positions.get(1));              // Alt+→
        checkStep(steps.get(1), editor, "forward to the second selection");
        toolItem("Forward").notifyListeners(SWT.Selection, new Event());
        settle();
        checkStep(steps.get(2), editor, "forward to outgoing references");
        assertTrue(history.canGoForward());

        // a new step drops the steps ahead
        editor.showInDominatorTree(tree.children(DominatorTree.VIRTUAL_ROOT)[1]);
        settle();
        assertFalse(history.canGoForward(), () -> history.steps() + " at " + history.position());
        assertFalse(toolItem("Forward").getEnabled());
        assertTrue(toolItem("Back").getEnabled());
        UiTestSupport.screenshot("navigation-history");

        // closing the editor drops its steps
        UiTestSupport.closeAllEditors();
        settle();
        assertFalse(history.canGoBack(), () -> history.steps() + " at " + history.position() + "; closed " + editor.snapshot().isClosed());
        assertFalse(history.canGoForward());
    }

    @Test
    void bindingsAndMenu() {
        var bindings = UiTestSupport.window().getService(org.eclipse.ui.keys.IBindingService.class);
        assertEquals("Alt+\u2190", bindings.getBestActiveBindingFormattedFor(IWorkbenchCommandConstants.NAVIGATE_BACKWARD_HISTORY));
        assertEquals("Alt+\u2192", bindings.getBestActiveBindingFormattedFor(IWorkbenchCommandConstants.NAVIGATE_FORWARD_HISTORY));
        var bar = UiTestSupport.window().getShell().getMenuBar();
        List<String> navigate = null;
        for (var item : bar.getItems()) {
            if (item.getText().replace("&", "").equals("Navigate")) navigate = UiTestSupport.menuTexts(item.getMenu());
        }
        assertNotNull(navigate, "a Navigate menu");
        assertTrue(navigate.get(0).startsWith("Back") && navigate.get(1).startsWith("Forward"), navigate.toString());
        assertNotNull(toolItem("Back"));
        assertNull(toolItem("Nothing like this"));
    }

    private static Shown shown(SnapshotEditor editor) {
        var page = UiTestSupport.window().getActivePage();
        var h = editor.histogram();
        var tree = editor.dominators().viewer().getStructuredSelection().getFirstElement();
        var refs = (ReferencesView) page.findView(ReferencesView.ID);
        return new Shown(editor.activePage(), h.grouping(), h.filterText().getText(), h.scope().isWholeHeap(),
                tree instanceof ObjectRef r ? r : null, ((InspectorView) page.findView(InspectorView.ID)).shown(),
                ((PathsView) page.findView(PathsView.ID)).shown(), refs.shown(), refs.incoming());
    }

    private static void checkStep(Shown expected, SnapshotEditor editor, String what) {
        settle();
        assertEquals(expected, shown(editor), what);
        assertEquals(expected.filter(), editor.histogram().rows().filterText(), what + ": the rows shown follow the filter");
    }

    /**
     * Lets marks, jobs (and the jobs their results start) and the views' searches finish: twice in a
     * row, after the pending events have run (a mark captures a turn later; a finished job's result
     * arrives by asyncExec and may start another job), no job runs or waits and the histogram is settled.
     */
    private static void settle() {
        var idleTurns = new int[1];
        UiTestSupport.spinUntil(() -> {
            UiTestSupport.drainEvents();
            idleTurns[0] = idle() ? idleTurns[0] + 1 : 0;
            return idleTurns[0] >= 2;
        }, UiTestSupport.TIMEOUT_MS, "jobs, marks and views to finish");
    }

    private static boolean idle() {
        for (var job : org.eclipse.core.runtime.jobs.Job.getJobManager().find(null)) {
            if (job.getState() == org.eclipse.core.runtime.jobs.Job.RUNNING || job.getState() == org.eclipse.core.runtime.jobs.Job.WAITING) return false;
        }
        return !(UiTestSupport.window().getActivePage().getActiveEditor() instanceof SnapshotEditor e) || e.histogram().settled();
    }

    /**
     * Alt + an arrow key, as X key events: through GTK, the workbench's key bindings and our handler.
     * The events go through the X server, so this waits for the window to be active before and for the
     * history to reach {@code position} after (under load they arrive late, not lost).
     */
    private static void pressAlt(int arrow, NavigationHistory history, int position) {
        var shell = UiTestSupport.window().getShell();
        var display = UiTestSupport.display();
        shell.forceActive();
        UiTestSupport.spinUntil(() -> display.getActiveShell() == shell, 10_000, "the window active");
        display.post(key(SWT.KeyDown, SWT.ALT));
        display.post(key(SWT.KeyDown, arrow));
        display.post(key(SWT.KeyUp, arrow));
        display.post(key(SWT.KeyUp, SWT.ALT));
        UiTestSupport.spinUntil(() -> history.position() == position, UiTestSupport.TIMEOUT_MS,
                "Alt+arrow to reach step " + position + " of " + history.steps());
        settle();
    }

    private static Event key(int type, int keyCode) {
        var e = new Event();
        e.type = type;
        e.keyCode = keyCode;
        return e;
    }

    private static void runCommand(String id) throws Exception {
        UiTestSupport.window().getService(org.eclipse.ui.handlers.IHandlerService.class).executeCommand(id, null);
        settle();
    }

    /** The window's tool item whose tool tip starts with {@code tip}, or null. */
    private static ToolItem toolItem(String tip) {
        var found = new ArrayList<ToolItem>();
        collect(UiTestSupport.window().getShell(), tip, found);
        return found.isEmpty() ? null : found.getFirst();
    }

    private static void collect(Control c, String tip, List<ToolItem> found) {
        if (c instanceof ToolBar bar) {
            for (ToolItem item : bar.getItems()) {
                if (item.getToolTipText() != null && item.getToolTipText().startsWith(tip)) found.add(item);
            }
        }
        if (c instanceof Composite composite) for (Control child : composite.getChildren()) collect(child, tip, found);
    }
}
