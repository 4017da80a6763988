package org.polyheap.ui;

import org.eclipse.jface.resource.ImageDescriptor;
import org.eclipse.jface.resource.JFaceResources;
import org.eclipse.jface.resource.ResourceLocator;
import org.eclipse.swt.graphics.Image;

/**
 * The bundle's icons: small SVG files under {@code icons/}, drawn for this product, rasterized by
 * SWT (org.eclipse.swt.svg) at the monitor's zoom, so they are sharp at 100 % and 200 %. Images
 * made by {@link #image} are kept in JFace's image registry for the life of the display.
 */
public final class Icons {
    public static final String OPEN = "open";
    public static final String EXPORT = "export";
    public static final String PREFERENCES = "preferences";
    public static final String SNAPSHOT = "snapshot";
    public static final String OVERVIEW = "overview";
    public static final String HISTOGRAM = "histogram";
    public static final String DOMINATORS = "dominators";
    public static final String DUPLICATES = "duplicates";
    public static final String LEAK_SUSPECTS = "leak-suspects";
    public static final String TOP_CONSUMERS = "top-consumers";
    public static final String COLLECTIONS = "collections";
    public static final String THREADS = "threads";
    public static final String REFERENCE_KINDS = "reference-kinds";
    public static final String CLASS_LOADERS = "class-loaders";
    public static final String BIG_DROPS = "big-drops";
    public static final String INSPECTOR = "inspector";
    public static final String PATHS = "paths";
    public static final String REFERENCES = "references";
    public static final String REFERENCES_IN = "references-in";
    public static final String REFERENCES_OUT = "references-out";
    public static final String EXCLUDE_WEAK = "exclude-weak";
    /** Drawn for the navigation history's Back and Forward. */
    public static final String BACK = "back";
    public static final String FORWARD = "forward";
    /** Every icon of the bundle. */
    public static final java.util.List<String> ALL = java.util.List.of(OPEN, EXPORT, PREFERENCES, SNAPSHOT, OVERVIEW, HISTOGRAM,
            DOMINATORS, DUPLICATES, LEAK_SUSPECTS, TOP_CONSUMERS, COLLECTIONS, THREADS, REFERENCE_KINDS, CLASS_LOADERS, BIG_DROPS, INSPECTOR, PATHS, REFERENCES, REFERENCES_IN, REFERENCES_OUT, EXCLUDE_WEAK, BACK, FORWARD);

    private Icons() { }

    /** The path of an icon inside the bundle, as plugin.xml names it. */
    public static String path(String name) { return "icons/" + name + ".svg"; }

    /** The descriptor of icon {@code name}; the "missing image" one when the file is absent. Cheap. */
    public static ImageDescriptor descriptor(String name) {
        return ResourceLocator.imageDescriptorFromBundle(Icons.class, path(name))
                .orElseGet(ImageDescriptor::getMissingImageDescriptor);
    }

    /** The image of icon {@code name}, shared and cached: do not dispose it. UI thread. */
    public static Image image(String name) {
        var registry = JFaceResources.getImageRegistry();
        String key = PolyheapUi.PLUGIN_ID + ".icon." + name;
        Image image = registry.get(key);
        if (image == null) {
            registry.put(key, descriptor(name));
            image = registry.get(key);
        }
        return image;
    }
}
