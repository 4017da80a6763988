package org.polyheap.ui.views;

import org.polyheap.analysis.SnapshotComparison.ObjectDelta;
import org.polyheap.model.format.SnapshotFormat;
import org.polyheap.ui.editor.Format;

/**
 * The line above the comparison's classes, and its tooltip: what the object figures count, in the
 * words each format allows. V8 node ids match every object; Dart matches only objects with an identity
 * hash, so the line says how many were left to the class counts; Java dumps have no stable ids at all.
 */
record ComparisonSummary(String text, String toolTip) {

    static ComparisonSummary of(SnapshotFormat format, ObjectDelta d, long objectsBefore, long objectsAfter) {
        if (d == null) {
            return new ComparisonSummary("Objects are not matched one by one: " + (format == SnapshotFormat.HPROF
                    ? "a Java heap dump's object ids are addresses, which change when the GC moves objects."
                    : "this format has no object ids that last from one snapshot to the next.")
                    + " The columns give each class's change in objects and bytes.",
                    "Objects delta is the change in the number of a class's objects, not new minus removed objects:\n"
                    + "a class that lost 100 objects and gained 100 others shows 0.");
        }
        String matched = Format.count(d.added().length) + " new, " + Format.count(d.removed().length) + " removed, "
                + Format.count(d.keptA().length) + " kept";
        String by = format == SnapshotFormat.DART ? " (matched by class and identity hash)" : " (matched by node id)";
        String text = "Objects: " + matched + by;
        if (d.notCompared() > 0) {
            text += "; not matched, so counted per class only: " + Format.count(d.notComparedB()) + " of "
                    + Format.count(objectsAfter) + " objects after, " + Format.count(d.notComparedA()) + " of "
                    + Format.count(objectsBefore) + " before" + (format == SnapshotFormat.DART ? " (no identity hash)" : "");
        }
        String tip = "New: objects of the newer snapshot whose id the baseline does not have. Removed: objects of the baseline\n"
                + "whose id the newer snapshot does not have. Kept: in both. The New, Removed and Kept columns count them per class\n"
                + "(Dart DevTools' Diff); Not matched before/after count the class's objects left out. Select a class to list its new\n"
                + "and removed objects.";
        if (format == SnapshotFormat.DART) {
            tip += "\nThe Dart VM writes no identity hash for strings, lists, maps, sets, numbers, Smis and its code objects\n"
                    + "(Instructions, PcDescriptors, ...), and gives one to every other object as it writes the snapshot; objects\n"
                    + "without one, or whose class and hash two objects share, are not matched: a class's Objects delta then\n"
                    + "differs from its new minus removed objects (Dart DevTools counts such objects as one per class).";
        }
        return new ComparisonSummary(text + ".", tip);
    }
}
