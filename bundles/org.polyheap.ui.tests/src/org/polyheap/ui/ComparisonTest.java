package org.polyheap.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;

import org.eclipse.jface.dialogs.IDialogConstants;
import org.junit.jupiter.api.Test;
import org.polyheap.report.table.CsvWriter;
import org.polyheap.testdata.TestData;
import org.polyheap.ui.actions.CompareAction;
import org.polyheap.ui.views.ComparisonView;

/** File ▸ Compare With Baseline: the Comparison view shows what {@code polyheap compare} prints. */
class ComparisonTest extends WindowTest {

    @Test
    void comparingWithAnOpenBaselineShowsTheHeadlessCommandsRows() throws Exception {
        Path baseline = TestData.copy(TestData.JACKSON_TREE, Files.createDirectories(dir.resolve("before")));
        Path current = TestData.copy(TestData.GEN_40, Files.createDirectories(dir.resolve("after")));
        var base = UiTestSupport.open(baseline);
        var cur = UiTestSupport.open(current);
        assertTrue(UiTestSupport.window().getActivePage().getActiveEditor() == cur, "the snapshot to compare is the active one");

        var action = new CompareAction(UiTestSupport.window());
        UiTestSupport.whenShellOpens(CompareAction.TITLE, shell -> UiTestSupport.press(shell, IDialogConstants.OK_ID)); // the one other snapshot
        action.run();
        var view = (ComparisonView) UiTestSupport.window().getActivePage().findView(ComparisonView.ID);
        UiTestSupport.spinUntil(() -> view != null && view.table() != null, UiTestSupport.TIMEOUT_MS, "the comparison");

        var csv = new StringWriter();
        CsvWriter.write(view.table(), csv);
        assertEquals(UiTestSupport.headless("compare", baseline.toString(), current.toString(), "--csv"), csv.toString(),
                "the window's comparison is the headless command's, row for row");
        var table = view.viewer().getTable();
        assertEquals(view.table().rows().size(), table.getItemCount());
        var first = view.table().rows().getFirst();
        assertEquals(first[0], table.getItem(0).getText(0));
        long retainedDelta = (Long) first[9];
        assertTrue(retainedDelta > 0, "the biggest retained growth first");
        assertEquals("+" + org.polyheap.ui.editor.Format.count(retainedDelta), table.getItem(0).getText(9));
        assertTrue(view.getContentDescription().startsWith("jackson-tree.hprof.gz \u2192 gen-40.hprof.gz: "), view.getContentDescription());
        assertTrue(view.summary().getText().startsWith("Objects are not matched one by one: a Java heap dump's object ids are addresses"),
                "HPROF addresses move with the GC: no new or removed objects claimed: " + view.summary().getText());
        UiTestSupport.screenshot("hprof-comparison");

        UiTestSupport.window().getActivePage().closeEditor(base, false); // the baseline closes: the view lets go of both
        UiTestSupport.spinUntil(() -> view.table() == null, 5000, "the comparison cleared");
        assertEquals(0, table.getItemCount());
    }
}
