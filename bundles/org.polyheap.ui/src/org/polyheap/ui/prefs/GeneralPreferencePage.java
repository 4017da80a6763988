package org.polyheap.ui.prefs;

import static org.polyheap.ui.prefs.PolyheapPreferences.*;

import java.io.IOException;

import org.eclipse.core.runtime.ILog;
import org.eclipse.jface.preference.PreferencePage;
import org.eclipse.swt.SWT;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Group;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Text;
import org.eclipse.ui.IWorkbench;
import org.eclipse.ui.IWorkbenchPreferencePage;
import org.polyheap.ui.editor.Format;

/**
 * Polyheap ▸ General: where indexes are written (applies to the next open of a file not yet
 * indexed there), the heap limit of the next start (written to the launcher's file), and what
 * exiting does (ask first; reopen the snapshots at the next start).
 */
public final class GeneralPreferencePage extends PreferencePage implements IWorkbenchPreferencePage {
    public static final String ID = "org.polyheap.ui.prefs.general";

    private final LauncherConfig launcher;
    private Button beside;
    private Button cache;
    private Text maxHeap;
    private Button confirmExit;
    private Button reopen;

    public GeneralPreferencePage() {
        this(LauncherConfig.forUser());
    }

    GeneralPreferencePage(LauncherConfig launcher) {
        this.launcher = launcher;
        setDescription("Where indexes go, and how much memory Polyheap may use.");
    }

    @Override
    public void init(IWorkbench workbench) {
        setPreferenceStore(PolyheapPreferences.store());
    }

    @Override
    protected Control createContents(Composite parent) {
        var area = new Composite(parent, SWT.NONE);
        area.setLayout(new GridLayout(1, false));

        var index = group(area, "Index folder");
        beside = radio(index, "Beside the snapshot (FILE.polyheap/); in the per-user cache when that folder is read-only");
        cache = radio(index, "Always in the per-user cache (~/.cache/polyheap)");
        note(index, "Applies to the next open of a file; an index already built elsewhere is left where it is.");

        var memory = group(area, "Memory");
        memory.setLayout(new GridLayout(2, false));
        new Label(memory, SWT.NONE).setText("Maximum heap at the next start:");
        maxHeap = new Text(memory, SWT.BORDER);
        maxHeap.setMessage("launcher default (70 % of RAM)");
        var data = new GridData(SWT.LEFT, SWT.CENTER, false, false);
        data.widthHint = 160;
        maxHeap.setLayoutData(data);
        maxHeap.addModifyListener(e -> validate());
        var now = note(memory, "As -Xmx takes it: 8g, 6144m. This window runs with " + Format.human(Runtime.getRuntime().maxMemory())
                + ". Written to " + launcher.file() + "; the environment variable POLYHEAP_XMX still wins.");
        ((GridData) now.getLayoutData()).horizontalSpan = 2;

        var exit = group(area, "Exit and start");
        confirmExit = check(exit, "Ask before exiting while snapshots are open");
        reopen = check(exit, "Reopen snapshots open at exit at the next start");
        note(exit, "Files named on the command line open after them; a file that is gone is named in the status line.");

        load(getPreferenceStore().getString(INDEX_LOCATION));
        confirmExit.setSelection(getPreferenceStore().getBoolean(CONFIRM_EXIT));
        reopen.setSelection(getPreferenceStore().getBoolean(REOPEN_SNAPSHOTS));
        try {
            maxHeap.setText(launcher.maxHeap());
        } catch (IOException e) {
            setErrorMessage("Cannot read " + launcher.file() + ": " + e.getMessage());
        }
        return area;
    }

    private void load(String location) {
        beside.setSelection(!CACHE.equals(location));
        cache.setSelection(CACHE.equals(location));
    }

    private void validate() {
        String v = maxHeap.getText().strip();
        boolean ok = v.isEmpty() || LauncherConfig.HEAP_SIZE.matcher(v).matches();
        setErrorMessage(ok ? null : "The maximum heap is a number with an optional unit k, m, g or t, e.g. 8g");
        setValid(ok);
    }

    @Override
    protected void performDefaults() {
        load(getPreferenceStore().getDefaultString(INDEX_LOCATION));
        maxHeap.setText("");
        confirmExit.setSelection(getPreferenceStore().getDefaultBoolean(CONFIRM_EXIT));
        reopen.setSelection(getPreferenceStore().getDefaultBoolean(REOPEN_SNAPSHOTS));
        super.performDefaults();
    }

    @Override
    public boolean performOk() {
        getPreferenceStore().setValue(INDEX_LOCATION, cache.getSelection() ? CACHE : BESIDE);
        getPreferenceStore().setValue(CONFIRM_EXIT, confirmExit.getSelection());
        getPreferenceStore().setValue(REOPEN_SNAPSHOTS, reopen.getSelection());
        try {
            launcher.setMaxHeap(maxHeap.getText());
        } catch (IOException | IllegalArgumentException e) {
            ILog.of(GeneralPreferencePage.class).error("Cannot write " + launcher.file(), e);
            setErrorMessage("Cannot write " + launcher.file() + ": " + e.getMessage());
            return false;
        }
        return true;
    }

    static Group group(Composite parent, String title) {
        var g = new Group(parent, SWT.NONE);
        g.setText(title);
        g.setLayout(new GridLayout(1, false));
        g.setLayoutData(new GridData(SWT.FILL, SWT.TOP, true, false));
        return g;
    }

    private static Button radio(Composite parent, String text) {
        var b = new Button(parent, SWT.RADIO);
        b.setText(text);
        return b;
    }

    private static Button check(Composite parent, String text) {
        var b = new Button(parent, SWT.CHECK);
        b.setText(text);
        return b;
    }

    static Label note(Composite parent, String text) {
        var l = new Label(parent, SWT.WRAP);
        l.setText(text);
        var data = new GridData(SWT.FILL, SWT.TOP, true, false);
        data.widthHint = 420;
        l.setLayoutData(data);
        return l;
    }

    /** For tests: the widgets as the user sees them. */
    Button cacheButton() { return cache; }

    Text maxHeapText() { return maxHeap; }

    Button reopenButton() { return reopen; }
}
