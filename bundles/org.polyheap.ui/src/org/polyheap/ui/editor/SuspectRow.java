package org.polyheap.ui.editor;

import java.util.ArrayList;
import java.util.List;

import org.polyheap.analysis.RootPathTree;
import org.polyheap.ui.ObjectRef;

/**
 * A row of the Leak Suspects page: a suspect, an instance of a class suspect, an accumulation point,
 * an object on a path from a GC root to it, or a line of text. A row that stands for an object has it
 * ({@link #object()}: selecting the row selects the object, the object menu acts on it); a class
 * suspect's row stands for its class ({@link #classRef()}). Made and changed on the UI thread only.
 */
public final class SuspectRow implements ObjectRef.Holder, ClassRef.Holder {
    /** What a row is; the tests find rows by it. */
    public enum Kind { SUSPECT, INSTANCES, INSTANCE, ACCUMULATION_POINT, PATH, NOTE }

    private final Kind kind;
    private final String text;
    private final ObjectRef object;
    private final ClassRef classRef;
    private final long retained;
    private final String rootKinds;
    private final List<SuspectRow> children = new ArrayList<>();

    private SuspectRow(Kind kind, String text, ObjectRef object, ClassRef classRef, long retained, String rootKinds) {
        this.kind = kind;
        this.text = ReportColumns.oneLine(text); // a value with line breaks (a Dart script's source) would make a row of lines
        this.object = object;
        this.classRef = classRef;
        this.retained = retained;
        this.rootKinds = rootKinds;
    }

    /** A suspect: one object ({@code object}), or the instances of a class ({@code classRef}) retaining {@code retained} together. */
    static SuspectRow suspect(String text, ObjectRef object, ClassRef classRef, long retained) {
        return new SuspectRow(Kind.SUSPECT, text, object, classRef, retained, null);
    }

    /** An object row: its text is its label after {@code prefix}. */
    static SuspectRow object(Kind kind, String prefix, ObjectRef object) {
        return new SuspectRow(kind, prefix + object.label(), object, null, object.retained(), null);
    }

    static SuspectRow note(Kind kind, String text) {
        return new SuspectRow(kind, text, null, null, -1, null);
    }

    /**
     * Puts the merged shortest paths under this (accumulation point) row, replacing what was there: each
     * row is the object that holds the row above, with the reference's name, down to a GC root. Top-down
     * without recursion (a path can be thousands of steps long).
     */
    void setPaths(RootPathTree.Node top) {
        children.clear();
        var work = new java.util.ArrayDeque<SuspectRow>();
        var merged = new java.util.ArrayDeque<RootPathTree.Node>();
        work.add(this);
        merged.add(top);
        while (!work.isEmpty()) {
            SuspectRow at = work.poll();
            for (var c : merged.poll().children()) {
                var ref = new ObjectRef(object.snapshot(), c.object());
                var row = new SuspectRow(Kind.PATH, (c.via() == null ? "" : c.via() + " in ") + ref.label()
                        + (c.rootKinds() == null ? "" : "  [GC root: " + c.rootKinds() + "]"), ref, null, ref.retained(), c.rootKinds());
                at.children.add(row);
                work.add(row);
                merged.add(c);
            }
        }
    }

    public Kind kind() { return kind; }

    public String text() { return text; }

    @Override public ObjectRef object() { return object; }

    @Override public ClassRef classRef() { return classRef; }

    /** Retained bytes of the object, or of a suspect's instances together; -1 for a line of text. */
    public long retained() { return retained; }

    /** Shallow bytes of the row's object; -1 for other rows. */
    public long shallow() { return object != null ? object.shallow() : -1; }

    /** The GC root kinds of a path's last object, or null. */
    public String rootKinds() { return rootKinds; }

    public List<SuspectRow> children() { return children; }

    void add(SuspectRow child) { children.add(child); }
}
