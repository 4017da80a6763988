package org.polyheap.model.format;

/**
 * A snapshot format as the index stores it and every front end names it. The analysis picks the
 * format's default rules with an exhaustive {@code switch}, so a new constant here is a compile error
 * wherever it must be handled.
 */
public enum SnapshotFormat {
    HPROF("hprof", "Java HPROF heap dump", IdSyntax.ADDRESS, false, true),
    V8("v8", "V8 heap snapshot", IdSyntax.NODE_ID, true, true),
    DART("dart", "Dart VM heap snapshot", IdSyntax.ORDINAL, true, true),
    FUCHSIA("fuchsia", "Fuchsia heapdump / pprof heap profile", IdSyntax.ADDRESS, false, false),
    /** A graph made by other code (tests, tools): no format-specific rules. */
    GENERIC("generic", "Object graph", IdSyntax.ORDINAL, false, false);

    private final String key;
    private final String title;
    private final IdSyntax ids;
    private final boolean stableIdentity;
    private final boolean readsWhatItCan;

    SnapshotFormat(String key, String title, IdSyntax ids, boolean stableIdentity, boolean readsWhatItCan) {
        this.key = key;
        this.title = title;
        this.ids = ids;
        this.stableIdentity = stableIdentity;
        this.readsWhatItCan = readsWhatItCan;
    }

    /** The short name stored in the index and printed by the command: {@code hprof}, {@code v8}, ... */
    public String key() { return key; }

    /** A person's name for the format: "Java HPROF heap dump". */
    public String title() { return title; }

    /** How users write an object's id in this format. */
    public IdSyntax ids() { return ids; }

    /**
     * True when an object keeps its identity from one snapshot of a process to the next (V8 node ids,
     * Dart identity hashes where the VM gave one), so two snapshots can be compared object by object.
     * HPROF addresses are not: the GC moves objects between dumps and reuses their addresses; Fuchsia
     * block addresses are reused too freely.
     */
    public boolean stableIdentity() { return stableIdentity; }

    /**
     * True when the parser opens a damaged or cut-off file with what it read before the damage, when
     * asked to (the {@code permissive} parse option, MAT's permissive mode). Fuchsia's parser does not
     * yet: a protobuf message cut short is refused whole.
     */
    public boolean readsWhatItCan() { return readsWhatItCan; }

    /**
     * The format stored under {@code key}.
     *
     * @throws IllegalArgumentException no format has that key
     */
    public static SnapshotFormat ofKey(String key) {
        for (SnapshotFormat f : values()) if (f.key.equals(key)) return f;
        throw new IllegalArgumentException("unknown snapshot format '" + key + "'");
    }

    @Override public String toString() { return key; }
}
