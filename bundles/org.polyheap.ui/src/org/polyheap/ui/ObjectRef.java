package org.polyheap.ui;

import org.polyheap.report.ObjectNames;

/**
 * One object of an open snapshot: the element of every object row and the selection that links the
 * editor pages with the Inspector, Paths to GC Roots and References views. Cheap to make; equal when
 * snapshot and object id are.
 */
public record ObjectRef(LoadedSnapshot snapshot, int objectId) {

    /** "0x7f3a…", "@123" or "#12", as the format's own tools show ids. O(1). */
    public String displayId() { return ObjectNames.id(snapshot.graph(), objectId); }

    public String className() { return ObjectNames.className(snapshot.graph(), objectId); }

    /** "ClassName @123 value": the row label used in trees. O(1) (a label is a string-table read). */
    public String label() {
        return labelWith(ObjectNames.label(snapshot.graph(), objectId));
    }

    /** "ClassName @123 value" with a value found elsewhere (read from the snapshot file); none when empty or the class name. */
    public String labelWith(String value) {
        String cls = className();
        return cls + " " + displayId() + (value.isEmpty() || value.equals(cls) ? "" : "  " + value);
    }

    /** A row that stands for an object (a path step, a reference, a field), so selecting it selects the object. */
    public interface Holder {
        /** The object, or null when the row has none. */
        ObjectRef object();
    }

    /** The first object of a selection, if it holds one. */
    public static java.util.Optional<ObjectRef> first(org.eclipse.jface.viewers.ISelection selection) {
        if (selection instanceof org.eclipse.jface.viewers.IStructuredSelection s) {
            if (s.getFirstElement() instanceof ObjectRef r) return java.util.Optional.of(r);
            if (s.getFirstElement() instanceof Holder h) return java.util.Optional.ofNullable(h.object());
        }
        return java.util.Optional.empty();
    }

    public long shallow() { return snapshot.analyzed().analysis().dominatorTree().shallow().get(objectId); }

    public long retained() { return snapshot.analyzed().analysis().dominatorTree().retained().get(objectId); }
}
