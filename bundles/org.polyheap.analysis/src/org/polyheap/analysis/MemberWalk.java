package org.polyheap.analysis;

import java.util.Arrays;

import org.polyheap.model.Progress;

import it.unimi.dsi.fastutil.ints.IntArrayList;

/**
 * Walks of the dominator tree for sets of objects that are not classes (detached roots by class,
 * closures by source location, leaked objects): what a group retains, and which members no other
 * member dominates. One walk each, 4 bytes per object plus the walk's stack; cancellable.
 */
final class MemberWalk {
    private MemberWalk() { }

    /**
     * Per group, the sum of the retained sizes of its members that no member of the same group
     * dominates: the bytes freed if the whole group went. {@code groupOf}: per object its group or -1.
     */
    static long[] groupRetained(DominatorTree tree, int[] groupOf, int groups, Progress progress) {
        int outside = groups; // non-members: a group of their own, dropped from the result
        int[] classOf = new int[tree.objectCount()];
        for (int o = 0; o < classOf.length; o++) classOf[o] = groupOf[o] < 0 ? outside : groupOf[o];
        int[] identity = new int[outside + 1];
        for (int k = 0; k <= outside; k++) identity[k] = k;
        long[] retained = new long[outside + 1];
        Histogram.walkRetained(tree, classOf, identity, retained, progress);
        return Arrays.copyOf(retained, groups);
    }

    /** The members ({@code member[o]}) that no other member dominates, ascending. */
    static int[] topMost(DominatorTree tree, boolean[] member, Progress progress) {
        var walk = tree.walk();
        int[] start = walk.start(), children = walk.children();
        int n = tree.objectCount();
        var out = new IntArrayList();
        var stack = new IntArrayList();
        int above = 0; // members on the path from the root to the current node
        for (int p = start[0]; p < start[1]; p++) stack.add(children[p]);
        long steps = 0;
        while (!stack.isEmpty()) {
            if ((++steps & 0xffff) == 0) progress.checkCanceled();
            int x = stack.popInt();
            if (x < 0) { // leaving ~x's subtree
                if (~x < n && member[~x]) above--;
                continue;
            }
            boolean m = x < n && member[x];
            if (m && above == 0) out.add(x);
            if (m) above++;
            stack.add(~x);
            for (int p = start[x + 1]; p < start[x + 2]; p++) stack.add(children[p]);
        }
        int[] result = out.toIntArray();
        Arrays.sort(result);
        return result;
    }
}
