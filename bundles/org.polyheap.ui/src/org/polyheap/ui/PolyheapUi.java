package org.polyheap.ui;

import java.io.IOException;
import java.net.URL;
import java.nio.file.Path;

import org.eclipse.core.runtime.FileLocator;
import org.osgi.framework.Bundle;
import org.osgi.framework.FrameworkUtil;

/** Identifiers of the UI bundle's contributions and the bundled sample snapshot. */
public final class PolyheapUi {
    public static final String PLUGIN_ID = "org.polyheap.ui";
    public static final String PERSPECTIVE_ID = PLUGIN_ID + ".perspective";
    public static final String SNAPSHOT_EDITOR_ID = PLUGIN_ID + ".snapshotEditor";
    public static final String OPEN_COMMAND_ID = PLUGIN_ID + ".open";
    public static final String WINDOW_TITLE = "Polyheap";

    /** Bundle entry of the sample snapshot opened when the application starts without files. */
    public static final String SAMPLE_ENTRY = "samples/chrome-todo.heapsnapshot.gz";

    private PolyheapUi() { }

    /**
     * The bundled sample snapshot as a local file. When the bundle is a jar, the first call extracts
     * the entry into the OSGi configuration area (about 1 MB, once); later calls are cheap.
     */
    public static Path sampleSnapshot() throws IOException {
        Bundle bundle = FrameworkUtil.getBundle(PolyheapUi.class);
        URL entry = bundle == null ? null : bundle.getEntry(SAMPLE_ENTRY);
        if (entry == null) throw new IOException("bundled sample missing: " + SAMPLE_ENTRY);
        // toFileURL returns an unencoded file: URL, so its path is the file name as is
        return Path.of(FileLocator.toFileURL(entry).getPath());
    }

    /**
     * Whether {@code file} lies inside the installation (the product folder, or this bundle's folder,
     * where the bundled sample is): no index may be written there even when it is writable. Two
     * path comparisons.
     */
    public static boolean isInInstallation(Path file) {
        Path f = file.toAbsolutePath().normalize();
        Bundle bundle = FrameworkUtil.getBundle(PolyheapUi.class);
        if (bundle != null && FileLocator.getBundleFileLocation(bundle).map(root -> f.startsWith(normalized(root.toPath()))).orElse(false)) {
            return true;
        }
        var install = org.eclipse.core.runtime.Platform.getInstallLocation();
        if (install == null || install.getURL() == null || !"file".equals(install.getURL().getProtocol())) return false;
        return f.startsWith(normalized(Path.of(install.getURL().getPath())));
    }

    private static Path normalized(Path p) { return p.toAbsolutePath().normalize(); }
}
