package org.polyheap.analysis;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.polyheap.index.IndexBuilder;
import org.polyheap.index.IndexedSnapshot;
import org.polyheap.model.Progress;
import org.polyheap.parser.v8.V8SnapshotParser;
import org.polyheap.testdata.TestData;

/** The analysis on the index store's mapped columns, and its results kept beside the index. */
class DominatorTreeStoreTest {

    @Test
    @SuppressWarnings("unchecked")
    void treeComputedOnMappedColumnsIsSavedAndReadBack(@TempDir Path dir) throws Exception {
        Path folder = dir.resolve("index");
        try (var builder = new IndexBuilder(folder, Progress.NONE)) {
            new V8SnapshotParser().parse(TestData.CHROME_TODO, builder, Progress.NONE);
            builder.finish();
        }
        var ref = ParsedFixtures.reference(TestData.v8("chrome-todo.devtools.json"));
        DominatorTree computed;
        try (var snapshot = IndexedSnapshot.open(folder)) {
            var options = AnalysisOptions.forGraph(snapshot);
            assertTrue(DominatorTreeStore.load(snapshot, snapshot.results(), options).isEmpty());
            computed = HeapAnalysis.run(snapshot, snapshot.results(), options, Progress.NONE).dominatorTree();
            for (Map<String, Object> top : (List<Map<String, Object>>) ref.get("top")) {
                int ordinal = ((Number) top.get("ordinal")).intValue();
                assertEquals(((Number) top.get("retainedSize")).longValue(), computed.retained().get(ordinal));
            }
            DominatorTreeStore.save(snapshot.results(), options, computed);
        }
        try (var snapshot = IndexedSnapshot.open(folder)) {
            var options = AnalysisOptions.forGraph(snapshot);
            var loaded = DominatorTreeStore.load(snapshot, snapshot.results(), options).orElseThrow();
            assertArrayEquals(computed.dominator().toArray(), loaded.dominator().toArray());
            assertArrayEquals(computed.retained().toArray(), loaded.retained().toArray());
            assertArrayEquals(computed.shallow().toArray(), loaded.shallow().toArray());
            assertArrayEquals(computed.dominatedStart().toArray(), loaded.dominatedStart().toArray());
            assertArrayEquals(computed.dominatedChildren().toArray(), loaded.dominatedChildren().toArray());
            assertEquals(computed.reachableBytes(), loaded.reachableBytes());
            assertTrue(DominatorTreeStore.load(snapshot, snapshot.results(), options.withDevtoolsSizes(false)).isEmpty(),
                    "raw sizes are another result");
        }
    }
}
