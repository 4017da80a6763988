package org.polyheap.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

import org.eclipse.jface.dialogs.ErrorDialog;
import org.eclipse.jface.dialogs.IDialogConstants;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Event;
import org.eclipse.swt.widgets.Label;
import org.eclipse.ui.PlatformUI;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.polyheap.parser.fuchsia.FuchsiaHeapdumpParser;
import org.polyheap.report.OpenOption;
import org.polyheap.testdata.TestData;
import org.polyheap.ui.application.ExitConfirmation;
import org.polyheap.ui.application.PolyheapWorkbenchAdvisor;
import org.polyheap.ui.application.StartupPlan;
import org.polyheap.ui.editor.SnapshotEditorInput;
import org.polyheap.ui.prefs.PolyheapPreferences;
import org.polyheap.ui.recent.OpenAtExit;
import org.polyheap.ui.recent.SnapshotEntry;

/**
 * Closing and coming back: Exit asks while snapshots are open (and not when none is, nor after "Do not
 * ask again"); the snapshots open at exit, with their own options, are written down and opened again
 * by the start-up routine, in the documented order, the files that are gone named in one line.
 */
class ExitAndRestartTest extends WindowTest {
    private boolean automated;

    /** The harness runs JFace in automated mode (no modal dialogs); these tests want the real one. */
    @BeforeEach
    void showDialogs() {
        automated = ErrorDialog.AUTOMATED_MODE;
        ErrorDialog.AUTOMATED_MODE = false;
    }

    @AfterEach
    void restore() {
        ErrorDialog.AUTOMATED_MODE = automated;
        PolyheapPreferences.store().setToDefault(PolyheapPreferences.CONFIRM_EXIT);
    }

    /** The confirmation's text once it showed (else null), and the flag that stops waiting for it. */
    private record Answer(AtomicReference<String> shown, java.util.concurrent.atomic.AtomicBoolean stop) {
        String text() { return shown.get(); }
    }

    /** Waits for the confirmation: keeps its text, then presses a button (ticking "Do not ask again" first when asked). */
    private static Answer answerExit(int button, boolean doNotAsk, String screenshot) {
        var shown = new AtomicReference<String>();
        var stop = UiTestSupport.whenShellOpens(ExitConfirmation.TITLE, shell -> {
            var text = UiTestSupport.find(shell, Label.class).stream().map(Label::getText).filter(t -> t.startsWith("Exit")).findFirst().orElse("?");
            if (doNotAsk) {
                Button toggle = UiTestSupport.find(shell, Button.class).stream().filter(b -> b.getText().equals(ExitConfirmation.DO_NOT_ASK))
                        .findFirst().orElseThrow();
                toggle.setSelection(true);
                toggle.notifyListeners(SWT.Selection, new Event());
            }
            try {
                if (screenshot != null) UiTestSupport.screenshot(shell, screenshot);
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
            shown.set(text);
            UiTestSupport.press(shell, button);
        });
        return new Answer(shown, stop);
    }

    @Test
    void exitAsksOnlyWhileSnapshotsAreOpen() throws Exception {
        var workbench = PlatformUI.getWorkbench();
        var unexpected = answerExit(IDialogConstants.CANCEL_ID, false, null);
        assertTrue(ExitConfirmation.confirm(workbench), "nothing open: exit at once (a dialog would have been canceled)");
        assertNull(unexpected.text());
        unexpected.stop().set(true);

        Path file = copy(TestData.JACKSON_TREE);
        UiTestSupport.open(file);
        var shown = answerExit(IDialogConstants.CANCEL_ID, false, null); // Cancel keeps Polyheap running
        assertFalse(ExitConfirmation.confirm(workbench));
        assertEquals("Exit Polyheap? 1 snapshot is open: jackson-tree.hprof.gz.", shown.text());
        assertNotNull(UiTestSupport.editorOf(file), "Cancel keeps the snapshot open");

        var again = answerExit(IDialogConstants.OK_ID, false, "exit-confirmation");
        assertTrue(ExitConfirmation.confirm(workbench));
        assertNotNull(again.text());
        assertTrue(PolyheapPreferences.store().getBoolean(PolyheapPreferences.CONFIRM_EXIT), "asks next time too");
    }

    @Test
    void doNotAskAgainTurnsTheQuestionOff() throws Exception {
        var workbench = PlatformUI.getWorkbench();
        UiTestSupport.open(copy(TestData.JACKSON_TREE));
        var shown = answerExit(IDialogConstants.OK_ID, true, null);
        assertTrue(ExitConfirmation.confirm(workbench));
        assertNotNull(shown.text());
        assertFalse(PolyheapPreferences.store().getBoolean(PolyheapPreferences.CONFIRM_EXIT));

        var none = answerExit(IDialogConstants.CANCEL_ID, false, null);
        assertTrue(ExitConfirmation.confirm(workbench), "no dialog: it would have been canceled");
        assertNull(none.text());
        none.stop().set(true);
    }

    @Test
    void snapshotsOpenAtExitOpenAgainWithTheirOptionsInOrder() throws Exception {
        Path hprof = copy(TestData.JACKSON_TREE);
        Path fuchsia = TestData.copyUncompressed(TestData.FUCHSIA_TREE, dir);
        Path gone = Files.createDirectories(dir.resolve("later")).resolve("gone.heapsnapshot.gz");
        Files.copy(TestData.CHROME_TODO, gone);
        Path commandLine = copy(TestData.DART_TINY);
        var fuchsiaRequest = new OpenRequest(fuchsia, Map.of(OpenOption.CONTENTS, FuchsiaHeapdumpParser.NO_CONTENTS));
        UiTestSupport.open(hprof);
        UiTestSupport.open(fuchsiaRequest);
        UiTestSupport.open(gone);

        var atExit = new OpenAtExit(dir.resolve("open-at-exit.properties"));
        atExit.save(PlatformUI.getWorkbench(), true); // what preShutdown writes
        List<SnapshotEntry> saved = atExit.read();
        assertEquals(List.of(hprof, fuchsia, gone), saved.stream().map(SnapshotEntry::file).toList(), "in the order of the tabs");
        assertEquals(fuchsiaRequest, saved.get(1).request(), "the file's own options are kept");
        assertEquals(hprof.resolveSibling(hprof.getFileName() + ".polyheap"), saved.get(0).indexFolder());

        UiTestSupport.closeAllEditors();
        Files.delete(gone);
        var plan = StartupPlan.of(atExit.read(), List.of(commandLine, hprof));
        assertEquals(List.of(fuchsiaRequest, OpenRequest.of(commandLine), OpenRequest.of(hprof)), plan.open(),
                "saved first, then the command line's files; a file in both opens once, at its command-line place");
        Path link = Files.createSymbolicLink(dir.resolve("link-to-" + hprof.getFileName()), hprof);
        assertEquals(List.of(fuchsiaRequest, OpenRequest.of(link)), StartupPlan.of(atExit.read(), List.of(link)).open(),
                "a file open at exit and named on the command line through a link opens once");
        var lines = new ArrayList<String>();
        var jobs = PolyheapWorkbenchAdvisor.openAtStart(UiTestSupport.window(), plan, lines::add);
        jobs.forEach(UiTestSupport::waitFor);
        assertEquals(List.of("A snapshot open at the last exit is gone: " + gone), lines);
        for (Path f : List.of(hprof, fuchsia, commandLine)) {
            UiTestSupport.spinUntil(() -> UiTestSupport.editorOf(f) != null, UiTestSupport.TIMEOUT_MS, "the editor of " + f);
        }
        assertNull(UiTestSupport.editorOf(gone));
        var input = (SnapshotEditorInput) UiTestSupport.editorOf(fuchsia).getEditorInput();
        assertEquals(fuchsiaRequest, input.request(), "reopened with its contents choice");
        UiTestSupport.screenshot("reopened-at-start");

        atExit.save(PlatformUI.getWorkbench(), false); // the preference off: nothing is remembered
        assertFalse(Files.exists(atExit.file()));
        assertTrue(StartupPlan.of(atExit.read(), List.of()).opensSample());
    }
}
