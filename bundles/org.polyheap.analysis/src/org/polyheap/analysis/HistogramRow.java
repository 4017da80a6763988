package org.polyheap.analysis;

/**
 * One row of a histogram.
 *
 * @param name                 class name or group name
 * @param objects              number of objects, whatever their reachability
 * @param shallow              sum of their sizes (the sizes the analysis uses)
 * @param retained             retained size of the group: sum of the retained sizes of its objects that no
 *                             other object of the same group dominates; exact for the dominator-tree view,
 *                             a lower bound of the retained set of all the group's objects
 * @param retainedIsLowerBound true when {@code retained} is that dominator-tree lower bound, false when it
 *                             was computed precisely by marking (see {@link RetainedSet})
 * @param notStrong            the part of {@code shallow} in objects that are not strongly reachable (only
 *                             softly, weakly, ... reachable, or unreachable; see {@link Reachability})
 */
public record HistogramRow(String name, long objects, long shallow, long retained, boolean retainedIsLowerBound,
        long notStrong) {
    /** A row whose objects are all strongly reachable. */
    public HistogramRow(String name, long objects, long shallow, long retained, boolean retainedIsLowerBound) {
        this(name, objects, shallow, retained, retainedIsLowerBound, 0);
    }
}
