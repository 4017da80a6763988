package org.polyheap.ui.prefs;

import org.eclipse.jface.preference.IPreferenceStore;
import org.polyheap.model.format.SnapshotFormat;
import org.polyheap.report.AnalyzedSnapshot.OpenOptions;
import org.polyheap.report.OpenOption;
import org.polyheap.ui.OpenRequest;
import org.polyheap.ui.PolyheapUi;

/**
 * Turns the preferences and a request's own options into the options of one open: the same
 * {@link OpenOption}s the headless command's flags set, with the same defaults; {@link OpenOptions}
 * passes the parser only what differs from a default and concerns the file's format, so the window
 * and the command build the same index for the same choices.
 */
public final class SnapshotOptions {
    private SnapshotOptions() { }

    /** The options of opening {@code request} under the preferences {@code prefs}. O(options); no I/O. */
    public static OpenOptions of(OpenRequest request, IPreferenceStore prefs) {
        var options = OpenOptions.DEFAULT;
        for (OpenOption o : OpenOption.values()) {
            if (o.setting() == null) continue;
            String value = prefs.getString(o.setting());
            if (o == OpenOption.SITE_FRAMES) value = Integer.toString(Math.clamp(prefs.getInt(o.setting()), 1, OpenOption.MAX_SITE_FRAMES));
            if (value.isEmpty() || value.equals(o.defaultValue()) || (!o.choices().isEmpty() && !o.choices().contains(value))) continue;
            options = options.with(o, value);
        }
        // the bundled sample lies in the installation: its index goes to the per-user cache, never into the product
        if (PolyheapUi.isInInstallation(request.file())) options = options.with(OpenOption.INDEX_DIR, PolyheapPreferences.CACHE);
        for (var e : request.fileOptions().entrySet()) options = options.with(e.getKey(), e.getValue());
        return options;
    }

    /** Whether a change of preference {@code key} alters what a snapshot of {@code format} shows. */
    public static boolean affects(String key, SnapshotFormat format) {
        OpenOption o = OpenOption.ofSetting(key);
        return o != null && o != OpenOption.INDEX_DIR && o.concerns(format);
    }
}
