package org.polyheap.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;

import org.eclipse.swt.widgets.TreeItem;
import org.junit.jupiter.api.Test;
import org.polyheap.analysis.DominatorTree;
import org.polyheap.ui.editor.DominatorRows;
import org.polyheap.ui.editor.FocusFilterHandler;
import org.polyheap.ui.editor.HistogramRows;
import org.polyheap.ui.editor.SnapshotEditor;

/**
 * The window on big snapshots made at test time by a child JVM (data/WideNode.java: an Object[] of
 * a million small objects; data/ManyClasses.java: 100,000 classes), with a display-thread watchdog
 * measuring the longest UI-thread stall of each step (figures in target/ui-figures.txt, not asserted).
 */
class LargeSnapshotTest extends MeasuredWindowTest {
    @Test
    void aNodeWithAMillionChildrenExpandsAtOnceWithEveryChildThere() throws Exception {
        Path file = UiTestSupport.javaHeapDump("WideNode", classDir.resolve("wide.hprof"));
        var watch = new UiStallWatch(UiTestSupport.display());
        long t0 = System.nanoTime();
        var editor = UiTestSupport.open(file);
        UiTestSupport.figure("open wide.hprof (%,d objects), index built: %.0f ms (UI-thread stall %s)",
                editor.snapshot().graph().objectCount(), ms(t0), watch.stop().describe());
        var page = editor.dominators();
        var rows = page.rows();
        int wide = widest(editor);
        assertEquals(1_000_000, rows.childCount(wide));
        var tree = page.viewer().getTree();
        editor.showPage(SnapshotEditor.DOMINATORS);
        page.reveal(wide);
        var wideRef = new ObjectRef(editor.snapshot(), wide);
        UiTestSupport.spinUntil(() -> page.item(wideRef) != null, UiTestSupport.TIMEOUT_MS, "the widest node's row");
        TreeItem node = page.item(wideRef);

        watch = new UiStallWatch(UiTestSupport.display());
        t0 = System.nanoTime();
        TreeRows.enter(tree, node); // Enter drills in
        double expandMs = ms(t0);
        UiTestSupport.figure("expand the node with 1,000,000 children (1,000 object rows, 999 range rows): %.0f ms (UI-thread stall %s)",
                expandMs, watch.stop().describe());
        assertTrue(node.getExpanded());
        assertEquals(DominatorRows.SPAN + 999, node.getItemCount(), "the biggest 1,000 as rows, then ranges of the rest");
        TreeItem first = node.getItem(0);
        assertEquals(rows.child(wide, 0), TreeRows.data(first).objectId(), "the biggest child is the first row");
        assertTrue(first.getText(0).startsWith("long[] "), first.getText(0)); // every thousandth child is a long[100]
        assertEquals(rows.child(wide, 999), TreeRows.data(node.getItem(999)).objectId());
        assertEquals("[1,001 \u2026 2,000]  of 1,000,000 objects", node.getItem(1000).getText(0));
        assertEquals("[999,001 \u2026 1,000,000]  of 1,000,000 objects", node.getItem(1998).getText(0));
        int children = 0;
        for (int i = 0; i < node.getItemCount(); i++) {
            TreeRows.materialized(node.getItem(i));
            children += node.getItem(i).getData() instanceof DominatorRows.Range r ? r.size() : 1;
        }
        assertEquals(1_000_000, children, "every child is a row or in a range");
        // a range row's sizes are summed off the UI thread and painted when there
        TreeItem firstRangeRow = node.getItem(1000);
        var firstRange = (DominatorRows.Range) firstRangeRow.getData();
        UiTestSupport.spinUntil(() -> !firstRangeRow.getText(2).equals("\u2026"), 30_000, "the first range's sums");
        long[] sums = page.rows().sums(firstRange);
        assertEquals(org.polyheap.ui.editor.Format.bytes(sums[0]), firstRangeRow.getText(1));
        assertEquals(org.polyheap.ui.editor.Format.bytes(sums[1]), firstRangeRow.getText(2));
        assertTrue(sums[1] > 0 && sums[1] >= sums[0], java.util.Arrays.toString(sums));

        watch = new UiStallWatch(UiTestSupport.display());
        t0 = System.nanoTime();
        TreeRows.enter(tree, firstRangeRow);
        TreeItem inRange = firstRangeRow.getItem(0);
        UiTestSupport.figure("expand its first range (1,000 objects): %.0f ms (UI-thread stall %s)", ms(t0), watch.stop().describe());
        assertEquals(rows.child(wide, 1000), TreeRows.data(inRange).objectId(), "the range starts at child 1,001");
        tree.setTopItem(node);
        tree.setSelection(node);
        UiTestSupport.screenshot("hprof-million-children");

        watch = new UiStallWatch(UiTestSupport.display());
        t0 = System.nanoTime();
        TreeItem lastRange = node.getItem(1998);
        tree.showItem(lastRange);
        TreeRows.enter(tree, lastRange);
        TreeItem last = lastRange.getItem(lastRange.getItemCount() - 1);
        tree.showItem(last);
        UiTestSupport.spinUntil(() -> last.getData() != null || !last.getText(0).isEmpty(), 5_000, "the last row");
        UiTestSupport.figure("scroll to the last range, expand it, show its last child: %.0f ms (UI-thread stall %s)", ms(t0),
                watch.stop().describe());
        assertEquals(rows.child(wide, 999_999), TreeRows.data(last).objectId(), "the last child is there");

        // Open in Dominator Tree on a child in the middle: ranges open on the way down
        int middle = rows.child(wide, 777_777);
        watch = new UiStallWatch(UiTestSupport.display());
        t0 = System.nanoTime();
        editor.showInDominatorTree(middle);
        UiTestSupport.drainEvents();
        UiTestSupport.figure("reveal child 777,778 of 1,000,000: %.0f ms (UI-thread stall %s)", ms(t0), watch.stop().describe());
        assertEquals(new ObjectRef(editor.snapshot(), middle), tree.getSelection()[0].getData());
        assertEquals("[777,001 \u2026 778,000]  of 1,000,000 objects", tree.getSelection()[0].getParentItem().getText(0));

        // the editor's key bindings still hold with the tree focused
        tree.setFocus();
        var bindings = UiTestSupport.window().getService(org.eclipse.ui.keys.IBindingService.class);
        assertEquals("Ctrl+O", bindings.getBestActiveBindingFormattedFor(PolyheapUi.OPEN_COMMAND_ID));
        assertEquals("Ctrl+F", bindings.getBestActiveBindingFormattedFor(FocusFilterHandler.COMMAND_ID));
    }

    @Test
    void filteringOneHundredThousandClassesAnswersWhileTyping() throws Exception {
        Path file = UiTestSupport.javaHeapDump("ManyClasses", classDir.resolve("many.hprof"));
        var watch = new UiStallWatch(UiTestSupport.display());
        long t0 = System.nanoTime();
        UiTestSupport.open(file);
        UiTestSupport.figure("open many.hprof (100,000 classes), index built: %.0f ms (UI-thread stall %s)", ms(t0), watch.stop().describe());
        UiTestSupport.closeAllEditors();
        watch = new UiStallWatch(UiTestSupport.display());
        t0 = System.nanoTime();
        var editor = UiTestSupport.open(file);
        UiTestSupport.figure("open many.hprof again, index reused: %.0f ms (UI-thread stall %s)", ms(t0), watch.stop().describe());
        assertTrue(editor.snapshot().analyzed().reused());

        var page = editor.histogram();
        UiTestSupport.spinUntil(page::settled, UiTestSupport.TIMEOUT_MS, "all rows in the table");
        editor.focusFilter();
        int total = page.rows().totalRows();
        assertTrue(total > 100_000, "classes: " + total);
        String typed = "sub4.*Map";
        watch = new UiStallWatch(UiTestSupport.display());
        double slowestRows = 0, slowestSettled = 0;
        long start = System.nanoTime();
        for (char c : typed.toCharArray()) {
            long k = System.nanoTime();
            page.filterText().insert(String.valueOf(c)); // as a key press does
            String now = page.filterText().getText();
            UiTestSupport.spinUntil(() -> page.rows().filterText().equals(now), UiTestSupport.TIMEOUT_MS, "filtered rows");
            slowestRows = Math.max(slowestRows, ms(k));
            UiTestSupport.spinUntil(page::settled, UiTestSupport.TIMEOUT_MS, "row count");
            slowestSettled = Math.max(slowestSettled, ms(k));
        }
        UiTestSupport.figure("type \"%s\" into the filter of %,d classes: %.0f ms in all; slowest key to filtered rows on screen %.0f ms,"
                + " to the final row count %.0f ms (UI-thread stall %s)", typed, total, ms(start), slowestRows, slowestSettled,
                watch.stop().describe());
        var pattern = HistogramRows.compile(typed);
        long matching = editor.snapshot().classHistogram().stream().filter(r -> pattern.matcher(r.name()).find()).count();
        assertEquals(matching, page.rows().size());
        assertEquals(matching, page.viewer().getTable().getItemCount());
        for (int i = 0; i < page.rows().size(); i++) assertTrue(pattern.matcher(page.rows().row(i).name()).find());
        assertTrue(page.viewer().getTable().getItem(0).getText(0).matches(".*sub4.*Map.*"), page.viewer().getTable().getItem(0).getText(0));

        watch = new UiStallWatch(UiTestSupport.display());
        t0 = System.nanoTime();
        page.filterText().setText("");
        UiTestSupport.spinUntil(page::settled, UiTestSupport.TIMEOUT_MS, "unfiltered");
        UiTestSupport.figure("clear the filter: back to %,d rows: %.0f ms (UI-thread stall %s)", total, ms(t0), watch.stop().describe());
        assertEquals(total, page.viewer().getTable().getItemCount());

        watch = new UiStallWatch(UiTestSupport.display());
        t0 = System.nanoTime();
        page.sortBy(page.viewer().getTable().getColumn(0));
        UiTestSupport.spinUntil(page::settled, UiTestSupport.TIMEOUT_MS, "sorted");
        UiTestSupport.figure("sort %,d rows by name: %.0f ms (UI-thread stall %s)", total, ms(t0), watch.stop().describe());
        for (int i = 1; i < 1000; i++) {
            assertTrue(String.CASE_INSENSITIVE_ORDER.compare(page.rows().row(i - 1).name(), page.rows().row(i).name()) <= 0);
        }
        page.filterText().setText("Type4242");
        UiTestSupport.spinUntil(page::settled, UiTestSupport.TIMEOUT_MS, "filtered");
        editor.showPage(SnapshotEditor.HISTOGRAM);
        UiTestSupport.screenshot("hprof-100k-classes-filtered");
    }

    /** The object with the most children in the dominator tree. */
    private static int widest(SnapshotEditor editor) {
        var rows = editor.dominators().rows();
        int widest = DominatorTree.VIRTUAL_ROOT, most = -1;
        for (int o = 0; o < editor.snapshot().graph().objectCount(); o++) {
            int n = rows.childCount(o);
            if (n > most) {
                most = n;
                widest = o;
            }
        }
        return widest;
    }
}
