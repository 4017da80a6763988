package org.polyheap.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.jface.viewers.StructuredSelection;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.polyheap.analysis.JavaReferences;
import org.polyheap.testdata.TestData;
import org.polyheap.ui.editor.FigureRow;
import org.polyheap.ui.editor.ObjectMenu;
import org.polyheap.ui.editor.SnapshotEditor;
import org.polyheap.ui.views.InspectorView;

/**
 * The References by Kind and Class Loaders pages on a dump written at test time by
 * {@code ReferencesAndLoaders} (testdata), whose soft referents, finalizer queue and twice-loaded class
 * are known from its source: the rows, the object menu on a referent, a queued object and a class, and
 * the Inspector following the selection.
 */
class ReferencesAndLoadersPagesTest extends WindowTest {
    private static final Path PROGRAM = TestData.javaProgram("ReferencesAndLoaders");
    private static Path dump;
    private static long softCount, softBytes, pending, pluginsA, pluginsB;

    @BeforeAll
    static void dump() throws Exception {
        dump = UiTestSupport.javaHeapDump(PROGRAM, classDir.resolve("refs.hprof"));
        List<String> source = Files.readAllLines(PROGRAM);
        softCount = constant(source, "SOFT_COUNT");
        softBytes = constant(source, "SOFT_BYTES");
        pending = constant(source, "PENDING");
        pluginsA = constant(source, "PLUGINS_A");
        pluginsB = constant(source, "PLUGINS_B");
    }

    private static long constant(List<String> source, String name) {
        String decl = source.stream().filter(l -> l.contains("static final int " + name + " = ")).findFirst().orElseThrow();
        return Long.parseLong(decl.replaceAll(".* = ([\\d_]+);.*", "$1").replace("_", ""));
    }

    private static FigureRow child(FigureRow row, String prefix) {
        FigureRow c = FigureRow.find(row.children(), prefix);
        assertNotNull(c, "no row " + prefix + " under " + row.text());
        return c;
    }

    @Test
    void softReferentsAndTheFinalizerQueueWithTheObjectMenu() throws Exception {
        SnapshotEditor editor = UiTestSupport.open(dump);
        var inspector = (InspectorView) UiTestSupport.window().getActivePage().showView(InspectorView.ID);
        UiTestSupport.window().getActivePage().activate(editor);
        var page = editor.referenceKinds();
        editor.showPage(SnapshotEditor.REFERENCE_KINDS);
        UiTestSupport.spinUntil(() -> page.found() != null, 5 * UiTestSupport.TIMEOUT_MS, "the references counted");
        FigureRow soft = page.kindRow(JavaReferences.Kind.SOFT);
        assertEquals("Soft references", soft.text());
        FigureRow payloads = soft.children().getFirst();
        assertEquals("SoftPayload", payloads.text(), "the class whose referents clearing frees most");
        long each = 16 + (16 + softBytes + 7) / 8 * 8; // the payload and its byte[]
        assertEquals(softCount * each, payloads.number(4));
        assertEquals(softCount + 1, payloads.number(1), "referents");
        assertEquals(1, payloads.number(2), "held otherwise: the payload a static also holds");
        FigureRow first = payloads.children().getFirst();
        assertEquals(each, first.number(4), "a payload frees itself and its array");
        assertTrue(first.children().getFirst().text().startsWith("java.lang.ref.SoftReference "), "its reference below it");
        assertEquals(1, payloads.children().getLast().number(2), "the shared payload last, held otherwise");
        assertEquals(0, payloads.children().getLast().number(4));

        var tree = page.kindsViewer();
        assertEquals(JavaReferences.Kind.values().length, tree.getTree().getItemCount());
        tree.expandToLevel(soft, 1);
        tree.expandToLevel(payloads, 1);
        tree.setSelection(new StructuredSelection(first), true);
        UiTestSupport.spinUntil(() -> first.object().equals(inspector.shown()), UiTestSupport.TIMEOUT_MS, "the Inspector on the referent");
        tree.getTree().setTopItem(tree.getTree().getItem(0)); // the kind row in sight, for the screenshot

        var queue = page.found().queue();
        assertTrue(queue.getFirst().text().startsWith("Finalizer thread: java.lang.ref.Finalizer$FinalizerThread "), queue.getFirst().text());
        FigureRow ready = FigureRow.find(queue, "Ready");
        assertEquals(pending, ready.number(0));
        assertTrue(ready.children().stream().allMatch(r -> r.text().startsWith("Pending ")), "the queued objects are the program's");
        assertEquals(1, FigureRow.find(queue, "In processing").number(0));
        page.queueViewer().expandToLevel(ready, 1);
        UiTestSupport.window().getActivePage().activate(editor);
        UiTestSupport.drainEvents();
        UiTestSupport.screenshot("hprof-reference-kinds");

        tree.getTree().setFocus();
        UiTestSupport.clickMenu(tree.getTree(), ObjectMenu.OPEN_IN_TREE);
        assertEquals(SnapshotEditor.DOMINATORS, editor.activePage());
        assertEquals(first.object(), ((IStructuredSelection) editor.dominators().viewer().getSelection()).getFirstElement());
    }

    @Test
    void pluginIsOneNameOfTwoLoaders() throws Exception {
        SnapshotEditor editor = UiTestSupport.open(dump);
        var page = editor.classLoaders();
        editor.showPage(SnapshotEditor.CLASS_LOADERS);
        UiTestSupport.spinUntil(() -> page.found() != null, 5 * UiTestSupport.TIMEOUT_MS, "the class loaders listed");
        var duplicates = page.found().duplicateRows();
        FigureRow plugin = duplicates.getFirst();
        assertEquals("Plugin", plugin.text());
        assertEquals(2, plugin.number(0), "classes");
        assertEquals(2, plugin.number(1), "loaders");
        assertEquals(pluginsA + pluginsB, plugin.number(2));
        assertEquals(List.of(pluginsB, pluginsA), plugin.children().stream().map(r -> r.number(2)).toList(), "most instances first");
        assertTrue(plugin.children().getFirst().text().endsWith("\"plugins-b\""), plugin.children().getFirst().text());
        FigureRow loaderA = page.found().loaderRows().stream().filter(r -> r.text().endsWith("\"plugins-a\"")).findFirst().orElseThrow();
        assertEquals(1, loaderA.number(0), "one defined class");
        assertEquals(pluginsA, loaderA.number(1));
        assertTrue(loaderA.object() != null, "a loader row stands for its loader");
        assertTrue(loaderA.children().getFirst().text().startsWith("parent: com.sun.tools.javac.launcher.MemoryClassLoader "),
                "the program's own loader first: " + loaderA.children().getFirst().text());
        assertTrue(loaderA.children().get(1).text().startsWith("Plugin 0x"), loaderA.children().get(1).text());

        page.duplicatesViewer().expandToLevel(plugin, 1);
        var classRow = plugin.children().getFirst();
        page.duplicatesViewer().setSelection(new StructuredSelection(classRow), true);
        page.loadersViewer().expandToLevel(loaderA, 1);
        UiTestSupport.window().getActivePage().activate(editor);
        UiTestSupport.drainEvents();
        UiTestSupport.screenshot("hprof-class-loaders");
        page.duplicatesViewer().getTree().setFocus();
        UiTestSupport.clickMenu(page.duplicatesViewer().getTree(), ObjectMenu.OPEN_IN_TREE);
        assertEquals(SnapshotEditor.DOMINATORS, editor.activePage());
        assertEquals(classRow.object(), ((IStructuredSelection) editor.dominators().viewer().getSelection()).getFirstElement());
    }

    /** A V8 snapshot's editor has no Java pages: no tab, and their Show Page entries are off while it is active. */
    @Test
    void otherFormatsHaveNoJavaPages() throws Exception {
        SnapshotEditor editor = openShared(TestData.CHROME_TODO);
        var folder = UiTestSupport.find(UiTestSupport.window().getShell(), org.eclipse.swt.custom.CTabFolder.class).stream()
                .filter(f -> f.isVisible() && java.util.Arrays.stream(f.getItems()).anyMatch(i -> i.getText().equals("Histogram"))).findFirst().orElseThrow();
        var tabs = java.util.Arrays.stream(folder.getItems()).map(org.eclipse.swt.custom.CTabItem::getText).toList();
        assertEquals(java.util.List.of("Overview", "Histogram", "Dominator Tree", "Duplicate Strings", "Leak Suspects", "Top Consumers",
                "Big Drops", "Query"), tabs, "the pages a V8 snapshot has");
        for (int page : new int[] {SnapshotEditor.COLLECTIONS, SnapshotEditor.THREADS, SnapshotEditor.REFERENCE_KINDS,
                SnapshotEditor.CLASS_LOADERS}) {
            assertFalse(editor.hasPage(page), SnapshotEditor.pageTitle(page));
            editor.showPage(page); // from a stale navigation entry, say: nothing happens
        }
        editor.showPage(SnapshotEditor.TOP_CONSUMERS);
        assertEquals(SnapshotEditor.TOP_CONSUMERS, editor.activePage(), "page indices stay the page's, whatever its tab");
        UiTestSupport.drainEvents();
        UiTestSupport.screenshot("v8-pages");
    }
}
