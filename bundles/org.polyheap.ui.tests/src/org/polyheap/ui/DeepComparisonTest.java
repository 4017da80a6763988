package org.polyheap.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.eclipse.jface.dialogs.IDialogConstants;
import org.eclipse.jface.viewers.StructuredSelection;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Event;
import org.eclipse.swt.widgets.Table;
import org.junit.jupiter.api.Test;
import org.polyheap.model.HeapGraph;
import org.polyheap.testdata.TestData;
import org.polyheap.ui.actions.CompareAction;
import org.polyheap.ui.editor.Format;
import org.polyheap.ui.editor.ObjectMenu;
import org.polyheap.ui.editor.SnapshotEditor;
import org.polyheap.ui.views.ComparisonView;
import org.polyheap.ui.views.InspectorView;

/**
 * Deep comparison (issue 19, item 6) on two V8 snapshots of one Node.js process, between which it made
 * 2,000 {@code Session} objects and let 200 go: the object counts in the line above, the retained
 * delta, sorting, the filter, and a class's new and removed objects with the object menu.
 */
class DeepComparisonTest extends WindowTest {

    @Test
    void objectCountsAreTheSetDifferencesOfNodeIds() throws Exception {
        var view = compare();
        HeapGraph a = view.baseline().graph(), b = view.current().graph();
        Set<Long> before = ids(a), after = ids(b);
        long added = after.stream().filter(id -> !before.contains(id)).count();
        long removed = before.stream().filter(id -> !after.contains(id)).count();
        long kept = after.size() - added;
        String expected = "Objects: " + Format.count(added) + " new, " + Format.count(removed) + " removed, "
                + Format.count(kept) + " kept (matched by node id).";
        assertEquals(expected, view.summary().getText());
        assertTrue(view.summary().getToolTipText().startsWith("New: objects of the newer snapshot"), view.summary().getToolTipText());
    }

    /**
     * The issue's case: many Dart objects have no identity hash (strings, lists, maps, numbers), so "new"
     * and "removed" cover only the hashed ones; the line says how many objects on each side were left to
     * the class counts.
     */
    @Test
    void dartCountsSayWhatWasNotMatched() throws Exception {
        var view = compare(TestData.DART_TINY, TestData.DART_AFTER_GC);
        HeapGraph a = view.baseline().graph(), b = view.current().graph();
        var keys = new java.util.HashMap<String, int[]>();
        long[] unhashed = {dartKeys(a, keys, 0), dartKeys(b, keys, 1)};
        long added = 0, removed = 0, kept = 0, ambiguousA = 0, ambiguousB = 0;
        for (int[] n : keys.values()) {
            if (n[0] > 1 || n[1] > 1) {
                ambiguousA += n[0];
                ambiguousB += n[1];
            } else if (n[0] == 1 && n[1] == 1) {
                kept++;
            } else if (n[1] == 1) {
                added++;
            } else {
                removed++;
            }
        }
        String expected = "Objects: " + Format.count(added) + " new, " + Format.count(removed) + " removed, " + Format.count(kept)
                + " kept (matched by class and identity hash); not matched, so counted per class only: "
                + Format.count(unhashed[1] + ambiguousB) + " of " + Format.count(b.objectCount()) + " objects after, "
                + Format.count(unhashed[0] + ambiguousA) + " of " + Format.count(a.objectCount()) + " before (no identity hash).";
        assertEquals(expected, view.summary().getText());
        assertTrue(view.summary().getToolTipText().contains("writes no identity hash for strings, lists, maps"), view.summary().getToolTipText());
        screenshotMaximized(view, "comparison-dart-summary");
    }

    /**
     * Dart DevTools' Diff per class: New, Removed and Kept objects (matched by class and identity hash)
     * beside the change in objects, in view first; the figures are those the independent decoder reads
     * from the files (dart-sass-ia32-a-vs-d.class-diff.txt), and a selected class lists as many new and
     * removed objects as its row counts.
     */
    @Test
    void dartClassesShowTheirNewRemovedAndKeptObjects() throws Exception {
        var reference = new java.util.HashMap<String, long[]>();
        for (String line : java.nio.file.Files.readAllLines(TestData.dart("dart-sass-ia32-a-vs-d.class-diff.txt"))) {
            String[] f = line.split("\t");
            if (!f[0].equals("diff")) continue;
            long[] v = new long[f.length - 2];
            for (int i = 0; i < v.length; i++) v[i] = Long.parseLong(f[i + 2]);
            reference.put(f[1], v); // objects A, B, new, removed, kept, ...
        }
        var view = compare(TestData.DART_TINY, TestData.DART_AFTER_GC);
        Table t = view.viewer().getTable();
        int name = column(t, "Class"), delta = column(t, "Objects delta"), added = column(t, "New"), removed = column(t, "Removed"),
                kept = column(t, "Kept");
        int[] order = t.getColumnOrder();
        assertEquals(List.of(name, delta, added, removed), List.of(order[0], order[1], order[2], order[3]),
                "the change in objects, then the new and removed ones, in view without scrolling");
        view.filter().setText("^_Future$");
        UiTestSupport.drainEvents();
        assertEquals(1, t.getItemCount());
        long[] future = reference.get("_Future");
        assertEquals(List.of("_Future", "-51", Format.count(future[2]), Format.count(future[3]), Format.count(future[4])),
                List.of(t.getItem(0).getText(name), t.getItem(0).getText(delta), t.getItem(0).getText(added),
                        t.getItem(0).getText(removed), t.getItem(0).getText(kept)));
        t.setSelection(0);
        var click = new Event();
        click.item = t.getItem(0);
        t.notifyListeners(SWT.Selection, click);
        UiTestSupport.drainEvents();
        assertEquals(future[2] + future[3], view.changedObjects().getTable().getItemCount(), "the row's new and removed objects listed");
        assertTrue(view.changedTitle().getText().startsWith("_Future: " + future[2] + " new in dart-sass-ia32-d-after-gc.dartheap.gz, "
                + future[3] + " removed from dart-sass-ia32-a-tiny.dartheap.gz"), view.changedTitle().getText());
        screenshotMaximized(view, "comparison-dart-future-classes");

        view.filter().setText(""); // every row as the reference has it
        UiTestSupport.drainEvents();
        for (Object[] row : view.shownRows()) {
            long[] r = reference.get((String) row[0]);
            var table = view.table();
            assertEquals(List.of(r[2], r[3], r[4]), List.of(row[index(table, "new")], row[index(table, "removed")],
                    row[index(table, "kept")]), (String) row[0]);
        }
        assertEquals(reference.size(), view.shownRows().size());
        click(t, added); // biggest New first
        assertEquals(reference.values().stream().mapToLong(r -> r[2]).max().orElseThrow(),
                Long.parseLong(t.getItem(0).getText(added).replace(",", "")));
        t.setSelection(0); // the top class's objects below it
        click = new Event();
        click.item = t.getItem(0);
        t.notifyListeners(SWT.Selection, click);
        UiTestSupport.drainEvents();
        assertTrue(view.changedTitle().getText().startsWith(t.getItem(0).getText(name) + ": " + t.getItem(0).getText(added) + " new"),
                view.changedTitle().getText());
        screenshotMaximized(view, "comparison-dart-sorted-by-new");
    }

    private static int index(org.polyheap.report.table.Table table, String key) {
        for (int i = 0; i < table.columns().size(); i++) if (table.columns().get(i).key().equals(key)) return i;
        throw new AssertionError("no column " + key);
    }

    /** Counts each hashed object's (class, library, hash) on one side; returns the objects without a hash. */
    private static long dartKeys(HeapGraph g, java.util.Map<String, int[]> keys, int side) {
        long none = 0;
        for (int o = 0; o < g.objectCount(); o++) {
            long hash = g.identity().get(o);
            if (hash == 0) {
                none++;
                continue;
            }
            var c = g.classes().get(g.objectClass().get(o));
            keys.computeIfAbsent(c.name() + "\u0000" + c.library() + "\u0000" + hash, k -> new int[2])[side]++;
        }
        return none;
    }

    @Test
    void classesSortByRetainedGrowthFirstAndByAClickedColumn() throws Exception {
        var view = compare();
        Table t = view.viewer().getTable();
        int retained = column(t, "Retained delta"), objects = column(t, "Objects delta"), name = column(t, "Class");
        assertEquals(t.getColumn(retained), t.getSortColumn(), "sorted by the retained delta at first");
        assertEquals(SWT.DOWN, t.getSortDirection());
        assertOrdered(t, retained, true);
        assertEquals("", view.filter().getText(), "a new comparison starts unfiltered");
        assertEquals(view.table().rows().size(), t.getItemCount());
        screenshotMaximized(view, "comparison-v8-sorted-by-retained-delta");

        click(t, objects);
        assertEquals(t.getColumn(objects), t.getSortColumn());
        assertOrdered(t, objects, true);
        click(t, objects);
        assertEquals(SWT.UP, t.getSortDirection(), "again: the other way");
        assertOrdered(t, objects, false);
        click(t, name);
        for (int i = 1; i < Math.min(50, t.getItemCount()); i++) {
            assertTrue(t.getItem(i - 1).getText(name).compareToIgnoreCase(t.getItem(i).getText(name)) <= 0, "names A\u2013Z");
        }
    }

    @Test
    void theFilterKeepsMatchingClassesAndIsNamed() throws Exception {
        var view = compare();
        view.filter().setText("sess");
        UiTestSupport.drainEvents();
        long expected = view.table().rows().stream().filter(r -> ((String) r[0]).toLowerCase().contains("sess")).count();
        Table t = view.viewer().getTable();
        assertEquals(expected, t.getItemCount());
        assertTrue(expected >= 1, "Session at least");
        for (int i = 0; i < t.getItemCount(); i++) assertTrue(t.getItem(i).getText(0).toLowerCase().contains("sess"), t.getItem(i).getText(0));
        assertEquals(Format.count(expected) + " of " + Format.count(view.table().rows().size()) + " classes matching \u201csess\u201d",
                view.rowCount().getText());
        view.filter().setText("");
        UiTestSupport.drainEvents();
        assertEquals(view.table().rows().size(), t.getItemCount());
    }

    /** Session's new objects belong to the newer snapshot, its removed ones to the baseline; the object menu acts on the right one. */
    @Test
    void aClassListsItsNewAndRemovedObjectsInTheirOwnSnapshots() throws Exception {
        var view = compare();
        var page = UiTestSupport.window().getActivePage();
        var inspector = (InspectorView) page.showView(InspectorView.ID);
        page.activate(view);
        view.filter().setText("^Session$");
        UiTestSupport.drainEvents();
        assertEquals(1, view.shownRows().size());
        Object[] session = view.shownRows().getFirst();
        assertEquals(List.of(500L, 2300L, 1800L), List.of(session[1], session[2], session[3]));
        Table classes = view.viewer().getTable(); // a click on the row
        assertEquals("Session", classes.getItem(0).getText(0));
        classes.setSelection(0);
        var click = new Event();
        click.item = classes.getItem(0);
        classes.notifyListeners(SWT.Selection, click);
        UiTestSupport.drainEvents();

        var objects = view.changedObjects();
        Table rows = objects.getTable();
        assertEquals("Session: 2,000 new in node-sessions-b.heapsnapshot.gz, 200 removed from node-sessions-a.heapsnapshot.gz"
                + " \u2014 biggest retained first", view.changedTitle().getText());
        assertEquals(2200, rows.getItemCount(), "2,000 new and 200 removed Sessions");
        assertEquals("new", rows.getItem(0).getText(0));
        assertTrue(rows.getItem(0).getText(1).startsWith("Session @"), rows.getItem(0).getText(1));
        assertEquals("removed", rows.getItem(2199).getText(0));
        var newOne = (ObjectRef) objects.getElementAt(0);
        var removedOne = (ObjectRef) objects.getElementAt(2199);
        assertEquals(view.current(), newOne.snapshot());
        assertEquals(view.baseline(), removedOne.snapshot());

        objects.setSelection(new StructuredSelection(removedOne), true);
        UiTestSupport.spinUntil(() -> removedOne.equals(inspector.shown()), UiTestSupport.TIMEOUT_MS, "the Inspector on the removed Session");
        assertTrue(inspector.getContentDescription().startsWith("node-sessions-a.heapsnapshot.gz \u2014 "), inspector.getContentDescription());
        screenshotMaximized(view, "comparison-v8-session-objects");

        objects.setSelection(new StructuredSelection(newOne), true);
        assertTrue(UiTestSupport.menuTexts(rows.getMenu()).containsAll(List.of(ObjectMenu.PATHS, ObjectMenu.RETAINED_SET, ObjectMenu.OPEN_IN_TREE)),
                UiTestSupport.menuTexts(rows.getMenu()).toString());
        UiTestSupport.clickMenu(rows, ObjectMenu.OPEN_IN_TREE);
        var editor = (SnapshotEditor) page.getActiveEditor();
        assertEquals(view.current(), editor.snapshot(), "the new object's snapshot is the newer one");
        assertEquals(SnapshotEditor.DOMINATORS, editor.activePage());
        assertEquals(newOne, editor.dominators().viewer().getStructuredSelection().getFirstElement());
    }

    /** Opens both snapshots (the newer one active) and compares them; the view once it shows the comparison. */
    private ComparisonView compare() throws Exception {
        var view = compare(TestData.NODE_SESSIONS_BEFORE, TestData.NODE_SESSIONS_AFTER);
        assertEquals("node-sessions-a.heapsnapshot.gz", view.baseline().fileName());
        return view;
    }

    private ComparisonView compare(java.nio.file.Path before, java.nio.file.Path after) throws Exception {
        UiTestSupport.open(copy(before));
        UiTestSupport.open(copy(after));
        UiTestSupport.whenShellOpens(CompareAction.TITLE, shell -> UiTestSupport.press(shell, IDialogConstants.OK_ID));
        new CompareAction(UiTestSupport.window()).run();
        var view = (ComparisonView) UiTestSupport.window().getActivePage().findView(ComparisonView.ID);
        UiTestSupport.spinUntil(() -> view != null && view.table() != null, UiTestSupport.TIMEOUT_MS, "the comparison");
        return view;
    }

    /** A screenshot with the view maximized, as one reads a comparison (the bottom area is short); then restored. */
    private static void screenshotMaximized(ComparisonView view, String name) throws Exception {
        var page = UiTestSupport.window().getActivePage();
        var ref = page.getReference(view);
        page.activate(view);
        page.setPartState(ref, org.eclipse.ui.IWorkbenchPage.STATE_MAXIMIZED);
        UiTestSupport.drainEvents();
        try {
            UiTestSupport.screenshot(name);
        } finally {
            page.setPartState(ref, org.eclipse.ui.IWorkbenchPage.STATE_RESTORED);
            UiTestSupport.drainEvents();
        }
    }

    private static Set<Long> ids(HeapGraph g) {
        var out = new HashSet<Long>();
        for (int o = 0; o < g.objectCount(); o++) out.add(g.identity().get(o));
        assertEquals(g.objectCount(), out.size(), "V8 node ids are unique");
        return out;
    }

    private static int column(Table t, String title) {
        for (int i = 0; i < t.getColumnCount(); i++) if (t.getColumn(i).getText().equals(title)) return i;
        throw new AssertionError("no column " + title);
    }

    private static void click(Table t, int column) {
        t.getColumn(column).notifyListeners(SWT.Selection, new Event());
        UiTestSupport.drainEvents();
    }

    /** The first rows' numbers in {@code column} go down (or up), as the user reads them. */
    private static void assertOrdered(Table t, int column, boolean descending) {
        long previous = descending ? Long.MAX_VALUE : Long.MIN_VALUE;
        for (int i = 0; i < Math.min(50, t.getItemCount()); i++) {
            long n = Long.parseLong(t.getItem(i).getText(column).replace(",", "").replace("+", ""));
            assertTrue(descending ? n <= previous : n >= previous, "row " + i + ": " + n + " after " + previous);
            previous = n;
        }
    }
}
