package org.polyheap.ui.prefs;

import java.util.LinkedHashSet;
import java.util.Set;

import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.jface.util.IPropertyChangeListener;
import org.eclipse.jface.util.PropertyChangeEvent;
import org.eclipse.ui.IEditorReference;
import org.eclipse.ui.IWorkbench;
import org.eclipse.ui.IWorkbenchWindow;
import org.polyheap.model.format.SnapshotFormat;
import org.polyheap.ui.editor.SnapshotEditor;
import org.polyheap.ui.editor.SnapshotOpener;

/**
 * Applies preference changes to what is open: a theme switch at once; a change of an analysis
 * option ({@link PolyheapPreferences#ANALYSIS_KEYS}) re-opens, in background jobs, every open
 * snapshot whose format it concerns, each editor replaced by the re-analysed one when ready (its
 * index is reused when only the analysis changed, rebuilt when a parse option did). The index
 * location applies to the next open. Changes made together (one OK) are handled together. UI thread.
 */
public final class PreferenceEffects implements IPropertyChangeListener {
    private final IWorkbench workbench;
    private final Set<String> pending = new LinkedHashSet<>();

    private PreferenceEffects(IWorkbench workbench) {
        this.workbench = workbench;
    }

    /** Listens to the preference store from now on, and applies the stored theme. */
    public static PreferenceEffects install(IWorkbench workbench) {
        var effects = new PreferenceEffects(workbench);
        PolyheapPreferences.store().addPropertyChangeListener(effects);
        Themes.apply(workbench.getDisplay(), PolyheapPreferences.store().getString(PolyheapPreferences.THEME));
        return effects;
    }

    @Override
    public void propertyChange(PropertyChangeEvent event) {
        String key = event.getProperty();
        if (PolyheapPreferences.THEME.equals(key)) {
            workbench.getDisplay().asyncExec(() -> Themes.apply(workbench.getDisplay(), PolyheapPreferences.store().getString(key)));
        } else if (PolyheapPreferences.ANALYSIS_KEYS.contains(key)) {
            if (pending.isEmpty()) workbench.getDisplay().asyncExec(this::reanalyse);
            pending.add(key);
        }
    }

    private void reanalyse() {
        var keys = Set.copyOf(pending);
        pending.clear();
        for (IWorkbenchWindow window : workbench.getWorkbenchWindows()) reanalyse(window, keys);
    }

    /** Re-opens the window's snapshots that a change of {@code keys} concerns; returns the jobs started. */
    public static java.util.List<Job> reanalyse(IWorkbenchWindow window, Set<String> keys) {
        var jobs = new java.util.ArrayList<Job>();
        if (window.getActivePage() == null) return jobs;
        for (IEditorReference ref : window.getActivePage().getEditorReferences()) {
            if (!(ref.getEditor(false) instanceof SnapshotEditor editor) || editor.snapshot().isClosed()) continue;
            SnapshotFormat format = editor.snapshot().analyzed().format();
            if (keys.stream().anyMatch(k -> SnapshotOptions.affects(k, format))) jobs.add(SnapshotOpener.reopen(window, editor));
        }
        return jobs;
    }
}
