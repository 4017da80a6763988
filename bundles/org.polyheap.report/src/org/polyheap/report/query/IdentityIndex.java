package org.polyheap.report.query;

import org.polyheap.model.format.IdSyntax;
import org.polyheap.report.AnalyzedSnapshot;

/**
 * Finds objects by the ids users write ({@code 0x…} addresses, {@code @…} node ids, {@code #…} ordinals) in
 * O(log n), so that {@code id = '…'} and the functions' id arguments cost microseconds, not a scan: the
 * analysis' {@link org.polyheap.analysis.IdentityLookup}, which a reopened snapshot maps from its index.
 */
final class IdentityIndex {
    private final AnalyzedSnapshot snapshot;

    IdentityIndex(AnalyzedSnapshot snapshot) { this.snapshot = snapshot; }

    /** The object the text names, or -1 (no such object, or not an id of any form). */
    int find(String text) {
        try {
            return IdSyntax.find(snapshot.graph(), text, snapshot.analysis().identityLookup()::find);
        } catch (IllegalArgumentException notAnId) {
            return -1;
        }
    }

    /** Makes the lookup now (a sort on a snapshot's first use when its ids do not ascend), e.g. before a first query. */
    void prepare() { snapshot.analysis().identityLookup(); }
}
