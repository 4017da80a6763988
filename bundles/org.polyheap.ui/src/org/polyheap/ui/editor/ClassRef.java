package org.polyheap.ui.editor;

import org.polyheap.analysis.Grouping;

/**
 * A histogram row of the whole heap that a page other than the Histogram lists (a class or package
 * among the Top Consumers, the class of a leak suspect): every object of {@code name} under
 * {@code grouping}. Its context menu offers what a Histogram row's does ({@link ObjectMenu}).
 */
public record ClassRef(Grouping grouping, String name) {

    /** A row that stands for a class or group, so the context menu acts on its objects. */
    public interface Holder {
        /** The class or group, or null when the row stands for none. */
        ClassRef classRef();
    }
}
