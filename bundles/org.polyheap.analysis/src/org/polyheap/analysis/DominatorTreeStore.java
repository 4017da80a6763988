package org.polyheap.analysis;

import java.io.IOException;
import java.util.Optional;

import org.polyheap.index.AnalysisResult;
import org.polyheap.index.ResultStore;
import org.polyheap.index.ResultWriter;
import org.polyheap.index.column.IndexDamagedException;
import org.polyheap.model.HeapGraph;

/**
 * Keeps a {@link DominatorTree} in a snapshot's {@link ResultStore} as the result group {@code dominators-<semantics>}
 * (one per rule set and size mode), so a reopened snapshot needs no recomputation. Columns: {@code dominator}
 * (int), {@code retained} and {@code shallow} (long), over objects and then group nodes; {@code dominated}
 * (1:N, MAT's row layout); {@code reachability} (int, a {@link Reachability} code per object, 3 bits
 * packed); facts: the group nodes' classes ({@code groups}, words in node order) and the tree's
 * {@link DominatorTree.Totals} ({@code objects.<class>}, {@code bytes.<class>}). Saving writes about 20 bytes per object before compression; loading
 * maps the columns and reads nothing else (the totals come from the facts). Call off the UI thread.
 */
public final class DominatorTreeStore {
    /**
     * Bumped when the rules or the layout change, so older results are recomputed (2: totals as facts;
     * 3: reachability classes and group nodes).
     */
    public static final int VERSION = 3;

    private DominatorTreeStore() { }

    static String group(AnalysisOptions options) {
        return "dominators-" + options.semantics().name().toLowerCase(java.util.Locale.ROOT)
                + (options.devtoolsSizes() ? "-devtools" : "") + (options.stackRootsUnderThread() ? "-threadstacks" : "");
    }

    /** Writes the tree and publishes it atomically. */
    public static void save(ResultStore store, AnalysisOptions options, DominatorTree tree) throws IOException {
        var writer = store.writer(group(options), VERSION)
                .columns(new ResultWriter.Column.Ints("dominator", tree.dominator()),
                        new ResultWriter.Column.Longs("retained", tree.retained()),
                        new ResultWriter.Column.Longs("shallow", tree.shallow()),
                        new ResultWriter.Column.OneToMany("dominated", tree.dominatedStart(), tree.dominatedChildren()),
                        new ResultWriter.Column.Ints("reachability", tree.reachability()))
                .fact("groups", String.join(",", java.util.Arrays.stream(tree.groups()).map(Reachability::word).toList()));
        for (Reachability r : Reachability.values()) {
            writer.fact("objects." + r.word(), Long.toString(tree.totals().objects(r)))
                    .fact("bytes." + r.word(), Long.toString(tree.totals().bytes(r)));
        }
        writer.commit();
    }

    /**
     * The stored tree for these options, if one of this version is there and its columns fit
     * {@code graph}; a damaged result reads as absent (and is discarded from the store), so the caller
     * recomputes it. Maps the result's files (their structure is checked, each page when first read);
     * O(1) in the number of objects.
     */
    public static Optional<DominatorTree> load(HeapGraph graph, ResultStore store, AnalysisOptions options) {
        try {
            return store.result(group(options), VERSION).map(DominatorTreeStore::restore)
                    .filter(t -> t.objectCount() == graph.objectCount());
        } catch (RuntimeException damaged) { // IndexDamagedException, or columns that do not fit together
            if (IndexDamagedException.of(damaged).isPresent()) store.discard(group(options));
            return Optional.empty();
        }
    }

    private static DominatorTree restore(AnalysisResult r) {
        var dominated = r.oneToMany("dominated");
        var facts = r.facts();
        String words = facts.getOrDefault("groups", "");
        Reachability[] groups = words.isEmpty() ? new Reachability[0]
                : java.util.Arrays.stream(words.split(",")).map(w -> java.util.Objects.requireNonNull(Reachability.ofWord(w), w))
                        .toArray(Reachability[]::new);
        long[] objects = new long[Reachability.values().length], bytes = new long[objects.length];
        for (Reachability c : Reachability.values()) {
            objects[c.ordinal()] = Long.parseLong(facts.get("objects." + c.word()));
            bytes[c.ordinal()] = Long.parseLong(facts.get("bytes." + c.word()));
        }
        return DominatorTree.of(r.intColumn("dominator"), r.longColumn("retained"), r.longColumn("shallow"),
                dominated.startColumn(), dominated.valueColumn(), r.intColumn("reachability"), groups,
                new DominatorTree.Totals(objects, bytes));
    }
}
