package org.polyheap.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.eclipse.swt.widgets.Tree;
import org.eclipse.swt.widgets.TreeItem;
import org.eclipse.jface.viewers.StructuredSelection;
import org.eclipse.ui.PartInitException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.polyheap.analysis.DominatorTree;
import org.polyheap.analysis.HistogramRow;
import org.polyheap.model.format.SnapshotFormat;
import org.polyheap.report.cli.Main;
import org.polyheap.testdata.TestData;
import org.polyheap.ui.editor.DominatorRows;
import org.polyheap.ui.editor.Format;
import org.polyheap.ui.editor.HistogramRows;
import org.polyheap.ui.editor.ObjectMenu;
import org.polyheap.ui.editor.SnapshotEditor;
import org.polyheap.ui.export.ExportAction;
import org.polyheap.ui.export.SnapshotExport;
import org.polyheap.ui.views.InspectorView;
import org.polyheap.ui.views.PathsView;
import org.polyheap.ui.views.ReferencesView;

/**
 * The window on real snapshots of each format: open through the job, histogram rows and sorting,
 * three levels of the dominator tree, Inspector and Paths to GC Roots on a selected object, and the
 * CSV export against the headless command. Runs on the UI thread inside the application.
 */
class SnapshotWindowTest {
    private static final Path HPROF = TestData.JACKSON_TREE;
    private static final Path DART = TestData.DART_TINY;

    @AfterEach
    void closeEditors() {
        UiTestSupport.closeAllEditors();
    }

    @Test
    void v8SampleShowsPagesAndLinkedViews(@TempDir Path dir) throws Exception {
        Path file = TestData.copy(PolyheapUi.sampleSnapshot(), dir);
        var editor = UiTestSupport.open(file);
        checkHistogram(editor);
        checkCsvExport(editor, file, dir);
        ObjectRef deep = checkDominatorTree(editor);
        checkViews(editor, deep, false);
        // context menu "Open in Dominator Tree" on a referrer: the tree expands down to it and selects it
        var references = (ReferencesView) UiTestSupport.window().getActivePage().findView(ReferencesView.ID);
        var referrer = references.rows().getFirst().object();
        editor.showPage(SnapshotEditor.OVERVIEW);
        ObjectMenu.openInDominatorTree(UiTestSupport.window().getActivePage(), referrer);
        UiTestSupport.spin(100);
        assertEquals(SnapshotEditor.DOMINATORS, editor.activePage());
        assertEquals(referrer, ((StructuredSelection) editor.dominators().viewer().getStructuredSelection()).getFirstElement());
        assertEquals(referrer, editor.dominators().viewer().getTree().getSelection()[0].getData());

        editor.showPage(SnapshotEditor.OVERVIEW);
        assertTrue(editor.overview().objectsChart().bars().size() >= 3, "overview chart of biggest objects");
        assertTrue(editor.overview().values().stream().anyMatch(v -> v.contains("V8")), "format named: " + editor.overview().values());
        UiTestSupport.screenshot("v8-overview");
        editor.showPage(SnapshotEditor.DOMINATORS);
        UiTestSupport.screenshot("v8-dominators-paths");
    }

    @Test
    void hprofOpensWithFieldsAndExportEqualsHeadlessCsv(@TempDir Path dir) throws Exception {
        Path file = TestData.copy(HPROF, dir);
        var editor = UiTestSupport.open(file);
        assertEquals(SnapshotFormat.HPROF, editor.snapshot().analyzed().format());
        checkHistogram(editor);
        editor.showPage(SnapshotEditor.HISTOGRAM);
        UiTestSupport.screenshot("hprof-histogram");
        ObjectRef deep = checkDominatorTree(editor);
        checkViews(editor, deep, true);
        UiTestSupport.window().getActivePage().showView(PathsView.ID);
        UiTestSupport.screenshot("hprof-inspector-paths");

        checkCsvExport(editor, file, dir);

        Path html = dir.resolve("report.html");
        UiTestSupport.waitFor(ExportAction.export(editor, SnapshotExport.What.HTML_REPORT, html));
        String page = Files.readString(html);
        assertTrue(page.startsWith("<!DOCTYPE html>") || page.startsWith("<!doctype html>"), page.substring(0, 40));
        assertTrue(page.contains(editor.snapshot().top().classes().getFirst().name().replace("<", "&lt;")), "top class in report");
    }

    @Test
    void ctrlFShowsTheHistogramFilter(@TempDir Path dir) throws Exception {
        var editor = UiTestSupport.open(TestData.copy(PolyheapUi.sampleSnapshot(), dir));
        editor.showPage(SnapshotEditor.DOMINATORS);
        UiTestSupport.window().getActivePage().activate(editor);
        var handlers = UiTestSupport.window().getService(org.eclipse.ui.handlers.IHandlerService.class);
        handlers.executeCommand(org.polyheap.ui.editor.FocusFilterHandler.COMMAND_ID, null);
        UiTestSupport.spin(50);
        assertEquals(SnapshotEditor.HISTOGRAM, editor.activePage());
        var bindings = UiTestSupport.window().getService(org.eclipse.ui.keys.IBindingService.class);
        assertEquals("Ctrl+F", bindings.getBestActiveBindingFormattedFor(org.polyheap.ui.editor.FocusFilterHandler.COMMAND_ID));
    }

    @Test
    void dartSnapshotOpensAndGroupsByLibrary(@TempDir Path dir) throws Exception {
        Path file = TestData.copy(DART, dir);
        var editor = UiTestSupport.open(file);
        assertEquals(SnapshotFormat.DART, editor.snapshot().analyzed().format());
        checkHistogram(editor);
        checkCsvExport(editor, file, dir);
        ObjectRef deep = checkDominatorTree(editor);
        checkViews(editor, deep, false);
        var page = editor.histogram();
        UiTestSupport.waitFor(page.regroup("library"));
        // the job hands its rows over with asyncExec: on a loaded machine that may take more than one spin
        UiTestSupport.spinUntil(() -> page.grouping() == org.polyheap.analysis.Grouping.LIBRARY, 10_000, "rows by library");
        assertTrue(page.rows().totalRows() > 0 && page.rows().totalRows() < editor.snapshot().classHistogram().size(),
                "libraries are fewer than classes: " + page.rows().totalRows());
        editor.showPage(SnapshotEditor.HISTOGRAM);
        UiTestSupport.screenshot("dart-histogram-by-library");

        // object #1689, an _ExternalUint8Array with one 64-byte external property (decode.js lists it)
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

    /** File ▸ Export opens a dialog of a sensible size listing every choice; Cancel writes nothing. */
    @Test
    void exportDialogListsTheChoices(@TempDir Path dir) throws Exception {
        Path file = TestData.copy(HPROF, dir);
        UiTestSupport.open(file);
        var seen = new java.util.ArrayList<String>();
        var width = new java.util.concurrent.atomic.AtomicInteger();
        UiTestSupport.whenShellOpens("Export " + file.getFileName(), shell -> {
            width.set(shell.getSize().x);
            for (var b : UiTestSupport.find(shell, org.eclipse.swt.widgets.Button.class)) {
                if ((b.getStyle() & org.eclipse.swt.SWT.RADIO) != 0) seen.add(b.getText() + (b.getSelection() ? " (chosen)" : ""));
            }
            try {
                UiTestSupport.spin(300); // the dialog's first paint
                UiTestSupport.screenshot(shell, "export-dialog");
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
            UiTestSupport.press(shell, org.eclipse.jface.dialogs.IDialogConstants.CANCEL_ID);
        });
        new ExportAction(UiTestSupport.window()).run();
        assertEquals(java.util.Arrays.stream(SnapshotExport.What.values())
                .map(w -> w.title + (w == SnapshotExport.What.HISTOGRAM_CSV ? " (chosen)" : "")).sorted().toList(), seen.stream().sorted().toList());
        assertTrue(width.get() > 300 && width.get() < 900, "dialog width " + width.get());
        try (var files = java.nio.file.Files.list(dir)) {
            assertEquals(0, files.filter(f -> f.toString().endsWith(".csv") || f.toString().endsWith(".json") || f.toString().endsWith(".html")).count());
        }
    }

    /** HPROF keeps string texts and array lengths in the dump, not the index: the tree's labels get them in the background. */
    @Test
    void hprofLabelsInTheDominatorTreeShowStringTextsReadFromTheDump(@TempDir Path dir) throws Exception {
        var editor = UiTestSupport.open(TestData.copy(HPROF, dir));
        var snapshot = editor.snapshot();
        var tree = snapshot.analyzed().analysis().dominatorTree();
        int[] strings = org.polyheap.analysis.ObjectSets.members(snapshot.graph(), tree,
                org.polyheap.analysis.Grouping.CLASS, "java.lang.String", null);
        int string = java.util.Arrays.stream(strings).boxed().max(java.util.Comparator.comparingLong((Integer o) -> tree.retained().get(o))).orElseThrow();
        var ref = new ObjectRef(snapshot, string);
        String text = snapshot.value(string, org.polyheap.ui.editor.ValueHints.MAX_CHARS);
        assertTrue(!text.isEmpty(), "the dump has the string's text");
        editor.showInDominatorTree(string);
        var page = editor.dominators();
        String expected = ref.label() + "  " + org.polyheap.ui.editor.ValueHints.displayable(text);
        long until = System.currentTimeMillis() + 20_000;
        while (System.currentTimeMillis() < until && !(page.item(ref) != null && page.item(ref).getText(0).equals(expected))) UiTestSupport.spin(50);
        assertTrue(page.item(ref) != null, "the string's row is there");
        assertEquals(expected, page.item(ref).getText(0), "the string's text in its row");
    }

    /** File ▸ Export's histogram CSV equals the headless {@code polyheap histogram FILE --csv}, byte for byte. */
    private static void checkCsvExport(SnapshotEditor editor, Path file, Path dir) throws Exception {
        Path csv = dir.resolve("window.csv");
        UiTestSupport.waitFor(ExportAction.export(editor, SnapshotExport.What.HISTOGRAM_CSV, csv));
        String headless = UiTestSupport.headless("histogram", file.toString(), "--csv");
        String window = Files.readString(csv);
        assertTrue(window.lines().count() > 5, "rows exported: " + window.lines().count());
        assertEquals(headless, window);
    }

    /** Rows match the analysis, biggest retained first; sorting and filtering act on the table. */
    private static void checkHistogram(SnapshotEditor editor) {
        editor.showPage(SnapshotEditor.HISTOGRAM);
        var page = editor.histogram();
        var table = page.viewer().getTable();
        List<HistogramRow> expected = editor.snapshot().classHistogram();
        assertEquals(expected.size(), table.getItemCount());
        assertTrue(expected.size() > 5, "classes: " + expected.size());
        // the widget's first rows, read as the user sees them
        var sorted = expected.stream().sorted(byRetainedThenName()).toList();
        for (int i = 0; i < 5; i++) {
            String name = sorted.get(i).name();
            assertEquals(name.isEmpty() ? "(none)" : name, table.getItem(i).getText(0));
        }
        long previous = Long.MAX_VALUE;
        for (int i = 0; i < page.rows().size(); i++) {
            assertTrue(page.rows().row(i).retained() <= previous, "retained descending at row " + i);
            previous = page.rows().row(i).retained();
        }
        // click "Objects": biggest count first; again: smallest first
        page.sortBy(table.getColumn(1));
        assertEquals(expected.stream().mapToLong(HistogramRow::objects).max().orElseThrow(), page.rows().row(0).objects());
        assertEquals(Format.count(page.rows().row(0).objects()), table.getItem(0).getText(1));
        page.sortBy(table.getColumn(1));
        assertEquals(expected.stream().mapToLong(HistogramRow::objects).min().orElseThrow(), page.rows().row(0).objects());
        page.sortBy(table.getColumn(0));
        for (int i = 1; i < page.rows().size(); i++) {
            assertTrue(String.CASE_INSENSITIVE_ORDER.compare(page.rows().row(i - 1).name(), page.rows().row(i).name()) <= 0, "names sorted");
        }
        page.sortBy(table.getColumn(3));
        // filter as typed: every shown row matches, and the count is what a plain scan finds
        String probe = expected.getFirst().name();
        String piece = probe.length() > 4 ? probe.substring(1, 4) : probe;
        page.setFilter(piece);
        long matching = expected.stream().filter(r -> r.name().toLowerCase().contains(piece.toLowerCase())
                || HistogramRows.compile(piece).matcher(r.name()).find()).count();
        assertEquals(matching, table.getItemCount(), "rows matching '" + piece + "'");
        for (int i = 0; i < page.rows().size(); i++) assertTrue(HistogramRows.compile(piece).matcher(page.rows().row(i).name()).find());
        page.setFilter("");
        assertEquals(expected.size(), table.getItemCount());
    }

    private static java.util.Comparator<HistogramRow> byRetainedThenName() {
        return java.util.Comparator.comparingLong(HistogramRow::retained).reversed().thenComparing(HistogramRow::name);
    }

    /**
     * Expands three levels along the biggest child with Enter (ranges of a big node on the way are
     * expanded too); children are sorted by retained size. Returns the deepest object.
     */
    static ObjectRef checkDominatorTree(SnapshotEditor editor) {
        editor.showPage(SnapshotEditor.DOMINATORS);
        var page = editor.dominators();
        var tree = editor.snapshot().analyzed().analysis().dominatorTree();
        Tree widget = page.viewer().getTree();
        UiTestSupport.spin(50);
        assertEquals(page.rows().rowCount(editor.snapshot()), widget.getItemCount(), "top level rows");
        TreeItem item = firstObjectRow(widget, null);
        ObjectRef ref = data(item);
        assertEquals(tree.children(DominatorTree.VIRTUAL_ROOT)[0], ref.objectId(), "biggest first");
        int expanded = 0;
        while (expanded < 3) {
            assertTrue(item.getText(0).contains(ref.displayId()), item.getText(0));
            int[] children = tree.children(ref.objectId());
            if (children.length == 0) break;
            enter(widget, item);
            assertTrue(item.getExpanded());
            assertEquals(page.rows().rowCount(ref), item.getItemCount(), "rows under " + ref.label());
            TreeItem first = firstObjectRow(widget, item);
            ObjectRef child = data(first);
            assertEquals(children[0], child.objectId(), "biggest child first");
            if (children.length > 1) assertTrue(child.retained() >= new ObjectRef(ref.snapshot(), children[1]).retained());
            assertEquals(Format.count(child.retained()), first.getText(2));
            item = first;
            ref = child;
            expanded++;
        }
        assertTrue(expanded >= 2, "levels expanded: " + expanded);
        page.viewer().setSelection(new StructuredSelection(ref), true);
        UiTestSupport.spin(100);
        return ref;
    }

    /**
     * The first object row under {@code parent} (the top level for null, past the reachability groups'
     * rows), expanding the first range rows on the way.
     */
    static TreeItem firstObjectRow(Tree widget, TreeItem parent) {
        TreeItem row = parent == null ? widget.getItem(0) : parent.getItem(0);
        materialized(row);
        for (int i = 1; parent == null && row.getData() instanceof org.polyheap.ui.editor.GroupRow; i++) {
            row = widget.getItem(i);
            materialized(row);
        }
        while (row.getData() instanceof DominatorRows.Range) {
            enter(widget, row);
            row = row.getItem(0);
            row.getText(0);
        }
        return row;
    }

    /** What Enter (or a double-click) on a row does: the tree's default selection. */
    static void enter(Tree widget, TreeItem item) {
        widget.setSelection(item);
        var e = new org.eclipse.swt.widgets.Event();
        e.item = item;
        widget.notifyListeners(org.eclipse.swt.SWT.DefaultSelection, e);
        UiTestSupport.spin(30);
    }

    /** Asks a virtual row for its element and waits until it has one. */
    static void materialized(TreeItem item) {
        item.getText(0);
        UiTestSupport.spinUntil(() -> item.getData() != null, 5000, "row data");
    }

    /** The row's object; a virtual row gets its data when first painted or asked for. */
    static ObjectRef data(TreeItem item) {
        item.getText(0); // makes a virtual row materialize
        UiTestSupport.spinUntil(() -> item.getData() instanceof ObjectRef, 5000, "row data");
        return (ObjectRef) item.getData();
    }

    @Test
    void v8InspectorShowsAClosuresSourceLocation(@TempDir Path dir) throws Exception {
        var editor = UiTestSupport.open(TestData.copy(PolyheapUi.sampleSnapshot(), dir));
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

    /** The Inspector, Paths to GC Roots and References views follow the selected object. */
    private static void checkViews(SnapshotEditor editor, ObjectRef ref, boolean expectFields) throws PartInitException {
        var page = UiTestSupport.window().getActivePage();
        var inspector = (InspectorView) page.showView(InspectorView.ID);
        var paths = (PathsView) page.showView(PathsView.ID);
        var references = (ReferencesView) page.showView(ReferencesView.ID);
        page.activate(editor);
        editor.dominators().viewer().setSelection(new StructuredSelection(ref), true);
        int incoming = org.polyheap.analysis.References.incoming(ref.snapshot().graph(), ref.objectId()).size();
        UiTestSupport.spinUntil(() -> ref.equals(inspector.shown()) && ref.equals(paths.shown()) && ref.equals(references.shown()),
                10_000, "views follow the selection");
        UiTestSupport.spinUntil(() -> inspector.lines().stream().noneMatch(l -> l.value().equals("reading\u2026")),
                UiTestSupport.TIMEOUT_MS, "fields read");
        UiTestSupport.spinUntil(() -> paths.top() != null && ref.equals(paths.top().object()), UiTestSupport.TIMEOUT_MS, "paths searched");
        UiTestSupport.spinUntil(() -> references.rows().size() == incoming && references.getContentDescription().startsWith(Format.count(incoming)),
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
        var expectedPath = editor.snapshot().analyzed().analysis().pathsToRoots(ref.objectId(), org.polyheap.analysis.PathsToRoots.WEAK_KINDS, org.polyheap.model.Progress.NONE).next();
        int depth = 0;
        for (var n = top; !n.children().isEmpty(); n = n.children().getFirst()) depth++;
        assertEquals(expectedPath.length(), depth, "first branch is the shortest path");

    }
}
