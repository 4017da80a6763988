package org.polyheap.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.eclipse.core.runtime.IStatus;
import org.eclipse.jface.dialogs.IDialogConstants;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.swt.widgets.Table;
import org.junit.jupiter.api.Test;
import org.polyheap.testdata.TestData;
import org.polyheap.ui.jobs.OpenSnapshotJob;
import org.polyheap.ui.open.InteractiveOpen;

/**
 * A long open (File ▸ Open… of a 12 MB gzip HPROF, parsed afresh) shows its phases by name in a
 * dialog that closes itself when the editor opens; Cancel in it stops the open and leaves no index.
 */
class OpenProgressTest extends WindowTest {
    private static final Path BIG = TestData.GEN_40;
    /** The dialog's delay: 0 here, so the test does not depend on the parse outlasting 0.8 s on this machine. */
    private static final String DELAY = "polyheap.openProgressDelayMs";

    @org.junit.jupiter.api.BeforeEach
    void showTheDialogAtOnce() { System.setProperty(DELAY, "0"); }

    @org.junit.jupiter.api.AfterEach
    void usualDelay() { System.clearProperty(DELAY); }

    /** The progress dialog of {@code file}, once it shows. */
    private static Shell dialogOf(Path file) {
        String title = "Opening " + file.getFileName();
        var found = new Shell[1];
        UiTestSupport.spinUntil(() -> {
            for (Shell s : UiTestSupport.display().getShells()) if (title.equals(s.getText()) && s.isVisible()) found[0] = s;
            return found[0] != null;
        }, UiTestSupport.TIMEOUT_MS, "the dialog " + title);
        return found[0];
    }

    private static List<String> phaseNames(Shell dialog) {
        var names = new ArrayList<String>();
        for (var item : UiTestSupport.find(dialog, Table.class).getFirst().getItems()) names.add(item.getText(0));
        return names;
    }

    @Test
    void aLongOpenShowsItsPhasesByNameAndClosesWhenDone() throws Exception {
        Path file = copy(BIG);
        var job = (OpenSnapshotJob) InteractiveOpen.open(UiTestSupport.window(), file);
        Shell dialog = dialogOf(file);
        UiTestSupport.spinUntil(() -> dialog.isDisposed() || phaseNames(dialog).stream().anyMatch(n -> n.startsWith("Reading HPROF")),
                UiTestSupport.TIMEOUT_MS, "an HPROF phase in the dialog");
        assertFalse(dialog.isDisposed(), "the parse outlasts the dialog's delay");
        var labels = UiTestSupport.find(dialog, Label.class).stream().map(Label::getText).toList();
        assertTrue(labels.contains(file.toString()), labels.toString());
        var names = phaseNames(dialog);
        assertTrue(labels.stream().anyMatch(names::contains), "the running phase is named above the list: " + labels + ", " + names);
        UiTestSupport.screenshotNow(dialog, "open-progress-dialog");

        UiTestSupport.waitFor(job);
        UiTestSupport.spinUntil(dialog::isDisposed, 5_000, "the dialog to close");
        UiTestSupport.spinUntil(() -> UiTestSupport.editorOf(file) != null, UiTestSupport.TIMEOUT_MS, "the editor");
        assertEquals(IStatus.OK, job.getResult().getSeverity());
        assertTrue(job.phases().size() > 3, "parse and analysis phases: " + job.phases());
    }

    @Test
    void cancelInTheDialogStopsTheOpenAndLeavesNoIndex() throws Exception {
        Path file = copy(BIG);
        var job = (OpenSnapshotJob) InteractiveOpen.open(UiTestSupport.window(), file);
        Shell dialog = dialogOf(file);
        UiTestSupport.press(dialog, IDialogConstants.CANCEL_ID);
        UiTestSupport.waitFor(job);
        UiTestSupport.spinUntil(dialog::isDisposed, 5_000, "the dialog to close");
        assertEquals(IStatus.CANCEL, job.getResult().getSeverity(), "canceled in " + job.phase());
        assertNull(UiTestSupport.editorOf(file));
        assertFalse(Files.exists(file.resolveSibling(file.getFileName() + ".polyheap")), "no index");
    }
}
