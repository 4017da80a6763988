package org.polyheap.report.reference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.polyheap.analysis.PathIndex;
import org.polyheap.analysis.PathsToRoots;
import org.polyheap.model.GcRoot;
import org.polyheap.model.HeapGraph;
import org.polyheap.model.Progress;
import org.polyheap.model.ReferenceKind;
import org.polyheap.report.AnalyzedSnapshot;
import org.polyheap.report.OpenOption;
import org.polyheap.testdata.TestData;

/**
 * The first path to a GC root found along the dominator chain is a real path, as short as the one the
 * plain breadth-first search finds, and the paths after it come in the plain search's lengths: on real
 * dumps, under the Java rules and MAT's, with weak kinds excluded and not, for thousands of objects.
 */
class DominatorChainPathsTest {
    private static final int PATHS = 6;

    @ParameterizedTest
    @CsvSource({"gen-40, weak", "jackson-tree, weak", "jackson-tree, strong"})
    void firstPathAlongTheDominatorsIsAShortestOneAndTheRestFollowInOrder(String name, String referents, @TempDir Path tmp)
            throws Exception {
        Path file = TestData.copyUncompressed(TestData.hprof(name + ".hprof.gz"), tmp);
        var options = AnalyzedSnapshot.OpenOptions.DEFAULT.with(OpenOption.JAVA_REFERENTS, referents);
        try (var s = AnalyzedSnapshot.open(file, options, Progress.NONE)) {
            HeapGraph g = s.graph();
            var analysis = s.analysis();
            PathIndex index = analysis.pathIndex(Progress.NONE);
            var roots = new HashSet<Integer>();
            for (GcRoot r : g.gcRoots()) roots.add(r.object());
            for (Set<ReferenceKind> excluded : List.of(PathsToRoots.WEAK_KINDS, Set.<ReferenceKind>of())) {
                String what = name + " (" + referents + " referents, excluded " + excluded + ")";
                boolean holds = analysis.pathsFollowDominators(excluded);
                // the Java rules keep no weak referent: the chain holds only when the search skips them too
                assertEquals(excluded.isEmpty() ? referents.equals("strong") : true, holds, what + ": chain used");
                if (!holds) continue;
                int step = Math.max(1, g.objectCount() / 4000), compared = 0, viaChain = 0;
                for (int o = 0; o < g.objectCount(); o += step) {
                    List<PathsToRoots.Path> plain = take(PathsToRoots.of(index, o, excluded, Progress.NONE));
                    List<PathsToRoots.Path> chain = take(analysis.pathsToRoots(o, excluded, Progress.NONE));
                    assertEquals(lengths(plain), lengths(chain), what + ": lengths of the first paths of #" + o);
                    var seen = new HashSet<Integer>();
                    for (var p : chain) {
                        assertTrue(roots.contains(p.root()), what + ": a path of #" + o + " ends at a GC root");
                        assertTrue(seen.add(p.root()), what + ": one path per root for #" + o);
                        assertEquals(o, p.steps().getFirst().object());
                        for (int i = 1; i < p.steps().size(); i++) { // each step holds the one before by a followed reference
                            var via = p.steps().get(i).viaReference();
                            assertNotNull(via, what + ": a reference at step " + i + " of #" + o);
                            assertFalse(excluded.contains(via.kind()), what + ": no excluded kind on #" + o + "'s path");
                        }
                    }
                    compared++;
                    if (!chain.isEmpty() && !plain.isEmpty() && chain.getFirst().length() > 1) viaChain++;
                }
                assertTrue(compared >= 1000 && viaChain >= 100, what + ": compared " + compared + ", with a longer path " + viaChain);
            }
        }
    }

    private static List<PathsToRoots.Path> take(PathsToRoots paths) {
        var out = new ArrayList<PathsToRoots.Path>();
        while (out.size() < PATHS && paths.hasNext()) out.add(paths.next());
        return out;
    }

    private static List<Integer> lengths(List<PathsToRoots.Path> paths) {
        return paths.stream().map(PathsToRoots.Path::length).toList();
    }
}
