package org.polyheap.parser.v8;

import it.unimi.dsi.fastutil.ints.IntArrayList;

/**
 * What class naming needs from the edges, gathered in one streaming pass: edges between native
 * nodes (for detached-DOM propagation) and the property names of plain {@code Object}s (for
 * DevTools' interface names). Memory is proportional to those edges only. Not thread-safe.
 */
final class EdgeEvidence implements EdgeSection.Visitor {
    private final NodeTable nodes;
    private final int nativeType;
    private final int propertyType;
    private final boolean[] domEdgeType;
    private final boolean collectDom;
    /** Ordinals of plain objects, ascending. */
    final int[] plainNodes;
    /** Native-to-native edges that carry DOM state, sources non-decreasing. */
    final IntArrayList domFrom = new IntArrayList();
    final IntArrayList domTo = new IntArrayList();
    /** Property edge names (string ids) of plain objects, grouped by plain object, in edge order. */
    final IntArrayList plainProperties = new IntArrayList();
    /** Number of property edges per plain object (index into {@link #plainNodes}). */
    final int[] plainPropertyCount;
    private int plainCursor;

    EdgeEvidence(SnapshotMeta meta, NodeTable nodes, int[] plainNodes, boolean collectDom) {
        this.nodes = nodes;
        this.nativeType = meta.nodeType("native");
        this.propertyType = meta.edgeType("property");
        this.plainNodes = plainNodes;
        this.plainPropertyCount = new int[plainNodes.length];
        this.collectDom = collectDom && nativeType >= 0;
        // DevTools does not carry DOM state over hidden, invisible or weak edges
        domEdgeType = new boolean[meta.edgeTypes().size()];
        for (int i = 0; i < domEdgeType.length; i++) {
            domEdgeType[i] = !switch (meta.edgeTypes().get(i)) {
                case "hidden", "invisible", "weak" -> true;
                default -> false;
            };
        }
    }

    @Override
    public void edges(int[] from, int[] type, int[] name, int[] to, int count) {
        byte[] nodeType = nodes.type;
        for (int i = 0; i < count; i++) {
            int f = from[i], t = type[i];
            if (collectDom && domEdgeType[t] && nodeType[f] == nativeType && nodeType[to[i]] == nativeType) {
                domFrom.add(f);
                domTo.add(to[i]);
            }
            if (t == propertyType && plainCursor < plainNodes.length) {
                while (plainCursor < plainNodes.length && plainNodes[plainCursor] < f) plainCursor++;
                if (plainCursor < plainNodes.length && plainNodes[plainCursor] == f) {
                    plainProperties.add(name[i]);
                    plainPropertyCount[plainCursor]++;
                }
            }
        }
    }
}
