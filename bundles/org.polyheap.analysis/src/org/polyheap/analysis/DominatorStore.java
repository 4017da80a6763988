package org.polyheap.analysis;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Locale;
import java.util.Optional;

import org.polyheap.index.AnalysisResult;
import org.polyheap.index.IndexedSnapshot;
import org.polyheap.model.IntColumn;
import org.polyheap.model.LongColumn;

/**
 * Keeps a computed {@link DominatorTree} beside the snapshot's index as result columns, so a re-open
 * reads it back instead of computing it again. One result group per semantics and size mode (a
 * DevTools-mode and a raw-mode tree of one V8 snapshot live side by side). Storing costs a sequential
 * write of about 5 columns; loading costs decoding them (O(objects), no graph walk).
 */
final class DominatorStore {
    /** Bump when the tree's meaning or layout changes: stored trees of another version are recomputed. */
    static final int VERSION = 1;

    private DominatorStore() { }

    static String group(AnalysisOptions options) {
        return "dominators-" + options.semantics().name().toLowerCase(Locale.ROOT).replace('_', '-')
                + (options.devtoolsSizes() ? "-devtools" : "-raw");
    }

    /** The stored tree for these options, or empty when none is stored, it is damaged or of another version. */
    static Optional<DominatorTree> load(IndexedSnapshot snapshot, AnalysisOptions options) {
        Optional<AnalysisResult> result = snapshot.result(group(options), VERSION);
        if (result.isEmpty()) return Optional.empty();
        try {
            AnalysisResult r = result.get();
            int[] dominator = r.intColumn("dominator").toArray();
            if (dominator.length != snapshot.objectCount()) return Optional.empty();
            return Optional.of(DominatorTree.restore(dominator, r.longColumn("retained").toArray(),
                    r.longColumn("shallow").toArray(), r.intColumn("dominatedStart").toArray(),
                    r.intColumn("dominatedChildren").toArray()));
        } catch (RuntimeException damaged) { // IndexDamagedException, or columns that do not fit: recompute
            return Optional.empty();
        }
    }

    static void save(IndexedSnapshot snapshot, AnalysisOptions options, DominatorTree tree) {
        try {
            var w = snapshot.resultWriter(group(options), VERSION);
            w.intColumn("dominator", IntColumn.of(tree.dominator()))
                    .longColumn("retained", LongColumn.of(tree.retained()))
                    .longColumn("shallow", LongColumn.of(tree.shallow()))
                    .intColumn("dominatedStart", IntColumn.of(tree.dominatedStart()))
                    .intColumn("dominatedChildren", IntColumn.of(tree.dominatedChildren()))
                    .fact("reachableBytes", Long.toString(tree.reachableBytes()))
                    .fact("unreachableObjects", Integer.toString(tree.unreachableObjects()))
                    .commit();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot store the dominator tree beside the index", e);
        }
    }
}
