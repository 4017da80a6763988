package org.polyheap.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.eclipse.jface.dialogs.IDialogConstants;
import org.eclipse.jface.preference.PreferenceDialog;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Event;
import org.eclipse.swt.widgets.TreeItem;
import org.eclipse.ui.dialogs.PreferencesUtil;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.polyheap.testdata.TestData;
import org.polyheap.ui.editor.SnapshotEditor;
import org.polyheap.ui.export.ExportAction;
import org.polyheap.ui.export.SnapshotExport;
import org.polyheap.ui.prefs.AnalysisPreferencePage;
import org.polyheap.ui.prefs.AppearancePreferencePage;
import org.polyheap.ui.prefs.GeneralPreferencePage;
import org.polyheap.ui.prefs.PolyheapPreferences;

/**
 * Window ▸ Preferences: the pages, and options that reach the parser and the analysis of open
 * snapshots (each checked against the headless command with the same option), the index location,
 * and the bundled sample's index kept out of the installation.
 */
class PreferencesTest extends WindowTest {
    private static final Path V8_NODE = TestData.NODE_MARKED;
    private static final Path HPROF = TestData.JACKSON_TREE;

    @AfterEach
    void resetPreferences() {
        UiTestSupport.closeAllEditors();
        var store = PolyheapPreferences.store();
        for (String key : List.of(PolyheapPreferences.INDEX_LOCATION, PolyheapPreferences.HPROF_SIZE_MODEL, PolyheapPreferences.JAVA_REFERENTS,
                PolyheapPreferences.V8_SIZES, PolyheapPreferences.FUCHSIA_SITE_FRAMES)) {
            store.setToDefault(key);
        }
        UiTestSupport.drainEvents();
    }

    @Test
    void v8RawSizesChosenInTheDialogReanalyseTheOpenSnapshot() throws Exception {
        Path file = copy(V8_NODE);
        SnapshotEditor before = UiTestSupport.open(file);
        String devtools = dominatorsCsv(before, dir.resolve("devtools.csv"));
        assertEquals(UiTestSupport.headless("dominators", file.toString(), "--csv"), devtools);

        // the product has only Polyheap's pages; the test runtime adds the IDE's, which the dialog is told to leave out
        PreferenceDialog dialog = PreferencesUtil.createPreferenceDialogOn(UiTestSupport.window().getShell(), AnalysisPreferencePage.ID,
                new String[] { GeneralPreferencePage.ID, AnalysisPreferencePage.ID, AppearancePreferencePage.ID }, null);
        dialog.setBlockOnOpen(false);
        dialog.open();
        dialog.getShell().setSize(960, 640);
        var pages = new ArrayList<String>();
        for (TreeItem item : dialog.getTreeViewer().getTree().getItems()) {
            pages.add(item.getText());
            item.setExpanded(true);
            for (TreeItem child : item.getItems()) pages.add(child.getText());
        }
        assertTrue(pages.containsAll(List.of("Polyheap", "Sizes and Retention", "Appearance")), pages.toString());
        Button raw = UiTestSupport.find(dialog.getShell(), Button.class).stream()
                .filter(b -> b.getText().startsWith("raw, as stored")).findFirst().orElseThrow();
        raw.setSelection(true);
        for (Button b : UiTestSupport.find(dialog.getShell(), Button.class)) {
            if (b.getText().startsWith("as Chrome DevTools")) b.setSelection(false);
        }
        raw.notifyListeners(SWT.Selection, new Event()); // what a click on the radio button sends
        UiTestSupport.screenshot(dialog.getShell(), "preferences-sizes-and-retention");
        UiTestSupport.press(dialog.getShell(), IDialogConstants.OK_ID);
        assertEquals(PolyheapPreferences.RAW, PolyheapPreferences.store().getString(PolyheapPreferences.V8_SIZES));

        SnapshotEditor after = reopened(file, before);
        String rawCsv = dominatorsCsv(after, dir.resolve("raw.csv"));
        assertEquals(UiTestSupport.headless("dominators", file.toString(), "--csv", "--v8-sizes", "raw"), rawCsv,
                "the window's numbers are the headless raw mode's");
        assertNotEquals(devtools, rawCsv, "raw sizes differ from DevTools' (the global object's own size)");
    }

    @Test
    void hprofSizeModelAndReferentsReachTheParserAndTheAnalysis() throws Exception {
        Path file = copy(HPROF);
        SnapshotEditor before = UiTestSupport.open(file);
        var store = PolyheapPreferences.store();
        store.setValue(PolyheapPreferences.HPROF_SIZE_MODEL, "no-compressed-oops");
        store.setValue(PolyheapPreferences.JAVA_REFERENTS, PolyheapPreferences.STRONG);
        SnapshotEditor after = reopened(file, before);
        assertTrue(after.overview().value("Sizes").startsWith("no-compressed-oops"), after.overview().value("Sizes"));
        assertTrue(after.overview().value("Dominators").contains("JAVA_MAT"), after.overview().value("Dominators"));
        Path csv = dir.resolve("h.csv");
        UiTestSupport.waitFor(ExportAction.export(after, SnapshotExport.What.HISTOGRAM_CSV, csv));
        assertEquals(UiTestSupport.headless("histogram", file.toString(), "--csv", "--size-model", "no-compressed-oops", "--java-referents", "strong"),
                Files.readString(csv));
        assertFalse(after.snapshot().analyzed().reused(), "a parse option changed: the index was rebuilt");
    }

    @Test
    void indexInTheCacheWhenChosenAndAlwaysForTheBundledSample() throws Exception {
        Path cache = Path.of(System.getenv("XDG_CACHE_HOME"), "polyheap").toAbsolutePath().normalize();
        PolyheapPreferences.store().setValue(PolyheapPreferences.INDEX_LOCATION, PolyheapPreferences.CACHE);
        Path file = copy(HPROF);
        var editor = UiTestSupport.open(file);
        assertTrue(editor.snapshot().analyzed().snapshot().folder().startsWith(cache), editor.snapshot().analyzed().snapshot().folder().toString());
        assertFalse(Files.exists(dir.resolve(file.getFileName() + ".polyheap")), "nothing beside the file");
        UiTestSupport.closeAllEditors();

        PolyheapPreferences.store().setToDefault(PolyheapPreferences.INDEX_LOCATION);
        Path sample = PolyheapUi.sampleSnapshot(); // inside the installed bundle folder, which is writable here
        assertTrue(Files.isWritable(sample.getParent()));
        var sampleEditor = UiTestSupport.open(sample);
        Path folder = sampleEditor.snapshot().analyzed().snapshot().folder();
        assertTrue(folder.startsWith(cache), "the sample's index goes to the per-user cache: " + folder);
        try (Stream<Path> s = Files.list(sample.getParent())) {
            assertTrue(s.noneMatch(p -> p.getFileName().toString().contains(".polyheap")), "no index inside the installation");
        }
    }

    /** Waits until the editor of {@code file} is a new one (the re-analysed snapshot). */
    static SnapshotEditor reopened(Path file, SnapshotEditor before) {
        UiTestSupport.spinUntil(() -> {
            var now = UiTestSupport.editorOf(file);
            return now != null && now != before && !now.snapshot().isClosed();
        }, UiTestSupport.TIMEOUT_MS, "the re-analysed snapshot of " + file.getFileName());
        var after = UiTestSupport.editorOf(file);
        assertNotSame(before.snapshot(), after.snapshot());
        assertTrue(before.snapshot().isClosed(), "the old snapshot is closed with its editor");
        return after;
    }

    private static String dominatorsCsv(SnapshotEditor editor, Path csv) throws Exception {
        UiTestSupport.waitFor(ExportAction.export(editor, SnapshotExport.What.DOMINATORS_CSV, csv));
        return Files.readString(csv);
    }
}
