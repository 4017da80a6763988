package org.polyheap.analysis;

import org.polyheap.model.format.SnapshotFormat;

/**
 * Which references keep their target alive, and how sizes are counted: one rule set per format,
 * chosen from the snapshot's {@link SnapshotFormat} or set by the user.
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

    /** The default rule set of a format. */
    public static Semantics forFormat(SnapshotFormat format) {
        return switch (format) {
            case V8 -> V8_DEVTOOLS;
            case HPROF -> JAVA;
            case DART -> DART;
            case FUCHSIA -> FUCHSIA;
            case GENERIC -> GENERIC;
        };
    }
}
