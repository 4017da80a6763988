package org.polyheap.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

import org.eclipse.jface.dialogs.IDialogConstants;
import org.eclipse.jface.viewers.StructuredSelection;
import org.eclipse.swt.widgets.Table;
import org.eclipse.swt.widgets.TreeItem;
import org.junit.jupiter.api.Test;
import org.polyheap.analysis.DominatorTree;
import org.polyheap.model.Progress;
import org.polyheap.model.format.SnapshotFormat;
import org.polyheap.parser.fuchsia.FuchsiaHeapdumpParser;
import org.polyheap.report.OpenOption;
import org.polyheap.testdata.TestData;
import org.polyheap.ui.editor.Format;
import org.polyheap.ui.editor.SnapshotEditor;
import org.polyheap.ui.export.ExportAction;
import org.polyheap.ui.export.SnapshotExport;
import org.polyheap.ui.open.FuchsiaOpenDialog;
import org.polyheap.ui.open.InteractiveOpen;
import org.polyheap.ui.views.InspectorView;

/**
 * Fuchsia heapdumps in the window, on the committed ffx-layout samples: the open dialog proposes the
 * contents folder and lists the processes; histogram, dominator tree, Inspector and the Overview's
 * roots model with contents; the flat tree explained without them.
 */
class FuchsiaWindowTest extends WindowTest {
    /** The sample heapdump with its contents folder beside it, opened as the dialog's default choice opens it. */
    private SnapshotEditor openWithContents() throws Exception {
        Path file = copy(TestData.FUCHSIA_TREE);
        TestData.copyFolder(TestData.fuchsia("sample-tree.contents"), dir.resolve("sample-tree.contents"));
        return UiTestSupport.open(file);
    }

    @Test
    void openDialogProposesTheSiblingContentsFolderAsTheParsersDefault() throws Exception {
        Path file = copy(TestData.FUCHSIA_TREE);
        Path contents = TestData.copyFolder(TestData.fuchsia("sample-tree.contents"), dir.resolve("sample-tree.contents"));

        var dialog = new FuchsiaOpenDialog(UiTestSupport.window().getShell(), file, FuchsiaHeapdumpParser.siblingContentsFolder(file), List.of());
        dialog.setBlockOnOpen(false);
        dialog.open();
        assertEquals(contents.toString(), dialog.contentsText().getText(), "the sibling folder is proposed");
        UiTestSupport.screenshot(dialog.getShell(), "fuchsia-open-dialog");
        UiTestSupport.press(dialog.getShell(), IDialogConstants.OK_ID);
        OpenRequest request = dialog.request();
        assertEquals(Map.of(), request.fileOptions(), "the proposed folder is the parser's default, left implicit as on the command line");

        SnapshotEditor editor = UiTestSupport.open(request);
        assertEquals(SnapshotFormat.FUCHSIA, editor.snapshot().analyzed().format());
    }

    @Test
    void overviewNamesTheContentsFolderAndTheRootsModel() throws Exception {
        var editor = openWithContents();
        var overview = editor.overview();
        assertTrue(overview.value("Contents").startsWith(dir.resolve("sample-tree.contents").toString()), overview.value("Contents"));
        assertTrue(overview.value("Roots").contains("reaches (1), plus one block of each pointer cycle that nothing else reaches (1)"),
                "one block without incoming pointer (the tree's root), one cycle: " + overview.value("Roots"));
        UiTestSupport.screenshot("fuchsia-overview");
    }

    /** The histogram's rows are allocation sites, as the headless command lists them. */
    @Test
    void histogramListsTheAllocationSitesAsTheCommandDoes() throws Exception {
        var editor = openWithContents();
        editor.showPage(SnapshotEditor.HISTOGRAM);
        var table = editor.histogram().viewer().getTable();
        assertEquals(2, table.getItemCount(), "two allocation sites");
        assertEquals(List.of("13", "5"), java.util.stream.Stream.of(table.getItem(0), table.getItem(1)).map(i -> i.getText(1)).sorted().toList(),
                "13 blocks from one site (root and leaves), 5 from the other (nodes and the cycle)");
        Path csv = dir.resolve("sites.csv");
        UiTestSupport.waitFor(ExportAction.export(editor, SnapshotExport.What.HISTOGRAM_CSV, csv));
        assertEquals(UiTestSupport.headless("histogram", editor.snapshot().analyzed().file().toString(), "--csv"), Files.readString(csv));
    }

    /** The root block (32 + 3 × 48 + 12 × 64 bytes) holds three nodes of four leaves; the cycle's representative (2 × 16) stands beside it. */
    @Test
    void dominatorTreeNestsLeavesInNodesInTheRootBlock() throws Exception {
        var editor = openWithContents();
        editor.showPage(SnapshotEditor.DOMINATORS);
        var tree = editor.dominators().viewer().getTree();
        UiTestSupport.drainEvents();
        assertEquals(2, tree.getItemCount());
        TreeItem root = tree.getItem(0);
        assertEquals(Format.bytes(944), TreeRows.text(root, 2));
        assertEquals(Format.bytes(32), TreeRows.text(tree.getItem(1), 2));
        var rootRef = (ObjectRef) root.getData();
        editor.dominators().expand(rootRef);
        UiTestSupport.drainEvents();
        assertEquals(3, root.getItemCount(), "three nodes under the root block");
        TreeItem node = root.getItem(0);
        assertEquals(Format.bytes(48 + 4 * 64), TreeRows.text(node, 2));
        editor.dominators().expand((ObjectRef) node.getData());
        UiTestSupport.drainEvents();
        assertEquals(4, node.getItemCount(), "four leaves under a node");
    }

    /** The Inspector on a leaf: its thread, stack frames and the scanned pointers. */
    @Test
    void inspectorShowsABlocksThreadFramesAndPointers() throws Exception {
        var editor = openWithContents();
        var model = editor.snapshot().analyzed().analysis().dominatorTree();
        int node = model.children(model.children(DominatorTree.VIRTUAL_ROOT)[0])[0];
        var leaf = leafWithPointer(editor, new ObjectRef(editor.snapshot(), node));
        editor.showInDominatorTree(leaf.objectId());
        var page = UiTestSupport.window().getActivePage();
        var inspector = (InspectorView) page.showView(InspectorView.ID);
        page.activate(editor);
        editor.dominators().viewer().setSelection(new StructuredSelection(leaf), true);
        UiTestSupport.spinUntil(() -> leaf.equals(inspector.shown())
                && inspector.lines().stream().noneMatch(l -> l.value().equals("reading\u2026")), UiTestSupport.TIMEOUT_MS, "fields read");
        var lines = inspector.lines();
        assertTrue(lines.stream().anyMatch(l -> l.name().equals("thread")), lines.toString());
        assertTrue(lines.stream().anyMatch(l -> l.name().equals("frame 0")), lines.toString());
        assertTrue(lines.stream().anyMatch(l -> l.name().equals("+0x8") && l.target() != null), "the interior pointer back to the node: " + lines);
        UiTestSupport.screenshot("fuchsia-dominators-inspector");
    }

    @Test
    void multiProcessProfileAsksWhichProcessThenOpensIt() throws Exception {
        Path file = copy(TestData.FUCHSIA_MULTI);
        TestData.copyFolder(TestData.fuchsia("sample-multi.contents"), dir.resolve("sample-multi.contents"));
        var listed = new AtomicReference<List<String>>();
        UiTestSupport.whenShellOpens("Open Fuchsia Heapdump", shell -> {
            Table table = UiTestSupport.find(shell, Table.class).getFirst();
            listed.set(java.util.Arrays.stream(table.getItems()).map(i -> i.getText(0) + "[" + i.getText(1) + "]"
                    + (table.isSelected(table.indexOf(i)) ? " selected" : "")).toList());
            table.select(0); // chain.cm, not the biggest
            UiTestSupport.press(shell, IDialogConstants.OK_ID);
        });
        UiTestSupport.waitFor(InteractiveOpen.open(UiTestSupport.window(), file));
        UiTestSupport.spinUntil(() -> UiTestSupport.editorOf(file) != null, UiTestSupport.TIMEOUT_MS, "the editor of the chosen process");
        assertEquals(List.of("chain.cm[100]", "pair.cm[200] selected"), listed.get(), "processes listed, the biggest preselected");

        var editor = UiTestSupport.editorOf(file);
        assertEquals(Map.of(OpenOption.PROCESS, "100"),
                ((org.polyheap.ui.editor.SnapshotEditorInput) editor.getEditorInput()).request().fileOptions());
        assertEquals(3, editor.snapshot().graph().objectCount());
        assertTrue(editor.overview().value("Process").startsWith("chain.cm[100] (one of 2"), editor.overview().value("Process"));
        assertEquals(List.of(new org.polyheap.parser.fuchsia.ProfileProcess(100, "chain.cm", 3, 64),
                new org.polyheap.parser.fuchsia.ProfileProcess(200, "pair.cm", 3, 80)), FuchsiaHeapdumpParser.processes(file, Progress.NONE));
        // a chain a -> b -> c: one top-level row holding everything
        var tree = editor.snapshot().analyzed().analysis().dominatorTree();
        assertEquals(1, tree.children(DominatorTree.VIRTUAL_ROOT).length);
        assertEquals(64, tree.retained().get(tree.children(DominatorTree.VIRTUAL_ROOT)[0]));
    }

    @Test
    void withoutContentsTheOverviewSaysWhyTheDominatorTreeIsFlat() throws Exception {
        Path file = copy(TestData.FUCHSIA_TREE);
        var dialog = new FuchsiaOpenDialog(UiTestSupport.window().getShell(), file, FuchsiaHeapdumpParser.siblingContentsFolder(file), List.of());
        dialog.setBlockOnOpen(false);
        dialog.open();
        assertEquals("", dialog.contentsText().getText(), "nothing to propose");
        UiTestSupport.press(dialog.getShell(), IDialogConstants.OK_ID);
        assertEquals(Map.of(OpenOption.CONTENTS, FuchsiaHeapdumpParser.NO_CONTENTS), dialog.request().fileOptions());

        var editor = UiTestSupport.open(dialog.request());
        String flat = editor.overview().value("Dominator tree");
        assertNotNull(flat, editor.overview().values().toString());
        assertTrue(flat.startsWith("flat: every allocation hangs directly under the root, because no contents folder"), flat);
        assertEquals(18, editor.snapshot().analyzed().analysis().dominatorTree().children(DominatorTree.VIRTUAL_ROOT).length,
                "every block is a top-level row");
        UiTestSupport.screenshot("fuchsia-no-contents");
    }

    /** A child of {@code node} whose block holds a pointer (the leaf pointing back into its node). */
    private static ObjectRef leafWithPointer(SnapshotEditor editor, ObjectRef node) {
        var g = editor.snapshot().graph();
        for (int child : editor.snapshot().analyzed().analysis().dominatorTree().children(node.objectId())) {
            if (g.outStart().get(child + 1) > g.outStart().get(child)) return new ObjectRef(editor.snapshot(), child);
        }
        throw new AssertionError("no leaf with a pointer under " + node.label());
    }

}
