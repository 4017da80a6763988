package org.polyheap.analysis;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.zip.CRC32C;

import org.polyheap.index.AnalysisResult;
import org.polyheap.index.ResultStore;
import org.polyheap.index.column.IndexDamagedException;
import org.polyheap.model.LongColumn;

/**
 * Keeps a whole-graph histogram ({@link Histogram.Totals}) in a snapshot's {@link ResultStore}, one result group
 * per grouping and dominator tree ({@code histogram-<grouping>-<tree group>}), so a reopened snapshot
 * shows its histogram without walking its objects again: on the 1 GB HPROF (15.9 M objects) that walk
 * allocates arrays of 64–128 MB and takes seconds; reading the stored one is O(groups). Columns
 * {@code count}, {@code shallow}, {@code retained}, {@code notStrong} (long, one value per group); facts tie it to the
 * groups it was made for (their number and a CRC32C of their names) and to the tree (its totals and
 * store version), so a result that no longer fits reads as absent and is computed again.
 */
final class HistogramStore {
    /** Bumped when the histogram's rules or this layout change (2: every object counted; {@code notStrong}). */
    static final int VERSION = 2;

    private HistogramStore() { }

    static String group(AnalysisOptions options, Grouping grouping) {
        return "histogram-" + grouping.name().toLowerCase(Locale.ROOT).replace('_', '-') + "-" + DominatorTreeStore.group(options);
    }

    /**
     * The stored totals for these groups and this tree, if there and fitting; a damaged result reads as
     * absent (and is discarded from the store).
     */
    static Optional<Histogram.Totals> load(ResultStore store, AnalysisOptions options, Grouping grouping,
            Histogram.Groups groups, DominatorTree tree) {
        try {
            return store.result(group(options, grouping), VERSION)
                    .filter(r -> r.facts().equals(facts(groups, tree)))
                    .map(HistogramStore::restore)
                    .filter(t -> t.count().length == groups.names.size());
        } catch (RuntimeException damaged) { // IndexDamagedException (UncheckedIOException) or columns that do not fit
            if (IndexDamagedException.of(damaged).isPresent()) store.discard(group(options, grouping));
            return Optional.empty();
        }
    }

    /** Writes the totals and publishes them atomically. */
    static void save(ResultStore store, AnalysisOptions options, Grouping grouping, Histogram.Groups groups,
            DominatorTree tree, Histogram.Totals totals) throws IOException {
        var writer = store.writer(group(options, grouping), VERSION)
                .longColumn("count", LongColumn.of(totals.count()))
                .longColumn("shallow", LongColumn.of(totals.shallow()))
                .longColumn("retained", LongColumn.of(totals.retained()))
                .longColumn("notStrong", LongColumn.of(totals.notStrong()));
        facts(groups, tree).forEach(writer::fact);
        writer.commit();
    }

    private static Histogram.Totals restore(AnalysisResult r) {
        return new Histogram.Totals(r.longColumn("count").toArray(), r.longColumn("shallow").toArray(),
                r.longColumn("retained").toArray(), r.longColumn("notStrong").toArray());
    }

    /** What the stored totals were computed from; equal facts on load mean they still apply. */
    private static Map<String, String> facts(Histogram.Groups groups, DominatorTree tree) {
        var crc = new CRC32C();
        for (String name : groups.names) {
            crc.update(name.getBytes(StandardCharsets.UTF_8));
            crc.update('\n');
        }
        var facts = new LinkedHashMap<String, String>();
        facts.put("groups", Integer.toString(groups.names.size()));
        facts.put("groupNames", Long.toHexString(crc.getValue()));
        facts.put("treeVersion", Integer.toString(DominatorTreeStore.VERSION));
        facts.put("reachableObjects", Integer.toString(tree.reachableObjects()));
        facts.put("reachableBytes", Long.toString(tree.reachableBytes()));
        facts.put("unreachableBytes", Long.toString(tree.unreachableBytes()));
        facts.put("totalBytes", Long.toString(tree.totalBytes()));
        return facts;
    }
}
