package org.polyheap.ui.editor;

import java.util.ArrayList;
import java.util.List;

import org.polyheap.analysis.BigDrops;
import org.polyheap.analysis.DominatorTree;
import org.polyheap.report.ObjectNames;
import org.polyheap.ui.LoadedSnapshot;
import org.polyheap.ui.ObjectRef;

/**
 * A row of the Big Drops page: an accumulation point, with the drops found below it as its children. It
 * stands for the accumulation point, or for its dominator after a click on the dominator's columns (the
 * page chooses, as MAT offers both objects in its menu). Immutable but for the children list, filled once.
 *
 * @param dominatorText the dominator as the row shows it: object, reachability group or {@code <root>}
 * @param dominator     the dominator's object, or null for the root or a group
 */
public record BigDropRow(BigDrops.Drop drop, ObjectRef point, String dominatorText, ObjectRef dominator, long dominatorRetained,
        List<BigDropRow> children, BigDropsPage page) implements ObjectRef.Holder {

    @Override public ObjectRef object() { return page.dominatorSide() && dominator != null ? dominator : point; }

    /** The drops as a tree: each under the drop it was found under, in the walk's order. */
    static List<BigDropRow> of(LoadedSnapshot snapshot, BigDrops.Result found, BigDropsPage page) {
        var tree = snapshot.analyzed().analysis().dominatorTree();
        var rows = new ArrayList<BigDropRow>();
        var top = new ArrayList<BigDropRow>();
        for (var d : found.drops()) {
            int dom = d.dominator();
            boolean object = dom >= 0 && !tree.isGroup(dom);
            String text = dom == DominatorTree.VIRTUAL_ROOT ? ObjectNames.ROOT
                    : tree.isGroup(dom) ? tree.groupOf(dom).label() : new ObjectRef(snapshot, dom).label();
            long domRetained = dom == DominatorTree.VIRTUAL_ROOT ? tree.totalBytes() : tree.retained().get(dom);
            var row = new BigDropRow(d, new ObjectRef(snapshot, d.object()), text, object ? new ObjectRef(snapshot, dom) : null,
                    domRetained, new ArrayList<>(), page);
            rows.add(row);
            (d.parent() < 0 ? top : rows.get(d.parent()).children()).add(row);
        }
        return List.copyOf(top);
    }
}
