package org.polyheap.report;

import java.io.IOException;
import java.util.List;

import org.polyheap.analysis.DominatorTree;
import org.polyheap.analysis.FinalizerQueue;
import org.polyheap.analysis.JavaReferences;
import org.polyheap.model.FieldValue;
import org.polyheap.model.HeapGraph;
import org.polyheap.model.ObjectInspector;
import org.polyheap.model.Progress;
import org.polyheap.report.table.Column;
import org.polyheap.report.table.Table;

import it.unimi.dsi.fastutil.ints.IntOpenHashSet;

/**
 * The query behind {@code polyheap references} and the window's References page: {@link JavaReferences}
 * as tables — per kind, per kind and referent class, and the finalizer queue by state — with the queue
 * length the JDK itself kept. Not on a UI thread: it marks the whole graph five times.
 */
public final class ReferenceQueries {
    private ReferenceQueries() { }

    /** The finalizer queue's states, in the order the tables list them. */
    public enum FinalizerState {
        IN_PROCESSING("in processing", "held by the finalizer thread, its finalize() running"),
        READY("ready", "in the finalizer's queue, waiting for the finalizer thread"),
        PENDING("pending", "only finalizer references reach them; not queued yet"),
        ALIVE("alive", "still reachable without finalizer references");

        private final String word;
        private final String meaning;

        FinalizerState(String word, String meaning) {
            this.word = word;
            this.meaning = meaning;
        }

        public String word() { return word; }

        /** What the state means, in a few words. */
        public String meaning() { return meaning; }

        /** The finalizable objects of this state. */
        public int[] of(FinalizerQueue q) {
            return switch (this) {
                case IN_PROCESSING -> q.inProcessing();
                case READY -> q.ready();
                case PENDING -> q.pending();
                case ALIVE -> q.alive();
            };
        }
    }

    /**
     * The figures and their tables.
     *
     * @param queueLength the {@code queueLength} field of the finalizer's {@code ReferenceQueue} as the JVM
     *                    kept it, or -1 when the dump has none
     */
    public record References(JavaReferences figures, Table referents, Table kinds, Table finalizerQueue, long queueLength) { }

    /** Cost: see {@link org.polyheap.analysis.HeapAnalysis#javaReferences}; then one inspector read. */
    public static References references(AnalyzedSnapshot s, JavaReferences.Kind only, Progress progress) throws IOException {
        HeapGraph g = s.graph();
        JavaReferences r = s.analysis().javaReferences(progress);
        long heap = s.analysis().dominatorTree().totalBytes();
        var referents = new Table.Builder("referents", Column.text("kind", "Kind"), Column.text("class", "Referent class"),
                Column.count("references", "References"), Column.count("referents", "Referents"),
                Column.bytes("shallow", "Referents' shallow bytes"), Column.count("heldOtherwise", "Held otherwise"),
                Column.count("freedObjects", "Freed objects"), Column.bytes("freedBytes", "Freed bytes"),
                Column.percent("percent", "% of heap"), Column.text("example", "Example"));
        var kinds = new Table.Builder("kinds", Column.text("kind", "Kind"), Column.count("references", "References"),
                Column.count("cleared", "Cleared"), Column.count("referents", "Referents"),
                Column.bytes("shallow", "Referents' shallow bytes"), Column.count("heldOtherwise", "Held otherwise"),
                Column.count("freedObjects", "Freed objects"), Column.bytes("freedBytes", "Freed bytes"),
                Column.percent("percent", "% of heap"));
        for (var k : r.kinds()) {
            if (only != null && k.kind() != only) continue;
            kinds.row(k.kind().word(), (long) k.references(), (long) k.cleared(), (long) k.referents(), k.referentsShallow(),
                    (long) k.heldOtherwise(), k.freedObjects(), k.freedBytes(), percent(k.freedBytes(), heap));
            for (var c : k.classes()) {
                referents.row(k.kind().word(), c.className(), (long) c.references(), (long) c.referents(), c.referentsShallow(),
                        (long) c.heldOtherwise(), c.freedObjects(), c.freedBytes(), percent(c.freedBytes(), heap),
                        ObjectNames.id(g, c.objects()[0]));
            }
        }
        var queue = new Table.Builder("finalizerQueue", Column.text("state", "State"), Column.count("objects", "Objects"),
                Column.bytes("shallow", "Shallow bytes"), Column.bytes("retained", "Retained bytes"), Column.text("example", "Example"));
        DominatorTree tree = s.analysis().dominatorTree();
        for (FinalizerState state : FinalizerState.values()) {
            int[] objects = state.of(r.finalizers());
            long shallow = 0;
            for (int o : objects) shallow += tree.shallow().get(o);
            queue.row(state.word(), (long) objects.length, shallow, retained(tree, objects),
                    objects.length == 0 ? null : ObjectNames.id(g, objects[0]));
        }
        return new References(r, referents.build(), kinds.build(), queue.build(), queueLength(s, r.finalizers().queue()));
    }

    /** The retained size of a set in the dominator tree: its members no other member dominates. O(members × depth). */
    public static long retained(DominatorTree tree, int[] objects) {
        var members = new IntOpenHashSet(objects);
        long sum = 0;
        for (int o : objects) {
            boolean top = true;
            for (int d = tree.dominator().get(o); d >= 0 && top; d = tree.dominator().get(d)) top = !members.contains(d);
            if (top) sum += tree.retained().get(o);
        }
        return sum;
    }

    private static long queueLength(AnalyzedSnapshot s, int queue) throws IOException {
        if (queue < 0) return -1;
        try (ObjectInspector inspector = s.parser().inspector(s.file(), s.graph())) {
            for (FieldValue f : inspector.fields(queue)) {
                if (!f.isStatic() && f.name().equals("queueLength") && f.value() instanceof Number n) return n.longValue();
            }
        }
        return -1;
    }

    private static Double percent(long part, long whole) { return whole == 0 ? null : 100.0 * part / whole; }

    /** The kinds' words, for a usage line: {@code soft, weak, finalizer or phantom}. */
    public static String kindWords() {
        List<String> words = java.util.Arrays.stream(JavaReferences.Kind.values()).map(JavaReferences.Kind::word).toList();
        return String.join(", ", words.subList(0, words.size() - 1)) + " or " + words.getLast();
    }
}
