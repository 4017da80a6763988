package org.polyheap.benchmarks;

import org.polyheap.model.ClassInfo;
import org.polyheap.model.GcRoot;
import org.polyheap.model.ReferenceKind;
import org.polyheap.model.SnapshotSink;

/**
 * A sink that keeps nothing and counts objects and references: feeding it measures a parser's own
 * decoding. No JMH dependency, so {@code dev/bench/DartParseBench.java} compiles it too.
 */
public final class CountingSink implements SnapshotSink {
    public long objects;
    public long references;

    @Override public void format(org.polyheap.model.format.SnapshotFormat f) { }
    @Override public void fact(String k, String v) { }
    @Override public int addString(String v) { return 0; }
    @Override public int addClass(ClassInfo i) { return 0; }
    @Override public void replaceClass(int c, ClassInfo i) { }
    @Override public int addObject(int c, long s, long id, long off, int l, int t) { return (int) objects++; }
    @Override public void addReference(int f, int t, ReferenceKind k, int n) { references++; }
    @Override public void addRoot(GcRoot r) { }
    @Override public void warning(String m) { }
}
