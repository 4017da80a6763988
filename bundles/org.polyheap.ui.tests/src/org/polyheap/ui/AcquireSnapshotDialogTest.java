package org.polyheap.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;

import org.eclipse.jface.dialogs.IDialogConstants;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Event;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.MenuItem;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.swt.widgets.Table;
import org.eclipse.swt.widgets.Text;
import org.junit.jupiter.api.Test;
import org.polyheap.analysis.HistogramRow;
import org.polyheap.testdata.LiveRuntimes;
import org.polyheap.ui.acquire.AcquireSnapshotDialog;
import org.polyheap.ui.editor.SnapshotEditor;

/**
 * File ▸ Acquire Snapshot…: lists a child JVM (pid, main class, JDK version) and a Node.js process with its
 * inspector that the test started; Take Snapshot on the JVM writes its dump into the chosen folder and
 * opens it, showing the program's 4,321 widgets; a wrong Dart VM URI is one line in the dialog.
 */
class AcquireSnapshotDialogTest extends WindowTest {

    /** The row of process {@code pid} in the dialog's table, or -1. */
    private static int rowOf(Table table, long pid) {
        for (int i = 0; i < table.getItemCount(); i++) if (table.getItem(i).getText(1).equals(Long.toString(pid))) return i;
        return -1;
    }

    /** The text field that follows the label {@code label} in the dialog. */
    private static Text textAfter(Shell dialog, String label) {
        for (Label l : UiTestSupport.find(dialog, Label.class)) {
            if (!l.getText().equals(label)) continue;
            Control[] siblings = l.getParent().getChildren();
            for (int i = 0; i < siblings.length - 1; i++) if (siblings[i] == l) return (Text) siblings[i + 1];
        }
        throw new AssertionError("no field labeled " + label);
    }

    /** File ▸ Acquire Snapshot…, clicked as a user does; returns once the dialog has closed. */
    private static void clickAcquireInTheFileMenu() {
        var bar = UiTestSupport.window().getShell().getMenuBar();
        MenuItem file = List.of(bar.getItems()).stream().filter(i -> i.getText().replace("&", "").equals("File")).findFirst().orElseThrow();
        file.getMenu().notifyListeners(SWT.Show, new Event());
        MenuItem acquire = List.of(file.getMenu().getItems()).stream()
                .filter(i -> i.getText().replace("&", "").startsWith("Acquire Snapshot\u2026")).findFirst()
                .orElseThrow(() -> new AssertionError("no Acquire Snapshot… in " + UiTestSupport.menuTexts(file.getMenu())));
        acquire.notifyListeners(SWT.Selection, new Event());
    }

    @Test
    void takesAChildJvmsDumpAndOpensIt() throws Exception {
        try (var jvm = LiveRuntimes.java(dir); var node = LiveRuntimes.node(dir, "known.js", true)) {
            Path folder = Files.createDirectories(dir.resolve("snapshots"));
            var rows = new AtomicReference<List<String>>();
            var failure = new AtomicReference<Throwable>();
            UiTestSupport.whenShellOpens(AcquireSnapshotDialog.TITLE, dialog -> {
                try {
                    Table table = UiTestSupport.find(dialog, Table.class).getFirst();
                    UiTestSupport.spinUntil(() -> rowOf(table, jvm.pid()) >= 0 && rowOf(table, node.pid()) >= 0, UiTestSupport.TIMEOUT_MS,
                            "the child JVM and the Node.js process listed");
                    int jvmRow = rowOf(table, jvm.pid());
                    int nodeRow = rowOf(table, node.pid());
                    rows.set(List.of(cells(table, jvmRow), cells(table, nodeRow)));
                    textAfter(dialog, "&Save in:").setText(folder.toString());
                    table.setSelection(jvmRow);
                    table.notifyListeners(SWT.Selection, new Event());
                    UiTestSupport.screenshot(dialog, "acquire-dialog");
                    UiTestSupport.press(dialog, IDialogConstants.OK_ID); // the take runs; the dialog closes when it is complete
                } catch (Throwable t) {
                    failure.set(t);
                    UiTestSupport.press(dialog, IDialogConstants.CANCEL_ID);
                }
            });
            clickAcquireInTheFileMenu();
            if (failure.get() != null) throw new AssertionError(failure.get());

            assertEquals("JVM | " + jvm.pid() + " | " + rows.get().get(0).split(" \\| ")[2] + " | JDK " + System.getProperty("java.version"),
                    rows.get().get(0));
            assertTrue(rows.get().get(0).contains("KnownObjects"), rows.get().get(0));
            assertTrue(rows.get().get(1).startsWith("Node.js | " + node.pid() + " | "), rows.get().get(1));
            assertTrue(rows.get().get(1).endsWith(" | inspector " + node.address().replaceAll("ws://([^/]+)/.*", "$1")), rows.get().get(1));

            var taken = new AtomicReference<Path>();
            UiTestSupport.spinUntil(() -> {
                try (Stream<Path> s = Files.list(folder)) {
                    taken.set(s.filter(p -> p.getFileName().toString().matches("jvm-" + jvm.pid() + "-\\d{8}-\\d{6}\\.hprof")).findFirst().orElse(null));
                } catch (java.io.IOException e) {
                    return false;
                }
                return taken.get() != null && UiTestSupport.editorOf(taken.get()) != null;
            }, UiTestSupport.TIMEOUT_MS, "the dump opened in the window");
            SnapshotEditor editor = UiTestSupport.editorOf(taken.get());
            editor.showPage(SnapshotEditor.HISTOGRAM);
            var page = editor.histogram();
            page.filterText().setText("Widget");
            UiTestSupport.spinUntil(() -> page.settled() && page.rows().size() == 1, UiTestSupport.TIMEOUT_MS, "the histogram filtered");
            HistogramRow widget = page.rows().row(0);
            assertEquals("KnownObjects$Widget", widget.name());
            assertEquals(4321, widget.objects());
            UiTestSupport.screenshot("acquire-opened");
            try (Stream<Path> s = Files.list(folder)) {
                assertTrue(s.noneMatch(p -> p.getFileName().toString().endsWith(".part")), "no part file left");
            }
        }
    }

    private static String cells(Table table, int row) {
        var cells = new java.util.ArrayList<String>();
        for (int c = 0; c < table.getColumnCount(); c++) cells.add(table.getItem(row).getText(c));
        return String.join(" | ", cells);
    }

    @Test
    void aWrongDartVmUriIsOneLineThenTheRightOneIsListed() throws Exception {
        try (var vm = LiveRuntimes.dartVm(dir)) {
            var dialogObject = new AcquireSnapshotDialog(UiTestSupport.window());
            var message = new AtomicReference<String>();
            var dartRow = new AtomicReference<String>();
            UiTestSupport.whenShellOpens(AcquireSnapshotDialog.TITLE, dialog -> {
                try {
                    Text uri = textAfter(dialog, "&Dart VM service URI:");
                    uri.setText("http://127.0.0.1:1/AbC=/");
                    UiTestSupport.press(dialog, AcquireSnapshotDialog.ADD_DART_ID);
                    UiTestSupport.spinUntil(() -> dialogObject.getErrorMessage() != null, UiTestSupport.TIMEOUT_MS, "the error line");
                    message.set(dialogObject.getErrorMessage());
                    UiTestSupport.screenshot(dialog, "acquire-dialog-error");

                    uri.setText(vm.address());
                    UiTestSupport.press(dialog, AcquireSnapshotDialog.ADD_DART_ID);
                    Table table = UiTestSupport.find(dialog, Table.class).getFirst();
                    UiTestSupport.spinUntil(() -> rowOf(table, vm.pid()) >= 0, UiTestSupport.TIMEOUT_MS, "the Dart VM listed");
                    dartRow.set(cells(table, rowOf(table, vm.pid())));
                    assertNull(dialogObject.getErrorMessage(), "the error line is gone");
                } catch (Throwable e) {
                    message.set("failed: " + e);
                } finally {
                    UiTestSupport.press(dialog, IDialogConstants.CANCEL_ID);
                }
            });
            dialogObject.open();
            assertEquals("Dart VM service ws://127.0.0.1:1/AbC=/ws: connection refused (nothing listens there; did it exit?)", message.get());
            assertEquals("Dart VM | " + vm.pid() + " | Dart VM 3.7.3 | isolates: main", dartRow.get());
            assertNull(dialogObject.taken());
        }
    }
}
