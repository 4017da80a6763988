package org.polyheap.ui.prefs;

import static org.polyheap.ui.prefs.PolyheapPreferences.*;

import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

import org.eclipse.jface.preference.IPreferenceStore;
import org.polyheap.index.SnapshotStore;
import org.polyheap.model.spi.Probe;
import org.polyheap.model.spi.SnapshotParser;
import org.polyheap.parser.fuchsia.FuchsiaHeapdumpParser;
import org.polyheap.parser.hprof.HprofParser;
import org.polyheap.report.AnalyzedSnapshot.OpenOptions;
import org.polyheap.report.Parsers;
import org.polyheap.ui.OpenRequest;
import org.polyheap.ui.PolyheapUi;

/**
 * Turns the preferences and a request's own options into the options of one open, the same ones
 * the headless command's flags give ({@code --index-dir}, {@code --size-model}, {@code --v8-sizes},
 * {@code --java-referents}). Only options that differ from the defaults and concern the file's
 * format are passed: the index records its parse options, so a default passed explicitly, or an
 * HPROF option on a V8 file, would make the index of the same file built by the headless command
 * look stale and be rebuilt.
 */
public final class SnapshotOptions {
    private SnapshotOptions() { }

    /** The format name of the parser that accepts the file ("hprof", "v8", …), or null. Reads 4 KiB. */
    public static String detectFormat(Path file) throws IOException {
        Probe probe = Probe.of(file);
        for (SnapshotParser p : Parsers.all()) if (p.accepts(probe)) return p.format();
        return null;
    }

    /**
     * The options of opening {@code request}, for a file of {@code format} (null when unknown: then
     * only the index location is set). O(1); no I/O.
     */
    public static OpenOptions of(OpenRequest request, String format, IPreferenceStore prefs) {
        Map<String, String> parse = new HashMap<>();
        // the bundled sample lies in the installation: its index goes to the per-user cache, never into the product
        boolean cache = CACHE.equals(prefs.getString(INDEX_LOCATION)) || PolyheapUi.isInInstallation(request.file());
        parse.put(SnapshotStore.OPTION_LOCATION, cache ? CACHE : BESIDE);
        Boolean devtoolsSizes = null;
        boolean referentsRetain = false;
        switch (format == null ? "" : format) {
            case "hprof" -> {
                String model = prefs.getString(HPROF_SIZE_MODEL);
                if (!model.isEmpty() && !AUTO.equals(model)) parse.put(HprofParser.SIZE_MODEL, model);
                referentsRetain = STRONG.equals(prefs.getString(JAVA_REFERENTS));
            }
            case "v8" -> {
                if (RAW.equals(prefs.getString(V8_SIZES))) devtoolsSizes = false;
            }
            case "fuchsia" -> {
                int frames = prefs.getInt(FUCHSIA_SITE_FRAMES);
                if (frames > 1) parse.put(FuchsiaHeapdumpParser.SITE_FRAMES, Integer.toString(Math.min(frames, MAX_SITE_FRAMES)));
            }
            default -> { }
        }
        parse.putAll(request.fileOptions());
        return new OpenOptions(parse, devtoolsSizes, referentsRetain);
    }

    /** Whether a change of preference {@code key} alters what a snapshot of {@code format} shows. */
    public static boolean affects(String key, String format) {
        return switch (key) {
            case HPROF_SIZE_MODEL, JAVA_REFERENTS -> "hprof".equals(format);
            case V8_SIZES -> "v8".equals(format);
            case FUCHSIA_SITE_FRAMES -> "fuchsia".equals(format);
            default -> false;
        };
    }
}
