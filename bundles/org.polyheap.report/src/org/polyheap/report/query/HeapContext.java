package org.polyheap.report.query;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;
import java.util.concurrent.CancellationException;
import java.util.concurrent.atomic.AtomicBoolean;

import org.polyheap.analysis.DominatorTree;
import org.polyheap.model.ClassInfo;
import org.polyheap.model.GcRoot;
import org.polyheap.model.HeapGraph;
import org.polyheap.model.ObjectInspector;
import org.polyheap.model.ReferenceKind;
import org.polyheap.report.AnalyzedSnapshot;
import org.polyheap.report.ObjectNames;

import it.unimi.dsi.fastutil.ints.Int2ObjectOpenHashMap;

/**
 * What the tables and functions of one snapshot share: the snapshot, names computed once (class names by
 * class id, root kinds by object), the lazily opened inspector (field values and string texts from the
 * source file), and the cancel flag of the query running. Thread-safe; one per {@link SnapshotQuery}.
 */
final class HeapContext implements AutoCloseable {
    /** The context of the query running on this thread, for the functions (Calcite calls them statically). */
    static final ThreadLocal<HeapContext> CURRENT = new ThreadLocal<>();

    final AnalyzedSnapshot snapshot;
    final HeapGraph graph;
    final DominatorTree tree;
    final String[] classNames;
    final AtomicBoolean canceled = new AtomicBoolean();
    private final IdentityIndex identities;
    private volatile Int2ObjectOpenHashMap<String> rootKinds;
    private ObjectInspector inspector;
    private volatile boolean timedOut;

    HeapContext(AnalyzedSnapshot snapshot) {
        this.snapshot = snapshot;
        this.graph = snapshot.graph();
        this.tree = snapshot.analysis().dominatorTree();
        this.identities = new IdentityIndex(snapshot);
        List<ClassInfo> classes = graph.classes();
        classNames = new String[classes.size()];
        for (int i = 0; i < classNames.length; i++) classNames[i] = classes.get(i).name();
    }

    static HeapContext current() {
        HeapContext c = CURRENT.get();
        if (c == null) throw new IllegalStateException("a heap function called outside a query");
        c.checkCanceled(); // a function is called per row: a canceled query stops at its next row
        return c;
    }

    int objectCount() { return graph.objectCount(); }

    String id(int object) { return ObjectNames.id(graph, object); }

    /** A dominator tree node's name: an object id, {@code <root>}, or {@code <soft>} ... for a group. */
    String node(int node) {
        if (node == DominatorTree.VIRTUAL_ROOT) return ObjectNames.ROOT;
        if (node < 0) return null;
        return tree.isGroup(node) ? "<" + tree.groupOf(node).word() + ">" : id(node);
    }

    /** The object a text names (0x…, @n, #n), or -1; never throws for a text of no accepted form. O(log objects). */
    int find(String text) {
        return text == null ? -1 : identities.find(text);
    }

    /** Makes the identity lookup now (see {@link IdentityIndex#prepare}). */
    void prepareIdentities() { identities.prepare(); }

    /** The node a text names: an object, a group node {@code <soft>} ..., {@link DominatorTree#VIRTUAL_ROOT} for {@code <root>}; -3 for none. */
    int findNode(String text) {
        if (text == null) return -3;
        if (text.trim().equals(ObjectNames.ROOT)) return DominatorTree.VIRTUAL_ROOT;
        int g = ObjectNames.findGroup(snapshot, text);
        if (g >= 0) return g;
        if (g == -1) return -3;
        int o = find(text);
        return o < 0 ? -3 : o;
    }

    String label(int object) {
        int l = graph.objectLabel().get(object);
        return l < 0 || l >= graph.stringCount() ? null : graph.string(l);
    }

    String reachability(int object) { return tree.reachabilityOf(object).word(); }

    /** The kinds of GC root the object is, joined ("Java local, Thread"), or null when it is none. O(1) after the first call. */
    String rootKinds(int object) {
        var m = rootKinds;
        if (m == null) {
            var build = new Int2ObjectOpenHashMap<TreeSet<String>>();
            for (GcRoot r : graph.gcRoots()) build.computeIfAbsent(r.object(), k -> new TreeSet<>()).add(r.kind().label());
            m = new Int2ObjectOpenHashMap<>(build.size());
            for (var e : build.int2ObjectEntrySet()) m.put(e.getIntKey(), String.join(", ", e.getValue()));
            rootKinds = m;
        }
        return m.get(object);
    }

    /** A reference's kind as the tables write it: {@code field}, {@code element}, {@code property} ... */
    static String kindWord(int code) {
        return code >= 0 && code < ReferenceKind.values().length ? ReferenceKind.ofCode(code).name().toLowerCase(Locale.ROOT) : "other";
    }

    /** A reference's name: the field or property, {@code [i]} for a slot, null for none. */
    String refName(int kindCode, int name) {
        if (name < 0) return null;
        if (kindCode == ReferenceKind.ELEMENT.code() || kindCode == ReferenceKind.HIDDEN.code()) return "[" + name + "]";
        return name < graph.stringCount() ? graph.string(name) : "[" + name + "]";
    }

    /** The format's inspector, opened on first use and kept until {@link #close}. */
    synchronized ObjectInspector inspector() {
        if (inspector == null) {
            try {
                inspector = snapshot.parser().inspector(snapshot.file(), graph);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read " + snapshot.file() + ": " + e.getMessage(), e);
            }
        }
        return inspector;
    }

    void markTimedOut() { timedOut = true; canceled.set(true); }

    boolean timedOut() { return timedOut; }

    void reset() { timedOut = false; canceled.set(false); }

    /** Throws when the query was canceled or passed its time limit; called by scans every few thousand rows. */
    void checkCanceled() {
        if (canceled.get()) throw new CancellationException(timedOut ? "time limit" : "canceled");
    }

    @Override
    public synchronized void close() {
        if (inspector != null) {
            try {
                inspector.close();
            } catch (IOException ignored) {
                // nothing to do: the file stays open until the JVM ends at worst
            }
            inspector = null;
        }
    }
}
