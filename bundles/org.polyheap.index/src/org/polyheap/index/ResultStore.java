package org.polyheap.index;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Where the analysis keeps what it computed (dominator trees, histograms, the inbound index) between
 * runs: named, versioned groups of columns and facts. The analysis sees only this, never the index
 * behind it; an in-memory graph has no store, and the analysis then keeps nothing. The one
 * implementation keeps the groups beside a snapshot's index ({@link IndexedSnapshot#results()}; layout in
 * docs/index-format.md, "Result groups"). Thread-safe.
 */
public interface ResultStore {
    /**
     * The committed group {@code group} of exactly {@code version}, its columns mapped; empty when it
     * is absent, of another version or damaged, so the caller computes and writes it again. The first call
     * per group maps and checks its files (sizes, structure, CRC32C of the small ones); later calls cost a
     * map lookup. A page that turns out damaged when first read throws {@link java.io.UncheckedIOException}
     * wrapping an {@link org.polyheap.index.column.IndexDamagedException}, and its group is
     * {@linkplain #discard discarded} before that.
     *
     * @param group letters, digits, {@code _ . -}; at most 64 characters
     */
    Optional<AnalysisResult> result(String group, int version);

    /**
     * Starts writing a group; nothing is visible until {@link ResultWriter#commit}, which replaces any
     * earlier version atomically. Cheap; the writer is for one thread.
     */
    ResultWriter writer(String group, int version) throws IOException;

    /**
     * Drops a group found damaged or unusable: {@link #result} answers empty for it, in this process and
     * in later ones, until it is written again. Best effort: in a folder this process may not write to,
     * the files stay and are checked again on the next open.
     */
    void discard(String group);

    /**
     * A folder for the analysis' temporary working files, on the disk the results live on. Names must
     * come from {@link Leftovers#temp}, so that a killed process' files are removed by the next open.
     */
    Path scratchFolder();
}
