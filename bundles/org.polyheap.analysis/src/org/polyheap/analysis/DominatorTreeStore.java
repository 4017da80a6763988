package org.polyheap.analysis;

import java.io.IOException;
import java.util.Optional;

import org.polyheap.index.AnalysisResult;
import org.polyheap.index.IndexedSnapshot;

/**
 * Keeps a {@link DominatorTree} beside a snapshot's index as the result group {@code dominators-<semantics>}
 * (one per rule set and size mode), so a reopened snapshot needs no recomputation. Columns: {@code dominator}
 * (int), {@code retained} and {@code shallow} (long), {@code dominated} (1:N, MAT's row layout); facts: the
 * tree's {@link DominatorTree.Totals}. Saving writes about 20 bytes per object before compression; loading
 * maps the columns and reads nothing else (the totals come from the facts). Call off the UI thread.
 */
public final class DominatorTreeStore {
    /** Bumped when the rules or the layout change, so older results are recomputed (2: totals as facts). */
    public static final int VERSION = 2;

    private DominatorTreeStore() { }

    static String group(AnalysisOptions options) {
        return "dominators-" + options.semantics().name().toLowerCase(java.util.Locale.ROOT)
                + (options.devtoolsSizes() ? "-devtools" : "");
    }

    /** Writes the tree and publishes it atomically. */
    public static void save(IndexedSnapshot snapshot, AnalysisOptions options, DominatorTree tree) throws IOException {
        snapshot.resultWriter(group(options), VERSION)
                .intColumn("dominator", tree.dominator())
                .longColumn("retained", tree.retained())
                .longColumn("shallow", tree.shallow())
                .oneToMany("dominated", tree.dominatedStart(), tree.dominatedChildren())
                .fact("reachableObjects", Integer.toString(tree.reachableObjects()))
                .fact("reachableBytes", Long.toString(tree.reachableBytes()))
                .fact("unreachableObjects", Integer.toString(tree.unreachableObjects()))
                .fact("unreachableBytes", Long.toString(tree.unreachableBytes()))
                .commit();
    }

    /**
     * The stored tree for these options, if one of this version is there and its columns fit the
     * snapshot; a damaged result reads as absent, so the caller recomputes it. Maps the result's files
     * (their structure is checked, each page when first read); O(1) in the number of objects.
     */
    public static Optional<DominatorTree> load(IndexedSnapshot snapshot, AnalysisOptions options) {
        try {
            return snapshot.result(group(options), VERSION).map(DominatorTreeStore::restore)
                    .filter(t -> t.objectCount() == snapshot.objectCount());
        } catch (RuntimeException damaged) { // IndexDamagedException, or columns that do not fit together
            return Optional.empty();
        }
    }

    private static DominatorTree restore(AnalysisResult r) {
        var dominated = r.oneToMany("dominated");
        var facts = r.facts();
        var totals = new DominatorTree.Totals(Integer.parseInt(facts.get("unreachableObjects")),
                Long.parseLong(facts.get("reachableBytes")), Long.parseLong(facts.get("unreachableBytes")));
        return DominatorTree.of(r.intColumn("dominator"), r.longColumn("retained"), r.longColumn("shallow"),
                dominated.startColumn(), dominated.valueColumn(), totals);
    }
}
