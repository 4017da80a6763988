package org.polyheap.analysis;

import java.io.IOException;
import java.util.Optional;

import org.polyheap.index.IndexedSnapshot;
import org.polyheap.model.IntColumn;
import org.polyheap.model.LongColumn;

/**
 * Keeps a {@link DominatorTree} beside a snapshot's index as the result group {@code dominators-<semantics>}
 * (one per rule set and size mode), so a reopened snapshot needs no recomputation. Columns: {@code dominator}
 * (int), {@code retained} and {@code shallow} (long), {@code dominated} (1:N, MAT's row layout).
 * Saving writes about 20 bytes per object before compression; loading copies the columns into arrays.
 * Call off the UI thread.
 */
public final class DominatorTreeStore {
    /** Bumped when the rules or the layout change, so older results are recomputed. */
    public static final int VERSION = 1;

    private DominatorTreeStore() { }

    static String group(AnalysisOptions options) {
        return "dominators-" + options.semantics().name().toLowerCase(java.util.Locale.ROOT)
                + (options.devtoolsSizes() ? "-devtools" : "");
    }

    /** Writes the tree and publishes it atomically. */
    public static void save(IndexedSnapshot snapshot, AnalysisOptions options, DominatorTree tree) throws IOException {
        var writer = snapshot.resultWriter(group(options), VERSION);
        int[] start = tree.dominatedStart();
        LongColumn starts = new LongColumn() {
            @Override public long size() { return start.length; }
            @Override public long get(long index) { return start[Math.toIntExact(index)]; }
        };
        writer.intColumn("dominator", IntColumn.of(tree.dominator()))
                .longColumn("retained", LongColumn.of(tree.retained()))
                .longColumn("shallow", LongColumn.of(tree.shallow()))
                .oneToMany("dominated", starts, IntColumn.of(tree.dominatedChildren()))
                .fact("reachableObjects", Integer.toString(tree.reachableObjects()))
                .fact("reachableBytes", Long.toString(tree.reachableBytes()))
                .fact("unreachableObjects", Integer.toString(tree.unreachableObjects()))
                .commit();
    }

    /**
     * The stored tree for these options, if one of this version is there and its columns fit the
     * snapshot; a damaged result reads as absent, so the caller recomputes it. O(objects).
     */
    public static Optional<DominatorTree> load(IndexedSnapshot snapshot, AnalysisOptions options) {
        try {
            return snapshot.result(group(options), VERSION).map(DominatorTreeStore::restore)
                    .filter(t -> t.objectCount() == snapshot.objectCount());
        } catch (RuntimeException damaged) { // IndexDamagedException, or columns that do not fit together
            return Optional.empty();
        }
    }

    private static DominatorTree restore(org.polyheap.index.AnalysisResult r) {
        var dominated = r.oneToMany("dominated");
        long[] starts = dominated.startColumn().toArray();
        int[] start = new int[starts.length];
        for (int i = 0; i < starts.length; i++) start[i] = Math.toIntExact(starts[i]);
        return DominatorTree.restore(r.intColumn("dominator").toArray(), r.longColumn("retained").toArray(),
                r.longColumn("shallow").toArray(), start, dominated.valueColumn().toArray());
    }
}
