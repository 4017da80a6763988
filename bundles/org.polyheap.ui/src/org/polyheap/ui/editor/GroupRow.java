package org.polyheap.ui.editor;

import org.polyheap.analysis.DominatorTree;
import org.polyheap.analysis.Reachability;
import org.polyheap.ui.LoadedSnapshot;

/**
 * A reachability group of the Dominator Tree page: the synthetic top-level row under which the objects
 * of one {@link Reachability} class hang ("only softly reachable", ..., "unreachable"). Not an object:
 * it has no class, no menu and no paths; its retained size is what its objects retain together.
 */
public record GroupRow(LoadedSnapshot snapshot, int node) {
    private DominatorTree tree() { return snapshot.analyzed().analysis().dominatorTree(); }

    public Reachability reachability() { return tree().groupOf(node); }

    /** "only softly reachable  (31,022 objects)". */
    public String label() {
        return reachability().label() + "  (" + Format.count(tree().totals().objects(reachability())) + " objects)";
    }

    public long retained() { return tree().retained().get(node); }
}
