package org.polyheap.ui.prefs;

import java.util.Set;

import org.eclipse.core.runtime.preferences.InstanceScope;
import org.eclipse.jface.preference.IPreferenceStore;
import org.eclipse.ui.preferences.ScopedPreferenceStore;
import org.polyheap.report.OpenOption;
import org.polyheap.ui.PolyheapUi;

/**
 * The preference keys, their values and the store they live in: the instance scope of the UI
 * bundle, i.e. {@code <workspace>/.metadata/.plugins/org.eclipse.core.runtime/.settings/org.polyheap.ui.prefs}
 * ({@code ~/.local/state/polyheap/workspace} with the launcher). Defaults come from
 * {@link PreferenceInitializer}; the options of opening a snapshot are the headless command's
 * ({@link OpenOption}: keys, values and defaults). The heap limit is not here: the launcher needs it before the JVM
 * starts, so it lives in {@link LauncherConfig}'s file. The store is created once; reading it is a map look-up.
 */
public final class PolyheapPreferences {
    /** {@link #BESIDE} or {@link #CACHE}: where new indexes are written. */
    public static final String INDEX_LOCATION = OpenOption.INDEX_DIR.setting();
    public static final String BESIDE = "beside";
    public static final String CACHE = "cache";

    /** HPROF shallow sizes: {@code auto}, {@code compressed-oops}, {@code no-compressed-oops}, {@code 32-bit}. */
    public static final String HPROF_SIZE_MODEL = OpenOption.SIZE_MODEL.setting();
    public static final String AUTO = "auto";

    /** Java {@code Reference.referent}: {@link #WEAK} (does not retain) or {@link #STRONG} (retains, as in MAT). */
    public static final String JAVA_REFERENTS = OpenOption.JAVA_REFERENTS.setting();
    public static final String WEAK = "weak";
    public static final String STRONG = "strong";

    /**
     * Java-frame and JNI-local roots: {@link #STACK_ROOTS_AS_ROOTS} (roots of their own) or
     * {@link #STACK_ROOTS_UNDER_THREAD} (references from their thread, as in Eclipse MAT).
     */
    public static final String JAVA_STACK_ROOTS = OpenOption.STACK_ROOTS.setting();
    public static final String STACK_ROOTS_AS_ROOTS = "roots";
    public static final String STACK_ROOTS_UNDER_THREAD = "thread";

    /** V8 sizes: {@link #DEVTOOLS} (owned hidden/array sizes moved into their owner) or {@link #RAW}. */
    public static final String V8_SIZES = OpenOption.V8_SIZES.setting();
    public static final String DEVTOOLS = "devtools";
    public static final String RAW = "raw";

    /** Fuchsia: frames (outside the allocator) that name an allocation site, 1 to {@link #MAX_SITE_FRAMES}. */
    public static final String FUCHSIA_SITE_FRAMES = OpenOption.SITE_FRAMES.setting();
    public static final int MAX_SITE_FRAMES = OpenOption.MAX_SITE_FRAMES;

    /** {@link #LIGHT} or {@link #DARK}. */
    public static final String THEME = "theme";
    public static final String LIGHT = "light";
    public static final String DARK = "dark";

    /** Whether Exit asks first while snapshots are open (true by default; the dialog's "Do not ask again" clears it). */
    public static final String CONFIRM_EXIT = "confirmExit";

    /** Whether the snapshots open at exit open again at the next start (true by default). */
    public static final String REOPEN_SNAPSHOTS = "reopenSnapshots";

    /** Keys whose change alters what an open snapshot shows: they trigger a re-analysis. */
    public static final Set<String> ANALYSIS_KEYS = Set.of(HPROF_SIZE_MODEL, JAVA_REFERENTS, JAVA_STACK_ROOTS, V8_SIZES, FUCHSIA_SITE_FRAMES);

    private static IPreferenceStore store;

    private PolyheapPreferences() { }

    /** The store of the UI bundle's instance scope. Thread-safe to read; write on the UI thread. */
    public static synchronized IPreferenceStore store() {
        if (store == null) store = new ScopedPreferenceStore(InstanceScope.INSTANCE, PolyheapUi.PLUGIN_ID);
        return store;
    }
}
