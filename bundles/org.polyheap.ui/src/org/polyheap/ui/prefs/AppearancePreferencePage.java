package org.polyheap.ui.prefs;

import static org.polyheap.ui.prefs.PolyheapPreferences.*;

import org.eclipse.jface.preference.FieldEditorPreferencePage;
import org.eclipse.jface.preference.RadioGroupFieldEditor;
import org.eclipse.ui.IWorkbench;
import org.eclipse.ui.IWorkbenchPreferencePage;

/** Polyheap ▸ Appearance: the light or dark theme, applied at once ({@link Themes}). */
public final class AppearancePreferencePage extends FieldEditorPreferencePage implements IWorkbenchPreferencePage {
    public static final String ID = "org.polyheap.ui.prefs.appearance";

    public AppearancePreferencePage() {
        super(GRID);
    }

    @Override
    public void init(IWorkbench workbench) {
        setPreferenceStore(PolyheapPreferences.store());
    }

    @Override
    protected void createFieldEditors() {
        addField(new RadioGroupFieldEditor(THEME, "Theme:", 1, new String[][] {
                { "Light", LIGHT }, { "Dark", DARK } }, getFieldEditorParent()));
    }
}
