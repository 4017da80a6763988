package org.polyheap.analysis;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.polyheap.model.HeapGraph;
import org.polyheap.model.Progress;
import org.polyheap.model.memory.HeapGraphBuilder;
import org.polyheap.model.spi.SnapshotParser;
import org.polyheap.parser.dart.DartSnapshotParser;
import org.polyheap.parser.hprof.HprofParser;
import org.polyheap.parser.v8.V8SnapshotParser;
import org.polyheap.testdata.TestData;

/** The top-level list merges the tree's sorted rows: the same order as sorting the whole list, whole or its first N. */
class TopLevelTest {
    @ParameterizedTest
    @ValueSource(strings = {"hprof", "v8", "dart"})
    void sameOrderAsAFullSortWithContainersOpenedAndGroupsMergedIn(String format) throws Exception {
        Path file = switch (format) {
            case "hprof" -> TestData.JACKSON_TREE;
            case "v8" -> TestData.CHROME_TODO;
            default -> TestData.DART_TINY;
        };
        SnapshotParser parser = switch (format) {
            case "hprof" -> new HprofParser();
            case "v8" -> new V8SnapshotParser();
            default -> new DartSnapshotParser();
        };
        var builder = new HeapGraphBuilder();
        parser.parse(file, builder, Progress.NONE);
        HeapGraph g = builder.build();
        var tree = HeapAnalysis.run(g, Progress.NONE).dominatorTree();

        var synthetic = SyntheticContainers.of(g);
        List<Integer> expected = new ArrayList<>();
        List<Integer> open = new ArrayList<>(List.of(DominatorTree.VIRTUAL_ROOT));
        boolean opened = false;
        while (!open.isEmpty()) {
            for (int c : tree.children(open.remove(open.size() - 1))) {
                if (!tree.isGroup(c) && synthetic.contains(c)) {
                    open.add(c);
                    opened = true;
                } else {
                    expected.add(c);
                }
            }
        }
        expected.sort(Comparator.comparingLong((Integer o) -> -tree.retained().get(o)).thenComparingInt(o -> o));
        int[] top = TopLevel.objects(g, tree);
        assertArrayEquals(expected.stream().mapToInt(Integer::intValue).toArray(), top);
        // the first N alone, as a headless "dominators --top N" asks: the same prefix, down to the groups at the end
        for (int limit : new int[] {0, 1, 20, top.length / 2, top.length - 1, top.length, top.length + 5}) {
            int n = Math.max(0, Math.min(limit, top.length));
            assertArrayEquals(java.util.Arrays.copyOf(top, n), TopLevel.objects(g, tree, Math.max(0, limit)), "first " + limit);
        }
        // top consumers: the first N of the list without the group nodes, however many groups come before them
        int[] objects = java.util.Arrays.stream(top).filter(o -> !tree.isGroup(o)).toArray();
        for (int limit : new int[] {0, 1, 3, 10, objects.length - 1, objects.length, objects.length + 3}) {
            int n = Math.max(0, Math.min(limit, objects.length));
            assertArrayEquals(java.util.Arrays.copyOf(objects, n),
                    TopConsumers.of(g, tree, Math.max(0, limit), List.of(), List.of(), Grouping.CLASS).objects(), "top consumers " + limit);
        }
        if (format.equals("hprof")) {
            assertTrue(tree.groups().length > 0, "the dump has reachability groups to merge");
            int firstGroup = 0;
            while (!tree.isGroup(top[firstGroup])) firstGroup++;
            assertTrue(firstGroup < 10, "a group among the first ten, which top consumers must skip: at " + firstGroup);
        } else {
            assertTrue(opened, "synthetic containers opened");
        }
    }
}
