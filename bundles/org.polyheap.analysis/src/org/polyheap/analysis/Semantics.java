package org.polyheap.analysis;

/**
 * Which references keep their target alive, and how sizes are counted: one rule set per format,
 * chosen from {@code graph.metadata().format()} or set by the user.
 */
public enum Semantics {
    /**
     * V8 as the Chrome DevTools Memory panel computes it: weak edges, self edges and the WeakMap-table
     * half of ephemeron pairs do not retain, shortcut edges only from the root, an edge from a node that
     * is not page-owned into a page-owned node does not retain, and nodes that no retaining edge reaches
     * are hung under the root (node 0).
     */
    V8_DEVTOOLS,
    /** Java as most tools count it: {@code Reference.referent} (weak, soft, phantom, final) does not retain. */
    JAVA,
    /** Java as Eclipse MAT counts it: every reference retains, including {@code Reference.referent}. */
    JAVA_MAT,
    /** Dart: weak references do not retain; an ephemeron value is retained only once its key is reachable. */
    DART,
    /** Fuchsia conservative scan: every pointer and interior pointer retains. */
    FUCHSIA,
    /** Any other format: every kind except the weak kinds and ephemeron values retains. */
    GENERIC;

    /** The default rule set for a format name ({@code hprof}, {@code v8}, {@code dart}, {@code fuchsia}). */
    public static Semantics forFormat(String format) {
        return switch (format == null ? "" : format) {
            case "v8" -> V8_DEVTOOLS;
            case "hprof" -> JAVA;
            case "dart" -> DART;
            case "fuchsia" -> FUCHSIA;
            default -> GENERIC;
        };
    }
}
