package org.polyheap.report;

import java.nio.file.Path;
import java.util.List;

import org.polyheap.index.SnapshotStore;
import org.polyheap.model.format.SnapshotFormat;
import org.polyheap.model.spi.ParseOptions;
import org.polyheap.parser.fuchsia.FuchsiaHeapdumpParser;
import org.polyheap.parser.hprof.HprofParser;

/**
 * Every option a user can set when a snapshot is opened, with its one default: the headless
 * command's flag ({@code --size-model}), the window's preference ({@code hprofSizeModel}), the values
 * it takes, and the format it concerns. An option at its default is never passed to the parser, so
 * the index the window builds and the one the command builds for the same file are the same.
 */
public enum OpenOption {
    /** Where new indexes are written: beside the file, or the per-user cache. */
    INDEX_DIR("index-dir", "indexLocation", null, SnapshotStore.OPTION_LOCATION, "beside", List.of("beside", "cache")),
    /** HPROF shallow sizes (see docs/analysis.md). */
    SIZE_MODEL("size-model", "hprofSizeModel", SnapshotFormat.HPROF, HprofParser.SIZE_MODEL, "auto",
            List.of("auto", "compressed-oops", "no-compressed-oops", "32-bit")),
    /** Whether Java's {@code Reference.referent} retains: weak (no) or strong (yes, as MAT counts). */
    JAVA_REFERENTS("java-referents", "javaReferents", SnapshotFormat.HPROF, null, "weak", List.of("weak", "strong")),
    /**
     * Java-frame and JNI-local roots: roots of their own (default), or references from their thread
     * (MAT's convention: a thread retains what only its stack holds).
     */
    STACK_ROOTS("stack-roots", "javaStackRoots", SnapshotFormat.HPROF, null, "roots", List.of("roots", "thread")),
    /** V8 sizes: as DevTools shows them (owned internal sizes moved to their owner) or as written. */
    V8_SIZES("v8-sizes", "v8Sizes", SnapshotFormat.V8, null, "devtools", List.of("devtools", "raw")),
    /** Fuchsia: frames outside the allocator that name an allocation site, 1 to {@link #MAX_SITE_FRAMES}. */
    SITE_FRAMES("site-frames", "fuchsiaSiteFrames", SnapshotFormat.FUCHSIA, FuchsiaHeapdumpParser.SITE_FRAMES, "1", List.of()),
    /** Fuchsia: the block contents folder ({@code none}: no scan); chosen per file. */
    CONTENTS("contents", null, SnapshotFormat.FUCHSIA, FuchsiaHeapdumpParser.CONTENTS, null, List.of()),
    /** Fuchsia: the koid of the process a multi-process profile shows; chosen per file. */
    PROCESS("process", null, SnapshotFormat.FUCHSIA, FuchsiaHeapdumpParser.PROCESS, null, List.of()),
    /**
     * Open a damaged or cut-off file with what could be read (MAT's permissive mode); chosen per file.
     * A parse option, so an index built permissively is never reused by a strict open, nor the reverse.
     */
    PERMISSIVE("permissive", null, null, ParseOptions.PERMISSIVE, "off", List.of("off", "on"));

    public static final int MAX_SITE_FRAMES = 64;

    private final String flag;
    private final String setting;
    private final SnapshotFormat format;
    private final String parseKey;
    private final String defaultValue;
    private final List<String> values;

    OpenOption(String flag, String setting, SnapshotFormat format, String parseKey, String defaultValue, List<String> values) {
        this.flag = flag;
        this.setting = setting;
        this.format = format;
        this.parseKey = parseKey;
        this.defaultValue = defaultValue;
        this.values = values;
    }

    /** The headless command's flag, without the dashes. */
    public String flag() { return flag; }

    /** True for an on/off option the command writes as a bare flag ({@code --permissive}: on). */
    public boolean isSwitch() { return values.equals(List.of("off", "on")); }

    /** The window's preference key; null for options chosen per file. */
    public String setting() { return setting; }

    /** True when the option changes what a snapshot of {@code f} shows (null: every format). */
    public boolean concerns(SnapshotFormat f) { return format == null || format == f; }

    /** The parser option it sets; null when it steers the analysis instead. */
    String parseKey() { return parseKey; }

    /** The default; null for an option without one (a path, a process). */
    public String defaultValue() { return defaultValue; }

    /** The values it takes, or empty for a number or free text. */
    public List<String> choices() { return values; }

    /**
     * The value as the parser or analysis takes it: checked, a folder made absolute.
     *
     * @throws IllegalArgumentException a value the option does not take, said as the command says it
     */
    public String check(String value) {
        if (!values.isEmpty()) {
            if (!values.contains(value)) throw new IllegalArgumentException("--" + flag + " takes " + or(values) + ", not '" + value + "'");
            return value;
        }
        return switch (this) {
            case SITE_FRAMES -> {
                int n;
                try {
                    n = Integer.parseInt(value.trim());
                } catch (NumberFormatException e) {
                    n = 0;
                }
                if (n < 1 || n > MAX_SITE_FRAMES) throw new IllegalArgumentException("--" + flag + " takes a number from 1 to " + MAX_SITE_FRAMES + ", not '" + value + "'");
                yield Integer.toString(n);
            }
            case CONTENTS -> value.equals(FuchsiaHeapdumpParser.NO_CONTENTS) ? value : Path.of(value).toAbsolutePath().toString();
            default -> value;
        };
    }

    /** The option whose preference key is {@code setting}, or null. */
    public static OpenOption ofSetting(String setting) {
        for (OpenOption o : values()) if (setting.equals(o.setting)) return o;
        return null;
    }

    private static String or(List<String> words) {
        return words.size() == 2 ? words.get(0) + " or " + words.get(1)
                : String.join(", ", words.subList(0, words.size() - 1)) + " or " + words.getLast();
    }
}
