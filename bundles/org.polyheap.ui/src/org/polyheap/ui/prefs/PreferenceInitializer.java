package org.polyheap.ui.prefs;

import static org.polyheap.ui.prefs.PolyheapPreferences.*;

import org.eclipse.core.runtime.preferences.AbstractPreferenceInitializer;
import org.eclipse.core.runtime.preferences.DefaultScope;
import org.polyheap.ui.PolyheapUi;

/**
 * Defaults, the same as the headless command's: index beside the file, automatic HPROF size model,
 * referents that do not retain, DevTools sizes for V8, one frame per Fuchsia site; the light theme.
 * Registered in plugin.xml; runs when the store is first read.
 */
public final class PreferenceInitializer extends AbstractPreferenceInitializer {
    @Override
    public void initializeDefaultPreferences() {
        var d = DefaultScope.INSTANCE.getNode(PolyheapUi.PLUGIN_ID);
        d.put(INDEX_LOCATION, BESIDE);
        d.put(HPROF_SIZE_MODEL, AUTO);
        d.put(JAVA_REFERENTS, WEAK);
        d.put(V8_SIZES, DEVTOOLS);
        d.putInt(FUCHSIA_SITE_FRAMES, 1);
        d.put(THEME, LIGHT);
    }
}
