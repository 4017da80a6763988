package org.polyheap.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.zip.GZIPInputStream;

import org.eclipse.jface.dialogs.ErrorDialog;
import org.eclipse.jface.dialogs.IDialogConstants;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Event;
import org.eclipse.swt.widgets.Label;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.polyheap.testdata.TestData;
import org.polyheap.ui.editor.SnapshotOpener;
import org.polyheap.ui.jobs.OpenFailure;

/** A damaged snapshot opens an error dialog: one line (file, byte offset, problem), the details behind a button. */
class ErrorDialogTest extends WindowTest {
    private static final Path HPROF = TestData.JACKSON_TREE;

    /** What the dialog showed. */
    private record Shown(List<String> labels, List<String> details) { }

    private boolean automated;

    /** The test harness makes JFace refuse to show error dialogs (to catch unexpected ones); this test wants one. */
    @BeforeEach
    void showErrorDialogs() {
        automated = ErrorDialog.AUTOMATED_MODE;
        ErrorDialog.AUTOMATED_MODE = false;
    }

    @AfterEach
    void hideErrorDialogsAgain() {
        ErrorDialog.AUTOMATED_MODE = automated;
    }

    @Test
    void truncatedHprofShowsTheCauseInOneLineAndTheDetailsOnDemand() throws Exception {
        Path file = dir.resolve("truncated.hprof");
        try (InputStream in = new GZIPInputStream(Files.newInputStream(HPROF))) {
            Files.write(file, in.readNBytes(400_000)); // the header and part of the first records: the rest is missing
        }
        var shown = new AtomicReference<Shown>();
        UiTestSupport.whenShellOpens(OpenFailure.TITLE, shell -> {
            var labels = UiTestSupport.find(shell, Label.class).stream().map(Label::getText).filter(t -> !t.isBlank()).toList();
            Button details = UiTestSupport.find(shell, Button.class).stream()
                    .filter(b -> Integer.valueOf(IDialogConstants.DETAILS_ID).equals(b.getData())).findFirst().orElseThrow();
            details.notifyListeners(SWT.Selection, new Event()); // the details list is made now
            var items = new ArrayList<String>();
            for (var list : UiTestSupport.find(shell, org.eclipse.swt.widgets.List.class)) items.addAll(List.of(list.getItems()));
            shell.getDisplay().timerExec(400, () -> { // painted by then
                try {
                    UiTestSupport.screenshot(shell, "error-dialog");
                } catch (java.io.IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
                shown.set(new Shown(labels, items));
                UiTestSupport.press(shell, IDialogConstants.OK_ID);
            });
        });
        var job = SnapshotOpener.open(UiTestSupport.window(), file);
        UiTestSupport.waitFor(job);
        UiTestSupport.spinUntil(() -> shown.get() != null, UiTestSupport.TIMEOUT_MS, "the error dialog");

        String line = shown.get().labels().stream().filter(l -> l.contains("truncated.hprof")).findFirst().orElseThrow(
                () -> new AssertionError("no line naming the file: " + shown.get().labels()));
        assertEquals(1, line.lines().count(), line);
        assertTrue(line.contains("at byte "), "the offset is in the line: " + line);
        assertFalse(line.contains("\tat ") || line.contains("Exception"), "no stack trace, no exception class: " + line);
        var details = shown.get().details();
        assertTrue(details.stream().anyMatch(d -> d.startsWith("Problem: ")), details.toString());
        assertTrue(details.stream().anyMatch(d -> d.equals("File: " + file)), details.toString());
        assertTrue(details.stream().anyMatch(d -> d.startsWith("Byte offset: ")), details.toString());
        assertTrue(details.stream().anyMatch(d -> d.equals("Format: hprof (from the first bytes)")), details.toString());
        assertTrue(details.stream().noneMatch(d -> d.contains("\tat ") || d.contains(".java:")), "no stack trace: " + details);
        assertNull(UiTestSupport.editorOf(file), "no editor opened");
    }
}
