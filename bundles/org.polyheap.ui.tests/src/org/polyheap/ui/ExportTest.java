package org.polyheap.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicInteger;

import org.eclipse.jface.dialogs.IDialogConstants;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Button;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.polyheap.testdata.TestData;
import org.polyheap.ui.export.ExportAction;
import org.polyheap.ui.export.SnapshotExport;

/** File ▸ Export from the window: the documents equal the headless command's; the dialog offers every choice. */
class ExportTest extends WindowTest {

    /** The histogram CSV equals the headless {@code polyheap histogram FILE --csv}, byte for byte. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("org.polyheap.ui.WindowTest#formats")
    void histogramCsvEqualsTheHeadlessCommands(String format, Path fixture, boolean fields) throws Exception {
        Path file = sharedCopy(fixture);
        var editor = UiTestSupport.open(file);
        Path csv = dir.resolve("window.csv");
        UiTestSupport.waitFor(ExportAction.export(editor, SnapshotExport.What.HISTOGRAM_CSV, csv));
        String headless = UiTestSupport.headless("histogram", file.toString(), "--csv");
        String window = Files.readString(csv);
        assertTrue(window.lines().count() > 5, "rows exported: " + window.lines().count());
        assertEquals(headless, window);
    }

    @Test
    void htmlReportIsAPageNamingTheTopClass() throws Exception {
        var editor = open(TestData.JACKSON_TREE);
        Path html = dir.resolve("report.html");
        UiTestSupport.waitFor(ExportAction.export(editor, SnapshotExport.What.HTML_REPORT, html));
        String page = Files.readString(html);
        assertTrue(page.startsWith("<!DOCTYPE html>") || page.startsWith("<!doctype html>"), page.substring(0, 40));
        assertTrue(page.contains(editor.snapshot().top().classes().getFirst().name().replace("<", "&lt;")), "top class in report");
    }

    /** File ▸ Export opens a dialog of a sensible size listing every choice; Cancel writes nothing. */
    @Test
    void exportDialogListsTheChoices() throws Exception {
        Path file = copy(TestData.JACKSON_TREE);
        UiTestSupport.open(file);
        var seen = new ArrayList<String>();
        var width = new AtomicInteger();
        UiTestSupport.whenShellOpens("Export " + file.getFileName(), shell -> {
            width.set(shell.getSize().x);
            for (var b : UiTestSupport.find(shell, Button.class)) {
                if ((b.getStyle() & SWT.RADIO) != 0) seen.add(b.getText() + (b.getSelection() ? " (chosen)" : ""));
            }
            try {
                UiTestSupport.screenshot(shell, "export-dialog");
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
            UiTestSupport.press(shell, IDialogConstants.CANCEL_ID);
        });
        new ExportAction(UiTestSupport.window()).run();
        assertEquals(Arrays.stream(SnapshotExport.What.values())
                .map(w -> w.title + (w == SnapshotExport.What.HISTOGRAM_CSV ? " (chosen)" : "")).sorted().toList(), seen.stream().sorted().toList());
        assertTrue(width.get() > 300 && width.get() < 900, "dialog width " + width.get());
        try (var files = Files.list(dir)) {
            assertEquals(0, files.filter(f -> f.toString().endsWith(".csv") || f.toString().endsWith(".json") || f.toString().endsWith(".html")).count());
        }
    }
}
