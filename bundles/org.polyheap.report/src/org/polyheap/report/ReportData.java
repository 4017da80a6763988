package org.polyheap.report;

import java.util.List;
import java.util.Map;

import org.polyheap.report.table.Table;

/**
 * Everything the retained-size report shows, computed once and rendered as HTML, JSON or CSV.
 *
 * @param title        the snapshot file name
 * @param overview     ordered overview facts (the {@code overview} JSON object)
 * @param topConsumers biggest classes or groups by retained size
 * @param dominators   top levels of the dominator tree, biggest first
 * @param histogram    the class histogram
 * @param suspects     leak suspects (MAT's big-drop rule), each with paths to GC roots
 */
public record ReportData(String title, Map<String, Object> overview, Table topConsumers,
        List<DominatorNode> dominators, Table histogram, List<Suspect> suspects) {

    /** One object of the dominator tree with its biggest children (possibly cut). */
    public record DominatorNode(String id, String className, String label, long shallow, long retained,
            List<DominatorNode> children, int childCount) { }

    /** One step of a path to a GC root: the object and the edge name by which the next step holds it. */
    public record PathStep(String id, String className, String edge) { }

    /** A path from an object up to a GC root, with why the last object is a root. */
    public record RootPath(List<PathStep> steps, String rootKind) { }

    /**
     * A leak suspect: an object or a class retaining a big share of the heap.
     *
     * @param id             the suspect object, or a class suspect's biggest instance
     * @param instances      1 for an object; a class suspect's top-level instances
     * @param retained       what the object, or all those instances together, retain
     * @param objectRetained what the object {@code id} retains alone (for an object: {@code retained})
     * @param paths          paths from {@code id} to GC roots
     */
    public record Suspect(String title, String id, String className, int instances, long retained, long objectRetained,
            double percentOfHeap, String accumulationPoint, List<RootPath> paths) { }
}
