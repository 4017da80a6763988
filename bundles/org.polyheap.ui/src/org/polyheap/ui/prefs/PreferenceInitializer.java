package org.polyheap.ui.prefs;

import static org.polyheap.ui.prefs.PolyheapPreferences.*;

import org.eclipse.core.runtime.preferences.AbstractPreferenceInitializer;
import org.eclipse.core.runtime.preferences.DefaultScope;
import org.polyheap.report.OpenOption;
import org.polyheap.ui.PolyheapUi;

/**
 * Defaults: the headless command's for the options of an open ({@link OpenOption}: index beside the
 * file, automatic HPROF size model, referents that do not retain, DevTools sizes for V8, one frame per
 * Fuchsia site); the light theme; Exit asks while snapshots are open; they open again at the next start.
 * Registered in plugin.xml; runs when the store is first read.
 */
public final class PreferenceInitializer extends AbstractPreferenceInitializer {
    @Override
    public void initializeDefaultPreferences() {
        var d = DefaultScope.INSTANCE.getNode(PolyheapUi.PLUGIN_ID);
        for (OpenOption o : OpenOption.values()) if (o.setting() != null) d.put(o.setting(), o.defaultValue());
        d.put(THEME, LIGHT);
        d.putBoolean(CONFIRM_EXIT, true);
        d.putBoolean(REOPEN_SNAPSHOTS, true);
    }
}
